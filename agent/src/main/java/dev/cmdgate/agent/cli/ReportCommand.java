package dev.cmdgate.agent.cli;

import dev.cmdgate.agent.audit.AuditLine;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.PolicyCheck;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.gate.GateScheme;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code report AUDIT [--autonomy T | --level L] [--policy F] [--rules F]}: what another tier or
 * passport would have done with the launches recorded in an audit file — so a team can choose its tier
 * from a week of {@code mode=audit}. Each decision line's argv, directory, environment changes and
 * caller are judged again as recorded; the answer is compared with the gate the line records.
 *
 * <p>Other views of an audit file are sub-commands of {@code report} ({@code report VIEW AUDIT}); this
 * one is what {@code report AUDIT} shows.
 */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        subcommands = {ReportSecretsCommand.class},
        description = {"What another tier or passport would have done with the launches in an audit file.",
                "Judges each recorded launch (argv, directory, environment changes, caller) again and compares",
                "with the gate the line records; prints a summary per class and every launch whose answer changes.",
                "Exit status: 0 report printed, 2 usage error."})
final class ReportCommand implements Callable<Integer> {

    // optional to picocli, so that a view's name (report secrets AUDIT) is read as a sub-command; required in call()
    @Parameters(index = "0", arity = "0..1", paramLabel = "AUDIT", description = "a cmdgate audit file (JSON lines)")
    Path audit;

