package dev.cmdgate.agent.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.agent.audit.AuditChain;
import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.audit.JvmIdentity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report's figures against a file whose every line the test wrote, and what it makes of hostile
 * text, a chain broken in the middle, a cut-off file, a huge line and rotated files. (The page as a
 * browser renders it: {@code ReportBrowserIT}.)
 */
class HtmlReportTest {

    @TempDir
    Path dir;

    static final String SCRIPT = "<script>window.__pwned=1</script>";
    static final String IMG = "\"><img src=x onerror=window.__pwned=2>";
    /** Ends a script block and opens an image whose error handler would run, with terminal controls around it. */
    static final String CLOSE_SCRIPT = "</script><img src=x onerror=document.title='pwned'>\u001b[2J\r\n\u0007\u0000";

    /** The number in the cell with this id. */
    static long cell(String html, String id) {
        Matcher m = Pattern.compile("id=\"" + Pattern.quote(id) + "\">(\\d+)<").matcher(html);
        assertThat(m.find()).as("a cell " + id).isTrue();
        return Long.parseLong(m.group(1));
    }

    private Path mix() throws IOException {
        Path f = dir.resolve("audit.jsonl");
        AuditFixture a = new AuditFixture(f, 42, "com.acme.Main");
        Map<String, Object> echo = AuditFixture.decision("2026-11-30T10:00:00Z", List.of("echo", "hi"));
        echo.put("class", "Read");
        echo.put("gate", "allow");
        echo.put("outcome", "allowed");
        echo.remove("prompt");
        a.write(echo);
        a.write(AuditFixture.decision("2026-11-30T10:05:00Z", List.of("touch", "notes.txt")));
        Map<String, Object> approved = AuditFixture.decision("2026-11-30T10:10:00Z", List.of("touch", "notes.txt"));
        Map<String, Object> p = AuditFixture.prompt("https://approvals.example", "allow", null);
        p.put("approver", "alice");
        p.put("channel", "web");
        p.put("note", "build output, fine");
        approved.put("prompt", p);
        approved.put("outcome", "allowed");
        a.write(approved);
        Map<String, Object> slow = AuditFixture.decision("2026-11-30T11:00:00Z", List.of("touch", "slow"));
        slow.put("prompt", AuditFixture.prompt("console", "deny", "no answer within 60 s"));
        a.write(slow);
        Map<String, Object> rm = AuditFixture.decision("2026-11-30T11:30:00Z", List.of("rm", "-rf", "/"));
        rm.put("class", "Destructive");
        rm.put("level", "dangerous");
        rm.put("gate", "block");
        rm.put("scheme", "autonomy=readonly");
        rm.put("findings", List.of(AuditFixture.finding("rm -rf /", "Destructive", "deletes the root directory",
                "builtin.rules:2345")));
        rm.remove("prompt");
        a.write(rm);
        Map<String, Object> hostile = AuditFixture.decision("2026-11-30T12:00:00Z",
                List.of("curl", SCRIPT, IMG, "a\u202eb", "zero\u200bwidth", CLOSE_SCRIPT));
        hostile.put("class", "Network");
        hostile.put("level", "high");
        hostile.put("mode", "audit");
        hostile.put("outcome", "allowed");
        hostile.put("caller", "<b>evil</b>.run(" + SCRIPT + ")");
        hostile.put("cwd", IMG);
        hostile.put("findings", List.of(AuditFixture.finding(SCRIPT, "Network", IMG, "<i>rule</i>")));
        hostile.remove("prompt");
        a.write(hostile);
        a.write(Map.of("time", "2026-11-30T12:00:01Z", "event", "exit", "decision_id", "d-x", "pid", 7, "exit", 0, "ran_ms", 3));
        Map<String, Object> pre = AuditFixture.decision("2026-11-30T12:01:00Z", List.of("touch", "pre"));
        pre.put("precheck", "block");
        a.write(pre);
        return f;
    }

