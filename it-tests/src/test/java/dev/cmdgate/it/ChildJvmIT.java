package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.SpawnsJava;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.JavaSources;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM launched by a JVM gated with plain {@code -javaagent} runs under cmdgate with the same
 * configuration (cmdgate.children=gate, the default): its own launches are decided and audited there,
 * their lines carrying the parent's decision id. Launched directly (the agent as its first argument) or
 * through a shell (JAVA_TOOL_OPTIONS); {@code children=off} leaves it ungated; a {@code -Dcmdgate.*}
 * the application puts on the child's command line cannot loosen it. The parent runs under full with
 * prompts denied: launching java (Write) is allowed, the child's {@code rm -rf} (Destructive) is not.
 */
class ChildJvmIT {

    @TempDir
    Path tmp;

    private Path audit;
    private Path victim;
    private Path touched;

    @BeforeEach
    void files() throws IOException {
        audit = tmp.resolve("audit.jsonl");
        victim = Files.createDirectories(tmp.resolve("victim"));
        Files.writeString(victim.resolve("keep.txt"), "precious\n");
        touched = tmp.resolve("touched-by-child");
    }

    private Run parent(Jdk jdk, String mode, String agentArgs, String... childOptions) {
        List<String> args = new ArrayList<>(List.of(mode));
        args.addAll(List.of(childOptions));
        args.add("::");
        args.addAll(List.of("child-touch", "touch", touched.toString(), "--", "child-rm", "rm", "-rf", victim.toString()));
        return ForkedJvm.on(jdk).in(tmp).withAgent(agentArgs + ",audit=" + audit).env("HOME", tmp.toString())
                .main(SpawnsJava.class).args(args).run();
    }

    private void assertChildGated(Run run, Audit log, long parentPid) {
        assertThat(run.result("spawn").ok()).as(run.describe()).isTrue();
        assertThat(run.result("child-touch").ok()).as(run.describe()).isTrue();
        assertThat(touched).exists();
        assertThat(run.result("child-rm").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("child-rm").message()).startsWith("cmdgate: blocked rm -rf ");
        assertThat(victim.resolve("keep.txt")).exists();

        Audit.Line spawn = log.only(l -> l.argv().contains(Commands.class.getName()), "the spawn");
        assertThat(spawn.outcome()).isEqualTo("allowed");
        Audit.Line rm = log.only(l -> l.argv().get(0).equals("rm"), "the child's rm");
        Audit.Line touch = log.only(l -> l.argv().get(0).equals("touch"), "the child's touch");
        for (Audit.Line child : List.of(rm, touch)) {
            assertThat(child.str("parent_decision_id")).as(child.raw()).isEqualTo(spawn.id());
            assertThat(child.map("jvm")).as(child.raw()).containsEntry("main", Commands.class.getName());
            assertThat(((Number) child.map("jvm").get("pid")).longValue()).isNotEqualTo(parentPid);
            assertThat(child.str("caller")).startsWith("dev.cmdgate.it.apps.Commands.");
            assertThat(child.str("scheme")).isEqualTo("autonomy=full");
        }
        assertThat(rm.outcome()).isEqualTo("blocked");
        assertThat(touch.outcome()).isEqualTo("allowed");
        assertThat(spawn.str("parent_decision_id")).isNull();
        // the parent records the child's exit
        assertThat(log.events()).anySatisfy(e -> {
            assertThat(e.str("event")).isEqualTo("exit");
            assertThat(e.id()).isEqualTo(spawn.id());
            assertThat(((Number) e.json().get("exit")).intValue()).isZero();
        });
    }

    private static long pidOf(Audit.Line spawn) {
        return ((Number) spawn.map("jvm").get("pid")).longValue();
    }

