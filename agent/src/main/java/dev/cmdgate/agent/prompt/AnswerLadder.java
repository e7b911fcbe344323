package dev.cmdgate.agent.prompt;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.PromptRecord;
import dev.cmdgate.core.gate.GateDecision;

/**
 * What the gate's answer becomes, rung by rung: in audit mode anything is allowed and recorded as what the
 * gate would have done; otherwise a block stays a block, and a prompt is allowed when the user answered
 * "always" to this very launch before, refused when it is launched while a prompt is being decided (it
 * cannot be prompted), and goes to the handler else. The launch path climbs it to ask the handler
 * ({@code LaunchGuard.decide}); the application API climbs the same ladder to predict, from the answer the
 * handler is certain to give ({@code ApiAnswers.check}). The reasons and prompt records the rungs leave
 * are written here, once.
 */
public final class AnswerLadder {

    /** Where the gate's answer stops. */
    public enum Rung {
        /** The gate's answer stands: allow, or block. */
        GATE,
        /** Audit mode: allowed whatever the gate said, recorded with {@link #auditMode}. */
        AUDIT_MODE,
        /** A prompt for a launch answered "always" before and classified no higher now: allowed. */
        REMEMBERED,
        /** A prompt for a launch made while a prompt is being decided: refused, with {@link #NESTED}. */
        NESTED,
        /** A prompt for the handler. */
        HANDLER
    }

    /** The reason a launch made while a prompt is being decided is refused. */
    public static final Reason NESTED = new Reason("prompt.nested",
            "a launch made while a prompt is being decided cannot be prompted");

    private final boolean auditMode;
    private final PromptResolver prompts;

    /** @param auditMode {@code cmdgate.mode=audit}: decide and record everything, refuse nothing */
    public AnswerLadder(boolean auditMode, PromptResolver prompts) {
        this.auditMode = auditMode;
        this.prompts = prompts;
    }

    /**
     * Where {@code gate}'s answer for {@code launch} stops.
     *
     * @param now       the launch's classification, which an earlier "always" must cover
     * @param mayPrompt false for a launch made while a prompt (or another decision on its thread) is decided
     */
    public Rung rung(GateDecision gate, Launch launch, Classification now, boolean mayPrompt) {
        if (gate == GateDecision.ALLOW) {
            return Rung.GATE;
        }
        if (auditMode) {
            return Rung.AUDIT_MODE;
        }
        if (gate != GateDecision.PROMPT) {
            return Rung.GATE;
        }
        if (prompts.rememberedAllow(launch, now)) {
            return Rung.REMEMBERED;
        }
        return mayPrompt ? Rung.HANDLER : Rung.NESTED;
    }

    /** The reason recorded in audit mode for a launch the gate would have refused or prompted for. */
    public static Reason auditMode(GateDecision gate) {
        return new Reason("mode.audit", "audit mode: recorded, not enforced (would have been " + gate.label() + ")");
    }

    /**
     * The prompt record of a launch allowed by an earlier "always". (Made when needed, as the next: a
     * launch that is not prompted does not load the record's class.)
     */
    public static PromptRecord remembered() {
        return new PromptRecord("remembered", "allow_always", 0, "answered 'always' earlier for this exact launch"
                + " (argv, directory, environment changes, output redirects), classified no higher then");
    }

    /** The prompt record of a nested launch: nobody was asked. */
    public static PromptRecord notAsked() {
        return new PromptRecord("none", "deny", 0, "launched while cmdgate was deciding or prompting");
    }

    /** The reason a prompt answered deny refuses, with what the prompt record says of the answer (or null). */
    public static Reason denied(String detail) {
        return new Reason("prompt.denied", "the prompt was answered deny" + (detail == null ? "" : " (" + detail + ")"));
    }
}
