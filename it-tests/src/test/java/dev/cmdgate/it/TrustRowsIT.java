package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.ForgedCaller;
import dev.cmdgate.it.apps.WritesThenRuns;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's trust rows under readonly, against launches shaped to slip through them: a row holds only for the
 * files its words really name (a link in the project is followed), only for callers whose code really is what
 * the row names (a class the application names into Surefire's or the JDK's package is not), and a trusted JVM
 * launch is still a JVM below a gated one ({@code ...} does not let in a system class loader). Each attempt, if
 * let through, would leave a real effect: a deleted directory outside the project, a marker file.
 */
class TrustRowsIT {

    @TempDir
    Path tmp;

    private Path rules(String text) {
        return Dirs.write(tmp.resolve("trust.rules"), "[@trust]\n" + text);
    }

    @OnEachJdk
    void aLinkInTheProjectDoesNotCarryATrustedRmOutsideIt(Jdk jdk) throws IOException {
        Path project = Dirs.mkdir(tmp, "project");
        Path outside = Dirs.mkdir(tmp, "outside");
        Files.createDirectories(outside.resolve("target"));
        Files.writeString(outside.resolve("target/keep.txt"), "precious\n");
        Files.createDirectories(outside.resolve("data"));
        Files.writeString(outside.resolve("data/keep.txt"), "precious\n");
        Files.createDirectories(project.resolve("module/target"));
        Files.createSymbolicLink(project.resolve("away"), outside);
        Files.createSymbolicLink(project.resolve("cache"), outside);
        // HOME is tmp: the shell expands ~/tools to tmp/tools, where a link leads outside too
        Path tools = Dirs.mkdir(tmp, "tools");
        Files.createDirectories(tools.resolve("old"));
        Files.createSymbolicLink(tools.resolve("link"), outside);
        Path rules = rules("""
                trust rm -rf target if cwd=${user.dir} cwd=${user.dir}/* -> "the project's build output"
                trust rm -rf ${user.dir}/cache/* -> "the project's caches"
                trust rm -rf ~/tools/* -> "old tool versions"
                """);
        Spec spec = Spec.attempts()
                .add("in-module", "@dir=" + project.resolve("module"), "rm", "-rf", "target")
                .add("through-link", "@dir=" + project.resolve("away"), "rm", "-rf", "target")
                .add("cache-link", "rm", "-rf", project.resolve("cache/data").toString())
                .add("climbs", "rm", "-rf", project + "/module/../cache/../../outside/data")
                .add("tilde", "sh", "-c", "rm -rf ~/tools/old")
                .add("tilde-link", "sh", "-c", "rm -rf ~/tools/link/data");
        Run run = ForkedJvm.on(jdk).in(project).withAgent("autonomy=readonly,prompt=deny,rules=" + rules)
                .env("HOME", tmp.toString()).main(Commands.class).args(spec.args()).run();
        assertThat(run.result("in-module").ok()).as(run.describe()).isTrue();
        assertThat(project.resolve("module/target")).doesNotExist();
        assertThat(run.result("tilde").ok()).as(run.describe()).isTrue();
        assertThat(tools.resolve("old")).doesNotExist();
        for (String refused : List.of("through-link", "cache-link", "climbs", "tilde-link")) {
            assertThat(run.result(refused).blocked()).as(refused + "\n" + run.describe()).isTrue();
        }
        assertThat(outside.resolve("target/keep.txt")).exists();
        assertThat(outside.resolve("data/keep.txt")).exists();
    }

