package dev.cmdgate.agent.approvals;

import dev.cmdgate.agent.prompt.ScreenText;
import dev.cmdgate.core.decision.CommandText;
import dev.cmdgate.core.json.IsoInstant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A request as the page shows it: the same lines the console prompt shows (the whole command, class,
 * level, directory, environment changes, output redirects, reasons, context, caller), each made by the
 * console's own {@link ScreenText} — every invisible or non-graphic character an escape, long blank runs
 * folded and counted, nothing cut — plus the findings with their rules and which JVM asked. Every string
 * that came from a request, and the approver's note, goes through it; the page only ever sets them as
 * text. Ids and times are the service's own.
 */
final class Screen {

    private Screen() {
    }

    static Map<String, Object> of(Approval.Seen a) {
        Map<String, Object> r = a.request();
        Map<String, Object> v = new LinkedHashMap<>();
        boolean[] escaped = new boolean[1];
        v.put("id", a.id());
        v.put("received", IsoInstant.format(a.received()));
        v.put("deadline", IsoInstant.format(a.deadline()));
        v.put("state", a.state().name().toLowerCase(java.util.Locale.ROOT));
        List<String> argv = strings(r.get("argv"));
        v.put("command", shown(CommandText.full(argv), escaped));
        if (r.get("shell_line") instanceof String line) {
            v.put("shell_line", shown(line, escaped));
        }
        v.put("class", shown(text(r.get("class")), escaped));
        v.put("level", shown(text(r.get("level")), escaped));
        v.put("cwd", shown(text(r.get("cwd")), escaped));
        v.put("env", environment(r.get("env"), escaped));
        List<String> redirects = new ArrayList<>();
        if (r.get("redirects") instanceof List<?> l) {
            for (Object o : l) {
                Map<?, ?> m = (Map<?, ?>) o;
                redirects.add(shown((Boolean.TRUE.equals(m.get("append")) ? ">> " : "> ") + m.get("path"), escaped));
            }
        }
        v.put("redirects", redirects);
        v.put("reasons", fieldOf(r.get("reasons"), "message", escaped));
        v.put("findings", findings(r.get("findings"), escaped));
        v.put("context", context(r.get("context"), escaped));
        v.put("caller", r.get("caller") == null ? null : shown(text(r.get("caller")), escaped));
        Map<String, Object> jvm = new LinkedHashMap<>();
        Map<?, ?> j = r.get("jvm") instanceof Map<?, ?> m ? m : Map.of();
        jvm.put("service", j.get("service") == null ? null : shown(text(j.get("service")), escaped));
        jvm.put("host", shown(text(j.get("host")), escaped));
        jvm.put("pid", j.get("pid") == null ? null : j.get("pid").toString());
        jvm.put("main", j.get("main") == null ? null : shown(text(j.get("main")), escaped));
        jvm.put("client", a.client());
        v.put("jvm", jvm);
        v.put("parent_decision_id", optional(r.get("parent_decision_id"), escaped));
        v.put("passport_id", optional(r.get("passport_id"), escaped));
        v.put("agent_id", optional(r.get("agent_id"), escaped));
        v.put("escaped", escaped[0]);
        if (a.state() != Approval.State.PENDING) {
            v.put("answer", a.answer());
            v.put("approver", a.approver());
            v.put("channel", a.channel());
            v.put("note", a.note() == null ? null : ScreenText.of(a.note()));
            v.put("ended", IsoInstant.format(a.ended()));
        }
        return v;
    }

    /** {@code s} as the console shows it; notes in {@code escaped} when anything was escaped or folded. */
    static String shown(String s, boolean[] escaped) {
        String out = ScreenText.of(s);
        if (!out.equals(s)) {
            escaped[0] = true;
        }
        return out;
    }

    private static String optional(Object o, boolean[] escaped) {
        return o == null ? null : shown(text(o), escaped);
    }

    private static String text(Object o) {
        return o == null ? "" : o.toString();
    }

    private static List<String> strings(Object o) {
        List<String> out = new ArrayList<>();
        if (o instanceof List<?> l) {
            for (Object x : l) {
                out.add(text(x));
            }
        }
        return out;
    }

    /**
     * {@code NAME=VALUE} for a hook variable, quoted as the console quotes it; a bare {@code NAME} for the
     * others, whose values a request never carries.
     */
    private static List<Map<String, Object>> environment(Object o, boolean[] escaped) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (!(o instanceof Map<?, ?> env)) {
            return out;
        }
        Map<?, ?> hooks = env.get("hooks") instanceof Map<?, ?> h ? h : Map.of();
        for (String name : new java.util.TreeSet<>(strings(env.get("changed")))) {
            Map<String, Object> e = new LinkedHashMap<>();
            Object value = hooks.get(name);
            e.put("text", shown(value == null ? name : CommandText.full(List.of(name + "=" + value)), escaped));
            e.put("hook", value != null);
            out.add(e);
        }
        return out;
    }

    private static List<String> fieldOf(Object o, String field, boolean[] escaped) {
        List<String> out = new ArrayList<>();
        if (o instanceof List<?> l) {
            for (Object x : l) {
                if (x instanceof Map<?, ?> m && m.get(field) != null) {
                    out.add(shown(text(m.get(field)), escaped));
                }
            }
        }
        return out;
    }

    private static List<Map<String, Object>> findings(Object o, boolean[] escaped) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (o instanceof List<?> l) {
            for (Object x : l) {
                if (x instanceof Map<?, ?> m) {
                    Map<String, Object> f = new LinkedHashMap<>();
                    f.put("command", shown(text(m.get("command")), escaped));
                    f.put("reason", shown(text(m.get("reason")), escaped));
                    f.put("class", shown(text(m.get("class")), escaped));
                    f.put("level", shown(text(m.get("level")), escaped));
                    f.put("rule", m.get("rule") == null ? null : shown(text(m.get("rule")), escaped));
                    out.add(f);
                }
            }
        }
        return out;
    }

    /** {@code k=v, k=v}, sorted, as the console shows a launch's context. */
    private static String context(Object o, boolean[] escaped) {
        if (!(o instanceof Map<?, ?> m) || m.isEmpty()) {
            return null;
        }
        StringBuilder c = new StringBuilder();
        for (Map.Entry<String, Object> e : new TreeMap<String, Object>(stringKeys(m)).entrySet()) {
            c.append(c.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
        }
        return shown(c.toString(), escaped);
    }

    private static Map<String, Object> stringKeys(Map<?, ?> m) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            out.put(String.valueOf(e.getKey()), e.getValue());
        }
        return out;
    }
}
