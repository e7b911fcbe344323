package dev.cmdgate.api;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.decision.CommandText;
import dev.cmdgate.core.gate.GateDecision;
import java.util.List;

/**
 * What cmdgate would do with a launch now, from {@link Cmdgate#check}. Nothing was launched, prompted
 * or audited to find out.
 *
 * @param decision         what the launch would meet now: {@code ALLOW} (it would run), {@code BLOCK}
 *                         (it would be refused) or {@code PROMPT} (the prompt handler would be asked).
 *                         With the agent running this takes the mode ({@code audit} blocks nothing),
 *                         answers remembered with {@link PromptAnswer#ALLOW_ALWAYS}, and the built-in
 *                         {@code deny}/{@code allow} handlers (whose answer is certain) into account.
 * @param gate             what the gate itself says (classification × autonomy or level, and policy),
 *                         before any of that
 * @param commandClass     the launch's class, including a class declared by the thread's {@link LaunchScope}
 * @param level            the launch's risk level
 * @param reasons          why, the most important first
 * @param findings         what the classifier found where
 * @param argv             the argv judged ({@code sh -c LINE} for a shell line)
 * @param workingDirectory the working directory judged
 * @param scheme           e.g. {@code autonomy=supervised} or {@code level=medium}
 * @param agentActive      true when the running agent decided this; false when cmdgate classified it in
 *                         process because no agent is running (then nothing is enforced at all)
 */
public record CheckResult(
        GateDecision decision,
        GateDecision gate,
        CommandClass commandClass,
        RiskLevel level,
        List<Reason> reasons,
        List<Finding> findings,
        List<String> argv,
        String workingDirectory,
        String scheme,
        boolean agentActive) {

    public CheckResult {
        reasons = List.copyOf(reasons);
        findings = List.copyOf(findings);
        argv = List.copyOf(argv);
    }

    /** True when the launch would run without asking anyone. */
    public boolean allowed() {
        return decision == GateDecision.ALLOW;
    }

    /** True when the launch would be refused without asking anyone. */
    public boolean blocked() {
        return decision == GateDecision.BLOCK;
    }

    /** One line for a person or a model, e.g. {@code cmdgate would block rm -rf / (Destructive, dangerous): …}. */
    public String message() {
        String verb = switch (decision) {
            case ALLOW -> "allow";
            case PROMPT -> "ask for approval before running";
            case BLOCK -> "block";
        };
        StringBuilder why = new StringBuilder();
        for (int i = 0; i < reasons.size() && i < 3; i++) {
            why.append(i == 0 ? ": " : "; ").append(reasons.get(i).message());
        }
        return "cmdgate would " + verb + " " + CommandText.render(argv) + " (" + commandClass.label() + ", "
                + level.label() + ")" + why;
    }
}
