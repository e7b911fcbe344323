package dev.cmdgate.it.apps;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps launching while its passport is edited underneath it: {@code echo before}, then it writes
 * the file {@code READY} and waits (up to 60 s) for the test to create {@code GO}, then {@code echo after}.
 * Finally, when given a third argument, runs {@code sleep 30} and reports how long it took.
 * Args: READY GO [sleep].
 */
public final class PassportLoop {

    private PassportLoop() {
    }

    public static void main(String[] args) throws Exception {
        Path ready = Path.of(args[0]);
        Path go = Path.of(args[1]);
        Attempt.run("before", () -> new ProcessBuilder("echo", "before").start());
        Files.writeString(ready, "ready");
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(go) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Attempt.run("after", () -> new ProcessBuilder("echo", "after").start());
        if (args.length > 2) {
            long t0 = System.nanoTime();
            Attempt.run("sleep", () -> new ProcessBuilder("sleep", "30").start());
            Attempt.print("ELAPSED " + (System.nanoTime() - t0) / 1_000_000);
        }
        Attempt.print("DONE");
    }
}