    @CommandLine.Mixin
    GateOptions gate;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "200", description = "list at most N changed launches (default 200)")
    int limit;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The answers of one class: how many launches, and the gate's answers then and now. */
    static final class Row {
        int count;
        final Map<GateDecision, Integer> then = new EnumMap<>(GateDecision.class);
        final Map<GateDecision, Integer> now = new EnumMap<>(GateDecision.class);
    }

    /** A launch whose answer changes. */
    record Change(int line, GateDecision then, GateDecision now, CommandClass commandClass, RiskLevel level,
                  List<String> argv, String cwd, String why) {
    }

    @Override
    public Integer call() {
        if (audit == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "Missing required parameter: 'AUDIT' (or a view: report secrets AUDIT)");
        }
        GateScheme scheme = gate.scheme();
        PolicyCheck check = gate.policy == null ? null : CliPolicy.load(gate.policy, null);
        Gatekeeper gatekeeper = new Gatekeeper(Classifiers.standard(gate.rules), scheme, check);
        AuditFile file = AuditFile.read(audit);

        Map<CommandClass, Row> rows = new EnumMap<>(CommandClass.class);
        List<Change> changes = new ArrayList<>();
        Map<String, Integer> schemesThen = new HashMap<>();
        for (AuditFile.Entry e : file.decisions) {
            GateDecision then = gate(e.string(AuditLine.GATE));
            if (then == null) {
                file.unreadable.add(e.line());
                continue;
            }
            schemesThen.merge(String.valueOf(e.string(AuditLine.SCHEME)), 1, Integer::sum);
            Verdict v = gatekeeper.judge(launch(e), site(e));
            CommandClass c = v.classification().commandClass();
            Row row = rows.computeIfAbsent(c, k -> new Row());
            row.count++;
            row.then.merge(then, 1, Integer::sum);
            row.now.merge(v.gate(), 1, Integer::sum);
            if (v.gate() != then) {
                changes.add(new Change(e.line(), then, v.gate(), c, v.classification().level(), e.argv(),
                        e.string(AuditLine.CWD), v.reasons().isEmpty() ? "" : v.reasons().get(0).message()));
            }
        }
        print(spec.commandLine().getOut(), scheme, file, rows, changes, schemesThen);
        return 0;
    }

    /** The launch as the line records it; environment values the line does not hold are judged as empty. */
    private static Launch launch(AuditFile.Entry e) {
        Map<String, String> env = new HashMap<>();
        Map<String, Object> recorded = e.object(AuditLine.ENV);
        if (recorded.get(AuditLine.ENV_CHANGED) instanceof List<?> names) {
            for (Object n : names) {
                if (n instanceof String s) {
                    env.put(s, "");
                }
            }
        }
        if (recorded.get(AuditLine.ENV_HOOKS) instanceof Map<?, ?> hooks) {
            for (Map.Entry<?, ?> h : hooks.entrySet()) {
                if (h.getKey() instanceof String k && h.getValue() instanceof String v) {
                    env.put(k, v);
                }
            }
        }
        String cwd = e.string(AuditLine.CWD);
        return new Launch(e.argv(), null, cwd == null ? "/" : cwd, env, List.of(), null, null);
    }

    /** The directory and the recorded caller's class (the only frame a line keeps), for trust rows. */
    private static LaunchSite site(AuditFile.Entry e) {
        String caller = e.string(AuditLine.CALLER);
        List<String> frames = new ArrayList<>();
        if (caller != null) {
            int paren = caller.indexOf('(');
            String method = paren < 0 ? caller : caller.substring(0, paren);
            int dot = method.lastIndexOf('.');
            if (dot > 0) {
                frames.add(method.substring(0, dot));
            }
        }
        return LaunchSite.of(e.string(AuditLine.CWD), () -> frames);
    }

    private static GateDecision gate(String label) {
        for (GateDecision g : GateDecision.values()) {
            if (g.label().equals(label)) {
                return g;
            }
        }
        return null;
    }

    private void print(PrintWriter out, GateScheme scheme, AuditFile file, Map<CommandClass, Row> rows,
                       List<Change> changes, Map<String, Integer> schemesThen) {
        out.println("cmdgate report: " + file.decisions.size() + " launches in " + audit + ", recorded under "
                + describe(schemesThen) + "; judged again under " + scheme.describe()
                + (gate.policy == null ? "" : " with the passport " + gate.policy) + (gate.rules == null ? "" : " and the rules " + gate.rules));
        if (!file.prechecks.isEmpty() || !file.unreadable.isEmpty()) {
            out.println("  (not counted: " + file.prechecks.size() + " pre-check lines, " + file.unreadable.size()
                    + " unreadable lines" + (file.unreadable.isEmpty() ? "" : ", the first at line " + file.unreadable.get(0)) + ")");
        }
        out.println();
        out.printf("%-12s %8s   %-17s %-17s %-17s%n", "class", "launches", "allow then → now", "prompt then → now",
                "block then → now");
        Row total = new Row();
        for (Map.Entry<CommandClass, Row> r : rows.entrySet()) {
            printRow(out, r.getKey().label(), r.getValue());
            total.count += r.getValue().count;
            r.getValue().then.forEach((k, v) -> total.then.merge(k, v, Integer::sum));
            r.getValue().now.forEach((k, v) -> total.now.merge(k, v, Integer::sum));
        }
        printRow(out, "all", total);
        out.println();
        if (changes.isEmpty()) {
            out.println("No launch would be answered differently.");
        } else {
            out.println(changes.size() + " launch" + (changes.size() == 1 ? "" : "es") + " would be answered differently:");
            for (Change c : changes.subList(0, Math.min(changes.size(), Math.max(0, limit)))) {
                out.printf("  line %-6d %-6s → %-6s %s/%s  %s  (in %s)%n", c.line(), c.then().label(), c.now().label(),
                        c.commandClass().label(), c.level().label(), dev.cmdgate.core.decision.CommandText.render(c.argv()),
                        c.cwd());
                out.println("              " + c.why());
            }
            if (changes.size() > limit) {
                out.println("  … and " + (changes.size() - limit) + " more (--limit)");
            }
        }
        out.flush();
    }

    private static void printRow(PrintWriter out, String label, Row r) {
        out.printf("%-12s %8d   %-17s %-17s %-17s%n", label, r.count, pair(r, GateDecision.ALLOW), pair(r, GateDecision.PROMPT),
                pair(r, GateDecision.BLOCK));
    }

    private static String pair(Row r, GateDecision g) {
        return r.then.getOrDefault(g, 0) + " → " + r.now.getOrDefault(g, 0);
    }

    private static String describe(Map<String, Integer> schemes) {
        if (schemes.isEmpty()) {
            return "no scheme";
        }
        List<String> parts = new ArrayList<>();
        schemes.forEach((k, v) -> parts.add(k + (schemes.size() > 1 ? " (" + v + ")" : "")));
        parts.sort(null);
        return String.join(", ", parts);
    }
}
