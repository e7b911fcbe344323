package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.json.JsonParser;
import dev.cmdgate.it.apps.ExitStatuses;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.KafkaBroker;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Rsyslog;
import dev.cmdgate.it.support.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit file shipped by infrastructure teams already run, end to end: gated JVMs append to the audit
 * file (rotated at 64 KiB), Debian's rsyslogd tails it ({@code imfile}) into a real Kafka broker
 * ({@code omkafka}, KRaft, started by the test), and a consumer reads the topic back. Every line of every
 * audit file arrives unchanged — so the hash chain can be checked at the store — including lines written
 * while the shipper was stopped and lines of a file that was rotated away.
 */
class AuditShippingIT {

    private static final Duration ARRIVAL = Duration.ofSeconds(90);

    @TempDir
    static Path shared;
    private static KafkaBroker broker;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = KafkaBroker.start(Dirs.mkdir(shared, "kafka"));
    }

    @AfterAll
    static void stopBroker() throws InterruptedException {
        if (broker != null) {
            broker.close();
        }
    }

    @OnEachJdk
    void every_audit_line_reaches_kafka_across_a_shipper_restart_and_a_rotation(Jdk jdk) throws Exception {
        Path audit = tmp.resolve("audit.jsonl");
        String topic = "cmdgate-audit-jdk" + jdk.feature();
        try (Rsyslog shipper = new Rsyslog(Dirs.mkdir(tmp, "rsyslog"), audit, broker.bootstrap(), topic)) {
            shipper.start();
            launch(jdk, audit, 20);
            shipper.stop();
            launch(jdk, audit, 20);   // written while nothing ships: read from the kept offset on restart
            shipper.start();
            launch(jdk, audit, 60);   // past 64 KiB: the file is rotated while it is shipped
            assertThat(tmp.resolve("audit.jsonl.1")).as("the audit file was rotated").exists();

            List<String> written = auditLines(audit);
            Set<String> ids = new HashSet<>();
            for (String line : written) {
                ids.add((String) JsonParser.parseObject(line).get("decision_id"));
            }
            assertThat(ids).as("decisions and exits of 100 launches, in three JVMs").hasSizeGreaterThan(100);
            List<String> arrived = broker.read(topic, ARRIVAL, got -> new HashSet<>(got).containsAll(written));
            assertThat(new HashSet<>(arrived)).as("every line of every audit file, unchanged; the broker says:\n"
                    + broker.log()).containsAll(written);
        }
    }

    /** One gated JVM launching {@code true}/{@code false} n times (plus one), each with a decision and an exit line. */
    private void launch(Jdk jdk, Path audit, int n) {
        Run run = ForkedJvm.on(jdk).in(Dirs.mkdir(tmp, "work")).withAgent("autonomy=full").cmdgate("audit", audit)
                .cmdgate("audit.rotate.size", "64K").main(ExitStatuses.class).args(List.of(String.valueOf(n))).run();
        assertThat(run.exit()).as(run.describe()).isZero();
    }

    /** Every line of the audit file and its rotated predecessors. */
    private List<String> auditLines(Path audit) throws IOException {
        List<String> lines = new ArrayList<>();
        for (int i = 1; Files.exists(Path.of(audit + "." + i)); i++) {
            lines.addAll(Files.readAllLines(Path.of(audit + "." + i), StandardCharsets.UTF_8));
        }
        lines.addAll(Files.readAllLines(audit, StandardCharsets.UTF_8));
        lines.removeIf(String::isBlank);
        return lines;
    }
}
