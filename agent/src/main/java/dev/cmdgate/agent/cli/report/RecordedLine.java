package dev.cmdgate.agent.cli.report;

import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.decision.AuditFields;
import dev.cmdgate.core.decision.Launch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One line of an audit file as the reports read it: a JSON object whose every field comes from the
 * file — any of them may be missing, of another type, or hostile, so each is read with a type check.
 *
 * @param file   where it was read (for messages)
 * @param line   its line number there
 * @param offset where it starts in the file (a byte offset; -1 when not known), to read it again
 */
public record RecordedLine(Path file, int line, long offset, Map<String, Object> json) {

    /** The recorded argv, or null when it is missing or not a list of strings. */
    @SuppressWarnings("unchecked")
    public List<String> argv() {
        Object a = json.get(AuditFields.ARGV);
        if (!(a instanceof List<?> l)) {
            return null;
        }
        for (Object o : l) {
            if (!(o instanceof String)) {
                return null;
            }
        }
        return (List<String>) a;
    }

    /** A string field, or null when it is missing or not a string. */
    public String string(String key) {
        return json.get(key) instanceof String s ? s : null;
    }

    /** An object field, or an empty map when it is missing or not an object. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> object(String key) {
        return json.get(key) instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    /** The objects of a list field (other elements left out), or an empty list. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> objects(String key) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (json.get(key) instanceof List<?> l) {
            for (Object o : l) {
                if (o instanceof Map<?, ?> m) {
                    out.add((Map<String, Object>) m);
                }
            }
        }
        return out;
    }

    /** {@code FILE:LINE}. */
    public String where() {
        return file.getFileName() + ":" + line;
    }

    /** The launch as the line records it; environment values the line does not hold are judged as empty. */
    public Launch launch() {
        Map<String, String> env = new HashMap<>();
        Map<String, Object> recorded = object(AuditFields.ENV);
        if (recorded.get(AuditFields.ENV_CHANGED) instanceof List<?> names) {
            for (Object n : names) {
                if (n instanceof String s) {
                    env.put(s, "");
                }
            }
        }
        if (recorded.get(AuditFields.ENV_HOOKS) instanceof Map<?, ?> hooks) {
            for (Map.Entry<?, ?> h : hooks.entrySet()) {
                if (h.getKey() instanceof String k && h.getValue() instanceof String v) {
                    env.put(k, v);
                }
            }
        }
        List<Launch.OutputRedirect> redirects = new ArrayList<>();
        for (Map<String, Object> r : objects(AuditFields.REDIRECTS)) {
            if (r.get("path") instanceof String p) {
                redirects.add(new Launch.OutputRedirect(p, Boolean.TRUE.equals(r.get("append"))));
            }
        }
        String cwd = string(AuditFields.CWD);
        return new Launch(argv(), null, cwd == null ? "/" : cwd, env, redirects, null, null);
    }

    /** The class of the recorded caller ({@code com.acme.Tool} of {@code com.acme.Tool.run(Tool.java:42)}), or null. */
    public String callerClass() {
        String caller = string(AuditFields.CALLER);
        if (caller == null) {
            return null;
        }
        int paren = caller.indexOf('(');
        String method = paren < 0 ? caller : caller.substring(0, paren);
        int dot = method.lastIndexOf('.');
        return dot > 0 ? method.substring(0, dot) : null;
    }

    /**
     * Where the recorded caller's code came from, as trust rows see it: the line keeps the caller's class only, so
     * its code stands as coming from the root directory, which {@code caller=CLASS@/*} (the class from any jar or
     * directory) covers and a narrower glob, or a bare {@code caller=} of the JDK's own code, never does.
     */
    static final String UNRECORDED_ORIGIN = "/";

    /** The directory and the recorded caller's class (the only frame a line keeps), for trust rows. */
    public LaunchSite site() {
        String cls = callerClass();
        return LaunchSite.of(string(AuditFields.CWD), cls == null ? LaunchSite.NoFrames.NO_FRAMES
                : LaunchSite.frames(List.of(cls), List.of(UNRECORDED_ORIGIN)));
    }
}
