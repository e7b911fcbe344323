package dev.cmdgate.agent.cli;

import dev.cmdgate.agent.cli.report.AuditReading;
import dev.cmdgate.agent.cli.report.HtmlReport;
import dev.cmdgate.agent.cli.report.RecordedLine;
import dev.cmdgate.agent.cli.report.TrustSuggestions;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.AuditFields;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.PolicyCheck;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.gate.GateScheme;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code report AUDIT [--autonomy T | --level L] [--policy F] [--rules F]}: what another tier or
 * passport would have done with the launches recorded in an audit file — so a team can choose its tier
 * from a week of {@code mode=audit}. Each decision line's argv, directory, environment changes and
 * caller are judged again as recorded; the answer is compared with the gate the line records.
 * {@code report AUDIT… --html OUT} writes the page people look at instead ({@link HtmlReport}), and
 * {@code report AUDIT… --suggest-trust} the trust rows that would have let the prompted and refused
 * launches through ({@link TrustSuggestions}), for review.
 *
 * <p>Other views of an audit file are sub-commands of {@code report} ({@code report VIEW AUDIT}); this
 * one is what {@code report AUDIT} shows.
 */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        subcommands = {ReportSecretsCommand.class},
        description = {"What another tier or passport would have done with the launches in an audit file.",
                "Judges each recorded launch (argv, directory, environment changes, caller) again and compares",
                "with the gate the line records; prints a summary per class and every launch whose answer changes.",
                "--html OUT writes one self-contained page for one or more audit files (rotated ones oldest first):",
                "launches over time, what another tier or mode=enforce would refuse, the refused and prompted",
                "commands, callers, approvers, JVMs and each file's hash chain.",
                "--suggest-trust prints the trust rows that would have let the prompted and refused launches run,",
                "checked with the classifier, for review (nothing is applied).",
                "Exit status: 0 report written, 2 usage error."})
final class ReportCommand implements Callable<Integer> {

    // optional to picocli, so that a view's name (report secrets AUDIT) is read as a sub-command; required in call()
    @Parameters(arity = "0..*", paramLabel = "AUDIT", description = "cmdgate audit files (JSON lines); several only with"
            + " --html or --suggest-trust (rotated files oldest first: audit.jsonl.2 audit.jsonl.1 audit.jsonl)")
    List<Path> audits = new ArrayList<>();

    /** The one file of the text report. */
    private Path audit;

    @Option(names = "--html", paramLabel = "OUT", description = "write the report as one self-contained HTML page to OUT")
    Path html;

    @Option(names = "--suggest-trust", description = "print trust rows for the prompted and refused launches, for review")
    boolean suggestTrust;

    @Option(names = "--top", paramLabel = "N", defaultValue = "20", description = "with --html: the N most frequent"
            + " commands, callers and JVMs of each table (default 20)")
    int top;

    @CommandLine.Mixin
    DecisionOptions gate;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "200", description = "list at most N changed launches"
            + " (with --suggest-trust: N rows) (default 200)")
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
    public Integer call() throws IOException {
        if (audits.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "Missing required parameter: 'AUDIT' (or a view: report secrets AUDIT)");
        }
        for (Path f : audits) {
            if (!Files.isRegularFile(f) || !Files.isReadable(f)) {
                throw new Main.UsageException(f + " is not a readable audit file");
            }
        }
        if (html != null && suggestTrust) {
            throw new Main.UsageException("--html and --suggest-trust are two reports: give one of them");
        }
        if (html != null) {
            if (gate.autonomy != null || gate.level != null || gate.policy != null || gate.rules != null) {
                throw new Main.UsageException("--html shows what every tier would have done from the recorded classes;"
                        + " --autonomy, --level, --policy and --rules belong to the text report");
            }
            HtmlReport.Page page = HtmlReport.page(audits, Math.max(1, top));
            Files.writeString(html, page.html(), StandardCharsets.UTF_8);
            spec.commandLine().getOut().println("cmdgate report: wrote " + html);
            spec.commandLine().getOut().flush();
            return leftOut(page.files());
        }
        if (suggestTrust) {
            if (gate.autonomy != null || gate.level != null || gate.policy != null) {
                throw new Main.UsageException("--suggest-trust takes the launches that were prompted or refused as recorded;"
                        + " --autonomy, --level and --policy belong to the text report");
            }
            String rulesText = null;
            if (gate.rules != null) {
                try {
                    rulesText = Files.readString(gate.rules, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new Main.UsageException("cannot read " + gate.rules + ": " + e.getMessage());
                }
            }
            try {
                return leftOut(TrustSuggestions.run(audits, rulesText, gate.rules == null ? null : gate.rules.toString(),
                        spec.commandLine().getOut(), Math.max(0, limit)));
            } catch (IllegalArgumentException e) {
                throw new Main.UsageException(e.getMessage());
            }
        }
        if (audits.size() > 1) {
            throw new Main.UsageException("the text report reads one audit file; several go with --html or --suggest-trust");
        }
        audit = audits.get(0);
        GateScheme scheme = gate.scheme();
        PolicyCheck check = gate.policy == null ? null : CliPolicy.load(gate.policy, null);
        Gatekeeper gatekeeper = new Gatekeeper(Classifiers.standard(gate.rules), scheme, check);
        AuditFile file = AuditFile.read(audit);

        Map<CommandClass, Row> rows = new EnumMap<>(CommandClass.class);
        List<Change> changes = new ArrayList<>();
        Map<String, Integer> schemesThen = new HashMap<>();
        for (RecordedLine e : file.decisions) {
            GateDecision then = gate(e.string(AuditFields.GATE));
            if (then == null) {
                file.unreadable.add(e.line());
                continue;
            }
            schemesThen.merge(String.valueOf(e.string(AuditFields.SCHEME)), 1, Integer::sum);
            Verdict v = gatekeeper.judge(e.launch(), e.site());
            CommandClass c = v.classification().commandClass();
            Row row = rows.computeIfAbsent(c, k -> new Row());
            row.count++;
            row.then.merge(then, 1, Integer::sum);
            row.now.merge(v.gate(), 1, Integer::sum);
            if (v.gate() != then) {
                changes.add(new Change(e.line(), then, v.gate(), c, v.classification().level(), e.argv(),
                        e.string(AuditFields.CWD), v.reasons().isEmpty() ? "" : v.reasons().get(0).message()));
            }
        }
        print(spec.commandLine().getOut(), scheme, file, rows, changes, schemesThen);
        return leftOut(List.of(file.integrity));
    }

    /**
     * Every form's answer to a file whose hash chain breaks: the report is made from the lines before the break, the
     * warning says so on stderr (each form's output says it too), and the exit status is 1, as {@code verify}'s.
     */
    private int leftOut(List<AuditReading.Integrity> files) {
        String warning = AuditReading.warning(files);
        if (warning == null) {
            return 0;
        }
        spec.commandLine().getErr().println(warning);
        spec.commandLine().getErr().flush();
        return 1;
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
        String warning = AuditReading.warning(List.of(file.integrity));
        if (warning != null) {
            out.println(warning);
        }
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
