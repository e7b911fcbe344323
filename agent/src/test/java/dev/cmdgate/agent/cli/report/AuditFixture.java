package dev.cmdgate.agent.cli.report;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.audit.JvmIdentity;
import dev.cmdgate.core.json.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes audit files for the report's tests through the real {@link AuditSink} — so the hash chain and
 * the {@code jvm} fields are cmdgate's own — with every other field chosen by the test (hostile ones too).
 */
final class AuditFixture {

    private final AuditSink sink;

    AuditFixture(Path file, long pid, String main) {
        this.sink = new AuditSink(file, new JvmIdentity(pid, main, null));
    }

    /** A decision line's fields with plain defaults: a Write launch prompted under supervised, denied by the console. */
    static Map<String, Object> decision(String time, List<String> argv) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", time);
        m.put("decision_id", "d-" + time);
        m.put("argv", argv);
        m.put("cwd", "/srv/app");
        m.put("class", "Write");
        m.put("level", "medium");
        m.put("gate", "prompt");
        m.put("outcome", "blocked");
        m.put("reasons", List.of(Map.of("code", "gate.prompt", "message", "Write command needs approval under autonomy=supervised")));
        m.put("findings", List.of(finding(String.join(" ", argv), "Write", "changes files", "builtin.rules:100")));
        m.put("scheme", "autonomy=supervised");
        m.put("mode", "enforce");
        m.put("caller", "com.acme.Tool.run(Tool.java:42)");
        m.put("prompt", prompt("console", "deny", null));
        return m;
    }

    static Map<String, Object> finding(String command, String cls, String reason, String rule) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("command", command);
        f.put("location", "argv");
        f.put("class", cls);
        f.put("level", "medium");
        f.put("reason", reason);
        f.put("rule", rule);
        return f;
    }

    static Map<String, Object> prompt(String handler, String answer, String detail) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("handler", handler);
        p.put("answer", answer);
        p.put("millis", 3);
        if (detail != null) {
            p.put("detail", detail);
        }
        return p;
    }

    AuditFixture write(Map<String, Object> line) throws IOException {
        sink.write(Json.write(line));
        return this;
    }
}
