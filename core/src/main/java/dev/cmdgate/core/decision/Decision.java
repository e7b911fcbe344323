package dev.cmdgate.core.decision;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.json.IsoInstant;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One decision about one launch. The single source for the exception message, the audit line and
 * the CLI's JSON, so the three can never disagree.
 *
 * @param gate    what the gate said (after any policy denial), before prompts and mode
 * @param outcome what happened: in audit mode always ALLOWED, whatever the gate said
 * @param scheme  the gate scheme, e.g. {@code autonomy=supervised} or {@code level=medium}
 * @param mode    enforce or audit
 * @param caller  the application frame that launched it, or null (CLI)
 * @param prompt  how a prompt went, or null when none was asked
 * @param oap     the OAP decision object when a policy is configured, else null
 */
public record Decision(
        String id,
        Instant time,
        List<String> argv,
        String cwd,
        Classification classification,
        GateDecision gate,
        Outcome outcome,
        List<Reason> reasons,
        String scheme,
        String mode,
        String caller,
        PromptRecord prompt,
        Map<String, Object> oap,
        Map<String, String> context) {

    public Decision {
        argv = List.copyOf(argv);
        reasons = List.copyOf(reasons);
        context = context == null ? Map.of() : Map.copyOf(context);
    }

    /** The primary reason: the first one recorded. */
    public Reason primaryReason() {
        return reasons.isEmpty() ? new Reason("gate.unknown", "no reason recorded") : reasons.get(0);
    }

    /**
     * {@code cmdgate: blocked <command> (<Class>, <level>): <reasons>} — the SecurityException message.
     * The primary reason comes first; the gate's own reason follows so the class's cause is always named.
     */
    public String blockMessage() {
        StringBuilder why = new StringBuilder(primaryReason().message());
        for (int i = 1; i < reasons.size() && i < 3; i++) {
            why.append("; ").append(reasons.get(i).message());
        }
        return "cmdgate: blocked " + CommandText.render(argv) + " (" + classification.commandClass().label()
                + ", " + classification.level().label() + "): " + why + " [decision " + id + "]";
    }

    /** The fields shared by the audit line and the CLI output, in a stable order. */
    public Map<String, Object> classificationJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("class", classification.commandClass().label());
        m.put("level", classification.level().label());
        m.put("decision", gate.label());
        m.put("reasons", reasonsJson(reasons));
        m.put("findings", findingsJson(classification.findings()));
        if (oap != null) {
            m.put("oap", oap);
        }
        return m;
    }

    /** One audit line (without the trailing newline's worth of state: callers add it). */
    public Map<String, Object> auditJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", IsoInstant.format(time));
        m.put("decision_id", id);
        m.put("argv", argv);
        m.put("cwd", cwd);
        m.put("class", classification.commandClass().label());
        m.put("level", classification.level().label());
        m.put("gate", gate.label());
        m.put("outcome", outcome.label());
        m.put("reasons", reasonsJson(reasons));
        m.put("findings", findingsJson(classification.findings()));
        m.put("scheme", scheme);
        m.put("mode", mode);
        m.put("caller", caller);
        if (prompt != null) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("handler", prompt.handler());
            p.put("answer", prompt.answer());
            p.put("millis", prompt.millis());
            if (prompt.detail() != null) {
                p.put("detail", prompt.detail());
            }
            m.put("prompt", p);
        }
        if (!context.isEmpty()) {
            m.put("context", new java.util.TreeMap<>(context));
        }
        if (oap != null) {
            m.put("oap", oap);
        }
        return m;
    }

    static List<Object> reasonsJson(List<Reason> reasons) {
        List<Object> out = new ArrayList<>(reasons.size());
        for (Reason r : reasons) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("code", r.code());
            m.put("message", r.message());
            out.add(m);
        }
        return out;
    }

    static List<Object> findingsJson(List<Finding> findings) {
        List<Object> out = new ArrayList<>(findings.size());
        for (Finding f : findings) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("command", f.command());
            m.put("location", f.location());
            m.put("class", f.commandClass().label());
            m.put("level", f.level().label());
            m.put("reason", f.reason());
            out.add(m);
        }
        return out;
    }
}