    @OnEachJdk
    void aJavaLaunchedDirectlyRunsUnderTheAgentWithTheSameConfiguration(Jdk jdk) {
        Run run = parent(jdk, "direct", "autonomy=full,prompt=deny");
        Audit log = Audit.read(audit);
        Audit.Line spawn = log.only(l -> l.argv().contains(Commands.class.getName()), "the spawn");
        assertThat(spawn.argv().get(1)).as("what the application asked for is recorded, not the agent option")
                .isEqualTo("-cp");
        assertChildGated(run, log, pidOf(spawn));
        assertThat(run.stderr()).doesNotContain("Picked up JAVA_TOOL_OPTIONS");
    }

    @OnEachJdk
    void aJavaStartedByAShellGetsTheAgentThroughJavaToolOptions(Jdk jdk) {
        Run run = parent(jdk, "shell", "autonomy=full,prompt=deny");
        Audit log = Audit.read(audit);
        Audit.Line spawn = log.only(l -> l.argv().get(0).equals("sh"), "the shell");
        assertThat(run.stderr()).contains("Picked up JAVA_TOOL_OPTIONS: ");
        // sh -c 'exec java …': the shell's decision is the child's parent
        Audit.Line rm = log.only(l -> l.argv().get(0).equals("rm"), "the child's rm");
        assertThat(rm.str("parent_decision_id")).isEqualTo(spawn.id());
        assertThat(rm.outcome()).isEqualTo("blocked");
        assertThat(victim.resolve("keep.txt")).exists();
        assertThat(run.result("child-touch").ok()).as(run.describe()).isTrue();
    }

    @OnEachJdk
    void theApplicationCannotLoosenTheChildsConfigurationOnItsCommandLine(Jdk jdk) {
        Run run = parent(jdk, "direct", "autonomy=full,prompt=deny", "-Dcmdgate.mode=audit", "-Dcmdgate.prompt=allow");
        assertThat(run.result("child-rm").blocked()).as(run.describe()).isTrue();
        assertThat(victim.resolve("keep.txt")).exists();
        assertThat(run.stderr()).contains("cmdgate: configuration: ignored -Dcmdgate.mode=audit -Dcmdgate.prompt=allow:"
                + " this JVM was started by a gated JVM and runs with the configuration it was given");
    }

    // ------------------------------------------------------------------ what would leave a child ungated

    /** The child ran under cmdgate: its rm -rf was refused and the directory is there. */
    private void assertChildRefusedItsRm(Run run) {
        assertThat(run.result("spawn").ok()).as(run.describe()).isTrue();
        assertThat(run.result("child-rm").blocked()).as(run.describe()).isTrue();
        assertThat(victim.resolve("keep.txt")).exists();
    }

    /** The launch of the child was refused as unverifiable code: no child, no marker, the directory is there. */
    private void assertSpawnRefused(Run run, Path marker, String why) {
        assertThat(run.result("spawn").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("spawn").message()).contains("Destructive").contains(why);
        assertThat(run.results()).as(run.describe()).doesNotContainKey("child-touch");
        assertThat(victim.resolve("keep.txt")).exists();
        if (marker != null) {
            assertThat(marker).doesNotExist();
        }
    }

    @OnEachJdk
    void anArgumentOfTheMainClassThatNamesCmdgateLeavesTheChildGated(Jdk jdk) {
        Run run = ForkedJvm.on(jdk).in(tmp).withAgent("autonomy=full,prompt=deny,audit=" + audit).env("HOME", tmp.toString())
                .main(SpawnsJava.class).args(List.of("direct", "::", "child-rm", "rm", "-rf", victim.toString(),
                        "--", "echo-agent", "echo", "-javaagent:" + ForkedJvm.AGENT_JAR)).run();
        assertChildRefusedItsRm(run);
    }

    @OnEachJdk
    void cmdgatesJarWithSettingsTheApplicationChoseIsReplacedBySealedOnes(Jdk jdk) {
        Run run = parent(jdk, "direct", "autonomy=full,prompt=deny", "-javaagent:" + ForkedJvm.AGENT_JAR + "=mode=audit,prompt=allow");
        assertChildRefusedItsRm(run);
        Audit.Line rm = Audit.read(audit).only(l -> l.argv().get(0).equals("rm"), "the child's rm");
        assertThat(rm.str("mode")).isEqualTo("enforce");
    }

