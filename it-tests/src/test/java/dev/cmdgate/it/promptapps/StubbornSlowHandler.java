package dev.cmdgate.it.promptapps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;

/** Takes two minutes to answer ALLOW and ignores interrupts: only the gate's timeout can end the wait. */
public final class StubbornSlowHandler implements PromptHandler {

    @Override
    public PromptAnswer answer(PromptRequest request) {
        Calls.record(request);
        long end = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < end) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException ignored) {
                // stubborn on purpose
            }
        }
        return PromptAnswer.ALLOW;
    }
}
