package dev.cmdgate.it.apps;

import java.io.File;
import java.util.List;

/**
 * {@code NoLeak DIR ROUNDS}: makes every {@link LaunchPaths} launch ROUNDS times (each must be refused) and
 * prints {@code FDS <before> <after>} — the number of open file descriptors of this JVM after a warm-up
 * round and after the rest — and {@code REFUSED <n>}, {@code OTHER <n>}. A refused launch must leave no
 * pipe or file open behind.
 */
public final class NoLeak {

    private NoLeak() {
    }

    public static void main(String[] args) throws Exception {
        LaunchPaths.dir = args[0];
        int rounds = Integer.parseInt(args[1]);
        int refused = 0;
        int other = 0;
        int before = 0;
        for (int round = 0; round < rounds; round++) {
            if (round == 1) {
                System.gc();
                before = openFds();
            }
            for (String name : LaunchPaths.ALL) {
                try {
                    Object started = LaunchPaths.launch(name);
                    other++;
                    Attempt.finished(name, started);
                } catch (Throwable t) {
                    if (Attempt.unwrap(t) instanceof SecurityException) {
                        refused++;
                    } else {
                        other++;
                        Attempt.failed(name, t);
                    }
                }
            }
        }
        System.gc();
        Attempt.print("FDS " + before + " " + openFds());
        Attempt.print("REFUSED " + refused);
        Attempt.print("OTHER " + other);
    }

    private static int openFds() {
        String[] fds = new File("/proc/self/fd").list();
        return fds == null ? -1 : fds.length;
    }

    static List<String> names() {
        return LaunchPaths.ALL;
    }
}
