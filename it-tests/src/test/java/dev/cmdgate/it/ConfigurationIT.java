package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.Hello;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.Jdks;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Configuration: a bad key or value stops the JVM at start — exit status 2, exactly
 * one stderr line {@code cmdgate: configuration error: …} naming the problem, no stack trace, and the
 * application's main never runs. Agent arguments win over system properties.
 */
class ConfigurationIT {

    @TempDir
    Path tmp;

    /** One bad configuration: agent arguments (or null), {@code -D} pairs, and a word the message must contain. */
    record Bad(String label, String agentArgs, List<String> props, String mentions) {
        @Override
        public String toString() {
            return label;
        }
    }

    static final List<Bad> BAD = List.of(
            new Bad("unknown system property key", null, List.of("cmdgate.bogus=1"), "bogus"),
            new Bad("unknown agent-argument key", "bogus=1", List.of(), "bogus"),
            new Bad("agent argument that is not key=value", "readonly", List.of(), "readonly"),
            new Bad("bad autonomy value", null, List.of("cmdgate.autonomy=yolo"), "autonomy"),
            new Bad("bad autonomy value as agent argument", "autonomy=yolo", List.of(), "autonomy"),
            new Bad("bad mode", "mode=loud", List.of(), "mode"),
            new Bad("bad level", null, List.of("cmdgate.level=extreme"), "level"),
            new Bad("bad prompt.timeout (not a number)", null, List.of("cmdgate.prompt.timeout=abc"), "prompt.timeout"),
            new Bad("bad prompt.timeout (zero)", "prompt.timeout=0", List.of(), "prompt.timeout"),
            new Bad("bad stdin", null, List.of("cmdgate.stdin=maybe"), "stdin"),
            new Bad("bad secrets", "secrets=hide", List.of(), "secrets"),
            new Bad("missing policy file", null, List.of("cmdgate.policy=@TMP@/missing-passport.json"), "policy"),
            new Bad("missing rules file", null, List.of("cmdgate.rules=@TMP@/missing-rules"), "rules"),
            new Bad("missing signing key", null, List.of("cmdgate.signing.key=@TMP@/missing.pem"), "signing.key"),
            new Bad("audit file in a missing directory", null, List.of("cmdgate.audit=@TMP@/no/such/dir/audit.jsonl"), "audit"),
            new Bad("malformed policy file (not JSON)", null, List.of("cmdgate.policy=@TMP@/bad-passport.json"), "bad-passport.json"),
            new Bad("malformed user rules file", null, List.of("cmdgate.rules=@TMP@/bad-rules"), "bad-rules"),
            new Bad("user rules file with a malformed example row", null, List.of("cmdgate.rules=@TMP@/bad-example-rules"),
                    "bad-example-rules line 2"),
            new Bad("prompt handler class not on the class path", null,
                    List.of("cmdgate.prompt=com.example.NoSuchHandler"), "NoSuchHandler"));

