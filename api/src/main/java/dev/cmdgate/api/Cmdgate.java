package dev.cmdgate.api;

import dev.cmdgate.api.bridge.AgentLink;
import dev.cmdgate.api.bridge.HandlerAdapter;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.decision.CommandText;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.gate.GateDecision;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The application's side of cmdgate: ask what the gate would do before launching, attach context to
 * launches, and answer prompts. Every method works with or without the agent; without it nothing is
 * gated, {@link #isActive()} is false and {@link #check} classifies in process.
 *
 * <p>Add {@code dev.cmdgate:cmdgate-api} as a compile dependency; at run time the agent jar carries
 * the same classes, so whichever copy the system class loader finds first is the one both use.
 */
public final class Cmdgate {

    private Cmdgate() {
    }

    /** True when the cmdgate agent runs in this JVM and gates its launches. */
    public static boolean isActive() {
        return AgentLink.active();
    }

    /** What cmdgate would do now with {@code new ProcessBuilder(argv).start()} in the current directory. */
    public static CheckResult check(List<String> argv) {
        return check(argv, null, null);
    }

    /** What cmdgate would do now with {@code argv} started in {@code workingDirectory} (null: the current one). */
    public static CheckResult check(List<String> argv, Path workingDirectory) {
        return check(argv, workingDirectory, null);
    }

    /**
     * What cmdgate would do now with {@code argv} started in {@code workingDirectory} (null: the current
     * one) with {@code environment} set for it (only variables that differ from this JVM's own count;
     * null: none). The current thread's {@link LaunchScope} applies, as it would to the launch.
     */
    public static CheckResult check(List<String> argv, Path workingDirectory, Map<String, String> environment) {
        Objects.requireNonNull(argv, "argv");
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("cmdgate: empty argv");
        }
        return judge(new Launch(argv, null, cwd(workingDirectory), changes(environment), List.of(), null,
                declaredClass()));
    }

    /** What cmdgate would do now with the shell command line {@code shellLine}, i.e. {@code sh -c shellLine}. */
    public static CheckResult check(String shellLine) {
        return check(shellLine, null);
    }

    /** What cmdgate would do now with {@code sh -c shellLine} started in {@code workingDirectory} (null: current). */
    public static CheckResult check(String shellLine, Path workingDirectory) {
        Objects.requireNonNull(shellLine, "shellLine");
        return judge(new Launch(List.of("sh", "-c", shellLine), shellLine, cwd(workingDirectory), Map.of(), List.of(),
                null, declaredClass()));
    }

    /**
     * Makes {@code handler} answer this JVM's prompts from now on, instead of the configured built-in
     * {@code cmdgate.prompt=auto}. It can be done once: a second installation is refused, and so is
     * any installation when the configuration names a handler explicitly ({@code deny}, {@code allow},
     * {@code console} or a class name) — the operator's choice wins over the application's.
     *
     * @return true when installed; false when no agent runs (there is nothing to answer)
     * @throws IllegalStateException when the agent refuses the installation
     */
    public static boolean installPromptHandler(PromptHandler handler) {
        Objects.requireNonNull(handler, "handler");
        return AgentLink.installPromptHandler(new HandlerAdapter(handler), handler.getClass().getName());
    }

    /**
     * Starts a {@link LaunchScope}: {@code try (var s = Cmdgate.scope().session(id).tool("shell").open()) {…}}.
     */
    public static LaunchScope.Builder scope() {
        return LaunchScope.builder();
    }

    private static CheckResult judge(Launch launch) {
        try {
            Map<String, Object> answer = AgentLink.check(launch.argv(), launch.shellLine(), launch.cwd(),
                    launch.environmentChanges());
            if (answer != null) {
                return fromAgent(answer);
            }
            return InProcessGate.Holder.INSTANCE.check(launch);
        } catch (RuntimeException | LinkageError e) {
            Reason r = new Reason("check.internal_error", "cmdgate could not decide (" + e + "); failing closed");
            Classification c = new Classification(CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS,
                    List.of(new Finding(CommandText.render(launch.argv()), "check", CommandClass.DESTRUCTIVE,
                            RiskLevel.DANGEROUS, r.message())), List.of());
            return new CheckResult(GateDecision.BLOCK, GateDecision.BLOCK, c.commandClass(), c.level(), List.of(r),
                    c.findings(), launch.argv(), launch.cwd(), "unknown", AgentLink.active());
        }
    }

    private static CommandClass declaredClass() {
        LaunchScope s = LaunchScope.current();
        return s == null ? null : s.declaredClass();
    }

    /** The agent's answer (JDK types: see AgentLink.check) as a CheckResult. */
    @SuppressWarnings("unchecked")
    private static CheckResult fromAgent(Map<String, Object> a) {
        List<Reason> reasons = new ArrayList<>();
        for (List<String> r : (List<List<String>>) a.get("reasons")) {
            reasons.add(new Reason(r.get(0), r.get(1)));
        }
        List<Finding> findings = new ArrayList<>();
        for (Map<String, String> f : (List<Map<String, String>>) a.get("findings")) {
            findings.add(new Finding(f.get("command"), f.get("location"), CommandClass.parse(f.get("class")),
                    RiskLevel.parse(f.get("level")), f.get("reason")));
        }
        return new CheckResult(decision((String) a.get("decision")), decision((String) a.get("gate")),
                CommandClass.parse((String) a.get("class")), RiskLevel.parse((String) a.get("level")), reasons, findings,
                (List<String>) a.get("argv"), (String) a.get("cwd"), (String) a.get("scheme"), true);
    }

    private static GateDecision decision(String label) {
        return GateDecision.valueOf(label.toUpperCase(java.util.Locale.ROOT));
    }

    /** The working directory exactly as the agent will see it for a launch in {@code dir}. */
    static String cwd(Path dir) {
        String base = System.getProperty("user.dir");
        if (dir == null) {
            return base;
        }
        File f = dir.toFile();
        return f.isAbsolute() ? f.getPath() : new File(base, f.getPath()).getPath();
    }

    private static Map<String, String> changes(Map<String, String> environment) {
        if (environment == null || environment.isEmpty()) {
            return Map.of();
        }
        Map<String, String> inherited = System.getenv();
        Map<String, String> out = new HashMap<>();
        environment.forEach((k, v) -> {
            if (!Objects.equals(inherited.get(k), v)) {
                out.put(k, v);
            }
        });
        return out;
    }
}
