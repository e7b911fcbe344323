package dev.cmdgate.it.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.promptapps.AllowHandler;
import dev.cmdgate.it.promptapps.AlwaysHandler;
import dev.cmdgate.it.promptapps.DenyHandler;
import dev.cmdgate.it.promptapps.LaunchEach;
import dev.cmdgate.it.promptapps.LaunchingHandler;
import dev.cmdgate.it.promptapps.NullHandler;
import dev.cmdgate.it.promptapps.OverlapHandler;
import dev.cmdgate.it.promptapps.StubbornSlowHandler;
import dev.cmdgate.it.promptapps.ThrowingHandler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Prompt handlers from the application's class path ({@code -Dcmdgate.prompt=CLASS}) in real JVMs under
 * the agent, on each JDK. The commands are {@code touch FILE}: Write for the real classifier and
 * Destructive for the first-cut one — a prompt under supervised either way.
 */
@Timeout(240)
class PromptHandlersForkedTest {

    @TempDir
    Path tmp;

    private Path audit;
    private Path calls;

    @BeforeEach
    void files() {
        audit = tmp.resolve("audit.jsonl");
        calls = tmp.resolve("calls.log");
    }

    private Fork app(Path jdk, Class<?> handler, Object... specs) {
        return Fork.on(jdk).in(tmp).cmdgate("autonomy", "supervised").cmdgate("prompt", handler.getName())
                .cmdgate("audit", audit).prop("promptapps.calls", calls).main(LaunchEach.class, specs);
    }

