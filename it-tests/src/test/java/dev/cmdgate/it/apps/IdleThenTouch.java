package dev.cmdgate.it.apps;

import java.io.IOException;

/**
 * Idles for a while, as an application doing other work first, then — unless the path is {@code -} — tries to
 * create a file with {@code touch}. Prints {@code ran} or {@code refused}. The class {@link Launching} is
 * loaded right before the launch, so a class-loading log shows what cmdgate loaded before it.
 *   IdleThenTouch MILLIS PATH|-
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
}
