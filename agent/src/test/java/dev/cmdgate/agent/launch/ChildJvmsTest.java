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
        assertThat(options).isEqualTo("-Xmx64m '-javaagent:" + jar + "=autonomy=supervised,sealed=true'");
        assertThat(JvmOptionWords.split(options)).containsExactly("-Xmx64m", "-javaagent:" + jar + "=autonomy=supervised,sealed=true");
        assertThat(h.environment()).containsEntry("PATH", "/usr/bin:/bin").containsEntry(AuditSink.PARENT_VARIABLE, "d-4");
        // a script called java is not a JVM
        Path fake = Files.writeString(dir.resolve("java"), "#!/bin/sh\n");
        assertThat(c.hand(List.of(fake.toString(), "-jar", "x"), Map.of(), dir.toString(), "d-5").argv())
                .containsExactly(fake.toString(), "-jar", "x");
    }

    @Test
    void aLaunchThatCarriesTheAgentAlreadyKeepsIt() throws Exception {
        Path jar = Files.writeString(dir.resolve("cmdgate.jar"), "");
        ChildJvms c = children(jar);
        List<String> given = List.of(JAVA, "-javaagent:" + jar + "=autonomy=full", "-jar", "app.jar");
        assertThat(c.hand(given, null, dir.toString(), "d-6").argv()).isEqualTo(given);
        Map<String, String> env = Map.of("JAVA_TOOL_OPTIONS", "\"-javaagent:" + jar + "=mode=audit\"");
        ChildJvms.Handed h = c.hand(List.of(JAVA, "-jar", "app.jar"), env, dir.toString(), "d-7");
        assertThat(h.argv()).containsExactly(JAVA, "-jar", "app.jar");
        assertThat(h.environment()).containsEntry("JAVA_TOOL_OPTIONS", env.get("JAVA_TOOL_OPTIONS"))
                .containsEntry(AuditSink.PARENT_VARIABLE, "d-7");
        // another agent is not cmdgate's
        ChildJvms.Handed other = c.hand(List.of(JAVA, "-javaagent:/opt/other.jar", "-jar", "app.jar"), null, dir.toString(), "d-8");
        assertThat(other.argv()).hasSize(5);
    }
}