    @OnEachJdk
    void theOperatorsJavaToolOptionsStandForTheChildSealed(Jdk jdk) {
        // as under ./cmdgate run: the parent gets cmdgate from JAVA_TOOL_OPTIONS, and so does its child, which
        // must not take -Dcmdgate.* from the command line the application gives it
        for (String mode : List.of("direct", "shell")) {
            Run run = ForkedJvm.on(jdk).in(tmp).env("HOME", tmp.toString())
                    .env("JAVA_TOOL_OPTIONS", "-javaagent:" + ForkedJvm.AGENT_JAR + "=autonomy=full,prompt=deny,audit=" + audit)
                    .main(SpawnsJava.class).args(List.of(mode, "-Dcmdgate.mode=audit", "-Dcmdgate.autonomy=full", "::",
                            "child-touch", "touch", touched.toString(), "--", "child-rm", "rm", "-rf", victim.toString())).run();
            assertChildRefusedItsRm(run);
            assertThat(run.stderr()).contains("cmdgate: configuration: ignored -Dcmdgate.autonomy=full -Dcmdgate.mode=audit");
            Audit.Line rm = Audit.read(audit).lines().stream().filter(l -> l.argv().get(0).equals("rm"))
                    .reduce((a, b) -> b).orElseThrow();
            assertThat(rm.str("mode")).isEqualTo("enforce");
        }
    }

    @OnEachJdk
    void anAgentJarThatLooksLikeCmdgatesIsAnotherAgentAfterCmdgate(Jdk jdk) throws IOException {
        Path classes = Files.createDirectories(tmp.resolve("lookalike"));
        JavaSources.compile(classes, "dev.cmdgate.lookalike.Premain", """
                package dev.cmdgate.lookalike;
                public final class Premain {
                    public static void premain(String a, java.lang.instrument.Instrumentation i) {
                        System.out.println("LOOKALIKE premain");
                    }
                }
                """);
        Path jar = JavaSources.jar(tmp.resolve("lookalike.jar"), classes, Map.of("Premain-Class", "dev.cmdgate.lookalike.Premain"));
        for (String mode : List.of("direct", "shell=JAVA_TOOL_OPTIONS=-javaagent:" + jar + " exec {java}")) {
            Files.writeString(victim.resolve("keep.txt"), "precious\n");
            Run run = parent(jdk, mode, "autonomy=full,prompt=deny", mode.equals("direct") ? "-javaagent:" + jar : "-Xss1m");
            // another agent could change java.base's classes around cmdgate; below a shell, setting JAVA_TOOL_OPTIONS
            // replaces the agent cmdgate put there: unverifiable both
            assertSpawnRefused(run, touched, mode.equals("direct") ? "another Java agent" : "JAVA_TOOL_OPTIONS");
            assertThat(run.stdout()).doesNotContain("LOOKALIKE premain");
        }
    }

    /** An agent jar whose premain and agentmain create {@code marker}: it ran if the file exists. */
    private Path markerAgent(Path marker, Map<String, String> more) throws IOException {
        Path classes = Files.createDirectories(tmp.resolve("marker-agent"));
        JavaSources.compile(classes, "acme.MarkerAgent", """
                package acme;
                public final class MarkerAgent {
                    public static void premain(String a, java.lang.instrument.Instrumentation i) throws Exception {
                        java.nio.file.Files.createFile(java.nio.file.Path.of("%s"));
                    }
                    public static void agentmain(String a, java.lang.instrument.Instrumentation i) throws Exception {
                        premain(a, i);
                    }
                    public static void main(String[] a) {
                    }
                }
                """.formatted(marker));
        Map<String, String> manifest = new java.util.HashMap<>(Map.of("Premain-Class", "acme.MarkerAgent", "Agent-Class", "acme.MarkerAgent"));
        manifest.putAll(more);
        return JavaSources.jar(tmp.resolve("marker-agent-" + more.size() + ".jar"), classes, manifest);
    }

