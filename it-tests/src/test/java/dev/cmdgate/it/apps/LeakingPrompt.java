package dev.cmdgate.it.apps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;

/**
 * A prompt handler as badly behaved as one can be: every call starts a non-daemon thread of its own that
 * never ends, and then never returns itself, ignoring interrupts (so cancelling the prompt cannot free
 * the thread that runs it). Its leaked threads are named {@code leaked-by-handler-N}.
 */
public final class LeakingPrompt implements PromptHandler {

    private static int calls;

    @Override
    public PromptAnswer answer(PromptRequest request) {
        int n;
        synchronized (LeakingPrompt.class) {
            n = ++calls;
        }
        Attempt.print("HANDLER asked " + String.join(" ", request.argv()));
        Thread leaked = new Thread(LeakingPrompt::forever, "leaked-by-handler-" + n);
        leaked.setDaemon(false);
        leaked.start();
        forever();
        return PromptAnswer.ALLOW;   // never reached
    }

    private static void forever() {
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException ignored) {
                // deliberately deaf to cancellation
            }
        }
    }
}
