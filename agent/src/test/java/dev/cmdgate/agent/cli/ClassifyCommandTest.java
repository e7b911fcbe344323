package dev.cmdgate.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import dev.cmdgate.core.json.JsonParser;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClassifyCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void exitStatusFollowsTheDecision() {
        assertThat(run("classify", "--", "echo", "hi")).isEqualTo(0);
        assertThat(run("classify", "--autonomy", "readonly", "--", "rm", "-rf", "/")).isEqualTo(20);
        assertThat(run("classify", "--autonomy", "supervised", "--shell", "rm -rf /")).isEqualTo(10);
    }

    @Test
    void jsonOutputHasTheContractFields() {
        assertThat(run("classify", "--json", "--autonomy", "readonly", "--", "rm", "-rf", "/")).isEqualTo(20);
        Map<String, Object> o = JsonParser.parseObject(out.toString().trim());
        assertThat(o).containsKeys("class", "level", "decision", "reasons", "findings").doesNotContainKey("oap");
        assertThat(o.get("class")).isEqualTo("Destructive");
        assertThat(o.get("decision")).isEqualTo("block");
        assertThat((List<?>) o.get("reasons")).isNotEmpty().allSatisfy(r -> assertThat(((Map<?, ?>) r).keySet().toString()).contains("code", "message"));
    }

    @Test
    void jsonFindingsNameTheRuleThatFiredByFileAndLine() {
        assertThat(run("classify", "--json", "--", "rm", "-rf", "build")).isEqualTo(10);
        Map<String, Object> o = JsonParser.parseObject(out.toString().trim());
        List<?> findings = (List<?>) o.get("findings");
        Map<?, ?> rf = findings.stream().map(f -> (Map<?, ?>) f)
                .filter(f -> "Destructive".equals(f.get("class"))).findFirst().orElseThrow();
        assertThat((String) rf.get("rule")).matches("builtin\\.rules:[0-9]+");
        // the line it names really is the row that decided
        int line = Integer.parseInt(((String) rf.get("rule")).substring("builtin.rules:".length()));
        String row = dev.cmdgate.core.rules.RuleSet.builtin().rowText("builtin.rules:" + line);
        assertThat(row).startsWith("when").contains("--recursive").contains("--force").contains("Destructive");
        assertThat(o).doesNotContainKey("rules");
    }

    @Test
    void explainPrintsTheRowOfEveryFinding(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        assertThat(run("classify", "--explain", "--shell", "git push --force")).isEqualTo(10);
        assertThat(out.toString()).containsPattern("rule builtin\\.rules:[0-9]+  opt -f --force -> Destructive");
        out.getBuffer().setLength(0);
        java.nio.file.Path user = dir.resolve("team.rules");
        java.nio.file.Files.writeString(user, "# ours\n[deploy-status]\nis Write low \"our status tool writes a cache\"\n");
        assertThat(run("classify", "--explain", "--json", "--rules", user.toString(), "--", "deploy-status")).isEqualTo(10);
        Map<String, Object> o = JsonParser.parseObject(out.toString().trim());
        Map<?, ?> f = (Map<?, ?>) ((List<?>) o.get("findings")).get(0);
        assertThat(f.get("rule")).isEqualTo(user + ":3");
        assertThat(((Map<?, ?>) o.get("rules")).get(user + ":3")).isEqualTo("is Write low \"our status tool writes a cache\"");
    }

    @Test
    void usageErrorsExitWithTwoAndOneLine() {
        assertThat(run("classify", "--autonomy", "yolo", "--", "ls")).isEqualTo(2);
        assertThat(err.toString().trim()).startsWith("cmdgate:").doesNotContain("\n").doesNotContain("Exception");
        assertThat(run("classify")).isEqualTo(2);
        assertThat(run("classify", "--shell", "ls", "--", "ls")).isEqualTo(2);
        assertThat(run("classify", "--level", "low", "--autonomy", "full", "--", "ls")).isEqualTo(2);
        assertThat(run("classify", "--no-such-option")).isEqualTo(2);
        assertThat(run()).isEqualTo(2);
    }

    @Test
    void jsonlAnswersEveryLineInOrderAndReportsBadLines() throws Exception {
        Gatekeeper g = new Gatekeeper(Classifiers.standard(null), new GateScheme.ByAutonomy(Autonomy.READONLY), null);
        String input = String.join("\n",
                "{\"argv\":[\"echo\",\"hi\"]}",
                "not json",
                "{\"command\":\"rm -rf /\",\"cwd\":\"/tmp\",\"env\":{\"A\":\"b\"},\"timeout\":5}",
                "{\"argv\":[]}",
                "{\"argv\":[\"ls\"],\"command\":\"ls\"}",
                "{\"argv\":[\"ls\"],\"surprise\":true}",
                "[1,2]",
                "{\"argv\":[\"ls\", 3]}");
        StringWriter w = new StringWriter();
        new JsonlSession(g, "/").run(new BufferedReader(new StringReader(input)), new PrintWriter(w));
        List<String> lines = w.toString().lines().toList();
        assertThat(lines).hasSize(8);
        assertThat(JsonParser.parseObject(lines.get(0))).containsEntry("class", "Read").containsEntry("decision", "allow");
        assertThat(JsonParser.parseObject(lines.get(2))).containsEntry("class", "Destructive").containsEntry("decision", "block");
        for (int i : new int[] {1, 3, 4, 5, 6, 7}) {
            assertThat(JsonParser.parseObject(lines.get(i))).as("line %d", i + 1).containsOnlyKeys("error");
        }
    }

    @Test
    void anOptionBeforeDashDashSaysWhereTheCommandGoes() {
        assertThat(run("classify", "ls", "-la")).isEqualTo(2);
        assertThat(err.toString().trim()).isEqualTo("cmdgate: -la is not an option of classify; a command that has options"
                + " goes after --: cmdgate classify -- ls -la");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void helpAndVersionExitWithZero() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("classify").contains("report").contains("keygen").contains("verify");
        assertThat(run("-V")).isZero();
        assertThat(out.toString()).contains("cmdgate ");
        assertThat(run("classify", "-V")).isZero();
    }

    @Test
    void verifyGivenThePrivateKeySaysSo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        assertThat(run("keygen", "--out", dir.toString())).isZero();
        java.nio.file.Path priv = dir.resolve("cmdgate-signing.pem");
        assertThat(run("verify", "--key", priv.toString(), priv.toString())).isEqualTo(2);
        assertThat(err.toString().trim()).isEqualTo("cmdgate: " + priv + " is a private key; give the public key"
                + " (cmdgate-signing.pub.pem, written beside it by keygen)");
    }

    @Test
    void aSignedCliAnswerBindsItsArgvAndDecisionAndVerifyChecksIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws Exception {
        assertThat(run("keygen", "--out", tmp.resolve("keys").toString())).isZero();
        java.nio.file.Path passport = java.nio.file.Files.writeString(tmp.resolve("passport.json"), """
                {"passport_id":"p","owner_id":"o","assurance_level":"L0","status":"active",
                 "capabilities":[{"id":"system.command.execute"}],
                 "limits":{"system.command.execute":{"allowed_commands":["ls","rm"],"blocked_patterns":["rm -rf"],
                   "max_execution_time":60,"allowed_working_directories":["/"],"blocked_env_vars":[]}}}
                """);
        out.getBuffer().setLength(0);
        assertThat(run("classify", "--json", "--autonomy", "full", "--policy", passport.toString(), "--signing-key",
                tmp.resolve("keys/cmdgate-signing.pem").toString(), "--", "ls")).isZero();
        String answer = out.toString().trim();
        Map<String, Object> o = JsonParser.parseObject(answer);
        assertThat(o).containsEntry("argv", List.of("ls")).containsKeys("decision_id", "cwd", "oap");
        assertThat(((Map<?, ?>) o.get("oap")).get("decision_id")).isEqualTo(o.get("decision_id"));
        assertThat(((Map<?, ?>) o.get("oap")).get("launch_digest")).asString().startsWith("sha256:");

        java.nio.file.Path good = java.nio.file.Files.writeString(tmp.resolve("good.jsonl"), answer + "\n");
        java.nio.file.Path bad = java.nio.file.Files.writeString(tmp.resolve("bad.jsonl"),
                answer.replace("\"argv\":[\"ls\"]", "\"argv\":[\"rm\",\"-rf\",\"/\"]") + "\n"
                        + answer.replace("\"decision\":\"allow\"", "\"decision\":\"block\"") + "\n");
        String pub = tmp.resolve("keys/cmdgate-signing.pub.pem").toString();
        out.getBuffer().setLength(0);
        // the CLI's output carries no hash chain: it goes on standard input, where only the decisions are checked
        assertThat(runWithStdin(good, "verify", "--key", pub)).as(out.toString()).isZero();
        assertThat(out.toString()).contains("line 1: OK", "binds this line's launch");
        out.getBuffer().setLength(0);
        assertThat(runWithStdin(bad, "verify", "--key", pub)).isEqualTo(1);
        assertThat(out.toString()).contains("line 1: BAD the line does not match", "line 2: BAD ");
        out.getBuffer().setLength(0);
        assertThat(run("verify", "--key", pub, good.toString())).as("given as a file it is an audit file without a chain")
                .isEqualTo(1);
        assertThat(out.toString()).contains("line 1: OK", "chain BAD ", "no prev_hash");
        java.nio.file.Path twice = java.nio.file.Files.writeString(tmp.resolve("twice.jsonl"), answer + "\n" + answer + "\n");
        out.getBuffer().setLength(0);
        assertThat(runWithStdin(twice, "verify", "--key", pub)).isEqualTo(1);
        assertThat(out.toString()).contains("line 1: OK").contains("line 2: BAD decision_id " + o.get("decision_id")
                + " is that of line 1 too: a decision was copied");
    }

    private int runWithStdin(java.nio.file.Path input, String... args) throws java.io.IOException {
        java.io.InputStream before = System.in;
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(input)) {
            System.setIn(in);
            return run(args);
        } finally {
            System.setIn(before);
        }
    }
}