    @OnEachJdk
    void anotherAgentAnywhereTheChildWouldReadItIsRefused(Jdk jdk) throws IOException {
        Path marker = tmp.resolve("agent-ran");
        Path agent = markerAgent(marker, Map.of());
        // on the command line, and in the variables a direct java launch reads before the agent cmdgate puts first
        for (String option : List.of("-javaagent:" + agent, "env:JDK_JAVA_OPTIONS=-javaagent:" + agent,
                "env:JAVA_TOOL_OPTIONS=-javaagent:" + agent)) {
            Run run = parent(jdk, "direct", "autonomy=full,prompt=deny", option);
            assertSpawnRefused(run, marker, "another Java agent");
            assertThat(touched).doesNotExist();
        }
        // an executable jar whose manifest starts an agent before its main class
        String classPath = ForkedJvm.APP_CLASSES.toUri().toString();
        Path launcherAgent = markerAgent(marker, Map.of("Main-Class", Commands.class.getName(), "Class-Path", classPath,
                "Launcher-Agent-Class", "acme.MarkerAgent"));
        assertSpawnRefused(parent(jdk, "jar=" + launcherAgent, "autonomy=full,prompt=deny"), marker, "another Java agent");
        // options that let an agent be loaded into the running child
        for (String option : List.of("-Djdk.attach.allowAttachSelf=true", "-XX:+EnableDynamicAgentLoading")) {
            assertSpawnRefused(parent(jdk, "direct", "autonomy=full,prompt=deny", option), touched, "loaded into it while it runs");
        }
    }

    @OnEachJdk
    void aChildWithADebuggerAgentIsRefused(Jdk jdk) {
        for (String option : List.of("-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0",
                "-Xrunjdwp:transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0")) {
            assertSpawnRefused(parent(jdk, "direct", "autonomy=full,prompt=deny", option), touched, "debugger agent (JDWP)");
        }
    }

    @OnEachJdk
    void optionFilesAreReadAsTheJdkReadsThem(Jdk jdk) throws IOException {
        Path marker = tmp.resolve("touched-by-early-loader");
        String loader = "-Djava.system.class.loader=dev.cmdgate.it.apps.EarlyLoader";
        // the launcher ends an argfile comment at a carriage return, and joins a quoted line continued by a backslash
        Path cr = Files.writeString(tmp.resolve("cr.args"), "# build settings\r" + loader + " -Dit.marker=" + marker + "\n");
        Path cont = Files.writeString(tmp.resolve("cont.args"), "\"-Djava.system.class.loa\\\n    der=dev.cmdgate.it.apps.EarlyLoader\""
                + " -Dit.marker=" + marker + "\n");
        // HotSpot's -XX:Flags= ends a token at a newline inside quotes; its -XX:VMOptionsFile= knows no escapes
        Path flags = Files.writeString(tmp.resolve("flags"), "MaxHeapSize='64m\nOnOutOfMemoryError=\"touch " + marker + "\"\n");
        Path vmq = Files.writeString(tmp.resolve("vmq.opts"), "\"-Dx=\\\" " + loader + " -Dit.marker=" + marker + " \"-Dy=1\"\n");
        for (String option : List.of("@" + cr, "@" + cont, "-XX:Flags=" + flags, "-XX:VMOptionsFile=" + vmq, "-XXaltjvm=" + tmp)) {
            assertSpawnRefused(parent(jdk, "direct", "autonomy=full,prompt=deny", option), marker, "unverifiable code");
            assertThat(touched).doesNotExist();
        }
    }

