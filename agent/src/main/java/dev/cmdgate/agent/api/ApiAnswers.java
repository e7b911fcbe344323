package dev.cmdgate.agent.api;

import dev.cmdgate.agent.bridge.ApiService;
import dev.cmdgate.agent.bridge.ThreadScopes;
import dev.cmdgate.agent.prompt.Answer;
import dev.cmdgate.agent.prompt.AnswerLadder;
import dev.cmdgate.agent.prompt.PromptResolver;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.GateDecision;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The application API's answers, from the same gatekeeper, prompt resolver and {@link AnswerLadder} that
 * decide launches, so {@code Cmdgate.check} says what a launch would meet. A check answered with a refusal is
 * recorded like a decision (a pre-check), so an auditor sees what was attempted even though the
 * application then never launches it.
 */
public final class ApiAnswers implements ApiService {

    private final Supplier<Gatekeeper> gatekeeper;
    private final PromptResolver prompts;
    private final AnswerLadder ladder;
    private final ThreadScopes scopes;
    private final PreCheckRecorder preChecks;

    /** Records a pre-check the API answers with a refusal: its launch, what the gate said, and the answer. */
    public interface PreCheckRecorder {
        void record(Launch launch, Verdict verdict, GateDecision answer, List<Reason> why);
    }

    public ApiAnswers(Supplier<Gatekeeper> gatekeeper, PromptResolver prompts, boolean auditMode,
                   ThreadScopes scopes, PreCheckRecorder preChecks) {
        this.gatekeeper = gatekeeper;
        this.prompts = prompts;
        this.ladder = new AnswerLadder(auditMode, prompts);
        this.scopes = scopes;
        this.preChecks = preChecks;
    }

    @Override
    public Map<String, Object> check(List<String> argv, String shellLine, String cwd, Map<String, String> environment) {
        CommandClass declared = scopes.declaredClass();
        Launch launch = new Launch(argv, shellLine, cwd, environment == null ? Map.of() : environment, List.of(), null,
                declared);
        Gatekeeper g = gatekeeper.get();
        Verdict v = g.judge(launch);
        List<Reason> first = new ArrayList<>(1);
        GateDecision decision = v.gate();
        AnswerLadder.Rung rung = ladder.rung(decision, asStarted(launch), v.classification(), !prompts.onPromptThread());
        if (rung == AnswerLadder.Rung.AUDIT_MODE) {
            first.add(AnswerLadder.auditMode(decision));
            decision = GateDecision.ALLOW;
        } else if (rung == AnswerLadder.Rung.REMEMBERED) {
            first.add(new Reason("prompt.remembered", "answered 'always' earlier for this exact launch, classified no higher then"));
            decision = GateDecision.ALLOW;
        } else if (rung == AnswerLadder.Rung.NESTED) {
            first.add(AnswerLadder.NESTED);
            decision = GateDecision.BLOCK;
        } else if (rung == AnswerLadder.Rung.HANDLER) {
            Answer certain = prompts.certainAnswer();
            if (certain == Answer.DENY) {
                first.add(AnswerLadder.denied(prompts.certainDenial()));
                decision = GateDecision.BLOCK;
            } else if (certain == Answer.ALLOW) {
                first.add(new Reason("prompt.allowed", "the prompt handler (" + prompts.handlerName()
                        + ") answers every prompt with allow"));
                decision = GateDecision.ALLOW;
            }
        }
        List<Reason> reasons = new ArrayList<>(first);
        reasons.addAll(v.reasons());
        if (decision == GateDecision.BLOCK) {
            preChecks.record(launch, v, decision, reasons);
        }
        return answer(launch, v, decision, reasons, g.scheme().describe());
    }

    /**
     * The launch a check stands for, as the JDK would hand it over: {@code Cmdgate.check(line)} means
     * {@code new ProcessBuilder("sh", "-c", line).start()}, which carries no separate shell line.
     */
    private static Launch asStarted(Launch l) {
        if (l.shellLine() == null || !l.argv().equals(List.of("sh", "-c", l.shellLine()))) {
            return l;
        }
        return new Launch(l.argv(), null, l.cwd(), l.environmentChanges(), l.outputRedirects(), l.declaredTimeout(),
                l.declaredClass());
    }

    /** The check's answer in JDK types, as the API's CheckResult reads it. */
    private static Map<String, Object> answer(Launch launch, Verdict v, GateDecision decision, List<Reason> reasons,
                                              String scheme) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("decision", decision.label());
        m.put("gate", v.gate().label());
        m.put("class", v.classification().commandClass().label());
        m.put("level", v.classification().level().label());
        List<List<String>> rs = new ArrayList<>(reasons.size());
        for (Reason r : reasons) {
            rs.add(List.of(r.code(), r.message()));
        }
        m.put("reasons", rs);
        List<Map<String, String>> fs = new ArrayList<>();
        for (Finding f : v.classification().findings()) {
            fs.add(Map.of("command", f.command(), "location", f.location(), "class", f.commandClass().label(),
                    "level", f.level().label(), "reason", f.reason()));
        }
        m.put("findings", fs);
        m.put("argv", launch.argv());
        m.put("cwd", launch.cwd());
        m.put("scheme", scheme);
        return m;
    }

    @Override
    public void installPromptHandler(Function<Map<String, Object>, String> handler, String name) {
        prompts.install(handler, name);
    }
}
