package dev.cmdgate.it.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.promptapps.AllowHandler;
import dev.cmdgate.it.promptapps.AlwaysHandler;
import dev.cmdgate.it.promptapps.ApiProbe;
import dev.cmdgate.it.promptapps.DenyHandler;
import dev.cmdgate.it.promptapps.LaunchEach;
import dev.cmdgate.it.promptapps.RuntimeInstall;
import dev.cmdgate.it.promptapps.ScopedLauncher;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The application API ({@code dev.cmdgate.api.Cmdgate}) in real JVMs, with and without the agent: check
 * agrees with what a launch then does, isActive, context scopes in audit lines, declared classes,
 * installing a handler at run time.
 */
@Timeout(240)
class ApiForkedTest {

    @TempDir
    Path tmp;

    private Path audit;
    private Path calls;

    @BeforeEach
    void files() {
        audit = tmp.resolve("audit.jsonl");
        calls = tmp.resolve("calls.log");
    }

    private Fork agent(Path jdk) {
        return Fork.on(jdk).in(tmp).cmdgate("audit", audit).prop("promptapps.calls", calls);
    }

    private List<String> callLines() {
        return Fork.calls(calls).stream().filter(l -> l.startsWith("CALL ")).toList();
    }

    /** label → decision from the CHECK lines. */
    private static Map<String, String> checks(Fork.Result r) {
        Map<String, String> m = new HashMap<>();
        for (String l : r.tagged("CHECK")) {
            String[] w = l.split(" ");
            m.put(w[0], w[1]);
        }
        return m;
    }