    @OnEachJdk
    void aSystemClassLoaderThatWouldRunBeforeCmdgateIsRefused(Jdk jdk) {
        Path marker = tmp.resolve("touched-by-early-loader");
        Run run = parent(jdk, "direct", "autonomy=full,prompt=deny", "-Dit.marker=" + marker,
                "-Djava.system.class.loader=dev.cmdgate.it.apps.EarlyLoader");
        assertSpawnRefused(run, marker, "system class loader");
        Audit.Line spawn = Audit.read(audit).only(l -> l.argv().contains(Commands.class.getName()), "the spawn");
        assertThat(spawn.commandClass()).isEqualTo("Destructive");
        assertThat(spawn.outcome()).isEqualTo("blocked");
    }

    @OnEachJdk
    void removingJavaToolOptionsBelowAShellOrAWrapperOrPreloadingALibraryIsRefused(Jdk jdk) {
        for (String template : List.of("unset JAVA_TOOL_OPTIONS; exec {java}", "env -u JAVA_TOOL_OPTIONS {java}",
                "JAVA_TOOL_OPTIONS= exec {java}", "env -i {java}", "export -n JAVA_TOOL_OPTIONS; exec {java}",
                "LD_PRELOAD=" + tmp.resolve("none.so") + " exec {java}",
                "declare -n r=JAVA_TOOL_OPTIONS; unset r; exec {java}", "setpriv --reset-env {java}")) {
            Run run = parent(jdk, "shell=" + template, "autonomy=full,prompt=deny");
            assertSpawnRefused(run, touched, "unverifiable code");
        }
    }

    @OnEachJdk
    void anExecutableJarWhoseManifestOpensTheLauncherIsRefused(Jdk jdk) throws IOException {
        String classPath = ForkedJvm.APP_CLASSES.toUri().toString();
        Path opens = JavaSources.jar(tmp.resolve("opens.jar"), null, Map.of("Main-Class", Commands.class.getName(),
                "Class-Path", classPath, "Add-Opens", "java.base/java.lang"));
        assertSpawnRefused(parent(jdk, "jar=" + opens, "autonomy=full,prompt=deny"), touched, "process launcher");
        // the same jar without Add-Opens runs, gated
        Path plain = JavaSources.jar(tmp.resolve("plain.jar"), null, Map.of("Main-Class", Commands.class.getName(),
                "Class-Path", classPath));
        Run run = parent(jdk, "jar=" + plain, "autonomy=full,prompt=deny");
        assertChildRefusedItsRm(run);
        assertThat(touched).exists();
    }

    @OnEachJdk
    void aCopyOfCmdgatesStartUpClassOnTheChildsClassPathIsRefused(Jdk jdk) throws IOException {
        String premain;
        try (java.util.jar.JarFile j = new java.util.jar.JarFile(ForkedJvm.AGENT_JAR.toFile())) {
            premain = j.getManifest().getMainAttributes().getValue("Premain-Class");
        }
        Path shadow = Files.createDirectories(tmp.resolve("shadow"));
        String pkg = premain.substring(0, premain.lastIndexOf('.'));
        JavaSources.compile(shadow, premain, "package " + pkg + ";\npublic final class Premain {\n"
                + "    public static void premain(String a, java.lang.instrument.Instrumentation i) {\n"
                + "        System.out.println(\"SHADOW premain\");\n    }\n}\n");
        Run run = parent(jdk, "cp+=" + shadow, "autonomy=full,prompt=deny");
        assertSpawnRefused(run, touched, "cmdgate's own start-up code");
        assertThat(run.stdout()).doesNotContain("SHADOW premain");
    }

    @OnEachJdk
    void childrenOffLeavesTheChildUngated(Jdk jdk) {
        Run run = parent(jdk, "direct", "autonomy=full,prompt=deny,children=off");
        assertThat(run.result("child-rm").ok()).as(run.describe()).isTrue();
        assertThat(victim).doesNotExist();
        Audit log = Audit.read(audit);
        assertThat(log.lines()).as(log.dump()).hasSize(1);   // the spawn only: nothing from the child
    }
}
