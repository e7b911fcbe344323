package dev.cmdgate.core.decision;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.json.IsoInstant;
import dev.cmdgate.core.json.Json;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
 * @param environment what the launch changed in its environment, or null when nothing (recorded as
 *                {@code env}: every name, the values of hook variables only)
 * @param precheck null for a launch; for a pre-check made through the application API (nothing was
 *                launched), what the API answered: {@code block} or {@code prompt}
 * @param redirects the files the JDK opens for the process's output, recorded as {@code redirects}
 * @param secrets the names of the secret variables the launch received and those withheld from it (never
 *                their values)
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
        Map<String, String> context,
        LaunchEnvironment environment,
        String precheck,
        List<Launch.OutputRedirect> redirects,
        SecretsRecord secrets) {

    public Decision {
        argv = List.copyOf(argv);
        reasons = List.copyOf(reasons);
        context = context == null ? Map.of() : Map.copyOf(context);
        redirects = redirects == null ? List.of() : List.copyOf(redirects);
        secrets = secrets == null ? SecretsRecord.NONE : secrets;
    }

    /** A decision whose launch has no output redirects and no secrets recorded yet. */
    public Decision(String id, Instant time, List<String> argv, String cwd, Classification classification,
                    GateDecision gate, Outcome outcome, List<Reason> reasons, String scheme, String mode, String caller,
                    PromptRecord prompt, Map<String, Object> oap, Map<String, String> context,
                    LaunchEnvironment environment, String precheck) {
        this(id, time, argv, cwd, classification, gate, outcome, reasons, scheme, mode, caller, prompt, oap, context,
                environment, precheck, List.of(), SecretsRecord.NONE);
    }

    /** The same decision, recording the secrets of its launch's environment. */
    public Decision withSecrets(SecretsRecord s) {
        return new Decision(id, time, argv, cwd, classification, gate, outcome, reasons, scheme, mode, caller, prompt,
                oap, context, environment, precheck, redirects, s);
    }

    /** A decision about a launch (not a pre-check). */
    public Decision(String id, Instant time, List<String> argv, String cwd, Classification classification,
                    GateDecision gate, Outcome outcome, List<Reason> reasons, String scheme, String mode, String caller,
                    PromptRecord prompt, Map<String, Object> oap, Map<String, String> context) {
        this(id, time, argv, cwd, classification, gate, outcome, reasons, scheme, mode, caller, prompt, oap, context, null,
                null);
    }

    /** This decision recording what else its launch runs with: the environment it changes and its output redirects. */
    public Decision about(LaunchEnvironment launchEnvironment, List<Launch.OutputRedirect> outputRedirects) {
        return new Decision(id, time, argv, cwd, classification, gate, outcome, reasons, scheme, mode, caller, prompt, oap,
                context, launchEnvironment, precheck, outputRedirects, secrets);
    }

    /** This decision with another OAP decision object (e.g. the signed one). */
    public Decision withOap(Map<String, Object> sealed) {
        return new Decision(id, time, argv, cwd, classification, gate, outcome, reasons, scheme, mode, caller, prompt,
                sealed, context, environment, precheck, redirects, secrets);
    }

    /** This decision with another outcome and reasons (everything else kept). */
    public Decision withOutcome(Outcome newOutcome, List<Reason> newReasons) {
        return new Decision(id, time, argv, cwd, classification, gate, newOutcome, newReasons, scheme, mode, caller, prompt,
                oap, context, environment, precheck, redirects, secrets);
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

    /**
     * One audit line, without its newline. Written field by field rather than through maps: every
     * audited launch pays for this right after a fork has emptied the CPU's caches.
     */
    public String auditLine() {
        StringBuilder out = new StringBuilder(640);
        appendAuditLine(out);
        return out.toString();
    }

    /** Appends {@link #auditLine()} to {@code out}, so a writer can reuse one buffer for every line. */
    public void appendAuditLine(StringBuilder out) {
        out.append("{\"" + AuditFields.TIME + "\":\"").append(IsoInstant.format(time)).append('"');
        field(out, AuditFields.DECISION_ID, id);
        name(out, AuditFields.ARGV);
        Json.write(argv, out);
        field(out, AuditFields.CWD, cwd);
        if (!redirects.isEmpty()) {
            name(out, AuditFields.REDIRECTS);
            out.append('[');
            for (int i = 0; i < redirects.size(); i++) {
                out.append(i == 0 ? "{\"" + AuditFields.PATH + "\":" : ",{\"" + AuditFields.PATH + "\":");
                Json.write(redirects.get(i).path(), out);
                name(out, AuditFields.APPEND);
                out.append(redirects.get(i).append()).append('}');
            }
            out.append(']');
        }
        field(out, AuditFields.CLASS, classification.commandClass().label());
        field(out, AuditFields.LEVEL, classification.level().label());
        field(out, AuditFields.GATE, gate.label());
        field(out, AuditFields.OUTCOME, outcome.label());
        if (precheck != null) {
            field(out, AuditFields.PRECHECK, precheck);
        }
        name(out, AuditFields.REASONS);
        Json.write(reasons, out);
        name(out, AuditFields.FINDINGS);
        Json.write(classification.findings(), out);
        if (environment != null) {
            name(out, AuditFields.ENV);
            environment.writeJson(out);
        }
        field(out, AuditFields.SCHEME, scheme);
        field(out, AuditFields.MODE, mode);
        field(out, AuditFields.CALLER, caller);
        if (prompt != null) {
            name(out, AuditFields.PROMPT);
            out.append("{\"" + AuditFields.HANDLER + "\":");
            Json.write(prompt.handler(), out);
            field(out, AuditFields.ANSWER, prompt.answer());
            name(out, AuditFields.MILLIS);
            out.append(prompt.millis());
            if (prompt.detail() != null) {
                field(out, AuditFields.DETAIL, prompt.detail());
            }
            if (prompt.approver() != null) {
                field(out, AuditFields.APPROVER, prompt.approver());
            }
            if (prompt.channel() != null) {
                field(out, AuditFields.CHANNEL, prompt.channel());
            }
            if (prompt.note() != null) {
                field(out, AuditFields.NOTE, prompt.note());
            }
            out.append('}');
        }
        if (!secrets.received().isEmpty()) {
            name(out, AuditFields.SECRETS);
            Json.write(secrets.received(), out);
        }
        if (!secrets.withheld().isEmpty()) {
            name(out, AuditFields.SECRETS_WITHHELD);
            Json.write(secrets.withheld(), out);
        }
        if (!context.isEmpty()) {
            name(out, AuditFields.CONTEXT);
            Json.write(new TreeMap<>(context), out);
        }
        if (oap != null) {
            name(out, AuditFields.OAP);
            Json.write(oap, out);
        }
        out.append('}');
    }

    private static void field(StringBuilder out, String name, String value) {
        name(out, name);
        Json.write(value, out);
    }

    private static void name(StringBuilder out, String name) {
        out.append(",\"").append(name).append("\":");
    }
}
