package dev.cmdgate.agent.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each event line, byte for byte as docs/audit.md shows it, and as the sink ends it. */
class AuditEventTest {

    private static final Instant T = Instant.parse("2026-11-30T17:16:45.590213Z");
    private static final String HEAD = "{\"time\":\"2026-11-30T17:16:45.590213Z\",\"event\":";

    @TempDir
    Path dir;

    private static String json(AuditEvent e) {
        StringBuilder b = new StringBuilder();
        AuditEvent.appendTo(e, b);
        return b.toString();
    }

    @Test
    void theLaunchEvents() {
        assertThat(json(new AuditEvent.Exit(T, "d-1", 42, null, 7)))
                .isEqualTo(HEAD + "\"exit\",\"decision_id\":\"d-1\",\"pid\":42,\"exit\":null,\"ran_ms\":7}");
        assertThat(json(new AuditEvent.Exit(T, "d-1", 42, 3, 7))).contains("\"exit\":3,");
        assertThat(json(new AuditEvent.WatchdogKill(T, "d-1", List.of("sleep", "30"), 42, 1000, 1003, List.of(43L, 44L))))
                .isEqualTo(HEAD + "\"watchdog_kill\",\"decision_id\":\"d-1\",\"argv\":[\"sleep\",\"30\"],\"pid\":42,"
                        + "\"limit_ms\":1000,\"ran_ms\":1003,\"descendants\":[43,44]}");
        assertThat(json(new AuditEvent.WatchdogSweep(T, "d-1", 42, List.of(45L), List.of())))
                .isEqualTo(HEAD + "\"watchdog_sweep\",\"decision_id\":\"d-1\",\"pid\":42,\"killed_later\":[45],\"survivors\":[]}");
    }

    @Test
    void thePolicyEvents() {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("from", "server");
        assertThat(json(new AuditEvent.Policy(AuditEvent.Policy.ACTIVATED, T, "e-1", "https://p/x",
                new AuditEvent.PolicyVersion(null, "sha256:ab", "pp-1"), details, "in force")))
                .isEqualTo(HEAD + "\"policy_activated\",\"decision_id\":\"e-1\",\"source\":\"https://p/x\",\"revision\":null,"
                        + "\"digest\":\"sha256:ab\",\"passport_id\":\"pp-1\",\"from\":\"server\",\"message\":\"in force\"}");
        assertThat(json(new AuditEvent.Policy(AuditEvent.Policy.CHECK_RECOVERED, T, "e-2", "https://p/x", null, Map.of(),
                "answers again")))
                .isEqualTo(HEAD + "\"policy_check_recovered\",\"decision_id\":\"e-2\",\"source\":\"https://p/x\","
                        + "\"message\":\"answers again\"}");
    }

    @Test
    void theFilesOwnEvents() {
        assertThat(json(new AuditEvent.Rotated(T, "e-3", "audit.jsonl.1")))
                .isEqualTo(HEAD + "\"audit_rotated\",\"decision_id\":\"e-3\",\"previous_file\":\"audit.jsonl.1\"}");
        assertThat(json(new AuditEvent.ChainSigned(T, "e-4", "k1", "ed25519:c2ln")))
                .isEqualTo(HEAD + "\"audit_signature\",\"decision_id\":\"e-4\",\"key_id\":\"k1\",\"signature\":\"ed25519:c2ln\"}");
    }

    @Test
    void theSinkEndsAnEventLikeEveryLineAndReadersTellItFromADecision() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        new AuditSink(file, new JvmIdentity(7, "com.acme.Main", "p-1")).write(new AuditEvent.Exit(T, "d-1", 42, 0, 7));
        String line = Files.readAllLines(file).get(0);
        assertThat(line).startsWith(HEAD + "\"exit\",\"decision_id\":\"d-1\",\"pid\":42,\"exit\":0,\"ran_ms\":7,"
                + "\"jvm\":{\"pid\":7,\"main\":\"com.acme.Main\"},\"parent_decision_id\":\"p-1\",\"prev_hash\":\"" + AuditChain.GENESIS);
        assertThat(AuditLine.kind(JsonParser.parseObject(line))).isEqualTo(AuditLine.Kind.EVENT);
        assertThat(AuditLine.kind(Map.of("argv", List.of(), "precheck", "block"))).isEqualTo(AuditLine.Kind.PRECHECK);
        assertThat(AuditLine.kind(Map.of("argv", List.of()))).isEqualTo(AuditLine.Kind.DECISION);
    }
}
