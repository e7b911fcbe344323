package dev.cmdgate.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A kept passport stands in only while the server cannot be asked: launches wait for the first check of the run. */
class RemotePassportsTest {

    private static RemotePassports passports() {
        return new RemotePassports("https://policy.example/p", Duration.ofMinutes(5), RemotePassports.OnStale.BLOCK,
                Duration.ZERO, System::nanoTime);
    }

    @Test
    void aLaunchWaitsForTheFirstCheckAndGetsWhatItPutInForce() throws Exception {
        RemotePassports p = passports();
        Passport kept = Passports.seed();
        Passport served = Passports.active("\"allowed_commands\": [\"echo\"], \"max_execution_time\": 60");
        p.standIn(kept, "3", "sha256:kept", System.nanoTime(), Duration.ofSeconds(30));
        CompletableFuture<PassportSource.Snapshot> launch = CompletableFuture.supplyAsync(p::snapshot);
        Thread.sleep(300);
        assertThat(launch).as("waits for the first check").isNotDone();
        p.activate(served, "5", "sha256:served", null, System.nanoTime());
        p.checkCompleted();
        assertThat(launch.get(10, TimeUnit.SECONDS).passport()).contains(served);
    }

    @Test
    void whenTheCheckFailsOrTheWaitRunsOutTheKeptPassportDecides() throws Exception {
        RemotePassports p = passports();
        Passport kept = Passports.seed();
        p.standIn(kept, "3", "sha256:kept", System.nanoTime(), Duration.ofSeconds(30));
        CompletableFuture<PassportSource.Snapshot> launch = CompletableFuture.supplyAsync(p::snapshot);
        Thread.sleep(200);
        p.failed("connection refused");
        p.checkCompleted();
        assertThat(launch.get(10, TimeUnit.SECONDS).passport()).contains(kept);

        RemotePassports q = passports();
        q.standIn(kept, "3", "sha256:kept", System.nanoTime(), Duration.ofMillis(300));
        long t0 = System.nanoTime();
        assertThat(q.snapshot().passport()).contains(kept);
        assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(250));
    }
}
