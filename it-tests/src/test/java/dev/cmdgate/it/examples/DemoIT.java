package dev.cmdgate.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The demo ({@code ./cmdgate demo}: LaunchMix under each tier, prompts answered deny) shows what each
 * tier does and why: readonly refuses a Write outright, supervised asks (and is told no), full runs it;
 * each refusal names the class, the tier's answer and the finding.
 */
class DemoIT {

    @TempDir
    Path tmp;

    static List<ExampleRun.Jdk> jdks() {
        return ExampleRun.jdks();
    }

    private ExampleRun.Result demo(ExampleRun.Jdk jdk, String tier) throws IOException {
        Assumptions.assumeTrue(jdk.present(), jdk + " is not installed: skipped");
        Path classes = ExampleRun.ROOT.resolve("examples").resolve(ExampleRun.BUILD_DIR).resolve("classes");
        return ExampleRun.exec(List.of(jdk.java().toString(), "-javaagent:" + ExampleRun.AGENT_JAR + "=autonomy=" + tier + ",prompt=deny",
                "-Djava.io.tmpdir=" + tmp, "-cp", classes.toString(), "dev.cmdgate.examples.demo.LaunchMix"),
                tmp, Map.of("HOME", tmp.toString()), 120, null);
    }

    private static String line(ExampleRun.Result r, String command) {
        return r.out().lines().filter(l -> l.startsWith(command)).findFirst().orElseThrow(() -> new AssertionError(r.describe()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void theTiersVisiblyDifferAndEachRefusalSaysWhy(ExampleRun.Jdk jdk) throws IOException {
        ExampleRun.Result readonly = demo(jdk, "readonly");
        ExampleRun.Result supervised = demo(jdk, "supervised");
        ExampleRun.Result full = demo(jdk, "full");
        assertThat(line(readonly, "touch ")).as(readonly.describe())
                .endsWith("REFUSED  Write/medium, not allowed under readonly: changes files");
        assertThat(line(supervised, "touch ")).as(supervised.describe())
                .endsWith("REFUSED  Write/medium, needs approval under supervised (asked: denied): changes files");
        assertThat(line(full, "touch ")).as(full.describe()).contains("ran      (exit 0)");
        assertThat(line(full, "sh -c rm -rf")).contains("Destructive/dangerous, needs approval under full (asked: denied):"
                + " recursive forced delete (rm -rf)");
        assertThat(line(readonly, "ls ")).contains("ran      (exit 0)");
        assertThat(readonly.out()).isNotEqualTo(supervised.out());
    }
}
