package dev.cmdgate.core.policy;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandInvocation;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.classify.CommandKnowledge;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The seven rules of {@code system.command.execute.v1} with cmdgate's semantics,
 * evaluated against the parsed command tree and the launch as it really is. Stateless and thread-safe.
 * <p>
 * All rules run, in order; the result lists every failure (the first is the primary reason), or is
 * empty when the launch is allowed.
 */
public final class PassportEvaluator {

    private final OptionCanonicalizer canonicalizer;
    /** Which programs are shells, which directories standard, which commands change directory or variables. */
    private final CommandKnowledge knowledge;
    private final PatternEquivalences equivalences = PatternEquivalences.builtin();

    /** With the built-in rules' knowledge of commands. */
    public PassportEvaluator(OptionCanonicalizer canonicalizer) {
        this(canonicalizer, CommandKnowledge.builtin());
    }

    public PassportEvaluator(OptionCanonicalizer canonicalizer, CommandKnowledge knowledge) {
        this.canonicalizer = Objects.requireNonNull(canonicalizer);
        this.knowledge = Objects.requireNonNull(knowledge);
    }

    /** With {@link OptionCanonicalizer#standard()} (the classifier's built-in option knowledge). */
    public PassportEvaluator() {
        this(OptionCanonicalizer.standard());
    }

    /** Every rule failure in the order the rules run; empty when all checks pass. */
    public List<Reason> evaluate(Passport passport, LaunchFacts facts) {
        List<Reason> reasons = new ArrayList<>();
        CommandLimits limits = passport.limits();

        // 1. passport status
        if (!passport.isActive()) {
            reasons.add(new Reason(OapCodes.PASSPORT_SUSPENDED, "Passport " + passport.passportId() + " is '"
                    + passport.status() + "', not active: no command may run under it"));
        }
        // 2. capability
        if (!passport.hasCapability(Passport.CAPABILITY)) {
            reasons.add(new Reason(OapCodes.UNKNOWN_CAPABILITY, "Passport " + passport.passportId()
                    + " does not grant the " + Passport.CAPABILITY + " capability"));
        }
        // 3. allowed_commands
        checkAllowedCommands(limits, facts, reasons);
        // 4. blocked_patterns
        checkBlockedPatterns(limits, facts, reasons);
        // 5. max_execution_time
        checkTimeout(limits, facts, reasons);
        // 6. allowed_working_directories
        checkDirectories(limits, facts, reasons);
        // 7. blocked_env_vars
        checkEnvironment(limits, facts, reasons);
        return reasons;
    }

    // ---------------------------------------------------------------- 3. allowed_commands

    private void checkAllowedCommands(CommandLimits limits, LaunchFacts facts, List<Reason> reasons) {
        if (limits.allowsEveryCommand()) {
            return;
        }
        Set<String> denied = new LinkedHashSet<>();
        List<String> argv = facts.argv();
        if (!argv.isEmpty() && !isAllowed(knowledge, limits.allowedCommands(), argv.get(0), basename(argv.get(0)), false)) {
            denied.add(display(argv.get(0), basename(argv.get(0)), false));
        }
        boolean sawScriptCommand = false;
        for (CommandInvocation c : facts.classification().commands()) {
            String path = c.path() == null ? "" : c.path();
            String program = c.program() == null ? "" : c.program();
            if (!c.argv().equals(argv)) {
                sawScriptCommand = true;
            }
            if (path.isEmpty() && program.isEmpty() && !c.dynamic()) {
                continue; // e.g. an assignment-only command: nothing runs
            }
            if (!isAllowed(knowledge, limits.allowedCommands(), path, program, c.dynamic())) {
                denied.add(display(path, program, c.dynamic()));
            }
        }
        // A classifier that reports no command for a non-empty script cannot prove what it runs
        // (e.g. one that does not look inside scripts); unless it proved the script read-only
        // (a comment, say), that is not allowed.
        String script = knowledge.inlineScript(argv);
        if (!sawScriptCommand && script != null && !script.isBlank()
                && facts.classification().commandClass() != CommandClass.READ) {
            denied.add("the commands inside the shell script (the classifier reported none)");
        }
        if (!denied.isEmpty()) {
            reasons.add(new Reason(OapCodes.COMMAND_NOT_ALLOWED, (denied.size() == 1 ? "Command not allowed by the passport: "
                    : "Commands not allowed by the passport: ") + String.join(", ", denied)
                    + " (allowed_commands: " + String.join(", ", limits.allowedCommands()) + ")"));
        }
    }

