package dev.cmdgate.agent.approvals;

import dev.cmdgate.agent.prompt.remote.ApprovalProtocol;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;

/**
 * Checks that a posted request has the version-1 form (docs/approvals.md) before anything of it is kept
 * or shown: the fields a page needs are there and of the right type, the decision id is a plain token,
 * and the deadline is a time. What the strings say is not judged here — every one of them is shown as
 * text only, through {@link Screen}.
 */
final class RequestForm {

    /** A request that does not have the protocol's form, with what is wrong. */
    static final class Malformed extends Exception {
        Malformed(String message) {
            super(message, null, false, false);
        }
    }

    private static final int MAX_ID = 100;

    private RequestForm() {
    }

    /** The request's decision id, once the whole request is checked. */
    static String check(Map<String, Object> r) throws Malformed {
        if (!(r.get("version") instanceof Long v) || v != ApprovalProtocol.VERSION) {
            throw new Malformed("version must be " + ApprovalProtocol.VERSION);
        }
        String id = string(r, "decision_id", true);
        if (id.isEmpty() || id.length() > MAX_ID || !plainToken(id)) {
            throw new Malformed("decision_id must be 1 to " + MAX_ID + " characters of A-Z a-z 0-9 . _ : -");
        }
        List<?> argv = list(r.get("argv"), "argv");
        if (argv.isEmpty()) {
            throw new Malformed("argv is empty");
        }
        strings(argv, "argv");
        string(r, "shell_line", false);
        string(r, "cwd", false);
        string(r, "class", true);
        string(r, "level", true);
        string(r, "caller", false);
        string(r, "parent_decision_id", false);
        string(r, "passport_id", false);
        string(r, "agent_id", false);
        if (r.get("env") != null) {
            Map<?, ?> env = map(r.get("env"), "env");
            if (env.get("changed") != null) {
                strings(list(env.get("changed"), "env.changed"), "env.changed");
            }
            if (env.get("hooks") != null) {
                stringMap(map(env.get("hooks"), "env.hooks"), "env.hooks");
            }
        }
        if (r.get("context") != null) {
            stringMap(map(r.get("context"), "context"), "context");
        }
        if (r.get("redirects") != null) {
            for (Object o : list(r.get("redirects"), "redirects")) {
                Map<?, ?> m = map(o, "redirects[]");
                if (!(m.get("path") instanceof String) || !(m.get("append") instanceof Boolean)) {
                    throw new Malformed("each of redirects needs a string path and a boolean append");
                }
            }
        }
        for (String objects : new String[] {"reasons", "findings"}) {
            if (r.get(objects) != null) {
                for (Object o : list(r.get(objects), objects)) {
                    for (Map.Entry<?, ?> e : map(o, objects + "[]").entrySet()) {
                        if (e.getValue() != null && !(e.getValue() instanceof String)) {
                            throw new Malformed(objects + "[]." + e.getKey() + " must be a string");
                        }
                    }
                }
            }
        }
        if (r.get("jvm") != null) {
            Map<?, ?> jvm = map(r.get("jvm"), "jvm");
            for (String k : new String[] {"host", "main", "service"}) {
                if (jvm.get(k) != null && !(jvm.get(k) instanceof String)) {
                    throw new Malformed("jvm." + k + " must be a string");
                }
            }
            if (jvm.get("pid") != null && !(jvm.get("pid") instanceof Long)) {
                throw new Malformed("jvm.pid must be a whole number");
            }
        }
        deadline(r);
        return id;
    }

    /**
     * Until when the request may be answered, by this service's clock: the earlier of its {@code deadline}
     * and {@code expires_in_ms} after it arrived, so a JVM whose clock is ahead gets no longer than it waits.
     */
    static Instant deadline(Map<String, Object> r, Instant received) throws Malformed {
        Instant stated = deadline(r);
        Instant relative = received.plusMillis((Long) r.get("expires_in_ms"));
        return stated.isBefore(relative) ? stated : relative;
    }

    private static Instant deadline(Map<String, Object> r) throws Malformed {
        if (!(r.get("expires_in_ms") instanceof Long ms) || ms < 0 || ms > 86_400_000L) {
            throw new Malformed("expires_in_ms must be a whole number of milliseconds up to a day");
        }
        try {
            return Instant.parse(string(r, "deadline", true));
        } catch (DateTimeParseException e) {
            throw new Malformed("deadline is not an RFC 3339 time in UTC");
        }
    }

    private static boolean plainToken(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_'
                    || c == ':' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    private static String string(Map<String, Object> r, String field, boolean required) throws Malformed {
        Object v = r.get(field);
        if (v == null && !required) {
            return null;
        }
        if (!(v instanceof String s)) {
            throw new Malformed(field + " must be a string");
        }
        return s;
    }

    private static List<?> list(Object v, String field) throws Malformed {
        if (!(v instanceof List<?> l)) {
            throw new Malformed(field + " must be an array");
        }
        return l;
    }

    private static Map<?, ?> map(Object v, String field) throws Malformed {
        if (!(v instanceof Map<?, ?> m)) {
            throw new Malformed(field + " must be an object");
        }
        return m;
    }

    private static void strings(List<?> l, String field) throws Malformed {
        for (Object o : l) {
            if (!(o instanceof String)) {
                throw new Malformed(field + " must hold strings only");
            }
        }
    }

    private static void stringMap(Map<?, ?> m, String field) throws Malformed {
        for (Object o : m.values()) {
            if (!(o instanceof String)) {
                throw new Malformed(field + " must map names to strings");
            }
        }
    }
}
