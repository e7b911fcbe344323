package dev.cmdgate.it.apps;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Idles for a while, as an application doing other work first, then — unless the path is {@code -} — tries to
 * create a file with {@code touch}. Prints {@code ran} or {@code refused}. The class {@link Launching} is
 * loaded right before the launch, so a class-loading log shows what cmdgate loaded before it. With LOG and TEXT
 * it idles on until the file LOG holds TEXT (at most two minutes), so that a busy machine, where a second's
 * work takes several, decides nothing the test meant to show.
 *   IdleThenTouch MILLIS PATH|- [LOG TEXT]
 */
public final class IdleThenTouch {

    private IdleThenTouch() {
    }

    /** Loaded right before the launch: a marker in the class-loading log. */
    static final class Launching {
        static void mark() {
        }
    }

    public static void main(String[] args) throws InterruptedException, IOException {
        Thread.sleep(Long.parseLong(args[0]));
        if (args.length == 4) {
            awaitText(Path.of(args[2]), args[3]);
        }
        if (args[1].equals("-")) {
            System.out.println("idle");
            return;
        }
        Launching.mark();
        try {
            System.out.println(new ProcessBuilder("touch", args[1]).start().waitFor() == 0 ? "ran" : "failed");
        } catch (SecurityException e) {
            System.out.println("refused");
        }
    }

    private static void awaitText(Path log, String text) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline && !(Files.exists(log) && Files.readString(log).contains(text))) {
            Thread.sleep(50);
        }
    }
}
