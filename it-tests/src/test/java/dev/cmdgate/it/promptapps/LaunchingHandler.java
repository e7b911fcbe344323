package dev.cmdgate.it.promptapps;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;
import java.util.List;

/**
 * While deciding, launches {@code touch <last word>.inner} (needs a prompt itself) and {@code echo inner-read}
 * (a Read), logs what happened to each as {@code INNER touch …} / {@code INNER echo …}, then allows.
 */
public final class LaunchingHandler implements PromptHandler {

    @Override
    public PromptAnswer answer(PromptRequest request) {
        Calls.record(request);
        List<String> argv = request.argv();
        Calls.write("INNER touch " + attempt(List.of("touch", argv.get(argv.size() - 1) + ".inner")));
        Calls.write("INNER echo " + attempt(List.of("echo", "inner-read")));
        return PromptAnswer.ALLOW;
    }

    private static String attempt(List<String> argv) {
        long t0 = System.nanoTime();
        try {
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            p.waitFor();
            return "ok " + (System.nanoTime() - t0) / 1_000_000 + " " + out;
        } catch (SecurityException e) {
            return "blocked " + (System.nanoTime() - t0) / 1_000_000 + " " + e.getMessage();
        } catch (Exception e) {
            return "error " + e;
        }
    }
}
