package dev.cmdgate.core.policy;

import static dev.cmdgate.core.policy.Trees.cmd;
import static dev.cmdgate.core.policy.Trees.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.Reason;
import dev.cmdgate.core.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OapPolicyTest {

    @TempDir
    Path tmp;

    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-02-14T22:00:00.750Z"), ZoneOffset.UTC);

    static LaunchFacts ls() {
        return LaunchFacts.of(List.of("ls"), Path.of("/workspace"), Map.of(), null, tree(cmd("ls")));
    }

    Path write(String status) throws IOException {
        return write(tmp.resolve("passport.json"), Passports.json(status, Passports.CAP, Passports.SEED_LIMITS));
    }

    /** Replaces the file atomically, as editors and deploy tools do. */
    Path write(Path file, String content) throws IOException {
        Path t = Files.writeString(tmp.resolve("tmp-" + UUID.randomUUID()), content);
        return Files.move(t, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    @Test
    void allowDecisionHasTheSeedFields() throws IOException {
        OapPolicy policy = OapPolicy.load(write("active")).withClock(CLOCK);
        OapDecision d = policy.evaluate(ls());
        Map<String, Object> json = d.toJson();
        assertThat(json.keySet()).containsExactly("decision_id", "policy_id", "passport_id", "owner_id", "assurance_level",
                "allow", "reasons", "issued_at", "expires_at", "passport_digest");
        assertThat(UUID.fromString((String) json.get("decision_id")).toString()).isEqualTo(json.get("decision_id"));
        assertThat(json).containsEntry("policy_id", "system.command.execute.v1")
                .containsEntry("passport_id", "pass_abc123").containsEntry("owner_id", "org_12345")
                .containsEntry("assurance_level", "L0").containsEntry("allow", true)
                .containsEntry("issued_at", "2026-02-14T22:00:00Z").containsEntry("expires_at", "2026-02-14T22:01:00Z")
                .containsEntry("passport_digest", Passports.seed().digest());
        assertThat(Json.write(json.get("reasons"))).isEqualTo("[{\"code\":\"oap.allowed\",\"message\":\"All policy checks passed\"}]");
        assertThat(d.executionLimit()).contains(Duration.ofSeconds(300));
        assertThat(d.passportEvent()).isEmpty();
        assertThat(policy.evaluate(ls()).decisionId()).isNotEqualTo(d.decisionId());
    }

    @Test
    void denyDecisionListsEveryReasonPrimaryFirst() throws IOException {
        OapPolicy policy = OapPolicy.load(write("suspended")).withClock(CLOCK);
        OapDecision d = policy.evaluate(LaunchFacts.of(List.of("sudo", "ls"), Path.of("/workspace"), Map.of(), null,
                tree(cmd("sudo", "ls"), cmd("ls"))));
        assertThat(d.allow()).isFalse();
        assertThat(d.reasons()).extracting(Reason::code)
                .containsExactly("oap.passport_suspended", "oap.command_not_allowed", "oap.blocked_pattern");
        assertThat(d.primaryReason().code()).isEqualTo("oap.passport_suspended");
        assertThat(d.executionLimit()).isEmpty();
    }

    @Test
    void editingThePassportToSuspendedDeniesTheNextLaunch() throws IOException {
        Path f = write("active");
        OapPolicy policy = OapPolicy.load(f);
        assertThat(policy.evaluate(ls()).allow()).isTrue();
        write("suspended");
        OapDecision d = policy.evaluate(ls());
        assertThat(d.allow()).isFalse();
        assertThat(d.primaryReason().code()).isEqualTo("oap.passport_suspended");
        assertThat(d.passportEvent()).hasValueSatisfying(e -> {
            assertThat(e.kind()).isEqualTo(PassportEvent.Kind.RELOADED);
            assertThat(e.message()).startsWith("passport " + f + " reloaded: pass_abc123 is 'suspended' (sha256:");
        });
        assertThat(policy.evaluate(ls()).passportEvent()).isEmpty(); // reported once
        write("active");
        assertThat(policy.evaluate(ls()).allow()).isTrue();
    }

    @Test
    void inPlaceEditsAreSeenToo() throws IOException {
        Path f = write("active");
        OapPolicy policy = OapPolicy.load(f);
        assertThat(policy.evaluate(ls()).allow()).isTrue();
        Files.writeString(f, Passports.json("revoked", Passports.CAP, Passports.SEED_LIMITS)); // same inode, new size
        assertThat(policy.evaluate(ls()).primaryReason().code()).isEqualTo("oap.passport_suspended");
    }

    @Test
    void sameSizeSameTimestampEditsAreCaughtByTheContentRecheck() throws IOException {
        Path f = write("active");
        AtomicLong now = new AtomicLong(0);
        PassportSource source = PassportSource.open(f, 1000, now::get);
        OapPolicy policy = new OapPolicy(source, new PassportEvaluator(), null, CLOCK);
        var mtime = Files.getLastModifiedTime(f);
        Files.writeString(f, Passports.json("active", Passports.CAP, Passports.SEED_LIMITS).replace("\"ls\"", "\"xx\""));
        Files.setLastModifiedTime(f, mtime);
        assertThat(policy.evaluate(ls()).allow()).isTrue(); // stamp unchanged and recheck not due yet
        now.set(1_000_000_001L);
        OapDecision d = policy.evaluate(ls());
        assertThat(d.allow()).isFalse();
        assertThat(d.primaryReason().code()).isEqualTo("oap.command_not_allowed");
    }

    @Test
    void anInvalidEditDeniesEverythingAndIsReportedOnce() throws IOException {
        Path f = write("active");
        OapPolicy policy = OapPolicy.load(f).withClock(CLOCK);
        assertThat(policy.evaluate(ls()).allow()).isTrue();
        write(f, "{\"passport_id\": \"pass_abc123\", ");
        OapDecision d = policy.evaluate(ls());
        assertThat(d.allow()).isFalse();
        assertThat(d.reasons()).hasSize(1);
        assertThat(d.primaryReason().code()).isEqualTo("oap.passport_invalid");
        assertThat(d.primaryReason().message()).isEqualTo("The passport file cannot be used, so every command is denied: passport "
                + f + ": not valid JSON: line 1, column 32 (offset 31): unexpected end of input inside an object");
        assertThat(d.passportId()).isEqualTo("pass_abc123"); // the last good one, for the audit trail
        assertThat(d.passportDigest()).isNull();
        assertThat(d.toJson()).containsEntry("passport_digest", null);
        assertThat(d.passportEvent()).hasValueSatisfying(e -> {
            assertThat(e.kind()).isEqualTo(PassportEvent.Kind.INVALID);
            assertThat(e.message()).endsWith("every launch is denied until the passport file is fixed");
        });
        OapDecision again = policy.evaluate(ls());
        assertThat(again.allow()).isFalse();
        assertThat(again.passportEvent()).isEmpty();
        // a different problem is reported again
        write(f, Passports.json("active", Passports.CAP, "\"allowed_commands\": [\"ls\"]"));
        OapDecision other = policy.evaluate(ls());
        assertThat(other.primaryReason().message()).contains("max_execution_time is required");
        assertThat(other.passportEvent()).isPresent();
        // fixed: allowed again, and said so once
        write("active");
        OapDecision fixed = policy.evaluate(ls());
        assertThat(fixed.allow()).isTrue();
        assertThat(fixed.passportEvent()).hasValueSatisfying(e -> assertThat(e.kind()).isEqualTo(PassportEvent.Kind.RELOADED));
    }

    @Test
    void aDeletedPassportFileDeniesEverything() throws IOException {
        Path f = write("active");
        OapPolicy policy = OapPolicy.load(f);
        Files.delete(f);
        OapDecision d = policy.evaluate(ls());
        assertThat(d.allow()).isFalse();
        assertThat(d.primaryReason().message()).endsWith("passport " + f + ": file not found");
    }

    @Test
    void loadingAMissingPassportFails() {
        assertThatThrownBy(() -> OapPolicy.load(tmp.resolve("missing.json"))).isInstanceOf(PassportException.class)
                .hasMessage("passport " + tmp.resolve("missing.json") + ": file not found");
    }

    @Test
    void aChangeIsReportedToExactlyOneOfManyConcurrentCallers() throws Exception {
        Path f = write("active");
        OapPolicy policy = OapPolicy.load(f);
        policy.evaluate(ls());
        write("suspended");
        int threads = 16;
        CountDownLatch start = new CountDownLatch(1);
        ConcurrentLinkedQueue<OapDecision> out = new ConcurrentLinkedQueue<>();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> {
                try {
                    start.await();
                    for (int j = 0; j < 20; j++) {
                        out.add(policy.evaluate(ls()));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            t.start();
            ts.add(t);
        }
        start.countDown();
        for (Thread t : ts) {
            t.join();
        }
        assertThat(out).hasSize(threads * 20).allMatch(d -> !d.allow());
        assertThat(out.stream().filter(d -> d.passportEvent().isPresent()).count()).isEqualTo(1);
        Set<String> ids = new HashSet<>();
        out.forEach(d -> ids.add(d.decisionId()));
        assertThat(ids).hasSize(threads * 20);
    }

    @Test
    void fixedSourcesNeverChange() {
        OapPolicy policy = new OapPolicy(PassportSource.fixed(Passports.seed()), new PassportEvaluator(), null, CLOCK);
        assertThat(policy.evaluate(ls()).allow()).isTrue();
        assertThat(policy.source().file()).isNull();
    }

    @Test
    void aCustomCanonicalizerIsUsed() throws IOException {
        OapPolicy policy = OapPolicy.load(write("active"))
                .withCanonicalizer((program, args) -> args.contains("-Z") || args.contains("-rf")
                        ? Set.of("--recursive", "--force") : Set.of());
        OapDecision d = policy.evaluate(LaunchFacts.of(List.of("rm", "-Z", "x"), Path.of("/workspace"), Map.of(), null,
                tree(cmd("rm", "-Z", "x"))));
        assertThat(d.reasons()).extracting(Reason::code).containsExactly("oap.blocked_pattern");
    }
}
