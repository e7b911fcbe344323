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
     * A child JVM's sealed settings are checked in premain, as any configuration is: one that went bad since the
     * parent checked it (here: written by hand, naming a rules file that is not there) stops the JVM before its main.
     */
    @OnEachJdk
    void sealed_settings_that_went_bad_stop_the_jvm_before_main(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=full,rules=" + tmp.resolve("missing-rules") + ",sealed=true")
                .main(Commands.class).args(Spec.attempts().add("touch", "touch", files.resolve("a")).args()).run();

        assertThat(run.exit()).as(run.describe()).isEqualTo(2);
        assertThat(run.stderr()).as(run.describe()).startsWith("cmdgate: configuration error: ").contains("cmdgate.rules")
                .contains("missing-rules");
        assertThat(run.stdout()).as("main never ran").doesNotContain("DONE");
        assertThat(files.resolve("a")).as("no process started").doesNotExist();
    }

    /**
     * A JVM with sealed settings (a gated parent's child) whose own main, in its first statements, replaces its
     * rules file with one that trusts a launch: the gate holds the rules as they were before main, so the launch is
     * refused. The control run, with those rules from the start, shows the trust row would allow it.
     */
    @OnEachJdk
    void a_sealed_jvm_rewriting_its_rules_file_adds_no_row_to_its_own_gate(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path files = Dirs.mkdir(tmp, "files");
        Path marker = files.resolve("MARKER");
        Path strict = Dirs.write(tmp.resolve("user.rules"), "# nothing trusted\n");
        Path loose = Dirs.write(tmp.resolve("loose.rules"),
                "[@trust]\ntrust touch " + marker + " -> \"written by the gated JVM's own code\"\n");

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly,rules=" + strict + ",sealed=true")
                .main(Commands.class).args(Spec.attempts().add("java-rm", strict).add("java-ln", strict, loose)
                        .add("touch", "touch", marker).args()).run();

        assertThat(run.stdout()).as(run.describe()).contains("LN " + strict);
        assertThat(run.result("touch").status()).as(run.describe()).isEqualTo("blocked");
        assertThat(marker).as("the rewritten rules did not count").doesNotExist();

        Run control = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly,rules=" + loose + ",sealed=true")
                .main(Commands.class).args(Spec.attempts().add("touch", "touch", marker).args()).run();
        assertThat(control.result("touch").status()).as(control.describe()).isEqualTo("ok");
        assertThat(marker).as("the trust row allows the launch when read before main").exists();
    }

    /**
     * A bearer token given by an environment variable ({@code *.token.env}): checking that the variable is set must
     * not load the JDK's process launcher before cmdgate's hook (System.getenv does, on JDK 18 and later), which
     * left the JVM ungated. The launch of a Write under readonly is refused, for each such setting.
     */
    @OnEachJdk
    void a_token_given_by_an_environment_variable_leaves_the_jvm_gated(Jdk jdk) {
        String[] configurations = {
            "autonomy=readonly,prompt=http://127.0.0.1:9/p,prompt.token.env=CMDGATE_IT_TOKEN",
            "autonomy=readonly,decision.url=http://127.0.0.1:9/d,decision.agent=a1,decision.token.env=CMDGATE_IT_TOKEN",
            "autonomy=readonly,decision.url=http://127.0.0.1:9/d,decision.agent=a1,decision.token.env=CMDGATE_IT_TOKEN,sealed=true",
        };
        SoftAssertions soft = new SoftAssertions();
        for (int i = 0; i < configurations.length; i++) {
            Path work = Dirs.mkdir(tmp, "work" + i);
            Path marker = work.resolve("MARKER");

            Run run = ForkedJvm.on(jdk).in(work).env("CMDGATE_IT_TOKEN", "t0ken").withAgent(configurations[i])
                    .main(Commands.class).args(Spec.attempts().add("touch", "touch", marker).args()).run();

            soft.assertThat(run.result("touch").status()).as(configurations[i] + "\n" + run.describe()).isEqualTo("blocked");
            soft.assertThat(marker).as(configurations[i]).doesNotExist();
        }
        soft.assertAll();
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
