package dev.cmdgate.it.apps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A prompt handler that answers "allow always" the first time it is asked and deny afterwards, and
 * prints {@code HANDLER <argv…> env=<changes> redirects=<redirects>} each time: a launch that an earlier
 * "always" wrongly covered is never asked about, and one asked about again is refused.
 */
public final class AlwaysOnceThenDeny implements PromptHandler {

    private final AtomicBoolean answered = new AtomicBoolean();

    @Override
    public PromptAnswer answer(PromptRequest request) {
        Attempt.print("HANDLER " + String.join(" ", request.argv()) + " env=" + new TreeMap<>(request.environment())
                + " redirects=" + request.outputRedirects());
        return answered.compareAndSet(false, true) ? PromptAnswer.ALLOW_ALWAYS : PromptAnswer.DENY;
    }
}
