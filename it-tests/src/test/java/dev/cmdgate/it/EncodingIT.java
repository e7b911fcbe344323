package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.AlwaysPrompt;
import dev.cmdgate.it.apps.LoneSurrogate;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;

/**
 * A launch argument (and a scope value) holding a lone UTF-16 surrogate: every audit line is text jq
 * accepts (a log pipeline would drop a line with a {@code \ud800} escape), and the launch is decided
 * exactly once — one audit line, one prompt — as the bytes that really run ({@code x?y} on disk).
 */
class EncodingIT {

    private static final Path JQ = Path.of("/usr/bin/jq");

    @TempDir
    Path tmp;

    @OnEachJdk
    void a_lone_surrogate_is_decided_once_and_every_audit_line_parses_with_jq(Jdk jdk) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(JQ), JQ + " is not installed: this test checks the audit file with jq");
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=" + AlwaysPrompt.class.getName())
                .cmdgate("audit", audit).main(LoneSurrogate.class, work).run();

        assertThat(run.result("touch").status()).as(run.describe()).isEqualTo("ok");
        assertThat(work.resolve("x?y")).as("the surrogate became '?' in the bytes that ran").exists();
        assertThat(run.tagged("HANDLER")).as("asked once\n" + run.describe()).hasSize(1);

        Process jq = new ProcessBuilder(JQ.toString(), "-c", ".", audit.toString()).redirectErrorStream(true).start();
        String parsed = new String(jq.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(jq.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(jq.exitValue()).as("jq accepts every line:\n" + parsed).isZero();
        List<String> lines = Files.readAllLines(audit, StandardCharsets.UTF_8);
        assertThat(parsed.lines().count()).as(parsed).isEqualTo(lines.size());

        Audit log = Audit.read(audit);
        assertThat(log.size()).as("decided once\n" + log.dump()).isEqualTo(1);
        Audit.Line line = log.lines().get(0);
        assertThat(line.argv()).containsExactly("touch", "x?y");
        assertThat(line.raw()).doesNotContain("\\ud800", "\\uD800");
        assertThat(line.json().get("context")).isEqualTo(Map.of("tool", "t\uFFFDool"));
        assertThat(((Map<?, ?>) line.json().get("prompt")).get("answer")).isEqualTo("allow_always");
    }
}
