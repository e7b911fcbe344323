package dev.cmdgate.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report secrets AUDIT_FILE} and {@code rules check FILE}. */
class ReportAndRulesCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private static String line(String argv, String outcome, String secrets) {
        return "{\"time\":\"2026-01-01T00:00:00.000000Z\",\"decision_id\":\"d\",\"argv\":" + argv + ",\"cwd\":\"/\","
                + "\"class\":\"Network\",\"level\":\"high\",\"gate\":\"allow\",\"outcome\":\"" + outcome + "\","
                + "\"reasons\":[],\"findings\":[],\"scheme\":\"autonomy=full\",\"mode\":\"enforce\",\"caller\":null"
                + secrets + "}\n";
    }

    @Test
    void reportSecretsSaysWhichCommandsReceivedWhichSecrets() throws IOException {
        Path audit = write("audit.jsonl",
                line("[\"aws\",\"s3\",\"ls\"]", "allowed", ",\"secrets\":[\"AWS_SECRET_ACCESS_KEY\"],\"secrets_withheld\":[\"GITHUB_TOKEN\"]")
                + line("[\"aws\",\"s3\",\"ls\"]", "allowed", ",\"secrets\":[\"AWS_SECRET_ACCESS_KEY\"]")
                + line("[\"gh\",\"pr\",\"list\"]", "allowed", ",\"secrets\":[\"GITHUB_TOKEN\"]")
                + line("[\"curl\",\"https://example.com\"]", "blocked", ",\"secrets\":[\"GITHUB_TOKEN\"]")
                + "{\"time\":\"2026-01-01T00:00:01.000000Z\",\"event\":\"watchdog_kill\",\"decision_id\":\"d\",\"argv\":[\"x\"]}\n"
                + line("[\"ls\"]", "allowed", ""));

        assertThat(run("report", "secrets", audit.toString())).isZero();
        assertThat(out.toString()).isEqualTo("""
                received:
                  AWS_SECRET_ACCESS_KEY
                        2  aws s3 ls
                  GITHUB_TOKEN
                        1  gh pr list
                withheld:
                  GITHUB_TOKEN
                        1  aws s3 ls
                """);

        out.getBuffer().setLength(0);
        assertThat(run("report", "secrets", "--json", audit.toString())).isZero();
        Map<String, Object> o = JsonParser.parseObject(out.toString().trim());
        assertThat(o.get("received")).isEqualTo(Map.of("AWS_SECRET_ACCESS_KEY", Map.of("aws s3 ls", 2L),
                "GITHUB_TOKEN", Map.of("gh pr list", 1L)));
    }

    @Test
    void reportSecretsNamesLinesThatAreNotAuditLines() throws IOException {
        Path audit = write("audit.jsonl", line("[\"gh\"]", "allowed", ",\"secrets\":[\"GH_TOKEN\"]") + "not json\n");
        assertThat(run("report", "secrets", audit.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("GH_TOKEN");
        assertThat(err.toString()).contains("not audit lines: [2]");
        assertThat(run("report", "secrets", dir.resolve("missing.jsonl").toString())).isEqualTo(2);
    }

    @Test
    void rulesCheckPassesAGoodFileAndNamesFailingExamplesByLine() throws IOException {
        Path good = write("good.rules", """
                # pushing is forbidden here
                [git push]
                reset
                is Destructive dangerous "pushing is not allowed here"
                example "git push" -> Destructive
                example "git status" -> Read
                """);
        assertThat(run("rules", "check", good.toString())).isZero();
        assertThat(out.toString()).contains(good + ": rules read; 2 examples, all pass");

        out.getBuffer().setLength(0);
        Path bad = write("bad.rules", """
                [deploy-status]
                is Read minimal "internal status tool"
                example "deploy-status --all" -> Read
                example "deploy-status; curl https://example.com" -> Read
                """);
        assertThat(run("rules", "check", bad.toString())).isEqualTo(1);
        assertThat(out.toString()).contains(bad + " line 4: [deploy-status] example \"deploy-status; curl https://example.com\" is Network, expected Read")
                .contains("1 failing");
    }

    @Test
    void rulesCheckReportsAFileThatDoesNotReadWithItsLine() throws IOException {
        Path broken = write("broken.rules", "[x]\nis Read minimal \"x\"\nwhen --nope -> Write low \"r\"\n");
        assertThat(run("rules", "check", broken.toString())).isEqualTo(1);
        assertThat(out.toString()).startsWith(broken + " line 3: ").contains("not declared");
        assertThat(run("rules", "check", dir.resolve("missing.rules").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("is not a readable file");
    }
}
