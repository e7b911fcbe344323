package dev.cmdgate.it.examples;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;
import java.util.List;

/**
 * A stand-in for the human who answers cmdgate's prompts in the examples' tests: approves anything
 * that does not remove files, escalate privileges or reach the network. With it, autonomy=supervised
 * gives the same outcomes whatever class the rules give the harmless commands (Read runs without a
 * prompt; Write or a cautious Destructive is asked and approved).
 */
public final class ReviewerPrompt implements PromptHandler {

    static final List<String> REFUSED_WORDS = List.of("rm ", "sudo", "curl", "wget");

    @Override
    public PromptAnswer answer(PromptRequest request) {
        String text = String.join(" ", request.argv());
        for (String w : REFUSED_WORDS) {
            if (text.contains(w)) {
                return PromptAnswer.DENY;
            }
        }
        return PromptAnswer.ALLOW;
    }
}
