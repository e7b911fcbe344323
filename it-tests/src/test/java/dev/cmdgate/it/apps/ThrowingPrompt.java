package dev.cmdgate.it.apps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;

/** A prompt handler that fails with an exception. */
public final class ThrowingPrompt implements PromptHandler {

    @Override
    public PromptAnswer answer(PromptRequest request) {
        Attempt.print("HANDLER asked " + String.join(" ", request.argv()));
        throw new IllegalStateException("handler exploded on purpose");
    }
}