    @Test
    void theFiguresAreTheFilesAndHostileTextIsShownAsText() throws IOException {
        Path f = mix();
        String html = HtmlReport.of(List.of(f), 20);

        assertThat(cell(html, "total-decisions")).isEqualTo(6);
        assertThat(cell(html, "total-prechecks")).isEqualTo(1);
        assertThat(cell(html, "total-events")).isEqualTo(1);
        assertThat(cell(html, "co-read-allowed")).isEqualTo(1);
        assertThat(cell(html, "co-write-prompted_denied")).isEqualTo(1);
        assertThat(cell(html, "co-write-prompted_allowed")).isEqualTo(1);
        assertThat(cell(html, "co-write-prompt_timeout")).isEqualTo(1);
        assertThat(cell(html, "co-write-refused")).isZero();
        assertThat(cell(html, "co-destructive-refused")).isEqualTo(1);
        assertThat(cell(html, "co-network-allowed")).isEqualTo(1);
        assertThat(cell(html, "co-all-all")).isEqualTo(6);
        assertThat(cell(html, "tier-readonly-write-refused")).isEqualTo(3);
        assertThat(cell(html, "tier-supervised-write-asked")).isEqualTo(3);
        assertThat(cell(html, "tier-full-write-asked")).isZero();
        assertThat(cell(html, "tier-full-destructive-asked")).isEqualTo(1);
        assertThat(cell(html, "tier-readonly-network-refused")).isEqualTo(1);
        assertThat(cell(html, "tier-readonly-read-refused")).isZero();
        assertThat(cell(html, "enforce-network-asked")).isEqualTo(1);
        assertThat(cell(html, "enforce-write-asked")).as("enforce-mode lines are not counted there").isZero();
        assertThat(cell(html, "audit-mode-lines")).isEqualTo(1);
        assertThat(html).contains("<span class=\"ok\">verified</span>");
        assertThat(html).contains("alice").contains("build output, fine");

        // hostile text: escaped, as the console shows it, nothing of it markup
        assertThat(html).doesNotContain("<script").doesNotContain("<img").doesNotContain("<b>evil")
                .doesNotContain("<i>rule").doesNotContain("\u202e").doesNotContain("\u200b");
        assertThat(html).contains("&lt;script&gt;window.__pwned=1&lt;/script&gt;")
                .contains("&quot;&gt;&lt;img src=x onerror=window.__pwned=2&gt;")
                .contains("a\\u202eb").contains("zero\\u200bwidth");
        // the closing tag and the image are text; the controls are escapes, none of them is in the page
        assertThat(html).doesNotContain("</script").doesNotContain("\u001b").doesNotContain("\u0007")
                .doesNotContain("\u0000").doesNotContain("\r")
                .contains("&lt;/script&gt;&lt;img src=x onerror=document.title=&#39;\\&#39;&#39;pwned&#39;\\&#39;&#39;&gt;"
                        + "\\x1b[2J\\x0d\\x0a\\x07\\x00&#39;</pre>");
        // the command exactly as the console prompt shows it (quoted as a shell reads it), then escaped
        assertThat(html).contains("<pre class=\"cmd\">curl &#39;&lt;script&gt;window.__pwned=1&lt;/script&gt;&#39; "
                + "&#39;&quot;&gt;&lt;img src=x onerror=window.__pwned=2&gt;&#39; &#39;a\\u202eb&#39; &#39;zero\\u200bwidth&#39; ");
        // nothing to fetch and no script: the policy allows only the page's own style block
        Matcher csp = Pattern.compile("content=\"default-src 'none'; style-src '(sha256-[^']+)'; base-uri 'none';"
                + " form-action 'none'\"").matcher(html);
        assertThat(csp.find()).isTrue();
        String style = html.substring(html.indexOf("<style>") + 7, html.indexOf("</style>"));
        assertThat(csp.group(1)).isEqualTo("sha256-" + Base64.getEncoder().encodeToString(sha256(style)));
        assertThat(html).as("no tag of the page has a source, a link or an event handler")
                .doesNotContainPattern("(?i)<[a-z][^>]*\\s(src|href|on[a-z]+)\\s*=");
    }

