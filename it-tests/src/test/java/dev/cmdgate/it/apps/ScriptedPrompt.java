package dev.cmdgate.it.apps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;
import java.util.List;

/**
 * A prompt handler (configured by class name) that answers by the launch's last word: {@code yes} allows,
 * {@code wait} never answers in time (it sleeps ten minutes), anything else denies — so a test chooses each
 * launch's prompt outcome in its argv.
 */
public final class ScriptedPrompt implements PromptHandler {

    @Override
    public PromptAnswer answer(PromptRequest request) throws InterruptedException {
        List<String> argv = request.argv();
        String last = argv.get(argv.size() - 1);
        if (last.equals("wait")) {
            Thread.sleep(600_000);
        }
        return last.equals("yes") ? PromptAnswer.ALLOW : PromptAnswer.DENY;
    }
}
