package dev.cmdgate.it.promptapps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;

/** A prompt handler from the application's class path that allows every launch and logs each call. */
public final class AllowHandler implements PromptHandler {

    @Override
    public PromptAnswer answer(PromptRequest request) {
        Calls.record(request);
        return PromptAnswer.ALLOW;
    }
}
