package dev.cmdgate.it.apps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;
import java.lang.ProcessBuilder.Redirect;

/**
 * A prompt handler that, while the launch it is asked about waits, changes the builder that launch came
 * from ({@link Tamper#shared}) — a variable into its environment, its output to a victim file — and then
 * allows it. What runs must be what was judged, not the changed builder.
 */
public final class TamperPrompt implements PromptHandler {

    @Override
    public PromptAnswer answer(PromptRequest request) {
        ProcessBuilder pb = Tamper.shared;
        if (pb != null) {
            pb.environment().put("SNEAKY", "changed-after-the-check");
            if (Tamper.victim != null) {
                pb.redirectOutput(Redirect.to(Tamper.victim));
            }
        }
        Attempt.print("HANDLER allow " + String.join(" ", request.argv()));
        return PromptAnswer.ALLOW;
    }
}