    private List<String> callLines() {
        return Fork.calls(calls).stream().filter(l -> l.startsWith("CALL ")).toList();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> prompt(Map<String, Object> auditLine) {
        return (Map<String, Object>) auditLine.get("prompt");
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void allowRunsTheProcess(Path jdk) {
        Fork.Result r = app(jdk, AllowHandler.class, "t:touch|" + tmp.resolve("allowed")).run();

        assertThat(r.status("t")).as(r.describe()).isEqualTo("ok");
        assertThat(tmp.resolve("allowed")).exists();
        assertThat(callLines()).hasSize(1);
        Map<String, Object> line = Fork.auditFor(audit, tmp.resolve("allowed").toString());
        assertThat(line).containsEntry("gate", "prompt").containsEntry("outcome", "allowed");
        assertThat(prompt(line)).containsEntry("handler", AllowHandler.class.getName()).containsEntry("answer", "allow")
                .containsKey("millis");
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void denyRefusesIt(Path jdk) {
        Fork.Result r = app(jdk, DenyHandler.class, "t:touch|" + tmp.resolve("denied"), "after:echo|still-here").run();

        assertThat(r.status("t")).as(r.describe()).isEqualTo("blocked");
        assertThat(r.message("t")).startsWith("cmdgate: blocked touch").contains("prompt");
        assertThat(tmp.resolve("denied")).doesNotExist();
        assertThat(r.result("after")).as("the application goes on").containsSequence("ok", "0");
        Map<String, Object> line = Fork.auditFor(audit, tmp.resolve("denied").toString());
        assertThat(line).containsEntry("outcome", "blocked");
        assertThat(prompt(line)).containsEntry("handler", DenyHandler.class.getName()).containsEntry("answer", "deny");
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void throwingOrNullHandlersRefuseAtOnce(Path jdk) {
        Fork.Result thrown = app(jdk, ThrowingHandler.class, "t:touch|" + tmp.resolve("thrown"))
                .cmdgate("prompt.timeout", 30).run();
        assertThat(thrown.status("t")).as(thrown.describe()).isEqualTo("blocked");
        assertThat(thrown.launchMillis("t")).as("refused at once, long before the 30 s timeout").isLessThan(10_000);
        assertThat(tmp.resolve("thrown")).doesNotExist();
        Map<String, Object> p = prompt(Fork.auditFor(audit, tmp.resolve("thrown").toString()));
        assertThat(p).containsEntry("answer", "deny");
        assertThat((String) p.get("detail")).contains("handler failed").contains("exploded on purpose");

        Fork.Result none = app(jdk, NullHandler.class, "t:touch|" + tmp.resolve("null")).cmdgate("prompt.timeout", 30).run();
        assertThat(none.status("t")).as(none.describe()).isEqualTo("blocked");
        assertThat(tmp.resolve("null")).doesNotExist();
        assertThat((String) prompt(Fork.auditFor(audit, tmp.resolve("null").toString())).get("detail")).contains("no answer");
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void aSlowHandlerIsRefusedWhenTheTimeoutEnds(Path jdk) {
        Fork.Result r = app(jdk, StubbornSlowHandler.class, "t:touch|" + tmp.resolve("slow"), "after:echo|next")
                .cmdgate("prompt.timeout", 2).run();

        assertThat(r.status("t")).as(r.describe()).isEqualTo("blocked");
        long waited = r.launchMillis("t");
        assertThat(waited).as("refused when the 2 s timeout ends (measured %d ms)", waited).isBetween(1_800L, 8_000L);
        assertThat(tmp.resolve("slow")).doesNotExist();
        assertThat(r.result("after")).containsSequence("ok", "0");
        assertThat(r.exit()).as("a handler that never returns does not keep the JVM alive\n" + r.describe()).isZero();
        assertThat(r.millis()).as("the JVM ends long before the handler's two minutes").isLessThan(60_000);
        Map<String, Object> p = prompt(Fork.auditFor(audit, tmp.resolve("slow").toString()));
        assertThat(p).containsEntry("answer", "deny").containsEntry("detail", "no answer within 2 s");
        assertThat(((Number) p.get("millis")).longValue()).isBetween(1_900L, 8_000L);
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void allowAlwaysStopsAskingForThatExactCommandOnly(Path jdk) throws Exception {
        Path sub = Files.createDirectory(tmp.resolve("sub"));
        Fork.Result r = app(jdk, AlwaysHandler.class,
                "a1:touch|a", "a2:touch|a", "b:touch|b", "sub@" + sub + ":touch|a", "a3:touch|a", "sub2@" + sub + ":touch|a")
                .run();

        for (String label : List.of("a1", "a2", "b", "sub", "a3", "sub2")) {
            assertThat(r.status(label)).as(label + "\n" + r.describe()).isEqualTo("ok");
        }
        assertThat(tmp.resolve("a")).exists();
        assertThat(tmp.resolve("b")).exists();
        assertThat(sub.resolve("a")).exists();
        // asked for touch a (here), touch b (other argv) and touch a in sub (other directory): 3 of 6 launches
        assertThat(callLines()).as(r.describe()).hasSize(3);
        assertThat(callLines().get(0)).startsWith("CALL touch a | " + tmp + " |");
        assertThat(callLines().get(1)).startsWith("CALL touch b | " + tmp + " |");
        assertThat(callLines().get(2)).startsWith("CALL touch a | " + sub + " |");
        List<Object> handlers = new ArrayList<>();
        for (Map<String, Object> line : Fork.audit(audit)) {
            handlers.add(prompt(line).get("handler") + ":" + prompt(line).get("answer"));
        }
        String asked = AlwaysHandler.class.getName() + ":allow_always";
        assertThat(handlers).containsExactly(asked, "remembered:allow_always", asked, asked,
                "remembered:allow_always", "remembered:allow_always");
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void aHandlerThatLaunchesAProcessNeitherDeadlocksNorRecurses(Path jdk) {
        Path outer = tmp.resolve("outer");
        Fork.Result r = app(jdk, LaunchingHandler.class, "outer:touch|" + outer).cmdgate("prompt.timeout", 30).run();

        assertThat(r.status("outer")).as(r.describe()).isEqualTo("ok");
        assertThat(r.launchMillis("outer")).as("no deadlock: decided long before the 30 s timeout").isLessThan(15_000);
        assertThat(outer).exists();
        assertThat(tmp.resolve("outer.inner")).as("the handler's own Write needed a prompt: refused").doesNotExist();
        assertThat(callLines()).as("asked once: no recursion\n" + Fork.calls(calls)).hasSize(1);
        List<String> log = Fork.calls(calls);
        assertThat(log).anyMatch(l -> l.startsWith("INNER touch blocked") && l.contains("cmdgate: blocked"));
        assertThat(log).anyMatch(l -> l.startsWith("INNER echo ok") && l.endsWith("inner-read"));
        Map<String, Object> inner = Fork.auditFor(audit, outer + ".inner");
        assertThat(inner).containsEntry("outcome", "blocked");
        assertThat(inner.get("reasons").toString()).contains("prompt.nested");
        assertThat(Fork.auditFor(audit, outer.toString())).containsEntry("outcome", "allowed");
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void eightThreadsPromptingAtOnceAllGetAnswers(Path jdk) {
        List<Object> specs = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            specs.add("t" + i + ":touch|" + tmp.resolve("f" + i));
        }
        Fork.Result r = app(jdk, OverlapHandler.class, specs.toArray()).prop("promptapps.parallel", true)
                .cmdgate("prompt.timeout", 30).run();

        for (int i = 0; i < 8; i++) {
            assertThat(r.status("t" + i)).as(r.describe()).isEqualTo("ok");
            assertThat(tmp.resolve("f" + i)).exists();
            assertThat(r.launchMillis("t" + i)).as("answered in about a second, not one after another")
                    .isLessThan(7_000);
        }
        assertThat(callLines()).hasSize(8);
        int overlap = Fork.calls(calls).stream().filter(l -> l.startsWith("OVERLAP "))
                .mapToInt(l -> Integer.parseInt(l.substring(8))).max().orElse(0);
        assertThat(overlap).as("several handler calls were waiting at once").isGreaterThan(1);
        assertThat(Fork.audit(audit)).hasSize(8).allSatisfy(l -> assertThat(l).containsEntry("outcome", "allowed"));
    }
}