    /**
     * A trusted {@code rm -rf target} (in the project) and {@code rm -rf ~/.cache/acme}, under full: the same words
     * run in another directory by an option ({@code env -C}, {@code find -execdir}), after the line gave HOME
     * another value, or after the line made a link it then cds through, are judged as what they are (Destructive,
     * refused with prompt=deny); the directories outside stay.
     */
    @OnEachJdk
    void aTrustedCommandMovedElsewhereByTheLineItselfIsNotTrusted(Jdk jdk) throws IOException {
        Path project = Dirs.mkdir(tmp, "project");
        Path outside = Dirs.mkdir(tmp, "outside");
        Path home = Dirs.mkdir(tmp, "home");
        Files.createDirectories(outside.resolve("target"));
        Files.writeString(outside.resolve("target/keep.txt"), "precious\n");
        Files.createDirectories(outside.resolve(".cache/acme"));
        Files.writeString(outside.resolve(".cache/acme/keep.txt"), "precious\n");
        Files.createDirectories(project.resolve("module/target"));
        Files.createDirectories(home.resolve(".cache/acme"));
        Path rules = rules("""
                trust rm -rf target if cwd=${user.dir} cwd=${user.dir}/* -> "the project's build output"
                trust rm -rf ~/.cache/acme -> "the tool's cache"
                """);
        Spec spec = Spec.attempts()
                .add("env-C", "sh", "-c", "env -C " + outside + " rm -rf target")
                .add("execdir", "sh", "-c", "find " + outside.resolve("target") + " -execdir rm -rf target \\;")
                .add("home", "sh", "-c", "HOME=" + outside + "; rm -rf ~/.cache/acme")
                .add("link-then-cd", "sh", "-c", "ln -s " + outside + " ./sub && cd ./sub && rm -rf target")
                .add("env-C-module", "sh", "-c", "env -C module rm -rf target")
                .add("own-cache", "sh", "-c", "rm -rf ~/.cache/acme");
        Run run = ForkedJvm.on(jdk).in(project).withAgent("autonomy=full,prompt=deny,rules=" + rules)
                .env("HOME", home.toString()).main(Commands.class).args(spec.args()).run();
        for (String refused : List.of("env-C", "execdir", "home", "link-then-cd")) {
            assertThat(run.result(refused).blocked()).as(refused + "\n" + run.describe()).isTrue();
            assertThat(run.result(refused).message()).as(refused).contains("Destructive");
        }
        assertThat(outside.resolve("target/keep.txt")).exists();
        assertThat(outside.resolve(".cache/acme/keep.txt")).exists();
        assertThat(project.resolve("sub")).doesNotExist();
        assertThat(run.result("env-C-module").ok()).as(run.describe()).isTrue();
        assertThat(project.resolve("module/target")).doesNotExist();
        assertThat(run.result("own-cache").ok()).as(run.describe()).isTrue();
        assertThat(home.resolve(".cache/acme")).doesNotExist();
    }

    /**
     * The rules file is read once, by the start-up check before {@code main}; the gate is built from that text. An
     * application whose first statement rewrites the file with a trust row (while cmdgate builds its gate on the hook
     * thread) gets nothing from it: the trusted {@code touch} stays a Write under readonly, at once and a while later.
     */
    @OnEachJdk
    void aRulesFileTheApplicationRewritesAfterTheCheckAddsNoTrustRow(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path marker = work.resolve("MARKER");
        Path rules = Dirs.write(tmp.resolve("team.rules"), "# the team rules\n");
        Spec spec = Spec.attempts()
                .add("at-once", "touch", marker.toString())
                .add("java-sleep", "1500")
                .add("later", "touch", marker.toString());
        List<String> args = new java.util.ArrayList<>(List.of("write", rules.toString(),
                "[@trust]\ntrust touch " + marker + " -> \"written by the application\"\n", "--run"));
        args.addAll(spec.args());
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly,prompt=deny,rules=" + rules)
                .env("HOME", tmp.toString()).main(WritesThenRuns.class).args(args).run();
        for (String name : List.of("at-once", "later")) {
            assertThat(run.result(name).blocked()).as(name + "\n" + run.describe()).isTrue();
            assertThat(run.result(name).message()).as(name).contains("Write");
        }
        assertThat(marker).doesNotExist();
        assertThat(rules).content().contains("trust touch");
    }

