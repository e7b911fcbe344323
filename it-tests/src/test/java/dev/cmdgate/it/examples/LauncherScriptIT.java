package dev.cmdgate.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Jdks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher script {@code ./cmdgate}: {@code run} takes {@code --KEY=VALUE} as well as
 * {@code --KEY VALUE} and works when the checkout and the current directory have blanks in their paths;
 * {@code --help} exits 0 and names every command; {@code -V} prints the version. Uses the jar where the
 * script builds it (skipped when the jar under test is elsewhere).
 */
class LauncherScriptIT {

    @TempDir
    Path tmp;

    private static void assumeScriptJar() {
        boolean scriptJar = ExampleRun.AGENT_JAR.toAbsolutePath().normalize().equals(ExampleRun.ROOT.resolve("agent/target/cmdgate.jar"))
                && Files.isDirectory(ExampleRun.ROOT.resolve("examples/target/classes"));
        Assumptions.assumeTrue(scriptJar, "the jar under test is not where ./cmdgate builds it: skipped");
    }

    @Test
    void runWorksWithBlanksInThePathsAndKeyEqualsValue() throws IOException {
        assumeScriptJar();
        Path dir = Files.createDirectories(tmp.resolve("a dir with blanks"));
        Path checkout = Files.createSymbolicLink(dir.resolve("my checkout"), ExampleRun.ROOT);
        Path touched = dir.resolve("touched by the app");
        ExampleRun.Result r = ExampleRun.exec(List.of(checkout.resolve("cmdgate").toString(), "run", "--autonomy=readonly",
                        "--prompt", "deny", "--audit=audit file.jsonl", "--",
                        "java", "-cp", ExampleRun.TEST_CLASSES.toString(), "dev.cmdgate.it.apps.Commands",
                        "touch", "touch", touched.toString(), "--", "echo", "echo", "hi"),
                dir, Map.of("HOME", tmp.toString()), 120, null);
        assertThat(r.exit()).as(r.describe()).isZero();
        assertThat(r.out()).as(r.describe()).contains("RESULT touch blocked java.lang.SecurityException: cmdgate: blocked touch")
                .contains("RESULT echo ok exit=0 out=hi");
        assertThat(touched).doesNotExist();
        assertThat(dir.resolve("audit file.jsonl")).as("the audit path, relative to a directory with blanks").exists();
        assertThat(Audit.read(dir.resolve("audit file.jsonl")).lines()).hasSize(2);
        assertThat(r.err()).contains("Picked up JAVA_TOOL_OPTIONS: '-javaagent:" + checkout.resolve("agent/target/cmdgate.jar"));
    }

    @Test
    void helpAndVersion() throws IOException {
        assumeScriptJar();
        Path script = ExampleRun.ROOT.resolve("cmdgate");
        ExampleRun.Result help = ExampleRun.exec(List.of(script.toString(), "--help"), tmp, Map.of(), 60, null);
        assertThat(help.exit()).as(help.describe()).isZero();
        assertThat(help.out()).contains("./cmdgate run").contains("./cmdgate classify").contains("./cmdgate report")
                .contains("./cmdgate keygen").contains("./cmdgate verify").contains("./cmdgate test");
        ExampleRun.Result version = ExampleRun.exec(List.of(script.toString(), "-V"), tmp, Map.of(), 60, null);
        assertThat(version.exit()).as(version.describe()).isZero();
        assertThat(version.out().trim()).matches("cmdgate \\d+\\.\\d+\\.\\d+.*");
        ExampleRun.Result bad = ExampleRun.exec(List.of(script.toString(), "frobnicate"), tmp, Map.of(), 60, null);
        assertThat(bad.exit()).isEqualTo(2);
    }

    @Test
    void theCliRunsFromAClassDataArchiveAfterItsFirstRunAndSaysTheSame() throws IOException {
        assumeScriptJar();
        Path script = ExampleRun.ROOT.resolve("cmdgate");
        Path archives = ExampleRun.ROOT.resolve("agent/target/cli-archive");
        // the archives only: the resident decider's directory beside them belongs to the hook tests' deciders
        if (Files.isDirectory(archives)) {
            try (var files = Files.list(archives)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    Files.delete(f);
                }
            }
        }
        List<String> classify = List.of(script.toString(), "classify", "--json", "--", "rm", "-rf", "/");
        ExampleRun.Result first = ExampleRun.exec(classify, tmp, Map.of(), 120, null);
        try (var files = Files.list(archives)) {
            assertThat(files.filter(Files::isRegularFile).map(f -> f.getFileName().toString()).toList())
                    .as("the archive the first run wrote")
                    .singleElement().satisfies(name -> assertThat(name).endsWith(".jsa"));
        }
        ExampleRun.Result second = ExampleRun.exec(classify, tmp, Map.of(), 120, null);
        ExampleRun.Result plain = ExampleRun.exec(List.of(Jdks.JDK17.java().toString(), "-jar", ExampleRun.AGENT_JAR.toString(),
                "classify", "--json", "--", "rm", "-rf", "/"), tmp, Map.of(), 120, null);
        assertThat(plain.out()).as(plain.describe()).contains("\"Destructive\"");
        for (ExampleRun.Result r : List.of(first, second)) {
            assertThat(r.exit()).as(r.describe()).isEqualTo(plain.exit());
            assertThat(r.out()).as(r.describe()).isEqualTo(plain.out());
            assertThat(r.err()).as("nothing from the JVM's class-data sharing on stderr: " + r.describe()).isEmpty();
        }
    }

    @Test
    void nativeAccessDenyGivesTheJdkItsSwitch() throws IOException {
        assumeScriptJar();
        Assumptions.assumeTrue(Jdks.JDK25.present(), "JDK 25 not installed: skipped");
        Path script = ExampleRun.ROOT.resolve("cmdgate");
        List<String> app = List.of(Jdks.JDK25.java().toString(), "-cp", ExampleRun.TEST_CLASSES.toString(),
                "dev.cmdgate.it.apps.LoadsNative");
        List<String> denied = new java.util.ArrayList<>(List.of(script.toString(), "run", "--native-access", "deny", "--"));
        denied.addAll(app);
        ExampleRun.Result r = ExampleRun.exec(denied, tmp, Map.of("HOME", tmp.toString()), 120, null);
        assertThat(r.exit()).as(r.describe()).isZero();
        assertThat(r.out()).as(r.describe()).contains("NATIVE refused");
        List<String> plain = new java.util.ArrayList<>(List.of(script.toString(), "run", "--"));
        plain.addAll(app);
        ExampleRun.Result p = ExampleRun.exec(plain, tmp, Map.of("HOME", tmp.toString()), 120, null);
        assertThat(p.out()).as("without the switch the library loads (with the JDK's warning)\n" + p.describe())
                .contains("NATIVE loaded");
        ExampleRun.Result bad = ExampleRun.exec(List.of(script.toString(), "run", "--native-access", "allow", "--", "true"),
                tmp, Map.of(), 60, null);
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("--native-access takes deny");
    }
}
