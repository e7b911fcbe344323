package dev.cmdgate.agent.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;
import dev.cmdgate.api.bridge.HandlerAdapter;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.PromptRecord;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.GateDecision;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class PromptResolverTest {

    static final List<String> TOUCH = List.of("touch", "/tmp/x");

    static Verdict verdict() {
        Classification c = new Classification(CommandClass.WRITE, RiskLevel.MEDIUM,
                List.of(new Finding("touch /tmp/x", "argv", CommandClass.WRITE, RiskLevel.MEDIUM, "creates a file")),
                List.of());
        return new Verdict(c, GateDecision.PROMPT, List.of(new Reason("gate.prompt", "Write command needs approval")), null);
    }

    static HandlerAdapter adapt(PromptHandler h) {
        return new HandlerAdapter(h);
    }

    static PromptResolver installed(PromptHandler h, int timeoutSeconds) {
        PromptResolver g = new PromptResolver("auto", Duration.ofSeconds(timeoutSeconds));
        g.install(new HandlerAdapter(h), h.getClass().getName());
        return g;
    }

    static PromptRecord ask(PromptResolver g) {
        return g.ask(Launch.ofArgv(TOUCH, "/tmp"), verdict(), "app.Main.main(Main.java:1)", Map.of("tool", "shell"));
    }

    @Test
    void theHandlerSeesTheWholeRequest() {
        AtomicReference<PromptRequest> seen = new AtomicReference<>();
        PromptRecord r = ask(installed(req -> {
            seen.set(req);
            return PromptAnswer.ALLOW;
        }, 5));
        assertThat(r.answer()).isEqualTo("allow");
        assertThat(r.detail()).isNull();
        PromptRequest req = seen.get();
        assertThat(req.argv()).isEqualTo(TOUCH);
        assertThat(req.commandLine()).isEqualTo("touch /tmp/x");
        assertThat(req.commandClass()).isEqualTo("Write");
        assertThat(req.level()).isEqualTo("medium");
        assertThat(req.reasons()).containsExactly("Write command needs approval");
        assertThat(req.findings()).singleElement().asString().contains("creates a file");
        assertThat(req.workingDirectory()).isEqualTo("/tmp");
        assertThat(req.caller()).isEqualTo("app.Main.main(Main.java:1)");
        assertThat(req.context()).containsEntry("tool", "shell");
    }

    @Test
    void throwingNullAndSlowHandlersAreDenyWithTheReason() {
        PromptRecord thrown = ask(installed(req -> {
            throw new IllegalStateException("boom");
        }, 5));
        assertThat(thrown.answer()).isEqualTo("deny");
        assertThat(thrown.detail()).contains("handler failed").contains("boom");

        PromptRecord none = ask(installed(req -> null, 5));
        assertThat(none.answer()).isEqualTo("deny");
        assertThat(none.detail()).contains("no answer");

        CountDownLatch interrupted = new CountDownLatch(1);
        long t0 = System.nanoTime();
        PromptRecord slow = ask(installed(req -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
            return PromptAnswer.ALLOW;
        }, 1));
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertThat(slow.answer()).isEqualTo("deny");
        assertThat(slow.detail()).isEqualTo("no answer within 1 s");
        assertThat(millis).isBetween(900L, 5_000L);
        assertThat(slow.millis()).isBetween(900L, 5_000L);
        assertThat(awaitQuietly(interrupted)).as("the timed-out handler is interrupted").isTrue();
    }

    static boolean remembered(PromptResolver g, List<String> argv, String cwd) {
        return g.rememberedAllow(Launch.ofArgv(argv, cwd), verdict().classification());
    }

    static Launch launch(Map<String, String> env, List<Launch.OutputRedirect> redirects) {
        return new Launch(TOUCH, null, "/tmp", env, redirects, null, null);
    }

    static Classification classified(CommandClass c, RiskLevel l) {
        return new Classification(c, l, List.of(), List.of());
    }

    @Test
    void allowAlwaysRemembersTheExactArgvAndDirectoryOnly() {
        PromptResolver g = installed(req -> PromptAnswer.ALLOW_ALWAYS, 5);
        assertThat(remembered(g, TOUCH, "/tmp")).isFalse();
        assertThat(ask(g).answer()).isEqualTo("allow_always");
        assertThat(remembered(g, TOUCH, "/tmp")).isTrue();
        assertThat(remembered(g, TOUCH, "/tmp/other")).isFalse();
        assertThat(remembered(g, List.of("touch", "/tmp/y"), "/tmp")).isFalse();
        assertThat(remembered(g, List.of("touch"), "/tmp")).isFalse();
        assertThat(remembered(g, List.of("touch", "/tmp/x", "z"), "/tmp")).isFalse();
        // no ambiguity from joining words: ["a b"] vs ["a", "b"]
        assertThat(remembered(g, List.of("touch /tmp/x"), "/tmp")).isFalse();
    }

    @Test
    void allowAlwaysCoversTheSameEnvironmentAndRedirectsOnly() {
        PromptResolver g = installed(req -> PromptAnswer.ALLOW_ALWAYS, 5);
        Launch approved = launch(Map.of("LANG", "C"), List.of(new Launch.OutputRedirect("/tmp/out", false)));
        g.ask(approved, verdict(), null, Map.of());
        Classification same = verdict().classification();
        assertThat(g.rememberedAllow(launch(Map.of("LANG", "C"), List.of(new Launch.OutputRedirect("/tmp/out", false))), same))
                .isTrue();
        assertThat(g.rememberedAllow(launch(Map.of(), List.of(new Launch.OutputRedirect("/tmp/out", false))), same))
                .as("without the variable").isFalse();
        assertThat(g.rememberedAllow(launch(Map.of("LANG", "C", "BASH_ENV", "/tmp/x"),
                List.of(new Launch.OutputRedirect("/tmp/out", false))), same)).as("a variable more").isFalse();
        assertThat(g.rememberedAllow(launch(Map.of("LANG", "fr"), List.of(new Launch.OutputRedirect("/tmp/out", false))), same))
                .as("another value").isFalse();
        assertThat(g.rememberedAllow(launch(Map.of("LANG", "C"), List.of(new Launch.OutputRedirect("/tmp/out", true))), same))
                .as("appending instead").isFalse();
        assertThat(g.rememberedAllow(launch(Map.of("LANG", "C"), List.of(new Launch.OutputRedirect("/home/u/.bashrc", false))),
                same)).as("another file").isFalse();
        assertThat(g.rememberedAllow(launch(Map.of("LANG", "C"), List.of()), same)).as("no redirect").isFalse();
        assertThat(g.rememberedAllow(new Launch(TOUCH, "touch /tmp/x", "/tmp", Map.of("LANG", "C"),
                List.of(new Launch.OutputRedirect("/tmp/out", false)), null, null), same))
                .as("a shell line written to a gated session").isFalse();
    }

    @Test
    void allowAlwaysNeverCoversALaunchClassifiedHigher() {
        PromptResolver g = installed(req -> PromptAnswer.ALLOW_ALWAYS, 5);
        ask(g);   // approved as Write, medium
        Launch same = Launch.ofArgv(TOUCH, "/tmp");
        assertThat(g.rememberedAllow(same, classified(CommandClass.WRITE, RiskLevel.MEDIUM))).isTrue();
        assertThat(g.rememberedAllow(same, classified(CommandClass.WRITE, RiskLevel.LOW))).as("lower level").isTrue();
        assertThat(g.rememberedAllow(same, classified(CommandClass.WRITE, RiskLevel.HIGH))).as("higher level").isFalse();
        assertThat(g.rememberedAllow(same, classified(CommandClass.NETWORK, RiskLevel.MEDIUM))).as("higher class").isFalse();
        assertThat(g.rememberedAllow(same, classified(CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS))).isFalse();
    }

    @Test
    void installationIsOnceAndOnlyOverAuto() {
        PromptResolver g = new PromptResolver("auto", Duration.ofSeconds(5));
        g.install(adapt(req -> PromptAnswer.ALLOW), "first");
        assertThatThrownBy(() -> g.install(adapt(req -> PromptAnswer.DENY), "second"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("second installation");
        for (String configured : List.of("deny", "allow", "console", "com.acme.Handler")) {
            assertThatThrownBy(() -> new PromptResolver(configured, Duration.ofSeconds(5)).install(adapt(req -> PromptAnswer.ALLOW), "app"))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("cmdgate.prompt=" + configured);
        }
        assertThat(ask(g).answer()).isEqualTo("allow");
    }

    @Test
    void builtInDenyAndAllow() {
        PromptRecord deny = ask(new PromptResolver("deny", Duration.ofSeconds(5)));
        assertThat(deny.answer()).isEqualTo("deny");
        assertThat(deny.handler()).isEqualTo("deny");
        assertThat(deny.detail()).isEqualTo("cmdgate.prompt=deny");
        assertThat(new PromptResolver("deny", Duration.ofSeconds(5)).certainAnswer()).isEqualTo(Answer.DENY);

        PromptRecord allow = ask(new PromptResolver("allow", Duration.ofSeconds(5)));
        assertThat(allow.answer()).isEqualTo("allow");
        assertThat(new PromptResolver("allow", Duration.ofSeconds(5)).certainAnswer()).isEqualTo(Answer.ALLOW);
        assertThat(installed(req -> PromptAnswer.DENY, 5).certainAnswer()).isNull();
    }

    @Test
    void aConfiguredClassIsCreatedOnFirstUseAndItsFailureIsADeny() {
        PromptRecord ok = ask(new PromptResolver(AllowingHandler.class.getName(), Duration.ofSeconds(5)));
        assertThat(ok.answer()).isEqualTo("allow");
        assertThat(ok.handler()).isEqualTo(AllowingHandler.class.getName());

        PromptRecord broken = ask(new PromptResolver(BrokenHandler.class.getName(), Duration.ofSeconds(5)));
        assertThat(broken.answer()).isEqualTo("deny");
        assertThat(broken.detail()).contains("handler unavailable").contains("cannot start");

        PromptRecord missing = ask(new PromptResolver("com.acme.NoSuchHandler", Duration.ofSeconds(5)));
        assertThat(missing.answer()).isEqualTo("deny");
        assertThat(missing.detail()).contains("handler unavailable").contains("ClassNotFoundException");
    }

    @Test
    void validateChecksTheClassWithoutRunningIt() {
        HandlerClass.check("auto");
        HandlerClass.check(AllowingHandler.class.getName());
        HandlerClass.check(BrokenHandler.class.getName());   // its constructor is not run
        assertThatThrownBy(() -> HandlerClass.check("com.acme.NoSuchHandler"))
                .hasMessageContaining("not on the class path");
        assertThatThrownBy(() -> HandlerClass.check(String.class.getName()))
                .hasMessageContaining("does not implement");
        assertThatThrownBy(() -> HandlerClass.check(NoDefaultConstructor.class.getName()))
                .hasMessageContaining("no public no-argument constructor");
    }

    @Test
    void handlersRunOnPromptThreadsAndSeveralWaitAtOnce() throws Exception {
        int n = 8;
        CountDownLatch allInside = new CountDownLatch(n);
        AtomicInteger calls = new AtomicInteger();
        List<Boolean> onPromptThread = Collections.synchronizedList(new ArrayList<>());
        PromptResolver[] holder = new PromptResolver[1];
        PromptResolver g = installed(req -> {
            calls.incrementAndGet();
            onPromptThread.add(holder[0].onPromptThread());
            allInside.countDown();
            // every handler waits until all eight are inside at once
            return allInside.await(10, TimeUnit.SECONDS) ? PromptAnswer.ALLOW : PromptAnswer.DENY;
        }, 20);
        holder[0] = g;
        ExecutorService launchers = Executors.newFixedThreadPool(n);
        try {
            List<Future<PromptRecord>> answers = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                answers.add(launchers.submit(() -> ask(g)));
            }
            for (Future<PromptRecord> f : answers) {
                assertThat(f.get(30, TimeUnit.SECONDS).answer()).isEqualTo("allow");
            }
        } finally {
            launchers.shutdownNow();
        }
        assertThat(calls).hasValue(n);
        assertThat(onPromptThread).containsOnly(true).hasSize(n);
        assertThat(g.onPromptThread()).isFalse();
    }

    @Test
    void handlerCallsThatHangPastTheTimeoutAreCappedAndTheCapLiftsWhenTheyReturn() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        // deaf to cancellation: only the latch ends a call, so each timed-out call keeps its prompt thread
        PromptResolver g = installed(req -> {
            calls.incrementAndGet();
            while (true) {
                try {
                    if (release.await(60, TimeUnit.SECONDS)) {
                        return PromptAnswer.ALLOW;
                    }
                } catch (InterruptedException ignored) {
                    // deliberately ignored
                }
            }
        }, 1);
        ExecutorService launchers = Executors.newFixedThreadPool(PromptResolver.MAX_HUNG);
        try {
            List<Future<PromptRecord>> first = new ArrayList<>();
            for (int i = 0; i < PromptResolver.MAX_HUNG; i++) {
                first.add(launchers.submit(() -> ask(g)));
            }
            for (Future<PromptRecord> f : first) {
                assertThat(f.get().answer()).isEqualTo("deny");
                assertThat(f.get().detail()).contains("no answer within 1 s");
            }
            assertThat(g.hungCalls()).isEqualTo(PromptResolver.MAX_HUNG);

            PromptRecord capped = ask(g);
            assertThat(capped.answer()).isEqualTo("deny");
            assertThat(capped.detail()).contains(PromptResolver.MAX_HUNG + " earlier handler calls are still running");
            assertThat(capped.millis()).as("denied at once, not after the timeout").isLessThan(900);
            assertThat(calls.get()).as("the handler was not called again").isEqualTo(PromptResolver.MAX_HUNG);
            assertThat(promptThreads()).as("no thread beyond the hung calls").isLessThanOrEqualTo(PromptResolver.MAX_HUNG);
        } finally {
            release.countDown();
            launchers.shutdown();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (g.hungCalls() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(g.hungCalls()).as("calls that finally returned are no longer counted").isZero();
        assertThat(ask(g).answer()).as("the handler is asked again (and now answers at once)").isEqualTo("allow");
    }

    private static long promptThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("cmdgate-prompt-") && isHandler(t)).count();
    }

    /** A prompt thread inside a handler call (idle pool threads wait in the pool, not in a handler). */
    private static boolean isHandler(Thread t) {
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().startsWith(PromptResolverTest.class.getName())) {
                return true;
            }
        }
        return false;
    }

    @Test
    void anInterruptedLaunchingThreadGetsADenyAndKeepsItsInterrupt() throws Exception {
        PromptResolver g = installed(req -> {
            Thread.sleep(60_000);
            return PromptAnswer.ALLOW;
        }, 30);
        AtomicReference<PromptRecord> result = new AtomicReference<>();
        AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
        Thread t = new Thread(() -> {
            result.set(ask(g));
            stillInterrupted.set(Thread.currentThread().isInterrupted());
        });
        t.start();
        Thread.sleep(300);
        t.interrupt();
        t.join(5_000);
        assertThat(result.get().answer()).isEqualTo("deny");
        assertThat(result.get().detail()).contains("interrupted");
        assertThat(stillInterrupted.get()).isTrue();
    }

    private static boolean awaitQuietly(CountDownLatch latch) {
        try {
            return latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public static final class AllowingHandler implements PromptHandler {
        @Override
        public PromptAnswer answer(PromptRequest request) {
            return PromptAnswer.ALLOW;
        }
    }

    public static final class BrokenHandler implements PromptHandler {
        public BrokenHandler() {
            throw new IllegalStateException("cannot start");
        }

        @Override
        public PromptAnswer answer(PromptRequest request) {
            return PromptAnswer.ALLOW;
        }
    }

    public static final class NoDefaultConstructor implements PromptHandler {
        public NoDefaultConstructor(String x) {
        }

        @Override
        public PromptAnswer answer(PromptRequest request) {
            return PromptAnswer.ALLOW;
        }
    }
}
