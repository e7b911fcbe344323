package dev.cmdgate.agent.cli.report;

import dev.cmdgate.agent.audit.AuditChain;
import dev.cmdgate.agent.audit.AuditLines;
import dev.cmdgate.agent.metrics.LaunchOutcome;
import dev.cmdgate.agent.metrics.OtherTiers;
import dev.cmdgate.core.decision.AuditFields;
import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The HTML report: one self-contained page — no script at all, no request for anything (a
 * Content-Security-Policy that allows only its own style block says so to the browser too), charts as
 * inline SVG. Every text that came from an audit file goes through {@link Html#shown} or
 * {@link Html#command}; everything else on the page is the report's own.
 */
public final class HtmlReport {

    static final String[] CLASS_COLOURS = {"#3f9b57", "#2f73c9", "#d98a1c", "#8a4fbf", "#c93c37", "#888888"};
    static final String[] OUTCOME_COLOURS = {"#3f9b57", "#c93c37", "#8cc26b", "#e39a3b", "#9a9a9a"};
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    private static final long[] BUCKETS = {60, 600, 3600, 6 * 3600, 86400, 7 * 86400, 30 * 86400};
    /** At most this many bars in a chart. */
    static final int MAX_BARS = 120;

    private final Tally tally;
    private final List<AuditReading.Integrity> files;
    private final int top;
    private final StringBuilder out = new StringBuilder(1 << 16);

    private HtmlReport(Tally tally, List<AuditReading.Integrity> files, int top) {
        this.tally = tally;
        this.files = files;
        this.top = top;
    }

    /** The page, and the chain check of each file it was made from. */
    public record Page(String html, List<AuditReading.Integrity> files) {
    }

    /** Reads the files and returns the page. */
    public static String of(List<Path> auditFiles, int top) throws IOException {
        return page(auditFiles, top).html();
    }

    /** Reads the files and returns the page with the files' chain checks. */
    public static Page page(List<Path> auditFiles, int top) throws IOException {
        Tally t = new Tally();
        List<AuditReading.Integrity> integrity = AuditReading.read(auditFiles, t);
        return new Page(new HtmlReport(t, integrity, top).render(), integrity);
    }

    private String render() throws IOException {
        String style = style();
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src '")
                .append(sha256(style)).append("'; base-uri 'none'; form-action 'none'\">\n")
                .append("<meta name=\"referrer\" content=\"no-referrer\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>cmdgate report</title>\n<style>").append(style).append("</style>\n</head>\n<body>\n");
        header();
        integrity();
        outcomes();
        timeline();
        otherTiers();
        groups("refused", "Refused commands", tally.refused, true);
        groups("prompted", "Prompted commands", tally.prompted, false);
        callers();
        approvals();
        jvms();
        events();
        out.append("</body>\n</html>\n");
        return out.toString();
    }

    private static String sha256(String s) {
        try {
            return "sha256-" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String style() {
        return "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:0 auto;max-width:1100px;padding:16px 20px;"
                + "color:#1d2329;background:#fff}h1{font-size:22px;margin:4px 0}h2{font-size:17px;margin:28px 0 8px;"
                + "border-bottom:1px solid #d8dde2;padding-bottom:4px}p.sub{color:#5a6570;margin:2px 0}"
                + "table{border-collapse:collapse;margin:6px 0;width:100%}th,td{border-bottom:1px solid #e6e9ec;padding:4px 8px;"
                + "text-align:left;vertical-align:top}th{background:#f4f6f8;font-weight:600}td.n,th.n{text-align:right;"
                + "font-variant-numeric:tabular-nums}td.zero{color:#b4bbc2}code,pre{font:12.5px/1.4 ui-monospace,"
                + "'DejaVu Sans Mono',monospace}pre.cmd{margin:0;white-space:pre-wrap;word-break:break-all;"
                + "unicode-bidi:bidi-override;direction:ltr;background:#f6f8fa;padding:4px 6px;border-radius:4px;max-height:20em;"
                + "overflow:auto}ul.findings{margin:4px 0 0 0;padding-left:18px;color:#3c4650}ul.findings li{margin:2px 0}"
                + ".cut{color:#a0522d;font-style:italic}.ok{color:#2e7d32;font-weight:600}.bad{color:#c62828;font-weight:600}"
                + ".chip{display:inline-block;padding:0 6px;border-radius:9px;font-size:12px;background:#eef1f4;margin-right:4px}"
                + ".legend span{display:inline-block;margin-right:12px}.legend i{display:inline-block;width:10px;height:10px;"
                + "margin-right:4px;border-radius:2px}svg{max-width:100%;height:auto}.muted{color:#5a6570}"
                + legendColours();
    }

    /** The legend swatches' colours as classes (the policy allows no style attribute). */
    private static String legendColours() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < CLASS_COLOURS.length; i++) {
            b.append(".c").append(i).append("{background:").append(CLASS_COLOURS[i]).append('}');
        }
        for (int i = 0; i < OUTCOME_COLOURS.length; i++) {
            b.append(".o").append(i).append("{background:").append(OUTCOME_COLOURS[i]).append('}');
        }
        return b.toString();
    }

    private void header() {
        out.append("<h1>cmdgate report</h1>\n");
        String warning = AuditReading.warning(files);
        if (warning != null) {
            out.append("<p class=\"bad\" id=\"left-out\">").append(Html.shown(warning)).append("</p>\n");
        }
        out.append("<p class=\"sub\">");
        for (AuditReading.Integrity f : files) {
            out.append("<code>").append(Html.shown(f.file().toString())).append("</code> ");
        }
        out.append("</p>\n<p class=\"sub\"><span id=\"total-decisions\">").append(tally.decisions)
                .append("</span> launches decided");
        if (tally.first != null) {
            out.append(", from ").append(MINUTE.format(tally.first)).append(" to ").append(MINUTE.format(tally.last)).append(" UTC");
        }
        out.append("; <span id=\"total-audit-mode\">").append(tally.auditModeLines).append("</span> of them in mode=audit");
        out.append("; recorded under ");
        boolean firstScheme = true;
        for (Map.Entry<String, Long> s : tally.schemes.entrySet()) {
            out.append(firstScheme ? "" : ", ").append("<code>").append(Html.shown(s.getKey())).append("</code> (")
                    .append(s.getValue()).append(')');
            firstScheme = false;
        }
        out.append(". Also <span id=\"total-prechecks\">").append(tally.prechecks).append("</span> pre-checks of the application API (nothing launched), ")
                .append("<span id=\"total-events\">").append(tally.events.values().stream().mapToLong(Long::longValue).sum())
                .append("</span> event lines and <span id=\"total-unreadable\">").append(tally.unreadableCount)
                .append("</span> lines that are not decisions or events. Times are UTC.</p>\n");
    }

    private void integrity() {
        out.append("<h2 id=\"integrity\">Integrity of the hash chain</h2>\n<table><tr><th>file</th><th>chain</th></tr>\n");
        int i = 0;
        for (AuditReading.Integrity f : files) {
            out.append("<tr><td><code>").append(Html.shown(f.summary())).append("</code></td><td id=\"chain-").append(i++)
                    .append("\">");
            if (f.ok()) {
                out.append("<span class=\"ok\">verified</span>");
            } else {
                int firstLine = Integer.MAX_VALUE;
                for (AuditChain.Problem p : f.problems()) {
                    firstLine = Math.min(firstLine, p.line());
                }
                out.append("<span class=\"bad\">broken at line ").append(firstLine).append("</span> <span id=\"left-out-")
                        .append(i - 1).append("\">").append(f.leftOut()).append("</span> lines from line ").append(f.leftOutFrom())
                        .append(" on are not counted<ul class=\"findings\">");
                int shown = 0;
                for (AuditChain.Problem p : f.problems()) {
                    if (shown++ == 20) {
                        out.append("<li>… and ").append(f.problems().size() - 20).append(" more (<code>cmdgate verify</code> lists all)</li>");
                        break;
                    }
                    out.append("<li>line ").append(p.line()).append(": ").append(Html.shown(p.message())).append("</li>");
                }
                out.append("</ul>");
            }
            out.append("</td></tr>\n");
        }
        out.append("</table>\n<p class=\"muted\">The same check as <code>cmdgate verify</code> (rotated files oldest first are"
                + " checked with their links). A chain shows edits, removals and reordering; signatures"
                + " (<code>verify --chain-key</code>) show who wrote it.</p>\n");
    }

    private static String classLabel(int c) {
        return c == Tally.UNKNOWN ? "unknown" : Tally.CLASSES[c].label();
    }

    private static String classId(int c) {
        return classLabel(c).toLowerCase(Locale.ROOT);
    }

    private void outcomes() {
        out.append("<h2 id=\"outcomes\">Launches by class and outcome</h2>\n<table><tr><th>class</th>");
        for (LaunchOutcome o : Tally.OUTCOMES) {
            out.append("<th class=\"n\">").append(o.label().replace('_', ' ')).append("</th>");
        }
        out.append("<th class=\"n\">all</th></tr>\n");
        long[] columns = new long[Tally.OUTCOMES.length];
        for (int c = 0; c <= Tally.UNKNOWN; c++) {
            long row = 0;
            for (long v : tally.byClassOutcome[c]) {
                row += v;
            }
            if (c == Tally.UNKNOWN && row == 0) {
                continue;
            }
            out.append("<tr><th>").append(classLabel(c)).append("</th>");
            for (LaunchOutcome o : Tally.OUTCOMES) {
                long v = tally.byClassOutcome[c][o.ordinal()];
                columns[o.ordinal()] += v;
                number("co-" + classId(c) + "-" + o.label(), v);
            }
            number("co-" + classId(c) + "-all", row);
            out.append("</tr>\n");
        }
        out.append("<tr><th>all</th>");
        long all = 0;
        for (LaunchOutcome o : Tally.OUTCOMES) {
            number("co-all-" + o.label(), columns[o.ordinal()]);
            all += columns[o.ordinal()];
        }
        number("co-all-all", all);
        out.append("</tr>\n</table>\n<p class=\"muted\">In mode=audit every launch is allowed; what enforcing would have"
                + " done is below. Prompted and allowed includes launches an earlier \"always\" answer let through.</p>\n");
    }

    private void number(String id, long v) {
        out.append("<td class=\"n").append(v == 0 ? " zero" : "").append("\" id=\"").append(id).append("\">").append(v)
                .append("</td>");
    }

    private void timeline() {
        out.append("<h2 id=\"timeline\">Launches over time</h2>\n");
        if (tally.timed == 0) {
            out.append("<p class=\"muted\">No launch with a readable time.</p>\n");
            return;
        }
        long from = tally.first.getEpochSecond();
        long to = tally.last.getEpochSecond();
        long size = BUCKETS[BUCKETS.length - 1];
        for (long b : BUCKETS) {
            if ((to / b - from / b) + 1 <= MAX_BARS) {
                size = b;
                break;
            }
        }
        long start = from / size * size;
        int bars = (int) Math.min(MAX_BARS, (to / size - from / size) + 1);
        long[][] byClass = new long[bars][Tally.CLASSES.length + 1];
        long[][] byOutcome = new long[bars][Tally.OUTCOMES.length];
        for (int i = 0; i < tally.timed; i++) {
            int bar = (int) Math.min(bars - 1, (tally.times[i] - start) / size);
            byClass[bar][tally.classOf[i]]++;
            byOutcome[bar][tally.outcomeOf[i]]++;
        }
        String[] classNames = new String[Tally.CLASSES.length + 1];
        for (int c = 0; c < classNames.length; c++) {
            classNames[c] = classLabel(c);
        }
        String[] outcomeNames = new String[Tally.OUTCOMES.length];
        for (LaunchOutcome o : Tally.OUTCOMES) {
            outcomeNames[o.ordinal()] = o.label().replace('_', ' ');
        }
        String per = size == 60 ? "minute" : size == 600 ? "10 minutes" : size == 3600 ? "hour" : size == 6 * 3600 ? "6 hours"
                : size == 86400 ? "day" : size == 7 * 86400 ? "week" : "30 days";
        out.append("<p class=\"muted\">One bar per ").append(per).append(".</p>\n");
        Svg.stackedBars(out, "chart-class", "Launches per " + per + " by class", byClass, classNames, CLASS_COLOURS, start, size);
        legend(classNames, "c");
        Svg.stackedBars(out, "chart-outcome", "Launches per " + per + " by outcome", byOutcome, outcomeNames, OUTCOME_COLOURS,
                start, size);
        legend(outcomeNames, "o");
    }

    private void legend(String[] names, String prefix) {
        out.append("<p class=\"legend\">");
        for (int i = 0; i < names.length; i++) {
            out.append("<span><i class=\"").append(prefix).append(i).append("\"></i>").append(Html.esc(names[i])).append("</span>");
        }
        out.append("</p>\n");
    }

    private void otherTiers() {
        out.append("<h2 id=\"tiers\">What another tier or mode=enforce would have refused</h2>\n")
                .append("<table><tr><th>class</th>");
        for (var tier : OtherTiers.TIERS) {
            out.append("<th class=\"n\">").append(tier.label()).append(": refused</th><th class=\"n\">").append(tier.label())
                    .append(": asked</th>");
        }
        out.append("</tr>\n");
        for (int c = 0; c < Tally.UNKNOWN; c++) {
            out.append("<tr><th>").append(classLabel(c)).append("</th>");
            for (int t = 0; t < OtherTiers.TIERS.length; t++) {
                String tier = OtherTiers.TIERS[t].label();
                number("tier-" + tier + "-" + classId(c) + "-refused", tally.tierRefuse[t][c]);
                number("tier-" + tier + "-" + classId(c) + "-asked", tally.tierAsk[t][c]);
            }
            out.append("</tr>\n");
        }
        out.append("</table>\n<p class=\"muted\">Each launch under each autonomy tier, from the class its line records"
                + " (a refusal that was not the tier's — the passport's, a decision that failed closed — stands under"
                + " every tier). <code>cmdgate report FILE --autonomy TIER</code> judges each launch again with today's rules.</p>\n");
        out.append("<table><tr><th>class</th><th class=\"n\">mode=enforce: refused</th><th class=\"n\">mode=enforce: asked</th></tr>\n");
        for (int c = 0; c < Tally.UNKNOWN; c++) {
            out.append("<tr><th>").append(classLabel(c)).append("</th>");
            number("enforce-" + classId(c) + "-refused", tally.enforceRefuse[c]);
            number("enforce-" + classId(c) + "-asked", tally.enforceAsk[c]);
            out.append("</tr>\n");
        }
        out.append("</table>\n<p class=\"muted\">Of the <span id=\"audit-mode-lines\">").append(tally.auditModeLines)
                .append("</span> launches recorded in mode=audit: those enforcing (the same tier) would have refused"
                        + " outright, and those it would have asked a person about.</p>\n");
    }

    private void groups(String id, String title, Map<Tally.Key, Tally.Group> groups, boolean refused) throws IOException {
        List<Tally.Group> sorted = new ArrayList<>(groups.values());
        sorted.sort(Comparator.comparingLong((Tally.Group g) -> -g.count).thenComparing(g -> g.firstLine.file())
                .thenComparingInt(g -> g.firstLine.line()));
        out.append("<h2 id=\"").append(id).append("\">").append(title).append("</h2>\n<p class=\"muted\">")
                .append(sorted.size()).append(" distinct command").append(sorted.size() == 1 ? "" : "s");
        if (sorted.size() > top) {
            out.append(", the ").append(top).append(" most frequent shown");
        }
        out.append(refused ? "; refused outright, or in mode=audit what the gate would have refused."
                : "; asked about, or in mode=audit what the gate would have asked about.").append("</p>\n");
        out.append("<table class=\"groups\" id=\"").append(id).append("-table\"><tr><th class=\"n\">launches</th><th>command"
                + " and findings</th><th>how they went</th></tr>\n");
        for (Tally.Group g : sorted.subList(0, Math.min(top, sorted.size()))) {
            RecordedLine line = reread(g.firstLine);
            out.append("<tr><td class=\"n\">").append(g.count).append("</td><td>");
            if (line == null || line.argv() == null) {
                out.append("<span class=\"muted\">(line ").append(Html.shown(g.firstLine.where()))
                        .append(" could not be read again)</span>");
            } else {
                out.append("<pre class=\"cmd\">").append(Html.command(line.argv())).append("</pre>");
                out.append("<span class=\"chip\">").append(Html.shown(line.string(AuditFields.CLASS))).append(" / ")
                        .append(Html.shown(line.string(AuditFields.LEVEL))).append("</span>");
                out.append("<span class=\"muted\">in <code>").append(Html.shown(line.string(AuditFields.CWD))).append("</code>; first at ")
                        .append(Html.shown(g.firstLine.where())).append(", last at ").append(Html.shown(g.lastWhere)).append("</span>");
                findings(line);
            }
            out.append("</td><td>");
            howTheyWent(g, refused);
            out.append("</td></tr>\n");
        }
        out.append("</table>\n");
    }

    private void findings(RecordedLine line) {
        out.append("<ul class=\"findings\">");
        List<Map<String, Object>> reasons = line.objects("reasons");
        if (!reasons.isEmpty()) {
            out.append("<li>").append(Html.shown(Tally.cut(Tally.text(reasons.get(0).get("message")), 2000))).append("</li>");
        }
        int n = 0;
        for (Map<String, Object> f : line.objects("findings")) {
            if (n++ == 12) {
                out.append("<li>…</li>");
                break;
            }
            out.append("<li>").append(Html.shown(Tally.capped(Tally.text(f.get("class"))))).append('/')
                    .append(Html.shown(Tally.capped(Tally.text(f.get("level"))))).append(" <code>")
                    .append(Html.shown(Tally.cut(Tally.text(f.get("command")), 2000))).append("</code> — ")
                    .append(Html.shown(Tally.cut(Tally.text(f.get("reason")), 2000)));
            String rule = Tally.capped(Tally.text(f.get("rule")));
            if (rule != null) {
                out.append(" <span class=\"chip\">").append(Html.shown(rule)).append("</span>");
            }
            out.append("</li>");
        }
        out.append("</ul>");
    }

    private void howTheyWent(Tally.Group g, boolean refused) {
        List<String> parts = new ArrayList<>();
        long[] o = g.outcomes;
        if (refused) {
            long really = o[LaunchOutcome.REFUSED.ordinal()];
            if (really > 0) {
                parts.add(really + " refused");
            }
        } else {
            add(parts, o[LaunchOutcome.PROMPTED_ALLOWED.ordinal()], "allowed");
            add(parts, o[LaunchOutcome.PROMPTED_DENIED.ordinal()], "denied");
            add(parts, o[LaunchOutcome.PROMPT_TIMEOUT.ordinal()], "not answered in time");
        }
        if (g.wouldHave > 0) {
            parts.add(g.wouldHave + (refused ? " would have been refused (mode=audit)" : " would have been asked (mode=audit)"));
        }
        out.append(Html.esc(String.join(", ", parts)));
        if (!g.approvers.isEmpty()) {
            out.append("<br><span class=\"muted\">answered by</span> ");
            boolean first = true;
            for (Map.Entry<String, Long> a : g.approvers.entrySet()) {
                out.append(first ? "" : ", ").append(Html.shown(a.getKey())).append(" (").append(a.getValue()).append(')');
                first = false;
            }
        }
    }

    private static void add(List<String> parts, long n, String what) {
        if (n > 0) {
            parts.add(n + " " + what);
        }
    }

    /** The group's first line, read again from its place in the file. */
    private static RecordedLine reread(RecordedLine at) throws IOException {
        try (AuditLines one = AuditLines.at(at.file(), at.offset())) {
            if (one == null || !one.whole()) {
                return null;
            }
            return new RecordedLine(at.file(), at.line(), at.offset(), JsonParser.parseObject(one.text()));
        } catch (JsonParseException e) {
            return null;
        }
    }

    private void callers() {
        List<Map.Entry<String, Tally.Caller>> sorted = new ArrayList<>(tally.callers.entrySet());
        sorted.sort(Comparator.comparingLong((Map.Entry<String, Tally.Caller> e) -> -e.getValue().launches)
                .thenComparing(Map.Entry::getKey));
        out.append("<h2 id=\"callers\">Top callers</h2>\n<p class=\"muted\">The application code that launched (the line's"
                + " <code>caller</code>): ").append(sorted.size()).append(" in all.</p>\n")
                .append("<table id=\"callers-table\"><tr><th>caller</th><th class=\"n\">launches</th><th class=\"n\">refused</th>"
                        + "<th class=\"n\">asked</th><th>classes</th></tr>\n");
        for (Map.Entry<String, Tally.Caller> e : sorted.subList(0, Math.min(top, sorted.size()))) {
            Tally.Caller c = e.getValue();
            out.append("<tr><td><code>").append(Html.shown(e.getKey())).append("</code></td><td class=\"n\">").append(c.launches)
                    .append("</td><td class=\"n\">").append(c.refused).append("</td><td class=\"n\">").append(c.prompted)
                    .append("</td><td>");
            for (int k = 0; k <= Tally.UNKNOWN; k++) {
                if (c.byClass[k] > 0) {
                    out.append("<span class=\"chip\">").append(classLabel(k)).append(' ').append(c.byClass[k]).append("</span>");
                }
            }
            out.append("</td></tr>\n");
        }
        out.append("</table>\n");
    }

    private void approvals() {
        List<Tally.Approver> sorted = new ArrayList<>(tally.approvers.values());
        sorted.sort(Comparator.comparingLong((Tally.Approver a) -> -(a.allowed + a.always + a.denied + a.timedOut))
                .thenComparing(a -> String.valueOf(a.name)).thenComparing(a -> String.valueOf(a.handler)));
        out.append("<h2 id=\"approvals\">Approvals and who gave them</h2>\n<table id=\"approvals-table\"><tr><th>approver</th>"
                + "<th>channel</th><th>handler</th><th class=\"n\">allowed</th><th class=\"n\">always</th><th class=\"n\">denied</th>"
                + "<th class=\"n\">not answered in time</th><th>last note</th></tr>\n");
        if (sorted.isEmpty()) {
            out.append("<tr><td colspan=\"8\" class=\"muted\">No launch was asked about.</td></tr>\n");
        }
        for (Tally.Approver a : sorted) {
            out.append("<tr><td>").append(a.name == null ? "<span class=\"muted\">(none named)</span>" : Html.shown(a.name))
                    .append("</td><td>").append(Html.shown(a.channel)).append("</td><td><code>").append(Html.shown(a.handler))
                    .append("</code></td><td class=\"n\">").append(a.allowed).append("</td><td class=\"n\">").append(a.always)
                    .append("</td><td class=\"n\">").append(a.denied).append("</td><td class=\"n\">").append(a.timedOut)
                    .append("</td><td>").append(Html.shown(a.lastNote)).append("</td></tr>\n");
        }
        out.append("</table>\n<p class=\"muted\">An approver is named when a person answered through an approval service;"
                + " otherwise the handler that answered (the console, a handler class, deny) is shown.</p>\n");
    }

    private void jvms() {
        List<Tally.Jvm> sorted = new ArrayList<>(tally.jvms.values());
        sorted.sort(Comparator.comparingLong((Tally.Jvm j) -> -j.lines).thenComparing(j -> String.valueOf(j.pid)));
        out.append("<h2 id=\"jvms\">JVMs seen</h2>\n<p class=\"muted\">").append(sorted.size())
                .append(" JVM").append(sorted.size() == 1 ? "" : "s").append(" wrote lines");
        if (sorted.size() > top) {
            out.append(", the ").append(top).append(" with the most lines shown");
        }
        out.append(".</p>\n<table id=\"jvms-table\"><tr><th class=\"n\">pid</th><th>main</th><th class=\"n\">lines</th><th>from</th>"
                + "<th>to</th><th>scheme</th><th>mode</th><th>started by decision</th></tr>\n");
        for (Tally.Jvm j : sorted.subList(0, Math.min(top, sorted.size()))) {
            out.append("<tr><td class=\"n\">").append(Html.shown(j.pid)).append("</td><td><code>").append(Html.shown(j.main))
                    .append("</code></td><td class=\"n\">").append(j.lines).append("</td><td>")
                    .append(j.first == null ? "" : MINUTE.format(j.first)).append("</td><td>")
                    .append(j.last == null ? "" : MINUTE.format(j.last)).append("</td><td>").append(keys(j.schemes))
                    .append("</td><td>").append(keys(j.modes)).append("</td><td><code>").append(Html.shown(j.parent))
                    .append("</code></td></tr>\n");
        }
        out.append("</table>\n");
    }

    private static String keys(Map<String, Long> m) {
        StringBuilder b = new StringBuilder();
        for (String k : m.keySet()) {
            b.append(b.length() == 0 ? "" : ", ").append(Html.shown(k));
        }
        return b.toString();
    }

    private void events() {
        out.append("<h2 id=\"events\">Events</h2>\n<table id=\"events-table\"><tr><th>event</th><th class=\"n\">lines</th></tr>\n");
        if (tally.events.isEmpty()) {
            out.append("<tr><td colspan=\"2\" class=\"muted\">none</td></tr>\n");
        }
        for (Map.Entry<String, Long> e : tally.events.entrySet()) {
            out.append("<tr><td><code>").append(Html.shown(e.getKey())).append("</code></td><td class=\"n\">").append(e.getValue())
                    .append("</td></tr>\n");
        }
        out.append("</table>\n");
        if (!tally.kills.isEmpty()) {
            out.append("<p>Killed at their time limit (").append(tally.killCount).append("):</p><ul class=\"findings\">");
            for (RecordedLine k : tally.kills) {
                List<String> argv = k.argv();
                out.append("<li>").append(Html.shown(k.where())).append(": <code>").append(argv == null ? "" : Html.command(argv))
                        .append("</code> after ").append(Html.shown(Tally.text(k.json().get("ran_ms")))).append(" ms (limit ")
                        .append(Html.shown(Tally.text(k.json().get("limit_ms")))).append(" ms)</li>");
            }
            out.append("</ul>\n");
        }
        if (tally.unreadableCount > 0) {
            out.append("<p>Lines that are not decisions or events (").append(tally.unreadableCount)
                    .append("):</p><ul class=\"findings\" id=\"unreadable\">");
            for (String u : tally.unreadable) {
                out.append("<li>").append(Html.shown(u)).append("</li>");
            }
            if (tally.unreadableCount > tally.unreadable.size()) {
                out.append("<li>…</li>");
            }
            out.append("</ul>\n");
        }
        out.append("<p class=\"muted\">Made by <code>cmdgate report --html</code> at ")
                .append(MINUTE.format(Instant.now())).append(" UTC from the files above; nothing on this page was fetched"
                        + " or runs.</p>\n");
    }
}
