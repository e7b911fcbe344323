package dev.cmdgate.it.promptapps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Takes a second per answer and logs how many calls were in progress at once ({@code OVERLAP n}) before
 * allowing: with several threads waiting, the calls overlap.
 */
public final class OverlapHandler implements PromptHandler {

    private final AtomicInteger inside = new AtomicInteger();

    @Override
    public PromptAnswer answer(PromptRequest request) throws InterruptedException {
        Calls.record(request);
        int now = inside.incrementAndGet();
        try {
            Thread.sleep(1_000);
            Calls.write("OVERLAP " + Math.max(now, inside.get()));
            return PromptAnswer.ALLOW;
        } finally {
            inside.decrementAndGet();
        }
    }
}
