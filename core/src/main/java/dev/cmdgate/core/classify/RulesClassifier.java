package dev.cmdgate.core.classify;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.rules.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The rule-driven classifier of DESIGN.md section 5. Thread-safe; the rules are loaded on first use
 * (so a gated JVM pays nothing at start-up) and shared. Never throws from {@link #classifyArgv}.
 */
public final class RulesClassifier implements CommandClassifier {

    private final Supplier<RuleSet> source;
    private volatile RuleSet rules;

    RulesClassifier(Supplier<RuleSet> source) {
        this.source = source;
    }

    /** A classifier over an already loaded rule set. */
    public static RulesClassifier of(RuleSet rules) {
        RulesClassifier c = new RulesClassifier(() -> rules);
        c.rules = rules;
        return c;
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
        try {
            Analysis a = new Analysis(rules());
            a.top(argv, environmentChanges == null ? Map.of() : environmentChanges);
            return a.result();
        } catch (StackOverflowError | RuntimeException e) {
            return failure(argv, "cmdgate could not analyse this command (" + e.getClass().getSimpleName() + ")");
        } catch (OutOfMemoryError e) {
            return failure(argv, "cmdgate ran out of memory analysing this command");
        }
    }

    private static Classification failure(List<String> argv, String why) {
        String cmd;
        try {
            cmd = argv == null ? "" : Analysis.clip(Analysis.joinArgv(new ArrayList<>(argv)));
        } catch (RuntimeException e) {
            cmd = "";
        }
        return new Classification(CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS,
                List.of(new Finding(cmd, "argv", CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS, why)), List.of());
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
            return Set.copyOf(Analysis.canonical(OptionParser.parse(s, words)));
        } catch (RuntimeException e) {
            return Set.of();
        }
    }
}
