package dev.cmdgate.core.classify;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.rules.Section;
import dev.cmdgate.core.rules.Rating;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The rule-driven classifier (docs/rules-format.md). Thread-safe; the rules are loaded on first use
 * (so a gated JVM pays nothing at start-up) and shared. Never throws from {@link #classifyArgv}.
 *
 * <p>What {@link Classification#commands()} holds, for policies:
 * <ul>
 * <li>one {@link dev.cmdgate.core.CommandInvocation} per simple command anywhere in the tree: the
 *     argv itself (for {@code classifyShell}, the {@code sh -c LINE} launch), every command of every
 *     script at any depth, every wrapper's target ({@code sudo rm …} gives {@code sudo} and
 *     {@code rm}), every substitution;</li>
 * <li>{@code options}: canonical names (the rules' long name where known, bundles split,
 *     abbreviations resolved), for the sub-command too ({@code git push -f} → {@code --force});</li>
 * <li>{@code operands}: sub-command words first ({@code git push origin} → {@code push, origin}),
 *     then the operands; an xargs target gets a last operand {@code $(stdin)} standing for the
 *     arguments read at run time;</li>
 * <li>{@code assignments}: inline {@code NAME=value} words, {@code env NAME=value} of a wrapper,
 *     and the operands of {@code export}/{@code declare}/{@code local}/{@code readonly}/{@code typeset};
 *     a statement made only of assignments ({@code X=1}) is an invocation with an empty program;</li>
 * <li>{@code pipeline}/{@code stage}: unique pipeline ids per classification; a wrapper's target
 *     shares its wrapper's pipeline and stage;</li>
 * <li>{@code dynamic}: the command word is only known at run time ({@code $cmd}); then
 *     {@code program} and {@code path} are the word as written.</li>
 * </ul>
 */
public final class RulesClassifier implements CommandClassifier {

    private final Supplier<RuleSet> source;
    private volatile RuleSet rules;
    private final OwnFiles own;
    /** What the agent adds about the launch as a whole, or null. */
    private final LaunchReview review;

    RulesClassifier(Supplier<RuleSet> source) {
        this(source, OwnFiles.NONE, null);
    }

    private RulesClassifier(Supplier<RuleSet> source, OwnFiles own, LaunchReview review) {
        this.source = source;
        this.own = own;
        this.review = review;
    }

    /** A classifier over an already loaded rule set. */
    public static RulesClassifier of(RuleSet rules) {
        RulesClassifier c = new RulesClassifier((Supplier<RuleSet>) null); // never asked: the rules are there
        c.rules = java.util.Objects.requireNonNull(rules);
        return c;
    }

    /**
     * The same rules (loaded when this classifier loads them), judging a launch that writes one of {@code own}
     * Destructive ({@code verdict own-files}).
     */
    public RulesClassifier withOwnFiles(OwnFiles own) {
        RulesClassifier c = new RulesClassifier(this::rules, own == null ? OwnFiles.NONE : own, review);
        c.rules = rules;
        return c;
    }

    /**
     * The same rules (loaded when this classifier loads them) and own files, with {@code review}'s findings added
     * to every classification and its guarded variables judged wherever the command tree changes them.
     */
    public RulesClassifier withReview(LaunchReview review) {
        RulesClassifier c = new RulesClassifier(this::rules, own, review);
        c.rules = rules;
        return c;
    }

    /** The files this classifier protects ({@link OwnFiles#NONE} when none). */
    public OwnFiles ownFiles() {
        return own;
    }

    /** The rules in use (loading them if needed). */
    public RuleSet rules() {
        RuleSet r = rules;
        if (r == null) {
            synchronized (this) {
                r = rules;
                if (r == null) {
                    r = source.get();
                    rules = r;
                }
            }
        }
        return r;
    }

    @Override
    public Classification classifyArgv(List<String> argv, Map<String, String> environmentChanges) {
        return classifyArgv(argv, environmentChanges, dev.cmdgate.core.LaunchSite.NONE);
    }

    /** With the launch's site: its directory for relative paths, its callers for trust rows narrowed to them. */
    @Override
    public Classification classifyArgv(List<String> argv, Map<String, String> environmentChanges,
                                       dev.cmdgate.core.LaunchSite site) {
        try {
            dev.cmdgate.core.LaunchSite at = site == null ? dev.cmdgate.core.LaunchSite.NONE : site;
            Map<String, String> env = environmentChanges == null ? Map.of() : environmentChanges;
            Analysis a = analysis(at);
            a.top(argv, env);
            if (a.cls == CommandClass.READ && at.files() != null) {
                // only a Read launch needs its steering files read: anything else is at least Write already
                a.steering.check(at.files(), at.cwd());
                a.pure.check(at.files(), at.cwd());
            }
            Classification c = a.result();
            return review == null ? c : reviewed(c, review.review(argv, env, at, c));
        } catch (StackOverflowError | RuntimeException e) {
            return failure(argv, e.getClass().getSimpleName());
        } catch (OutOfMemoryError e) {
            return failure(argv, "out of memory");
        }
    }

    /**
     * Whether the launch {@code argv}, trusted as a whole by a trust row, may have the JDK write its output
     * to {@code path}: the row names the file with {@code output=GLOB}.
     */
    @Override
    public boolean trustsOutput(List<String> argv, String path, dev.cmdgate.core.LaunchSite site) {
        RuleSet r = rules();
        if (r.trust().isEmpty() || argv == null || argv.isEmpty() || path == null) {
            return false;
        }
        try {
            List<Arg> words = new ArrayList<>(argv.size());
            for (String s : argv) {
                words.add(Arg.literal(s));
            }
            String w0 = words.get(0).text;
            int slash = w0.lastIndexOf('/');
            boolean standard = slash < 0 || r.isSystemDir(PathText.resolveDots(PathText.normalize(w0.substring(0, Math.max(slash, 1)))));
            dev.cmdgate.core.rules.TrustRule t = new Trust(site == null ? dev.cmdgate.core.LaunchSite.NONE : site)
                    .match(r.trust(), words, w0.substring(slash + 1), standard, false);
            return t != null && dev.cmdgate.core.rules.Glob.anyMatch(t.outputs(), PathText.resolveDots(PathText.normalize(path)));
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public boolean dependsOnSite() {
        return rules().trustDependsOnSite();
    }

    /**
     * Whether the verdict may be reused for the same launch: not when the review read a file for it, nor when a
     * command has {@code writes work-tree} rows (where its work tree is was read on disk: a repository made above it,
     * or a {@code core.worktree} set, before the next launch changes it).
     */
    @Override
    public boolean reusable(Classification c) {
        if (!own.isEmpty()) {
            for (int i = 0, n = c.commands().size(); i < n; i++) {
                String program = c.commands().get(i).program();
                Section s = program == null ? null : rules().program(program);
                if (s != null && rewritesWorkTree(s, 0)) {
                    return false;
                }
            }
        }
        return review == null || !review.readsFiles(c);
    }

    private static boolean rewritesWorkTree(Section s, int depth) {
        for (dev.cmdgate.core.rules.WriteRule w : s.writes()) {
            if (w.target() == dev.cmdgate.core.rules.WriteRule.Target.WORK_TREE) {
                return true;
            }
        }
        if (depth < 3) {
            for (Section sub : s.subSections()) {
                if (rewritesWorkTree(sub, depth + 1)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The classification with the review's findings: the highest class and level of all. */
    private static Classification reviewed(Classification c, List<Finding> extra) {
        if (extra.isEmpty()) {
            return c;
        }
        CommandClass cls = c.commandClass();
        RiskLevel level = c.level();
        List<Finding> all = new ArrayList<>(c.findings());
        for (Finding f : extra) {
            cls = cls.max(f.commandClass());
            level = level.max(f.level());
            all.add(f);
        }
        return new Classification(cls, level, all, c.commands());
    }

    private Analysis analysis(dev.cmdgate.core.LaunchSite site) {
        String cwd = site.cwd();
        String home = own.home() != null ? own.home() : cwd == null ? null : System.getProperty("user.home");
        Analysis a = new Analysis(rules(), site, own, home);
        if (review != null) {
            a.guarded = review.guardedVariables();
            a.guardedVerdict = review.verdict();
        }
        return a;
    }

    /**
     * The programs of the launch's command tree that receive its environment: every simple command anywhere in
     * it, except the shells and wrappers of {@code secret-carriers} whose own work is running commands cmdgate
     * saw (a shell given a script, {@code env}, {@code timeout}, {@code xargs} …) and the builtins of
     * {@code secret-inert}. Null when not every one can be named: a command only known at run time, an
     * environment variable that changes what code runs, a launch too large to analyse, an error.
     */
    public List<String> environmentReceivers(List<String> argv, Map<String, String> environmentChanges) {
        try {
            RuleSet r = rules();
            Map<String, String> env = environmentChanges == null ? Map.of() : environmentChanges;
            for (String name : env.keySet()) {
                if (name != null && (r.isEnvHook(name) || r.envCodeLanguage(name) != null)) {
                    return null;   // its start-up code is not seen: nobody can vouch for where the environment goes
                }
            }
            Analysis a = analysis(dev.cmdgate.core.LaunchSite.NONE);
            a.receivers = new java.util.LinkedHashSet<>();
            a.top(argv, env);
            return a.receiversUnknown || a.budget.exhausted ? null : List.copyOf(a.receivers);
        } catch (StackOverflowError | RuntimeException | OutOfMemoryError e) {
            return null;
        }
    }

    /** Fails closed: Destructive, with the rules' internal-error reason when the rules are loaded. */
    private Classification failure(List<String> argv, String why) {
        String cmd;
        try {
            cmd = argv == null ? "" : Analysis.clip(Analysis.joinArgv(new ArrayList<>(argv)));
        } catch (RuntimeException e) {
            cmd = "";
        }
        String reason = why;
        RuleSet r = rules;
        Rating v = r == null ? null : r.verdict("internal-error");
        if (v != null) {
            reason = v.reason() + ": " + why;
        }
        return new Classification(CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS,
                List.of(new Finding(cmd, "argv", CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS, reason,
                        v == null ? null : v.rule())), List.of());
    }

    /**
     * The canonical option names of an argv, as the rules know its program: bundles split
     * ({@code -rf} → {@code --recursive}, {@code --force}), abbreviations resolved
     * ({@code --rec} → {@code --recursive}), long names where known, options after operands
     * included. Unknown options keep their spelling. Sub-command options are included
     * ({@code git push -f} → {@code --force}). Never throws; an empty argv gives an empty set.
     */
    public Set<String> canonicalOptions(List<String> argv) {
        if (argv == null || argv.isEmpty()) {
            return Set.of();
        }
        try {
            List<Arg> words = new ArrayList<>(argv.size());
            for (String s : argv) {
                words.add(Arg.literal(s));
            }
            String w0 = words.get(0).text;
            int slash = w0.lastIndexOf('/');
            String name = slash >= 0 ? w0.substring(slash + 1) : w0;
            Section s = rules().program(name);
            return Set.copyOf(OrderedNames.of(OptionParser.parse(s, words).options));
        } catch (RuntimeException e) {
            return Set.of();
        }
    }
}
