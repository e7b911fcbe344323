package dev.cmdgate.agent.stdin;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Extra audit context for decisions about shell sessions: {@code stdin=gated} on the launch of a
 * gated session, {@code stdin_of=<shell> (pid N)} on each command written to one. Set on the deciding
 * thread for the duration of one decision and merged over the application's own context.
 */
public final class StdinContext {

    private static final ThreadLocal<Map<String, String>> CURRENT = new ThreadLocal<>();

    private StdinContext() {
    }

    /** Runs {@code decision} with {@code extra} merged into the context its decision records. */
    public static void with(Map<String, String> extra, Runnable decision) {
        Map<String, String> outer = CURRENT.get();
        Map<String, String> merged = extra;
        if (outer != null) {
            merged = new HashMap<>(outer);   // a decision inside another's context keeps its entries
            merged.putAll(extra);
        }
        CURRENT.set(merged);
        try {
            decision.run();
        } finally {
            if (outer == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(outer);
            }
        }
    }

    /** The application's context with the session's entries added (the application's keys are kept). */
    public static Supplier<Map<String, String>> over(Supplier<Map<String, String>> base) {
        return new Merged(base);
    }

    private static final class Merged implements Supplier<Map<String, String>> {
        private final Supplier<Map<String, String>> base;

        Merged(Supplier<Map<String, String>> base) {
            this.base = base;
        }

        @Override
        public Map<String, String> get() {
            Map<String, String> own = base.get();
            Map<String, String> extra = CURRENT.get();
            if (extra == null || extra.isEmpty()) {
                return own;
            }
            Map<String, String> m = new HashMap<>(extra);
            if (own != null) {
                m.putAll(own);
            }
            return m;
        }
    }
}
