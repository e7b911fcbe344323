package dev.cmdgate.agent.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.agent.audit.AuditSink;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Handing cmdgate on to the JVMs a gated JVM launches: argument, -J, JAVA_TOOL_OPTIONS, never twice. */
class ChildJvmsTest {

    @TempDir
    Path dir;

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final String JSHELL = Path.of(System.getProperty("java.home"), "bin", "jshell").toString();

    private ChildJvms children(Path jar) {
        return new ChildJvms(jar, "autonomy=supervised,sealed=true");
    }

    @Test
    void theJdksJavaGetsTheAgentAsItsFirstArgument() throws Exception {
        Path jar = Files.writeString(dir.resolve("cmdgate.jar"), "");
        ChildJvms c = children(jar);
        ChildJvms.Handed h = c.hand(List.of(JAVA, "-jar", "app.jar", "x"), null, dir.toString(), "d-1");
        assertThat(h.argv()).containsExactly(JAVA, "-javaagent:" + jar + "=autonomy=supervised,sealed=true", "-jar", "app.jar", "x");
        assertThat(h.environment()).containsEntry(AuditSink.PARENT_VARIABLE, "d-1");
        assertThat(h.environment().get(ChildJvms.TOOL_OPTIONS)).isEqualTo(System.getenv(ChildJvms.TOOL_OPTIONS));
        // a version query runs nothing: launched as it is
        assertThat(c.hand(List.of(JAVA, "-version"), null, dir.toString(), "d-2").argv()).containsExactly(JAVA, "-version");
        // the JDK's tools get it through -J
        assertThat(c.hand(List.of(JSHELL, "-q"), null, dir.toString(), "d-3").argv())
                .containsExactly(JSHELL, "-J-javaagent:" + jar + "=autonomy=supervised,sealed=true", "-q");
    }

    @Test
    void anythingElseGetsItInJavaToolOptionsKeepingWhatWasThere() throws Exception {
        Path jar = Files.writeString(dir.resolve("my cmdgate.jar"), "");
        ChildJvms c = children(jar);
        Map<String, String> env = Map.of("JAVA_TOOL_OPTIONS", "-Xmx64m", "PATH", "/usr/bin:/bin");
        ChildJvms.Handed h = c.hand(List.of("sh", "-c", "java -jar app.jar"), env, dir.toString(), "d-4");
        assertThat(h.argv()).containsExactly("sh", "-c", "java -jar app.jar");
        String options = h.environment().get("JAVA_TOOL_OPTIONS");
        // first: an agent the application put there would otherwise start before cmdgate
        assertThat(options).isEqualTo("'-javaagent:" + jar + "=autonomy=supervised,sealed=true' -Xmx64m");
        assertThat(JvmOptionWords.split(options)).containsExactly("-javaagent:" + jar + "=autonomy=supervised,sealed=true", "-Xmx64m");
        assertThat(h.environment()).containsEntry("PATH", "/usr/bin:/bin").containsEntry(AuditSink.PARENT_VARIABLE, "d-4");
        // a script called java is not a JVM
        Path fake = Files.writeString(dir.resolve("java"), "#!/bin/sh\n");
        assertThat(c.hand(List.of(fake.toString(), "-jar", "x"), Map.of(), dir.toString(), "d-5").argv())
                .containsExactly(fake.toString(), "-jar", "x");
    }

