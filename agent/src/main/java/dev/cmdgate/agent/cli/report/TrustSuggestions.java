package dev.cmdgate.agent.cli.report;

import dev.cmdgate.agent.prompt.ScreenText;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.classify.RulesClassifier;
import dev.cmdgate.core.decision.AuditFields;
import dev.cmdgate.core.decision.CommandText;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.rules.TrustRule;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code cmdgate report FILE --suggest-trust}: for every launch that was prompted or refused (or in
 * {@code mode=audit} would have been), the narrowest trust row its audit line allows ({@link TrustRowText}),
 * the identical rows merged, each with the number of launches it would have covered. Nothing is applied:
 * the rows are printed for a person to review. Before they are printed they are read by the rules reader
 * (with the user's rules file, when one is given) and every launch is judged again with them: a row is
 * credited only with the launches that then classify as trusted Read through that very row; launches no
 * row can cover are listed with the reason.
 */
public final class TrustSuggestions implements AuditReading.Reader {

    /** Where the suggested rows claim to come from, in the findings of the check. */
    static final String ORIGIN = "suggested-trust";

    /** One recorded launch that was prompted or refused. */
    private record Asked(String where, Launch launch, LaunchSite site, String shown, String classLevel, boolean passportDenied) {
    }

    /** A row and the launches it was written for. */
    private static final class Candidate {
        final TrustRowText.Row row;
        final List<Asked> launches = new ArrayList<>();
        int line;
        int covered;

        Candidate(TrustRowText.Row row) {
            this.row = row;
        }
    }

    /** A launch no row covers, and why. */
    private record Uncovered(Asked launch, String why) {
    }

    private final Map<String, Candidate> rows = new LinkedHashMap<>();
    private final List<Uncovered> uncovered = new ArrayList<>();
    private final RuleSet userRules;
    private final String userText;
    private long asked;

    /**
     * @param userRulesText the user's rules file, whose trust rows are already in force (null: none); a launch
     *                      they make Read needs no row
     * @param userOrigin    its name
     */
    public TrustSuggestions(String userRulesText, String userOrigin) {
        this.userText = userRulesText;
        this.userRules = userRulesText == null ? null : RuleSet.withUserText(userRulesText, userOrigin);
    }

    @Override
    public void decision(RecordedLine line) {
        String gate = line.string(AuditFields.GATE);
        if (gate == null || gate.equals("allow")) {
            return;
        }
        asked++;
        Launch launch = line.launch();
        Asked a = new Asked(line.where(), launch, line.site(), CommandText.render(line.argv()),
                line.string(AuditFields.CLASS) + "/" + line.string(AuditFields.LEVEL),
                Boolean.FALSE.equals(line.object(AuditFields.OAP).get("allow")));
        if (userRules != null && judge(RulesClassifier.of(userRules), a).classification().commandClass() == CommandClass.READ) {
            return;   // the user's rules already let it through
        }
        TrustRowText.Row row = TrustRowText.of(line);
        if (row.text() == null) {
            uncovered.add(new Uncovered(a, row.impossible()));
            return;
        }
        rows.computeIfAbsent(row.text(), k -> new Candidate(row)).launches.add(a);
    }

    private static Verdict judge(RulesClassifier classifier, Asked a) {
        return new Gatekeeper(classifier, new GateScheme.ByAutonomy(Autonomy.SUPERVISED), null).judge(a.launch(), a.site());
    }

    /** The rules text the suggestions are checked with: the user's rules, then the rows, each on a known line. */
    private String rulesText() {
        StringBuilder b = new StringBuilder();
        int line = 0;
        if (userText != null) {
            b.append(userText);
            if (!userText.endsWith("\n")) {
                b.append('\n');
            }
            line = (int) b.chars().filter(c -> c == '\n').count();
        }
        b.append("[@trust]\n");
        line++;
        for (Candidate c : rows.values()) {
            b.append(c.row.text()).append('\n');
            c.line = ++line;
        }
        return b.toString();
    }

    /**
     * Checks every row and prints them, most launches first, then the launches no row covers.
     *
     * @throws IllegalStateException when a row does not read: a bug, never printed as a suggestion
     */
    public void print(PrintWriter out, List<Path> files, int limit) {
        RulesClassifier checked = RulesClassifier.of(RuleSet.withUserText(rulesText(), ORIGIN));
        for (Candidate c : rows.values()) {
            String mine = TrustRule.FINDING_PREFIX + ORIGIN + ":" + c.line + ":";
            for (Asked a : c.launches) {
                String why = coverage(judge(checked, a), mine, a);
                if (why == null) {
                    c.covered++;
                } else {
                    uncovered.add(new Uncovered(a, why));
                }
            }
        }
        List<Candidate> shown = new ArrayList<>();
        for (Candidate c : rows.values()) {
            if (c.covered > 0) {
                shown.add(c);
            }
        }
        shown.sort(Comparator.comparingInt((Candidate c) -> -c.covered));
        out.println("# cmdgate report --suggest-trust: " + asked + " launch" + (asked == 1 ? " was" : "es were")
                + " prompted or refused (or would have been, in mode=audit) in " + names(files) + ".");
        out.println("# Nothing here is applied. Review each row, write why the launch is trusted in place of its reason, and");
        out.println("# add the rows you keep to the [@trust] section of your rules file (cmdgate.rules; docs/rules-format.md).");
        out.println("# Each row was read by the rules reader and checked: the launches it is credited with classify as");
        out.println("# trusted (Read) with it, judged as their audit lines record them (directory, caller class, variables).");
        out.println();
        out.println("[@trust]");
        int n = 0;
        for (Candidate c : shown) {
            if (n++ == limit) {
                out.println("# … and " + (shown.size() - limit) + " more rows (--limit)");
                break;
            }
            Asked first = c.launches.get(0);
            out.println("# covers " + c.covered + " launch" + (c.covered == 1 ? "" : "es") + " (" + safe(first.classLevel())
                    + "; first at " + safe(first.where()) + "): " + safe(first.shown()));
            for (String note : c.row.notes()) {
                out.println("#   wider than the line: " + note);
            }
            out.println(c.row.text());
        }
        if (shown.isEmpty()) {
            out.println("# (no row: see below)");
        }
        if (!uncovered.isEmpty()) {
            out.println();
            out.println("# Not covered by any row (" + uncovered.size() + " launch" + (uncovered.size() == 1 ? "" : "es") + "):");
            int u = 0;
            for (Uncovered x : uncovered) {
                if (u++ == limit) {
                    out.println("#   … and " + (uncovered.size() - limit) + " more (--limit)");
                    break;
                }
                out.println("#   " + safe(x.launch().where()) + "  " + safe(x.launch().shown()) + "  — " + safe(x.why()));
            }
        }
        out.flush();
    }

    /** Null when the launch classifies as trusted Read through the row named {@code mine}; else why not. */
    private static String coverage(Verdict v, String mine, Asked a) {
        if (a.passportDenied()) {
            return "the passport refused it, and trust never overrides the passport";
        }
        boolean byThisRow = false;
        for (Finding f : v.classification().findings()) {
            if (f.reason().startsWith(mine)) {
                byThisRow = true;
            }
        }
        if (v.classification().commandClass() == CommandClass.READ && byThisRow) {
            return null;
        }
        for (Finding f : v.classification().findings()) {
            if (f.commandClass() != CommandClass.READ) {
                return "still " + f.commandClass().label() + " with the row: " + f.reason() + " (" + f.location() + ")";
            }
        }
        return "the row does not match it";
    }

    /** Text from the file as a terminal may show it, on one line (it goes into a comment). */
    private static String safe(String s) {
        return ScreenText.of(String.valueOf(s));
    }

    private static String names(List<Path> files) {
        List<String> n = new ArrayList<>();
        for (Path f : files) {
            n.add(f.toString());
        }
        return safe(String.join(" ", n));
    }

    /**
     * Reads the files and prints the suggestions, from no line at or after a break in a file's hash chain (the
     * output says which were left out); returns each file's chain check.
     */
    public static List<AuditReading.Integrity> run(List<Path> files, String userRulesText, String userOrigin, PrintWriter out,
                                                   int limit) throws IOException {
        TrustSuggestions s = new TrustSuggestions(userRulesText, userOrigin);
        List<AuditReading.Integrity> integrity = AuditReading.read(files, s);
        String warning = AuditReading.warning(integrity);
        if (warning != null) {
            out.println("# " + warning);
        }
        s.print(out, files, limit);
        return integrity;
    }
}
