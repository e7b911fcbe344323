package dev.cmdgate.agent.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.policy.Passport;
import dev.cmdgate.core.policy.RemotePassports;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * What the MBean says of a policy server's policy (the stale alert of docs/monitoring.md reads it), on a
 * clock the test moves: stale until a policy is in force, fresh after a fetch, stale once no check has
 * succeeded for longer than {@code policy.stale} (under {@code on-stale=keep} too, where launches go on),
 * fresh again after a confirmation.
 */
class PolicyStatusTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void aServersPolicyIsStaleUntilFetchedAndOnceNoCheckSucceededWithinTheLimit() {
        AtomicLong now = new AtomicLong(1000 * SECOND);
        RemotePassports passports = new RemotePassports("https://policy.example/p", Duration.ofSeconds(30),
                RemotePassports.OnStale.KEEP, Duration.ZERO, now::get);
        PolicyStatus s = new PolicyStatus.Remote(passports);
        assertThat(s.source()).isEqualTo("url");
        assertThat(s.stale()).as("nothing in force yet").isTrue();
        assertThat(s.ageSeconds()).isEqualTo(-1);
        assertThat(s.revision()).isEmpty();

        Passport p = Passport.parse("{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":"
                + "{\"allowed_commands\":[\"*\"],\"max_execution_time\":1}}}", "t");
        passports.activate(p, "r7", "sha256:abc", "\"e1\"", now.get());
        now.addAndGet(5 * SECOND);
        assertThat(s.stale()).isFalse();
        assertThat(s.ageSeconds()).isEqualTo(5);
        assertThat(s.revision()).isEqualTo("r7");

        now.addAndGet(26 * SECOND);
        assertThat(s.stale()).as("31 s since the last check, the limit is 30 s").isTrue();
        assertThat(s.ageSeconds()).isEqualTo(31);

        passports.confirm("\"e1\"", now.get());
        assertThat(s.stale()).as("confirmed: fresh again").isFalse();
        assertThat(s.ageSeconds()).isZero();
    }

    @Test
    void aPassportFileOrNoPolicyIsNeverStale() {
        assertThat(new PolicyStatus.None().stale()).isFalse();
        assertThat(new PolicyStatus.None().ageSeconds()).isEqualTo(-1);
        assertThat(new PolicyStatus.File(java.nio.file.Path.of("/nonexistent/passport.json")).stale()).isFalse();
        assertThat(new PolicyStatus.File(java.nio.file.Path.of("/nonexistent/passport.json")).ageSeconds()).isEqualTo(-1);
    }
}
