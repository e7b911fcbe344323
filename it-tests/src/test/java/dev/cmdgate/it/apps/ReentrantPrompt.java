package dev.cmdgate.it.apps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;
import java.util.List;

/**
 * A prompt handler that, while deciding, itself launches {@code touch <argv's last word>.inner} (a Write
 * made from inside cmdgate's decision), reports what happened to it as {@code RESULT inner …}, then
 * allows the original launch.
 */
public final class ReentrantPrompt implements PromptHandler {

    @Override
    public PromptAnswer answer(PromptRequest request) {
        List<String> argv = request.argv();
        String inner = argv.get(argv.size() - 1) + ".inner";
        Attempt.run("inner", () -> new ProcessBuilder("touch", inner).start());
        return PromptAnswer.ALLOW;
    }
}