    static Stream<Arguments> badConfigurations() {
        List<Arguments> out = new ArrayList<>();
        for (Jdk jdk : Jdks.all()) {
            for (Bad b : BAD) {
                out.add(Arguments.of(jdk, b));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("badConfigurations")
    void bad_configuration_stops_the_jvm_before_main_with_one_line(Jdk jdk, Bad bad) {
        Dirs.write(tmp.resolve("bad-passport.json"), "{not json\n");
        Dirs.write(tmp.resolve("bad-rules"), "this is not a rules file ][\n");
        Dirs.write(tmp.resolve("bad-example-rules"), "[git]\nexample \"git status\" Read\n");
        ForkedJvm jvm = ForkedJvm.on(jdk).in(tmp).withAgent(bad.agentArgs()).main(Hello.class);
        for (String p : bad.props()) {
            int eq = p.indexOf('=');
            jvm.prop(p.substring(0, eq), p.substring(eq + 1).replace("@TMP@", tmp.toString()));
        }

        Run run = jvm.run();

        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(run.exit()).as(run.describe()).isEqualTo(2);
        soft.assertThat(run.stdout()).as("main must not have run\n" + run.describe()).isEmpty();
        soft.assertThat(run.stderrLines()).as("exactly one line on stderr\n" + run.describe()).hasSize(1);
        soft.assertThat(run.stderr()).as(run.describe())
                .startsWith("cmdgate: configuration error: ")
                .contains(bad.mentions())
                .endsWith("\n")
                .doesNotContain("Exception", "\tat ");
        soft.assertAll();
    }

    @OnEachJdk
    void agent_arguments_win_over_system_properties(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");

        // the properties alone would run touch (supervised, prompt=allow); the agent argument says readonly
        Run stricter = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly")
                .cmdgate("autonomy", "supervised").cmdgate("prompt", "allow")
                .main(Commands.class).args(Spec.attempts().add("touch", "touch", files.resolve("a")).args()).run();
        // the property alone would refuse it (readonly); the agent arguments allow it
        Run looser = ForkedJvm.on(jdk).in(work).withAgent("autonomy=supervised,prompt=allow")
                .cmdgate("autonomy", "readonly").cmdgate("prompt", "deny")
                .main(Commands.class).args(Spec.attempts().add("touch", "touch", files.resolve("b")).args()).run();

        assertThat(stricter.result("touch").status()).as(stricter.describe()).isEqualTo("blocked");
        assertThat(files.resolve("a")).doesNotExist();
        assertThat(stricter.result("touch").message()).contains("readonly");
        assertThat(looser.result("touch").status()).as(looser.describe()).isEqualTo("ok");
        assertThat(files.resolve("b")).exists();
    }

    @OnEachJdk
    void system_properties_alone_configure_the_agent(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");
        Path audit = tmp.resolve("audit.jsonl");

        Run run = ForkedJvm.on(jdk).in(work).withAgent()
                .cmdgate("autonomy", "supervised").cmdgate("prompt", "allow").cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts().add("touch", "touch", files.resolve("a")).args()).run();

        assertThat(run.result("touch").status()).as(run.describe()).isEqualTo("ok");
        assertThat(files.resolve("a")).exists();
        assertThat(audit).as("cmdgate.audit given as a system property is used").isNotEmptyFile();
    }

    /**
     * A child JVM's sealed settings are checked when its cmdgate starts, not in premain (the parent checked them):
     * one that went bad since (here: written by hand, naming a rules file that is not there) still stops the JVM
     * before any process of it starts, though the settings would allow the launch.
     */
    @OnEachJdk
    void sealed_settings_that_went_bad_stop_the_jvm_before_its_first_launch(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=full,rules=" + tmp.resolve("missing-rules") + ",sealed=true")
                .main(Commands.class).args(Spec.attempts().add("touch", "touch", files.resolve("a")).args()).run();

        assertThat(run.exit()).as(run.describe()).isEqualTo(2);
        assertThat(run.stderr()).as(run.describe()).contains("cmdgate: cannot start (").contains("cmdgate.rules")
                .contains("missing-rules");
        assertThat(files.resolve("a")).as("no process started").doesNotExist();
    }

    /** No configuration at all is checked in cmdgate's module: the JVM runs, gated with the defaults. */
    @OnEachJdk
    void no_configuration_at_all_runs_gated_with_the_defaults(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");
        Dirs.write(files.resolve("keep"), "kept\n");

        Run run = ForkedJvm.on(jdk).in(work).withAgent()
                .main(Commands.class).args(Spec.attempts().add("rm", "rm", files.resolve("keep")).args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stderr()).as(run.describe()).doesNotContain("configuration error", "cannot start");
        assertThat(run.result("rm").status()).as(run.describe()).isEqualTo("blocked");
        assertThat(files.resolve("keep")).exists();
    }
}
