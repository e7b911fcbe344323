package dev.cmdgate.agent.approvals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The journal keeps every request across a restart: a pending one stays pending until its deadline, one
 * whose deadline passed meanwhile is expired (a deny, never an allow), an answered one stays answered as it
 * was; a request is answered once, by the first of several approvers; an answer after the deadline is
 * refused; a post with a known id and other bytes is a conflict; a last line cut off by a crash is ignored.
 */
class ApprovalStoreTest {

    @TempDir
    Path dir;

    /** A clock the test moves. */
    static final class Manual extends Clock {
        Instant now = Instant.parse("2026-01-01T10:00:00Z");

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    final Manual clock = new Manual();

    private ApprovalStore open() throws Exception {
        return ApprovalStore.open(dir.resolve("journal"), clock, 100);
    }

    private static Map<String, Object> request(String id) {
        return Map.of("version", 1L, "decision_id", id, "argv", List.of("touch", "x"));
    }

    private Approval submit(ApprovalStore s, String id, int seconds) throws Exception {
        return s.submit(id, "sha-" + id, request(id), "loopback", clock.now.plusSeconds(seconds)).approval();
    }

    @Test
    void pending_and_answered_requests_survive_a_restart_and_a_passed_deadline_expires_as_deny() throws Exception {
        try (ApprovalStore s = open()) {
            submit(s, "a", 60);
            submit(s, "b", 60);
            submit(s, "c", 5);
            assertThat(s.answer("a", "allow", "alice", "web", "ok")).isEqualTo(ApprovalStore.Outcome.ANSWERED);
        }
        clock.now = clock.now.plusSeconds(10);
        try (ApprovalStore s = open()) {
            ApprovalStore.Snapshot snap = s.await("other epoch", -1, 0);
            assertThat(snap.pending()).extracting(Approval.Seen::id).containsExactly("b");
            assertThat(snap.history()).extracting(Approval.Seen::id).containsExactly("c", "a");
            Approval.Seen c = snap.history().get(0);
            assertThat(c.state()).isEqualTo(Approval.State.EXPIRED);
            assertThat(c.answer()).isEqualTo("deny");
            Approval.Seen a = snap.history().get(1);
            assertThat(a.answer()).isEqualTo("allow");
            assertThat(a.approver()).isEqualTo("alice");
            assertThat(a.note()).isEqualTo("ok");
            assertThat(s.answer("c", "allow", "bob", "web", null)).isEqualTo(ApprovalStore.Outcome.EXPIRED);
            assertThat(s.answer("b", "deny", "bob", "web", null)).isEqualTo(ApprovalStore.Outcome.ANSWERED);
        }
    }

    @Test
    void an_answer_after_the_deadline_is_refused_and_the_request_is_denied() throws Exception {
        try (ApprovalStore s = open()) {
            Approval a = submit(s, "late", 5);
            clock.now = clock.now.plusSeconds(5);
            assertThat(s.answer("late", "allow", "alice", "web", null)).isEqualTo(ApprovalStore.Outcome.EXPIRED);
            assertThat(s.awaitEnd(a, 0).state()).isEqualTo(Approval.State.EXPIRED);
            assertThat(s.awaitEnd(a, 0).answer()).isEqualTo("deny");
        }
    }

    @Test
    void of_two_approvers_answering_at_once_exactly_one_is_recorded() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try (ApprovalStore s = open()) {
            for (int round = 0; round < 50; round++) {
                String id = "r" + round;
                submit(s, id, 60);
                CountDownLatch go = new CountDownLatch(1);
                List<Future<ApprovalStore.Outcome>> answers = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    String who = "approver" + i;
                    String answer = i % 2 == 0 ? "allow" : "deny";
                    answers.add(pool.submit(() -> {
                        go.await();
                        return s.answer(id, answer, who, "web", null);
                    }));
                }
                go.countDown();
                int answered = 0;
                for (Future<ApprovalStore.Outcome> f : answers) {
                    ApprovalStore.Outcome o = f.get();
                    assertThat(o).isIn(ApprovalStore.Outcome.ANSWERED, ApprovalStore.Outcome.ALREADY_ANSWERED);
                    answered += o == ApprovalStore.Outcome.ANSWERED ? 1 : 0;
                }
                assertThat(answered).isEqualTo(1);
            }
        } finally {
            pool.shutdownNow();
        }
        long answers = Files.readAllLines(dir.resolve("journal")).stream().filter(l -> l.contains("\"op\":\"answer\"")).count();
        assertThat(answers).isEqualTo(50);
    }

    @Test
    void the_same_id_with_other_bytes_is_a_conflict_and_the_same_bytes_find_the_request() throws Exception {
        try (ApprovalStore s = open()) {
            ApprovalStore.Submitted first = s.submit("id", "sha-1", request("id"), "loopback", clock.now.plusSeconds(60));
            assertThat(first.isNew()).isTrue();
            ApprovalStore.Submitted again = s.submit("id", "sha-1", request("id"), "loopback", clock.now.plusSeconds(60));
            assertThat(again.isNew()).isFalse();
            assertThat(again.approval()).isSameAs(first.approval());
            assertThatThrownBy(() -> s.submit("id", "sha-2", request("id"), "loopback", clock.now.plusSeconds(60)))
                    .isInstanceOf(ApprovalStore.Conflict.class);
        }
    }

    @Test
    void a_last_line_cut_off_by_a_crash_is_ignored() throws Exception {
        try (ApprovalStore s = open()) {
            submit(s, "kept", 60);
        }
        Files.writeString(dir.resolve("journal"), "{\"op\":\"answer\",\"id\":\"kept\",\"answer\":\"al",
                StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        try (ApprovalStore s = open()) {
            assertThat(s.await("x", -1, 0).pending()).extracting(Approval.Seen::id).containsExactly("kept");
        }
    }

    @Test
    void a_waiting_post_is_woken_by_the_answer() throws Exception {
        try (ApprovalStore s = open()) {
            Approval a = submit(s, "w", 60);
            ExecutorService pool = Executors.newSingleThreadExecutor();
            try {
                Future<Approval.Seen> waiting = pool.submit(() -> s.awaitEnd(a, Duration.ofSeconds(20).toMillis()));
                Thread.sleep(100);
                s.answer("w", "always", "alice", "web", null);
                Approval.Seen seen = waiting.get();
                assertThat(seen.state()).isEqualTo(Approval.State.ANSWERED);
                assertThat(seen.answer()).isEqualTo("always");
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
