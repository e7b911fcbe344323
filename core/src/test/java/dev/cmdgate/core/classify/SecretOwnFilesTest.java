package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.LaunchSite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A file of the gate's that holds its credential (a token file, a signing key) is a credential store to every
 * launch that reads it, by any reader the rules know, as {@code /proc/PID/environ} is; the gate's other files
 * (the rules, the audit file) stay readable.
 */
class SecretOwnFilesTest {

    @TempDir
    Path tmp;

    private Path gate;
    private CommandClassifier c;

    @BeforeEach
    void setUp() throws IOException {
        Path home = Files.createDirectories(tmp.resolve("home"));
        gate = Files.createDirectories(tmp.resolve("srv/gate"));
        Files.writeString(gate.resolve("dp.token"), "");
        Files.writeString(gate.resolve("user.rules"), "");
        OwnFiles own = OwnFiles.builder(home.toString())
                .addSecret(gate.resolve("dp.token"), "the decision point's token file")
                .add(gate.resolve("user.rules"), OwnFiles.Kind.FILE, "the rules file")
                .build();
        c = Classifiers.standard(null, own);
    }

    private Classification classify(String line) {
        return c.classifyArgv(List.of("sh", "-c", line.replace("GATE", gate.toString())), Map.of(),
                LaunchSite.of(gate.getParent().toString(), List::of));
    }

    @ParameterizedTest
    @ValueSource(strings = {"cat GATE/dp.token", "grep -r tk GATE", "tr -d x < GATE/dp.token", "cat gate/dp.token",
            "cp GATE/dp.token /tmp/x", "head -c 99 GATE/../gate/dp.token"})
    void readingTheTokenFileIsACredentialRead(String line) {
        Classification r = classify(line);
        assertThat(r.commandClass()).as(line).isIn(CommandClass.NETWORK, CommandClass.DESTRUCTIVE);
        assertThat(r.findings()).as(line).anyMatch(f -> f.commandClass() == CommandClass.DESTRUCTIVE
                && f.reason().contains("reads a credential store") && f.reason().contains("gate"));
    }

    @Test
    void theGatesOtherFilesStayReadable() {
        assertThat(classify("cat GATE/user.rules").commandClass()).isEqualTo(CommandClass.READ);
        assertThat(classify("ls -l GATE").commandClass()).isEqualTo(CommandClass.READ);
    }
}