    @OnEachJdk
    void aClassNamedIntoTheCallersPackageIsNotTheCaller(Jdk jdk) throws IOException {
        Path work = Dirs.mkdir(tmp, "work");
        Path surefireMarker = work.resolve("by-fake-surefire");
        Path jdkMarker = work.resolve("by-fake-jdk-class");
        // a class of the JDK's jdk.jshell.execution package, compiled as the JDK's but loaded by a URLClassLoader
        Path src = Dirs.mkdir(tmp, "src/jdk/jshell/execution");
        Files.writeString(src.resolve("Forged.java"), """
                package jdk.jshell.execution;
                public final class Forged {
                    public static Process launch(String... argv) throws java.io.IOException {
                        return new ProcessBuilder(argv).start();
                    }
                }
                """);
        Path classes = Dirs.mkdir(tmp, "forged");
        int javac = ToolProvider.getSystemJavaCompiler().run(null, null, null, "--patch-module", "jdk.jshell=" + tmp.resolve("src"),
                "-d", classes.toString(), src.resolve("Forged.java").toString());
        assertThat(javac).isZero();
        Path rules = rules("trust touch " + surefireMarker + " if caller=org.apache.maven.plugin.surefire@/nonexistent/m2/* -> \"fork\"\n"
                + "trust touch " + jdkMarker + " if caller=jdk.jshell.execution -> \"engine\"\n");
        Run surefire = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly,prompt=deny,rules=" + rules)
                .env("HOME", tmp.toString()).main(ForgedCaller.class).args(List.of("surefire", "touch", surefireMarker.toString()))
                .run();
        assertThat(surefire.result("launch").blocked()).as(surefire.describe()).isTrue();
        assertThat(surefireMarker).doesNotExist();
        Run jdkPackage = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly,prompt=deny,rules=" + rules)
                .env("HOME", tmp.toString()).main(ForgedCaller.class)
                .args(List.of("jdk", classes.toString(), "jdk.jshell.execution.Forged", "touch", jdkMarker.toString())).run();
        assertThat(jdkPackage.result("launch").blocked()).as(jdkPackage.describe()).isTrue();
        assertThat(jdkMarker).doesNotExist();
    }

    @OnEachJdk
    void aBareCallerOfAPackageOutsideTheJdkDoesNotLoad(Jdk jdk) {
        Path rules = rules("trust rm -rf target if caller=org.apache.maven.plugin.surefire -> \"fork\"\n");
        Run run = ForkedJvm.on(jdk).in(tmp).withAgent("rules=" + rules).main(Commands.class).args(List.of()).run();
        assertThat(run.exit()).as(run.describe()).isEqualTo(2);
        assertThat(run.stderr().trim()).startsWith("cmdgate: configuration error: ").contains("caller=org.apache.maven.plugin.surefire@");
    }

    @OnEachJdk
    void aTrustedJvmLaunchCannotBringASystemClassLoaderThroughItsDots(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path marker = work.resolve("touched-before-cmdgate");
        Path rules = rules("trust ${java.home}/bin/java ... " + Commands.class.getName() + " ... -> \"our tool\"\n");
        String java = Path.of(jdk.home().toString(), "bin", "java").toString();
        Spec spec = Spec.attempts()
                .add("plain", java, "-cp", ForkedJvm.APP_CLASSES.toString(), Commands.class.getName())
                .add("early", java, "-Dit.marker=" + marker, "-Djava.system.class.loader=dev.cmdgate.it.apps.EarlyLoader",
                        "-cp", ForkedJvm.APP_CLASSES.toString(), Commands.class.getName());
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly,prompt=deny,rules=" + rules)
                .env("HOME", tmp.toString()).main(Commands.class).args(spec.args()).run();
        assertThat(run.result("plain").ok()).as(run.describe()).isTrue();
        assertThat(run.result("early").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("early").message()).contains("Destructive").contains("system class loader");
        assertThat(marker).doesNotExist();
    }
}
