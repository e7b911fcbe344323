package dev.cmdgate.it.apps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;

/** A prompt handler that answers "allow always" and prints {@code HANDLER <cwd> <argv…>} each time it is asked. */
public final class AlwaysPrompt implements PromptHandler {

    @Override
    public PromptAnswer answer(PromptRequest request) {
        Attempt.print("HANDLER " + request.workingDirectory() + " " + String.join(" ", request.argv()));
        return PromptAnswer.ALLOW_ALWAYS;
    }
}
