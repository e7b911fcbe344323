package dev.cmdgate.it.promptapps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;

/** Answers null. */
public final class NullHandler implements PromptHandler {

    @Override
    public PromptAnswer answer(PromptRequest request) {
        Calls.record(request);
        return null;
    }
}
