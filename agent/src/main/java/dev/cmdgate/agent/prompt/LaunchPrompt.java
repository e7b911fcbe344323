package dev.cmdgate.agent.prompt;

import dev.cmdgate.core.Finding;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a prompt asks about: one launch the gate could not allow on its own, with everything that
 * decides what it runs — the argv, the directory, the environment variables it sets or changes and
 * the files the JDK opens for its output — so an answer is given about exactly what will run.
 *
 * @param environment variables set or changed, by name
 * @param redirects   output redirects as a shell writes them: {@code > PATH} or {@code >> PATH}
 * @param asked       the question as the gate asked it (decision id, launch, verdict), for a channel that
 *                    sends it elsewhere; null where none was given (tests)
 */
public record LaunchPrompt(List<String> argv, String commandClass, String level, List<String> reasons,
                    List<String> findings, String workingDirectory, String caller, Map<String, String> context,
                    Map<String, String> environment, List<String> redirects, Asked asked) {

    public LaunchPrompt {
        environment = environment == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(environment));
        redirects = redirects == null ? List.of() : List.copyOf(redirects);
    }

    /** A request without environment changes or redirects (tests, simple launches). */
    LaunchPrompt(List<String> argv, String commandClass, String level, List<String> reasons, List<String> findings,
                 String workingDirectory, String caller, Map<String, String> context) {
        this(argv, commandClass, level, reasons, findings, workingDirectory, caller, context, Map.of(), List.of(), null);
    }

    static LaunchPrompt of(Launch launch, Verdict verdict, String caller, Map<String, String> context, Asked asked) {
        List<String> redirects = new ArrayList<>(launch.outputRedirects().size());
        for (Launch.OutputRedirect r : launch.outputRedirects()) {
            redirects.add((r.append() ? ">> " : "> ") + r.path());
        }
        return new LaunchPrompt(List.copyOf(launch.argv()), verdict.classification().commandClass().label(),
                verdict.classification().level().label(),
                verdict.reasons().stream().map(Reason::message).toList(),
                verdict.classification().findings().stream().map(LaunchPrompt::describe).toList(),
                launch.cwd(), caller, context == null ? Map.of() : Map.copyOf(context),
                launch.environmentChanges(), redirects, asked);
    }

    private static String describe(Finding f) {
        return f.command() + ": " + f.reason() + " (" + f.commandClass().label() + ")";
    }

    /** The request as an application handler receives it through the API (JDK types only). */
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("argv", argv);
        m.put("class", commandClass);
        m.put("level", level);
        m.put("reasons", reasons);
        m.put("findings", findings);
        m.put("cwd", workingDirectory);
        m.put("caller", caller);
        m.put("context", context);
        m.put("environment", environment);
        m.put("redirects", redirects);
        return m;
    }
}
