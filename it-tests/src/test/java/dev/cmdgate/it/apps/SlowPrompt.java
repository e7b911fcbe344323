package dev.cmdgate.it.apps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;

/** A prompt handler that never answers in time (it would allow, ten minutes later). */
public final class SlowPrompt implements PromptHandler {

    @Override
    public PromptAnswer answer(PromptRequest request) throws InterruptedException {
        Attempt.print("HANDLER asked " + String.join(" ", request.argv()));
        Thread.sleep(600_000);
        return PromptAnswer.ALLOW;
    }
}
