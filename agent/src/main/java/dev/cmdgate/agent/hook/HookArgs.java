package dev.cmdgate.agent.hook;

import java.nio.file.Path;

/**
 * {@code cmdgate hook [--config FILE] [--deadline MS] HOST}, plus what the installed command adds:
 * {@code --wrapped} (its wrapper reads the exit status) and {@code --launcher PATH} (itself, protected like
 * cmdgate's jar) and {@code --resident PREFIX} (where the resident decider of this jar and JDK lives: the launcher
 * checked that directory; see {@link ResidentServer}).
 */
record HookArgs(Host host, Path config, long deadlineMillis, boolean wrapped, Path launcher, Path resident) {

    static final String HOSTS = "claude-code, codex, gemini, cursor, copilot or pi";

    static HookArgs parse(String[] args) {
        Host host = null;
        Path config = null;
        Path launcher = null;
        Path resident = null;
        long deadline = HookMain.DEFAULT_DEADLINE_MS;
        boolean wrapped = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--wrapped" -> wrapped = true;
                case "--config" -> config = Path.of(value(args, ++i, a));
                case "--launcher" -> launcher = Path.of(value(args, ++i, a));
                case "--resident" -> resident = Path.of(value(args, ++i, a));
                case "--deadline" -> deadline = millis(value(args, ++i, a));
                default -> {
                    if (a.startsWith("-") || host != null) {
                        throw new IllegalArgumentException("unexpected " + a + " (usage: cmdgate hook [--config FILE]"
                                + " [--deadline MS] HOST, HOST one of " + HOSTS + ")");
                    }
                    host = Host.named(a);
                    if (host == null) {
                        throw new IllegalArgumentException("unknown host " + a + " (one of " + HOSTS + ")");
                    }
                }
            }
        }
        if (host == null) {
            throw new IllegalArgumentException("which host? cmdgate hook HOST, HOST one of " + HOSTS);
        }
        return new HookArgs(host, config, deadline, wrapped, launcher, resident);
    }

    /** The host named among the arguments, when one is, for a reply to arguments that do not read. */
    static Host host(String[] args) {
        for (String a : args) {
            Host h = Host.named(a);
            if (h != null) {
                return h;
            }
        }
        return null;
    }

    static boolean wrapped(String[] args) {
        for (String a : args) {
            if (a.equals("--wrapped")) {
                return true;
            }
        }
        return false;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static long millis(String v) {
        try {
            long n = Long.parseLong(v);
            if (n >= 1 && n <= 3_600_000) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("--deadline takes milliseconds from 1 to 3600000, not " + v);
    }
}
