package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.Jdks;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The gate matrix (README, "How a launch is decided"), end to end with the REAL classifier: each autonomy tier
 * (prompts answered {@code deny}) against unambiguous Read ({@code echo}, an {@code echo | cat}
 * pipeline, a redirect to /dev/null), Write ({@code touch}, {@code mkdir}, {@code sh -c 'touch F'}, an output
 * redirect, {@code LD_PRELOAD} set in the launched process's environment), Network
 * ({@code curl} to a closed local port) and Destructive ({@code rm -rf DIR}, argv {@code rm -rf ~}, a
 * ProcessBuilder append-redirect to {@code $HOME/.bashrc})
 * commands, checking the recorded class and gate and what happened on disk. Under full, a pipeline whose
 * first stage ({@code touch}, allowed alone) is followed by {@code rm -rf} starts no stage.
 *
 * <p>These tests need the rule-based classifier: the first-cut placeholder classifies everything but
 * echo/ls/cat/true/pwd/date as Destructive and every pipeline or redirect as a shell script, so today
 * the Write and Read-pipeline rows fail by design. Nothing dangerous ever runs: every target is inside
 * a temp dir, {@code rm -rf ~} is an argv (no shell, so {@code ~} is the literal directory {@code ./~} in
 * the temp working directory) and HOME points at a temp dir too.
 */
@Tag("needs-real-classifier")
class AutonomyMatrixIT {

    enum Tier { READONLY, SUPERVISED, FULL }

    @TempDir
    Path tmp;

    static Stream<Arguments> tiers() {
        List<Arguments> out = new ArrayList<>();
        for (Jdk jdk : Jdks.all()) {
            for (Tier t : Tier.values()) {
                out.add(Arguments.of(jdk, t));
            }
        }
        return out.stream();
    }

    /** What the matrix says for a class under a tier. */
    static String gate(Tier tier, String cls) {
        if (cls.equals("Read")) {
            return "allow";
        }
        return switch (tier) {
            case READONLY -> "block";
            case SUPERVISED -> "prompt";
            case FULL -> cls.equals("Write") ? "allow" : "prompt";
        };
    }

    @ParameterizedTest(name = "{0} autonomy={1}")
    @MethodSource("tiers")
    void the_gate_matrix_holds_end_to_end(Jdk jdk, Tier tier) {
        Path work = Dirs.mkdir(tmp, "work");
        Path home = Dirs.mkdir(tmp, "home");
        Path files = Dirs.mkdir(tmp, "files");
        Path victim = Dirs.mkdir(files, "victim");
        Dirs.write(victim.resolve("keep"), "keep\n");
        Path victim2 = Dirs.mkdir(files, "victim2");
        Dirs.write(victim2.resolve("keep"), "keep\n");
        Dirs.write(work.resolve("~").resolve("keep"), "keep\n");
        Dirs.write(home.resolve("keep"), "keep\n");
        Path audit = tmp.resolve("audit.jsonl");
        String autonomy = tier.name().toLowerCase(java.util.Locale.ROOT);

        List<Row> rows = List.of(
                new Row("read_echo", "Read", "read-hi", null, "echo", "read-hi"),
                new Row("read_pipeline", "Read", "piped", null, "echo", "piped", "|", "cat"),
                new Row("read_discard", "Read", "discard-hi", null, "@out=/dev/null", "echo", "discard-hi"),
                new Row("write_env_ld_preload", "Write", "env-hi", null, "@env=LD_PRELOAD=/nonexistent/cmdgate-it.so",
                        "echo", "env-hi"),
                new Row("write_touch", "Write", files.resolve("touched").toString(), files.resolve("touched"),
                        "touch", files.resolve("touched")),
                new Row("write_mkdir", "Write", files.resolve("made").toString(), files.resolve("made"),
                        "mkdir", files.resolve("made")),
                new Row("write_shell", "Write", "touch " + files.resolve("shell"), files.resolve("shell"),
                        "sh", "-c", "touch " + files.resolve("shell")),
                new Row("write_redirect", "Write", "redirect-hi", files.resolve("redirected"),
                        "@out=" + files.resolve("redirected"), "echo", "redirect-hi"),
                new Row("network_curl", "Network", "http://127.0.0.1:9/", null, "curl", "-s", "http://127.0.0.1:9/"),
                new Row("destructive_rm", "Destructive", victim.toString(), null, "rm", "-rf", victim),
                new Row("destructive_redirect_to_bashrc", "Destructive", "bashrc-hi", home.resolve(".bashrc"),
                        "@append=" + home.resolve(".bashrc"), "echo", "bashrc-hi"),
                new Row("destructive_rm_home", "Destructive", "~", null, "rm", "-rf", "~"),
                new Row("pipeline_touch_then_rm", "Destructive", victim2.toString(), files.resolve("stage1"),
                        "touch", files.resolve("stage1"), "|", "rm", "-rf", victim2));
        Spec spec = Spec.attempts();
        for (Row r : rows) {
            spec.add(r.name(), r.words());
        }

        Run run = ForkedJvm.on(jdk).in(work).env("HOME", home.toString())
                .withAgent("autonomy=" + autonomy + ",prompt=deny").cmdgate("audit", audit)
                .main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        Audit log = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        for (Row r : rows) {
            String expectedGate = gate(tier, r.cls());
            boolean allowed = expectedGate.equals("allow");
            AppResult result = run.result(r.name());
            Audit.Line line = log.forWord(r.auditWord());
            String what = r.name() + " under " + autonomy + ": " + line.raw();
            soft.assertThat(line.commandClass()).as(what).isEqualTo(r.cls());
            soft.assertThat(line.gate()).as(what).isEqualTo(expectedGate);
            soft.assertThat(line.outcome()).as(what).isEqualTo(allowed ? "allowed" : "blocked");
            if (allowed) {
                soft.assertThat(result.status()).as(result.toString()).isEqualTo("ok");
                if (r.creates() != null) {
                    soft.assertThat(r.creates()).as(r.name() + " ran").exists();
                }
            } else {
                Blocked.check(soft, result, r.words()[r.words()[0].toString().startsWith("@") ? 1 : 0].toString(), line);
                if (r.creates() != null) {
                    soft.assertThat(r.creates()).as(r.name() + " must not have run").doesNotExist();
                }
            }
        }
        soft.assertThat(run.result("read_echo").output()).isEqualTo("read-hi\n");
        soft.assertThat(run.result("read_pipeline").output()).isEqualTo("piped\n");
        soft.assertThat(run.result("read_discard").status()).as("a redirect to /dev/null is no write").isEqualTo("ok");
        soft.assertThat(victim.resolve("keep")).exists();
        soft.assertThat(victim2.resolve("keep")).exists();
        soft.assertThat(work.resolve("~").resolve("keep")).exists();
        soft.assertThat(home.resolve("keep")).exists();
        soft.assertThat(log.size()).as(log.dump()).isEqualTo(rows.size());
        soft.assertAll();
    }

    /** One attempt: its name, expected class, a word that identifies its audit line, the file it would create. */
    record Row(String name, String cls, String auditWord, Path creates, Object... words) {
    }
}