    /**
     * Every CHECK decision matches the launch that follows: ALLOW runs without a prompt, BLOCK is refused
     * without a prompt, PROMPT asks the handler.
     */
    private void assertAgreement(Fork.Result r, List<String> labels) {
        Map<String, String> checks = checks(r);
        int asked = 0;
        for (String label : labels) {
            String decision = checks.get(label);
            assertThat(decision).as("CHECK " + label + "\n" + r.describe()).isNotNull();
            switch (decision) {
                case "ALLOW" -> assertThat(r.status(label)).as(label + "\n" + r.describe()).isEqualTo("ok");
                case "BLOCK" -> assertThat(r.status(label)).as(label + "\n" + r.describe()).isEqualTo("blocked");
                case "PROMPT" -> asked++;
                default -> throw new AssertionError(decision);
            }
        }
        assertThat(callLines()).as("the handler is asked exactly for the PROMPT checks\n" + r.describe()).hasSize(asked);
        try {
            java.nio.file.Files.deleteIfExists(calls);   // the next run in the same test starts a fresh log
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void checkAgreesWithWhatALaunchThenDoes(Path jdk) throws Exception {
        String touch = "touch|" + tmp.resolve("f");
        List<String> labels = List.of("echo", "touch", "shell");
        Object[] specs = {"echo:echo|hi", "touch:" + touch, "shell:sh|-c|touch " + tmp.resolve("g")};

        // supervised + built-in deny: a prompt is a certain refusal, so check says BLOCK
        Fork.Result deny = agent(jdk).cmdgate("autonomy", "supervised").cmdgate("prompt", "deny")
                .prop("promptapps.check", true).main(LaunchEach.class, specs).run();
        assertThat(checks(deny)).as(deny.describe()).containsEntry("echo", "ALLOW").containsEntry("touch", "BLOCK")
                .containsEntry("shell", "BLOCK");
        assertAgreement(deny, labels);

        // readonly: blocked by the gate itself
        Fork.Result readonly = agent(jdk).cmdgate("autonomy", "readonly").prop("promptapps.check", true)
                .main(LaunchEach.class, specs).run();
        assertThat(checks(readonly)).containsEntry("echo", "ALLOW").containsEntry("touch", "BLOCK");
        assertAgreement(readonly, labels);

        // a handler class must be asked: check says PROMPT and the launch asks it
        Fork.Result asked = agent(jdk).cmdgate("autonomy", "supervised").cmdgate("prompt", DenyHandler.class.getName())
                .prop("promptapps.check", true).main(LaunchEach.class, specs).run();
        assertThat(checks(asked)).containsEntry("echo", "ALLOW").containsEntry("touch", "PROMPT").containsEntry("shell", "PROMPT");
        assertAgreement(asked, labels);
        assertThat(asked.status("touch")).isEqualTo("blocked");
        assertThat(tmp.resolve("f")).doesNotExist();

        // audit mode blocks nothing, and check says so
        Fork.Result auditMode = agent(jdk).cmdgate("autonomy", "readonly").cmdgate("mode", "audit")
                .prop("promptapps.check", true).main(LaunchEach.class, specs).run();
        assertThat(checks(auditMode)).containsEntry("touch", "ALLOW");
        assertAgreement(auditMode, labels);
        assertThat(tmp.resolve("f")).exists();
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void checkKnowsRememberedAnswers(Path jdk) {
        Fork.Result r = agent(jdk).cmdgate("autonomy", "supervised").cmdgate("prompt", AlwaysHandler.class.getName())
                .prop("promptapps.check", true).main(LaunchEach.class, "a1:touch|a", "a2:touch|a", "b:touch|b").run();
        assertThat(checks(r)).as(r.describe()).containsEntry("a1", "PROMPT").containsEntry("a2", "ALLOW")
                .containsEntry("b", "PROMPT");
        assertAgreement(r, List.of("a1", "a2", "b"));
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void withoutTheAgentIsActiveIsFalseAndCheckClassifiesInProcess(Path jdk) {
        Fork.Result r = Fork.on(jdk).in(tmp).withoutAgent().main(ApiProbe.class).run();
        assertThat(r.exit()).as(r.describe()).isZero();
        assertThat(r.tagged("ACTIVE")).containsExactly("false");
        assertThat(r.tagged("CHECK")).as(r.describe()).anyMatch(l -> l.startsWith("echo ALLOW Read false autonomy=supervised"))
                .anyMatch(l -> l.startsWith("touch PROMPT ") && l.contains(" false autonomy=supervised"))
                .anyMatch(l -> l.startsWith("shell PROMPT "));
        assertThat(r.tagged("INSTALL")).containsExactly("false");

        Fork.Result readonly = Fork.on(jdk).in(tmp).withoutAgent().cmdgate("autonomy", "readonly").main(ApiProbe.class).run();
        assertThat(readonly.tagged("CHECK")).as(readonly.describe())
                .anyMatch(l -> l.startsWith("touch BLOCK ") && l.contains("autonomy=readonly"));

        Fork.Result with = agent(jdk).main(ApiProbe.class).run();
        assertThat(with.tagged("ACTIVE")).as(with.describe()).containsExactly("true");
        assertThat(with.tagged("CHECK")).anyMatch(l -> l.startsWith("echo ALLOW Read true"));
        assertThat(with.tagged("INSTALL")).containsExactly("true");
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void scopeContextIsAttachedToLaunchesAndTheirAuditLines(Path jdk) {
        Fork.Result r = agent(jdk).cmdgate("autonomy", "supervised").cmdgate("prompt", AllowHandler.class.getName())
                .main(ScopedLauncher.class, "session_id=s-42,tool=shell,tool_call_id=call-7", "-",
                        "in:echo|inside", "w:touch|" + tmp.resolve("ctx"), "!out:echo|outside")
                .run();
        assertThat(r.status("in")).as(r.describe()).isEqualTo("ok");
        assertThat(r.status("w")).isEqualTo("ok");
        Map<String, String> expected = Map.of("session_id", "s-42", "tool", "shell", "tool_call_id", "call-7");
        assertThat(Fork.auditFor(audit, "inside").get("context")).isEqualTo(expected);
        assertThat(Fork.auditFor(audit, tmp.resolve("ctx").toString()).get("context")).isEqualTo(expected);
        assertThat(Fork.auditFor(audit, "outside")).doesNotContainKey("context");
        assertThat(callLines()).singleElement().asString()
                .contains("{session_id=s-42, tool=shell, tool_call_id=call-7}");
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void aDeclaredClassRaisesALaunch(Path jdk) {
        // full autonomy allows Read and Write without asking; declared Network must be asked (and denied)
        Fork.Result r = agent(jdk).cmdgate("autonomy", "full").cmdgate("prompt", DenyHandler.class.getName())
                .prop("promptapps.check", true)
                .main(ScopedLauncher.class, "tool=fetch", "Network", "e:echo|raised", "!plain:echo|plain").run();
        assertThat(checks(r)).as(r.describe()).containsEntry("e", "PROMPT").containsEntry("plain", "ALLOW");
        assertThat(r.status("e")).isEqualTo("blocked");
        assertThat(r.status("plain")).isEqualTo("ok");
        Map<String, Object> raised = Fork.auditFor(audit, "raised");
        assertThat(raised).containsEntry("class", "Network").containsEntry("outcome", "blocked");
        assertThat(raised.get("findings").toString()).contains("application scope");
        assertThat(Fork.auditFor(audit, "plain")).containsEntry("class", "Read");
        assertThat(callLines()).singleElement().asString().contains("| Network |");
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void aDeclaredClassNeverLowersALaunch(Path jdk) {
        Fork.Result r = agent(jdk).cmdgate("autonomy", "supervised").cmdgate("prompt", DenyHandler.class.getName())
                .prop("promptapps.check", true)
                .main(ScopedLauncher.class, "tool=reader", "Read", "t:touch|" + tmp.resolve("lowered")).run();
        assertThat(checks(r)).as(r.describe()).containsEntry("t", "PROMPT");
        assertThat(r.status("t")).isEqualTo("blocked");
        assertThat(tmp.resolve("lowered")).doesNotExist();
        assertThat(Fork.auditFor(audit, tmp.resolve("lowered").toString()).get("class")).isIn("Write", "Destructive");
        assertThat(callLines()).hasSize(1);
    }

    @ParameterizedTest
    @MethodSource("dev.cmdgate.it.prompt.Fork#jdks")
    void anApplicationInstallsItsHandlerOnce(Path jdk) {
        Fork.Result r = agent(jdk).cmdgate("autonomy", "supervised")
                .main(RuntimeInstall.class, "t:touch|" + tmp.resolve("installed")).run();
        assertThat(r.tagged("INSTALL")).as(r.describe()).hasSize(2);
        assertThat(r.tagged("INSTALL").get(0)).isEqualTo("first true");
        assertThat(r.tagged("INSTALL").get(1)).startsWith("second refused").contains("second installation is refused");
        assertThat(r.status("t")).isEqualTo("ok");
        assertThat(tmp.resolve("installed")).exists();
        assertThat(callLines()).hasSize(1);
        @SuppressWarnings("unchecked")
        Map<String, Object> p = (Map<String, Object>) Fork.auditFor(audit, tmp.resolve("installed").toString()).get("prompt");
        assertThat((String) p.get("handler")).startsWith(RuntimeInstall.class.getName());

        // an operator's explicit choice wins: with cmdgate.prompt=deny the application cannot install one
        Fork.Result refused = agent(jdk).cmdgate("autonomy", "supervised").cmdgate("prompt", "deny")
                .main(RuntimeInstall.class, "t:touch|" + tmp.resolve("refused")).run();
        assertThat(refused.tagged("INSTALL").get(0)).as(refused.describe()).startsWith("first refused")
                .contains("cmdgate.prompt=deny");
        assertThat(refused.status("t")).isEqualTo("blocked");
        assertThat(tmp.resolve("refused")).doesNotExist();
    }
}
