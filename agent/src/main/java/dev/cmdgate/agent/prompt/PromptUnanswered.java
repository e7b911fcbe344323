package dev.cmdgate.agent.prompt;

import java.io.IOException;

/**
 * A prompt that could not be put to anyone, or got no usable answer, for a reason the audit line and the
 * refusal give in the message's own words (a service that is down, a timeout, an answer that does not
 * read): a deny, like every other failure of a prompt.
 */
public class PromptUnanswered extends IOException {

    public PromptUnanswered(String message) {
        super(message, null);
    }
}
