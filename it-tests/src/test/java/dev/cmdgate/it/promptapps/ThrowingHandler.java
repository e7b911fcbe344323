package dev.cmdgate.it.promptapps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;

/** Throws instead of answering. */
public final class ThrowingHandler implements PromptHandler {

    @Override
    public PromptAnswer answer(PromptRequest request) {
        Calls.record(request);
        throw new IllegalStateException("handler exploded on purpose");
    }
}
