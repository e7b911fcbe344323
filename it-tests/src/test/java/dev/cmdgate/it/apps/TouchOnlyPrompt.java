package dev.cmdgate.it.apps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;
import java.nio.file.Path;
import java.util.List;

/**
 * A prompt handler (configured by class name) that allows a launch whose program is {@code touch} and
 * whose words include no {@code rm} anywhere, and denies everything else. It prints
 * {@code HANDLER <answer> <argv…>} and {@code HANDLER-CALLER <caller>} for every question, so a test sees what it was asked.
 */
public final class TouchOnlyPrompt implements PromptHandler {

    @Override
    public PromptAnswer answer(PromptRequest request) {
        List<String> argv = request.argv();
        boolean touch = !argv.isEmpty() && Path.of(argv.get(0)).getFileName().toString().equals("touch");
        boolean rm = argv.stream().anyMatch(w -> w.equals("rm") || w.endsWith("/rm"));
        PromptAnswer a = touch && !rm ? PromptAnswer.ALLOW : PromptAnswer.DENY;
        Attempt.print("HANDLER " + a + " " + String.join(" ", argv));
        Attempt.print("HANDLER-CALLER " + request.caller());
        return a;
    }
}
