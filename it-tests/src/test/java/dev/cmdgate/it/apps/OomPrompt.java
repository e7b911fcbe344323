package dev.cmdgate.it.apps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;

/** A prompt handler that fails with an OutOfMemoryError (no memory is really short). */
public final class OomPrompt implements PromptHandler {

    @Override
    public PromptAnswer answer(PromptRequest request) {
        Attempt.print("HANDLER asked " + String.join(" ", request.argv()));
        throw new OutOfMemoryError("test");
    }
}