    private static byte[] sha256(String s) {
        try {
            return java.security.MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A chain broken in the middle is named at its line, and nothing from the line before the break on is counted
     * (the edited line is that one): the page says so at its top and in the chain's row.
     */
    @Test
    void aChainBrokenInTheMiddleIsNamedAtItsLineAndTheLinesFromItOnAreLeftOut() throws IOException {
        Path f = mix();
        List<String> lines = Files.readAllLines(f);
        lines.set(2, lines.get(2).replace("alice", "mallory"));
        Files.write(f, lines);
        String html = HtmlReport.of(List.of(f), 20);
        assertThat(html).contains("broken at line 4").contains("line 4 does not follow line 3: line 3 was edited");
        assertThat(html).contains("<p class=\"bad\" id=\"left-out\">cmdgate report: WARNING: " + f
                + " fails its hash chain at line 4, so its " + (lines.size() - 2) + " lines from line 3 on are left out");
        assertThat(cell(html, "left-out-0")).isEqualTo(lines.size() - 2);
        assertThat(cell(html, "total-decisions")).isEqualTo(2);
        assertThat(html).doesNotContain("mallory");
    }

    @Test
    void aCutOffFileAndInvalidJsonAreNamedAndLeftOut() throws IOException {
        Path f = mix();
        Files.writeString(f, "{\"not\": json at all\n", StandardOpenOption.APPEND);
        Files.writeString(f, "{\"time\":\"2026-11-30T13:00:00Z\",\"argv\":[\"touch\",\"cut", StandardOpenOption.APPEND);
        String html = HtmlReport.of(List.of(f), 20);
        // named in the chain's row, and from the line before on not counted: line 8, the pre-check, is not either
        assertThat(cell(html, "total-unreadable")).isZero();
        assertThat(html).contains("broken at line 9").contains("the last line has no newline")
                .contains("line 9: not a JSON object");
        assertThat(cell(html, "total-prechecks")).isZero();
        assertThat(cell(html, "total-decisions")).isEqualTo(6);
    }

    /**
     * A line longer than cmdgate writes (its writer refuses one), chained correctly by whoever wrote it: hashed, so the
     * chain goes on past it, never read, and a break of the chain like any line cmdgate cannot have written.
     */
    @Test
    void aLineLongerThanCmdgateWritesIsHashedNotReadAndBreaksTheChain() throws IOException {
        Path f = mix();
        List<String> lines = Files.readAllLines(f);
        byte[] last = lines.get(lines.size() - 1).getBytes(StandardCharsets.UTF_8);
        String huge = "{\"argv\":[\"echo\",\"" + "x".repeat(17 << 20) + "\"],\"prev_hash\":\""
                + new AuditChain.Hasher().hex(last, 0, last.length) + "\"}";
        Files.writeString(f, huge + "\n", StandardOpenOption.APPEND);
        Map<String, Object> after = AuditFixture.decision("2026-11-30T14:00:01Z", List.of("touch", "after"));
        new AuditFixture(f, 42, "com.acme.Main").write(after);
        String html = HtmlReport.of(List.of(f), 20);
        assertThat(html).doesNotContain("<span class=\"ok\">verified</span>").contains("broken at line 9")
                .contains("line 9: not a JSON object (a line of " + huge.length() + " bytes, longer than the 16777216 bytes"
                        + " cmdgate writes at most)")
                .doesNotContain("line 10:");
        assertThat(cell(html, "total-decisions")).isEqualTo(6);
        assertThat(html.length()).isLessThan(200_000);
    }

    @Test
    void manyFilesRotatedFourTimesAndAnotherJvmsAreEachVerifiedAndCountedTogether() throws IOException {
        Path f = dir.resolve("audit.jsonl");
        AuditSink sink = new AuditSink(f, new JvmIdentity(7, "app.Main", null), 16 * 1024, 9);
        int written = 0;
        while (!Files.exists(dir.resolve("audit.jsonl.4"))) {
            Map<String, Object> d = AuditFixture.decision("2026-12-01T0" + (written % 10) + ":00:00Z", List.of("touch", "f" + written));
            d.put("decision_id", "d-" + written);   // fresh per decision, as cmdgate writes them
            sink.write(dev.cmdgate.core.json.Json.write(d));
            written++;
        }
        Path other = dir.resolve("other-app.jsonl");
        AuditFixture second = new AuditFixture(other, 8, "other.Main");
        for (int i = 0; i < 5; i++) {
            Map<String, Object> d = AuditFixture.decision("2026-12-02T10:00:0" + i + "Z", List.of("rm", "-rf", "tmp" + i));
            d.put("class", "Destructive");
            d.put("gate", "block");
            d.remove("prompt");
            second.write(d);
        }
        List<Path> files = List.of(dir.resolve("audit.jsonl.4"), dir.resolve("audit.jsonl.3"), dir.resolve("audit.jsonl.2"),
                dir.resolve("audit.jsonl.1"), f, other);
        String html = HtmlReport.of(files, 20);
        assertThat(html).contains("audit.jsonl.3: ").contains("(linked to audit.jsonl.4)").contains("(linked to audit.jsonl.3)")
                .contains("(linked to audit.jsonl.2)").contains("(linked to audit.jsonl.1)");
        assertThat(html).doesNotContain("class=\"bad\"");
        assertThat(cell(html, "total-decisions")).isEqualTo(written + 5);
        assertThat(cell(html, "co-destructive-refused")).isEqualTo(5);
        assertThat(html).contains("other.Main").contains("app.Main");

        // the same files out of order: the link that does not hold is named, at the file and line where it breaks
        String swapped = HtmlReport.of(List.of(dir.resolve("audit.jsonl.3"), dir.resolve("audit.jsonl.4"),
                dir.resolve("audit.jsonl.2"), dir.resolve("audit.jsonl.1"), f), 20);
        assertThat(swapped).contains("class=\"bad\"").contains("the rotation link does not match the last line of");
    }

    @Test
    void rotatedFilesAreReadOldestFirstWithTheirLink() throws IOException {
        Path f = dir.resolve("audit.jsonl");
        AuditSink sink = new AuditSink(f, new JvmIdentity(7, "app.Main", null), 64 * 1024, 5);
        int written = 0;
        while (!Files.exists(dir.resolve("audit.jsonl.1"))) {
            Map<String, Object> d = AuditFixture.decision("2026-12-01T0" + (written % 10) + ":00:00Z", List.of("touch", "f" + written));
            d.put("decision_id", "d-" + written);   // fresh per decision, as cmdgate writes them
            sink.write(dev.cmdgate.core.json.Json.write(d));
            written++;
        }
        for (int i = 0; i < 3; i++) {
            Map<String, Object> d = AuditFixture.decision("2026-12-01T10:00:00Z", List.of("touch", "g" + i));
            d.put("decision_id", "g-" + i);
            sink.write(dev.cmdgate.core.json.Json.write(d));
            written++;
        }
        String html = HtmlReport.of(List.of(dir.resolve("audit.jsonl.1"), f), 20);
        assertThat(html).contains("(linked to audit.jsonl.1)");
        assertThat(html).doesNotContain("class=\"bad\"");
        assertThat(cell(html, "total-decisions")).isEqualTo(written);
    }
}