    static boolean isAllowed(CommandKnowledge knowledge, List<String> allowed, String path, String program, boolean dynamic) {
        if (allowed.contains("*")) {
            return true;
        }
        if (dynamic) {
            return false;
        }
        if (path != null && path.contains("/")) {
            String normalised = normalisePath(path);
            String parent = parentOf(normalised);
            String base = basename(normalised);
            for (String entry : allowed) {
                if (entry.contains("/")) {
                    if (entry.equals(path) || entry.equals(normalised)) {
                        return true;
                    }
                } else if (entry.equals(base) && parent != null && knowledge.isSystemDir(parent)) {
                    return true;
                }
            }
            return false;
        }
        String word = program != null && !program.isEmpty() ? program : path;
        if (word == null || word.isEmpty()) {
            return false;
        }
        return allowed.contains(word);
    }

    private static String display(String path, String program, boolean dynamic) {
        if (dynamic) {
            return "a command word only known at run time (" + (path == null || path.isEmpty() ? program : path) + ")";
        }
        return path != null && path.contains("/") ? path : (program == null || program.isEmpty() ? path : program);
    }

    // ---------------------------------------------------------------- 4. blocked_patterns

    private void checkBlockedPatterns(CommandLimits limits, LaunchFacts facts, List<Reason> reasons) {
        if (limits.blockedPatterns().isEmpty()) {
            return;
        }
        String foldedRaw = BlockedPattern.fold(facts.rawCommandLine());
        String foldedArgv = BlockedPattern.fold(String.join(" ", facts.argv()));
        List<CommandInvocation> commands = facts.classification().commands();
        Map<CommandInvocation, Set<String>> optionCache = new HashMap<>();
        for (String p : limits.blockedPatterns()) {
            BlockedPattern pattern = BlockedPattern.compile(p, canonicalizer);
            if (!pattern.folded.isEmpty() && (foldedRaw.contains(pattern.folded) || foldedArgv.contains(pattern.folded))) {
                reasons.add(new Reason(OapCodes.BLOCKED_PATTERN, "Command contains blocked pattern: '" + p + "'"));
                continue;
            }
            Optional<String> match = matchStructurally(pattern, commands, optionCache);
            match.ifPresent(m -> reasons.add(new Reason(OapCodes.BLOCKED_PATTERN,
                    "Command matches blocked pattern '" + p + "': " + m)));
        }
    }

    private Optional<String> matchStructurally(BlockedPattern pattern, List<CommandInvocation> commands,
            Map<CommandInvocation, Set<String>> optionCache) {
        if (pattern.stages.isEmpty()) {
            return Optional.empty();
        }
        if (pattern.stages.size() == 1) {
            for (CommandInvocation c : commands) {
                Optional<PatternEquivalences.Alternative> a = stageMatches(pattern.stages.get(0), c, optionCache);
                if (a.isPresent()) {
                    return Optional.of(String.join(" ", c.argv()) + byEffect(List.of(a.get())));
                }
            }
            return Optional.empty();
        }
        Map<Integer, List<CommandInvocation>> pipelines = new LinkedHashMap<>();
        for (CommandInvocation c : commands) {
            pipelines.computeIfAbsent(c.pipeline(), k -> new ArrayList<>()).add(c);
        }
        for (List<CommandInvocation> pipeline : pipelines.values()) {
            pipeline.sort(Comparator.comparingInt(CommandInvocation::stage));
            int stageIndex = 0;
            int lastStage = Integer.MIN_VALUE;
            List<String> matched = new ArrayList<>();
            List<PatternEquivalences.Alternative> how = new ArrayList<>();
            for (CommandInvocation c : pipeline) {
                if (stageIndex < pattern.stages.size() && c.stage() > lastStage) {
                    Optional<PatternEquivalences.Alternative> a = stageMatches(pattern.stages.get(stageIndex), c, optionCache);
                    if (a.isPresent()) {
                        matched.add(String.join(" ", c.argv()));
                        how.add(a.get());
                        lastStage = c.stage();
                        stageIndex++;
                    }
                }
            }
            if (stageIndex == pattern.stages.size()) {
                return Optional.of(String.join(" | ", matched) + byEffect(how));
            }
        }
        return Optional.empty();
    }

    /** Says why a command matched without the pattern's own options, or nothing when it had them. */
    private static String byEffect(List<PatternEquivalences.Alternative> how) {
        for (PatternEquivalences.Alternative a : how) {
            if (a.rule() != null) {
                return " (same effect: " + a.rule().why() + ")";
            }
        }
        return "";
    }