    @Test
    void cmdgateWithSettingsTheApplicationChoseIsReplacedByThisJvmsSealedOnes() throws Exception {
        Path jar = Files.writeString(dir.resolve("cmdgate.jar"), "");
        String ours = "-javaagent:" + jar + "=autonomy=supervised,sealed=true";
        ChildJvms c = children(jar);
        assertThat(c.hand(List.of(JAVA, "-javaagent:" + jar + "=autonomy=full,mode=audit", "-jar", "app.jar"), null,
                dir.toString(), "d-6").argv()).containsExactly(JAVA, ours, "-jar", "app.jar");
        // the exact sealed option given twice is still one agent
        assertThat(c.hand(List.of(JAVA, ours, "-cp", ".", "Main"), null, dir.toString(), "d-6").argv())
                .containsExactly(JAVA, ours, "-cp", ".", "Main");
        // cmdgate in an options variable (as ./cmdgate run puts it) is taken out there
        Map<String, String> env = Map.of("JAVA_TOOL_OPTIONS", "-Xmx64m \"-javaagent:" + jar + "=mode=audit\"",
                "JDK_JAVA_OPTIONS", "-javaagent:" + jar);
        ChildJvms.Handed h = c.hand(List.of(JAVA, "-jar", "app.jar"), env, dir.toString(), "d-7");
        assertThat(h.argv()).containsExactly(JAVA, ours, "-jar", "app.jar");
        assertThat(h.environment()).containsEntry("JAVA_TOOL_OPTIONS", "-Xmx64m").containsEntry("JDK_JAVA_OPTIONS", "")
                .containsEntry(AuditSink.PARENT_VARIABLE, "d-7");
        ChildJvms.Handed shell = c.hand(List.of("sh", "-c", "java -jar app.jar"), env, dir.toString(), "d-8");
        assertThat(JvmOptionWords.split(shell.environment().get("JAVA_TOOL_OPTIONS"))).containsExactly(ours, "-Xmx64m");
        // a jar reached through a link is cmdgate's jar too
        Path link = Files.createSymbolicLink(dir.resolve("link.jar"), jar);
        assertThat(c.hand(List.of(JAVA, "-javaagent:" + link + "=mode=audit", "-cp", ".", "Main"), null, dir.toString(), "d-9")
                .argv()).containsExactly(JAVA, ours, "-cp", ".", "Main");
    }

    @Test
    void onlyTheJvmsOwnOptionsCountAndOnlyCmdgatesJarIsCmdgate() throws Exception {
        Path jar = Files.writeString(dir.resolve("cmdgate.jar"), "");
        String ours = "-javaagent:" + jar + "=autonomy=supervised,sealed=true";
        ChildJvms c = children(jar);
        // an argument of the main class that looks like cmdgate's agent is the application's: the JVM gets cmdgate
        assertThat(c.hand(List.of(JAVA, "-cp", ".", "Main", "-javaagent:" + jar), null, dir.toString(), "d-10").argv())
                .containsExactly(JAVA, ours, "-cp", ".", "Main", "-javaagent:" + jar);
        assertThat(c.hand(List.of(JAVA, "-jar", "app.jar", ours), null, dir.toString(), "d-11").argv())
                .containsExactly(JAVA, ours, "-jar", "app.jar", ours);
        // another jar is another agent, whatever its manifest says (dev.cmdgate.* premain or not): cmdgate comes first
        Path lookalike = UngatedJvmsTest.jar(dir.resolve("lookalike.jar"), Map.of("Premain-Class", "dev.cmdgate.boot.Premain"));
        assertThat(c.hand(List.of(JAVA, "-javaagent:" + lookalike, "-jar", "app.jar"), null, dir.toString(), "d-12").argv())
                .containsExactly(JAVA, ours, "-javaagent:" + lookalike, "-jar", "app.jar");
        ChildJvms.Handed h = c.hand(List.of("sh", "-c", "java -jar app.jar"), Map.of("JAVA_TOOL_OPTIONS", "-javaagent:" + lookalike),
                dir.toString(), "d-13");
        assertThat(JvmOptionWords.split(h.environment().get("JAVA_TOOL_OPTIONS"))).containsExactly(ours, "-javaagent:" + lookalike);
        // the JDK's tools: -J options only
        assertThat(c.hand(List.of(JSHELL, "-J-javaagent:" + jar + "=mode=audit", "-q"), null, dir.toString(), "d-14").argv())
                .containsExactly(JSHELL, "-J" + ours, "-q");
    }
}
