package dev.cmdgate.agent.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.audit.ReadOnlyFileSystem;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.prompt.PromptResolver;
import dev.cmdgate.agent.watchdog.ProcessWatchdog;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An audit file on a read-only file system (EROFS), which the forked tests can only reach on a machine
 * that has a read-only mount: the sink's path lives on {@link ReadOnlyFileSystem}, so every write fails
 * with the JDK's EROFS error. The launch decision is checked before any process would start, without
 * starting one.
 */
@Timeout(60)
class LaunchGuardAuditFailureTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedErr;

    @BeforeEach
    void captureStderr() {
        savedErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreStderr() {
        System.setErr(savedErr);
    }

    private JdkHandoff guard(Path audit, AgentConfig.AuditFailure failure) {
        GateScheme scheme = new GateScheme.ByAutonomy(Autonomy.READONLY);
        AgentConfig config = new AgentConfig(scheme, AgentConfig.Mode.ENFORCE, null, "deny", Duration.ofSeconds(5),
                audit, failure, null, AgentConfig.StdinMode.OFF, null);
        Gatekeeper gatekeeper = new Gatekeeper(Classifiers.standard(null), scheme, null);
        return Handoffs.over(config, gatekeeper, audit, new PromptResolver("deny", Duration.ofSeconds(5)));
    }

    private static void echo(JdkHandoff g, String word) {
        g.checkStart(new String[] {"echo", word}, null, null, new Redirect[3], false);
    }

    private List<String> stderrLines(String containing) {
        return err.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains(containing)).toList();
    }

    @Test
    void aReadOnlyFileSystemRefusesEvenAReadNamingTheFileAndSaysSoOnce() {
        Path audit = ReadOnlyFileSystem.path(dir.resolve("audit.jsonl").toString());
        JdkHandoff g = guard(audit, AgentConfig.AuditFailure.BLOCK);

        for (String word : List.of("one", "two", "three")) {
            assertThatThrownBy(() -> echo(g, word)).isInstanceOf(SecurityException.class)
                    .hasMessageStartingWith("cmdgate: blocked echo " + word)
                    .hasMessageContaining("the audit file").hasMessageContaining("cannot be written")
                    .hasMessageContaining(audit.toString())
                    .hasMessageContaining(ReadOnlyFileSystem.EROFS);
        }
        assertThat(stderrLines("cannot write the audit file")).as(err.toString(StandardCharsets.UTF_8))
                .singleElement().asString().contains(audit.toString(), ReadOnlyFileSystem.EROFS, "launches are refused");
        assertThat(stderrLines("cmdgate: blocked echo")).hasSize(3);
    }

    @Test
    void withAuditFailureContinueTheLaunchesGoOnAndTheOutageIsSaidOnce() {
        Path audit = ReadOnlyFileSystem.path(dir.resolve("audit.jsonl").toString());
        JdkHandoff g = guard(audit, AgentConfig.AuditFailure.CONTINUE);

        for (String word : List.of("one", "two", "three")) {
            assertThatCode(() -> echo(g, word)).doesNotThrowAnyException();
        }
        assertThat(stderrLines("cannot write the audit file")).as(err.toString(StandardCharsets.UTF_8))
                .singleElement().asString().contains(ReadOnlyFileSystem.EROFS, "unaudited");
        assertThat(stderrLines("cmdgate: blocked")).isEmpty();
    }
}