    /** The option set through which the command matches the stage (the stage's own first), if it does. */
    private Optional<PatternEquivalences.Alternative> stageMatches(BlockedPattern.Stage stage, CommandInvocation c,
            Map<CommandInvocation, Set<String>> cache) {
        if (c.dynamic() || !programMatches(stage.program(), c)) {
            return Optional.empty();
        }
        List<String> args = c.argv().size() > 1 ? c.argv().subList(1, c.argv().size()) : List.of();
        for (String literal : stage.literalOptions()) {
            if (!args.contains(literal)) {
                return Optional.empty();
            }
        }
        for (String operand : stage.operands()) {
            boolean found = false;
            for (String a : args) {
                if (a.equals(operand) || (operand.endsWith("=") && a.startsWith(operand))) {
                    found = true;
                    break;
                }
            }
            if (!found) {
                return Optional.empty();
            }
        }
        Set<String> options = cache.computeIfAbsent(c, k -> {
            Set<String> all = new LinkedHashSet<>(k.options());
            all.addAll(canonicalizer.canonicalOptions(k.program(), args));
            return all;
        });
        for (PatternEquivalences.Alternative a : equivalences.alternatives(stage.program(), stage.options(), canonicalizer)) {
            if (options.containsAll(a.options())) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    private static boolean programMatches(String patternProgram, CommandInvocation c) {
        return patternProgram.equalsIgnoreCase(c.program() == null ? "" : c.program())
                || (c.path() != null && patternProgram.equalsIgnoreCase(basename(c.path())))
                || (!c.argv().isEmpty() && patternProgram.equalsIgnoreCase(basename(c.argv().get(0))));
    }

    // ---------------------------------------------------------------- 5. max_execution_time

    private static void checkTimeout(CommandLimits limits, LaunchFacts facts, List<Reason> reasons) {
        Optional<Duration> declared = facts.declaredTimeout();
        if (declared.isPresent() && declared.get().compareTo(limits.maxExecutionTime()) > 0) {
            reasons.add(new Reason(OapCodes.LIMIT_EXCEEDED, "Declared timeout of " + seconds(declared.get())
                    + " exceeds the passport's max_execution_time of " + seconds(limits.maxExecutionTime())));
        }
    }

    static String seconds(Duration d) {
        if (d.getNano() == 0) {
            return d.getSeconds() + " s";
        }
        return java.math.BigDecimal.valueOf(d.toNanos(), 9).stripTrailingZeros().toPlainString() + " s";
    }

    // ---------------------------------------------------------------- 6. allowed_working_directories

    private void checkDirectories(CommandLimits limits, LaunchFacts facts, List<Reason> reasons) {
        if (!limits.restrictsDirectories()) {
            return;
        }
        List<String> allowedText = limits.allowedWorkingDirectories().orElseThrow();
        List<Path> allowed = new ArrayList<>();
        for (String a : allowedText) {
            Path p = Path.of(a).normalize();
            allowed.add(p);
            allowed.add(realish(p));
        }
        String allowedList = allowedText.isEmpty() ? "none" : String.join(", ", allowedText);
        Set<String> problems = new LinkedHashSet<>();

        Path cwd = facts.cwd().toAbsolutePath();
        Path physical = physical(cwd);
        if (!under(physical, allowed)) {
            problems.add("working directory " + physical + (physical.equals(cwd) ? "" : " (from " + cwd + ")")
                    + " is not under an allowed directory");
        }

        // cd in the script: every directory the script could change into, from the start directory
        // or from any directory an earlier cd could have reached (an over-approximation).
        List<Path> reachable = new ArrayList<>();
        reachable.add(cwd.normalize());
        for (CommandInvocation c : facts.classification().commands()) {
            if (c.dynamic() || !knowledge.changesDirectory(c.program())) {
                continue;
            }
            String target = cdTarget(c);
            String shown = String.join(" ", c.argv());
            if (target == null) {
                problems.add("'" + shown + "' changes to a directory that cannot be known before it runs");
                continue;
            }
            Path t;
            try {
                t = Path.of(target);
            } catch (InvalidPathException e) {
                problems.add("'" + shown + "' names an invalid directory");
                continue;
            }
            List<Path> next = new ArrayList<>();
            if (t.isAbsolute()) {
                next.add(t);
            } else {
                for (Path r : reachable) {
                    next.add(r.resolve(t));
                }
            }
            for (Path n : next) {
                Path logical = realish(n.normalize());
                Path phys = physical(n);
                if (!under(logical, allowed) || !under(phys, allowed)) {
                    Path bad = !under(logical, allowed) ? logical : phys;
                    problems.add("'" + shown + "' changes to " + bad + ", which is not under an allowed directory");
                }
                Path norm = n.normalize();
                if (!reachable.contains(norm)) {
                    reachable.add(norm);
                }
            }
        }
        for (String p : problems) {
            reasons.add(new Reason(OapCodes.DIRECTORY_NOT_ALLOWED,
                    "Directory not allowed: " + p + " (allowed_working_directories: " + allowedList + ")"));
        }
    }

    /** The literal target of cd/pushd, or null when it is missing or only known at run time. */
    private static String cdTarget(CommandInvocation c) {
        List<String> operands = new ArrayList<>();
        List<String> args = c.argv().size() > 1 ? c.argv().subList(1, c.argv().size()) : List.of();
        boolean options = true;
        for (String a : args) {
            if (options && a.equals("--")) {
                options = false;
            } else if (options && a.startsWith("-") && a.length() > 1) {
                continue; // -P, -L, -e, -@
            } else {
                operands.add(a);
            }
        }
        if (operands.isEmpty()) {
            return null; // cd alone goes to $HOME
        }
        String t = operands.get(0);
        if (t.isEmpty() || t.equals("-") || t.startsWith("~") || t.startsWith("+") || t.matches(".*[$`*?\\[{].*")) {
            return null;
        }
        return t;
    }

    /** Resolves symlinks the way the OS does for chdir (physical); for a missing path, of its longest existing prefix. */
    static Path physical(Path p) {
        Path abs = p.toAbsolutePath();
        try {
            return abs.toRealPath();
        } catch (IOException | SecurityException e) {
            return realish(abs.normalize());
        }
    }

    /** Lexically normalised, then the longest existing prefix resolved to its real path. */
    static Path realish(Path normalised) {
        Path existing = normalised;
        List<Path> rest = new ArrayList<>();
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            rest.add(0, existing.getFileName());
            existing = existing.getParent();
        }
        if (existing == null) {
            return normalised;
        }
        Path base;
        try {
            base = existing.toRealPath();
        } catch (IOException | SecurityException e) {
            return normalised;
        }
        for (Path r : rest) {
            base = base.resolve(r);
        }
        return base.normalize();
    }

    private static boolean under(Path dir, List<Path> allowed) {
        for (Path a : allowed) {
            if (dir.startsWith(a)) { // by path components: /workspace2 is not under /workspace
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- 7. blocked_env_vars

    private void checkEnvironment(CommandLimits limits, LaunchFacts facts, List<Reason> reasons) {
        if (limits.blockedEnvVars().isEmpty()) {
            return;
        }
        Map<String, String> changed = new LinkedHashMap<>(); // name → how
        for (String name : facts.envChanges().keySet()) {
            changed.putIfAbsent(name, "in the launch's environment");
        }
        for (CommandInvocation c : facts.classification().commands()) {
            for (String name : c.assignments().keySet()) {
                changed.putIfAbsent(name, "by '" + String.join(" ", c.argv()) + "'");
            }
            if (c.dynamic()) {
                continue;
            }
            // the variables its rules say it sets, exports or removes (export, declare, read, unset, env -u …)
            String how = "by '" + String.join(" ", c.argv()) + "'";
            for (String name : knowledge.variablesChanged(c.argv())) {
                changed.putIfAbsent(name, how);
            }
        }
        List<String> hits = new ArrayList<>();
        for (Map.Entry<String, String> e : changed.entrySet()) {
            if (isBlocked(e.getKey(), limits.blockedEnvVars())) {
                hits.add(e.getKey() + " (" + e.getValue() + ")");
            }
        }
        if (!hits.isEmpty()) {
            reasons.add(new Reason(OapCodes.ENV_VAR_BLOCKED, (hits.size() == 1 ? "Blocked environment variable set or changed: "
                    : "Blocked environment variables set or changed: ") + String.join(", ", hits)));
        }
    }

    static boolean isBlocked(String name, List<String> blocked) {
        for (String b : blocked) {
            if (b.endsWith("*") ? name.startsWith(b.substring(0, b.length() - 1)) : name.equals(b)) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- helpers

    static String basename(String path) {
        if (path == null) {
            return "";
        }
        String p = path;
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        int slash = p.lastIndexOf('/');
        return slash >= 0 ? p.substring(slash + 1) : p;
    }

    private static String normalisePath(String path) {
        try {
            return Path.of(path).normalize().toString();
        } catch (InvalidPathException e) {
            return path;
        }
    }

    private static String parentOf(String normalised) {
        int slash = normalised.lastIndexOf('/');
        if (slash < 0) {
            return null;
        }
        return slash == 0 ? "/" : normalised.substring(0, slash);
    }
}
