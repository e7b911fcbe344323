package dev.cmdgate.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.Audit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The LangChain4j agent (examples/langchain4j): a real AI-service loop, a scripted model asking for
 * seven shell commands through an {@code @Tool}. Under each autonomy tier: what ran (effects on disk),
 * what was refused (the tool caught java.lang.SecurityException and gave the refusal to the model as
 * the tool result), and one audit line per tool call from the tool's own frame.
 */
class LangChain4jAgentIT {

    static final String MAIN = "dev.cmdgate.examples.langchain4j.ShellAgent";
    static final List<String> COMMANDS = List.of("ls", "git status --short", "cat README.md", "touch notes.txt",
            "curl -sS --max-time 2 http://127.0.0.1:9/", "rm -rf scratch", "sudo -n true");
    static final Set<String> NEVER = Set.of("rm -rf scratch", "sudo -n true");

    static List<Object[]> cases() {
        List<Object[]> out = new java.util.ArrayList<>();
        for (ExampleRun.Jdk jdk : ExampleRun.jdks()) {
            for (String tier : List.of("readonly", "supervised", "full")) {
                out.add(new Object[] {jdk, tier});
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0} autonomy={1}")
    @MethodSource("cases")
    void eachTierRunsWhatItAllowsAndTheModelHearsAboutTheRest(ExampleRun.Jdk jdk, String tier) throws IOException {
        Path ws = Workspaces.create("lc4j");
        ExampleRun run = ExampleRun.of(jdk, "langchain4j", MAIN).agent("autonomy", tier);
        boolean reviewer = tier.equals("supervised");
        if (reviewer) {
            run.withTestClasses().agent("prompt", ReviewerPrompt.class.getName());
        } else {
            run.agent("prompt", "deny");
        }
        ExampleRun.Result r = run.run(ws);
        assertThat(r.exit()).as(r.describe()).isZero();

        Map<String, Expected.Verdict> expected = Expected.shell(tier, COMMANDS);
        Audit audit = Audit.read(r.audit());
        for (int i = 0; i < COMMANDS.size(); i++) {
            String c = COMMANDS.get(i);
            String callId = "call_" + (i + 1);
            boolean runs = reviewer ? ReviewerPrompt.REFUSED_WORDS.stream().noneMatch(w -> ("sh -c " + c).contains(w))
                    : expected.get(c).allowed();
            if (NEVER.contains(c)) {
                assertThat(runs).as("%s must never run", c).isFalse();
            }
            // With prompt=deny the tool's pre-check (Cmdgate.check) already says "would block": the
            // command is not attempted and the model hears why. A custom handler can only answer at
            // launch time, so under the reviewer the launch is attempted and refused by the gate.
            boolean prechecked = !runs && !reviewer;
            String status = runs ? "RAN" : prechecked ? "PRECHECK-REFUSED" : "REFUSED";
            List<String> report = r.lines(status + " ").stream()
                    .filter(l -> l.contains(" " + callId + " ") && l.contains(c)).toList();
            assertThat(report).as("%s %s\n%s", callId, c, r.describe()).hasSize(1);
            List<Audit.Line> lines = audit.shellCommand(c);
            if (prechecked) {
                assertThat(r.out()).contains("    " + callId + ": Not run: cmdgate would block");
                assertThat(lines).as("a pre-checked refusal launches nothing: %s", c).isEmpty();
                List<Audit.Line> checked = audit.preChecks(c);
                assertThat(checked).as("the refused pre-check is audited: %s", c).hasSize(1);
                assertThat(checked.get(0).get("precheck")).isEqualTo("block");
                assertThat(checked.get(0).get("outcome")).isEqualTo("blocked");
                continue;
            }
            if (!runs) {
                assertThat(report.get(0)).contains("java.lang.SecurityException: cmdgate: blocked sh -c ");
                // the refusal went back to the model as the tool result, and the loop went on
                assertThat(r.out()).contains("    " + callId + ": Refused by the command gate, not run: cmdgate: blocked");
            } else {
                assertThat(r.out()).containsPattern("    " + callId + ": exit \\d+");
            }
            assertThat(lines).as("audit for %s", c).hasSize(1);
            assertThat(lines.get(0).get("outcome")).isEqualTo(runs ? "allowed" : "blocked");
            assertThat(lines.get(0).get("class")).isEqualTo(expected.get(c).commandClass());
            assertThat((String) lines.get(0).get("caller")).startsWith("dev.cmdgate.examples.langchain4j.ShellTool.run(");
            assertThat(lines.get(0).get("context")).as("the tool call's scope reaches the audit line")
                    .isEqualTo(Map.of("tool", "run_shell_command", "tool_call_id", callId));
        }
        long launched = COMMANDS.stream().filter(c -> reviewer
                || expected.get(c).allowed()).count();
        assertThat(audit.launches()).hasSize((int) launched);
        boolean touched = reviewer || expected.get("touch notes.txt").allowed();
        assertThat(Files.exists(ws.resolve("notes.txt"))).isEqualTo(touched);
        assertThat(ws.resolve("scratch/keep.txt")).hasContent("precious");
    }
}
