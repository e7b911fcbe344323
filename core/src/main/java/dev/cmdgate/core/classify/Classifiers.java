package dev.cmdgate.core.classify;

import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.rules.RuleSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** Entry point for obtaining the classifier. */
public final class Classifiers {

    private static final RulesClassifier BUILTIN = new RulesClassifier(new Builtin());

    /** The built-in rules, made on first use (a class, not {@code RuleSet::builtin}: no lambda spun on the first decision). */
    private static final class Builtin implements java.util.function.Supplier<RuleSet> {
        @Override
        public RuleSet get() {
            return RuleSet.builtin();
        }
    }

    private Classifiers() {
    }

    /**
     * The standard classifier: the built-in rules plus, when given, a user rules file (same format,
     * rows added or overridden). The built-in rules are loaded lazily, on the first classification.
     * The returned object is a {@link RulesClassifier}.
     *
     * @throws IllegalArgumentException with a one-line message when the user rules file cannot be
     *                                  read or parsed
     */
    public static CommandClassifier standard(Path userRulesOrNull) {
        if (userRulesOrNull == null) {
            return BUILTIN;
        }
        return RulesClassifier.of(RuleSet.withUserFile(userRulesOrNull));
    }

    /**
     * As {@link #standard(Path)}, with the values the user file's trust rows' placeholders
     * ({@code ${java.home}}, {@code ${user.dir}}, {@code ${user.home}}) stand for.
     */
    public static CommandClassifier standard(Path userRulesOrNull, java.util.Map<String, String> placeholders) {
        if (userRulesOrNull == null) {
            return BUILTIN;
        }
        return RulesClassifier.of(RuleSet.withUserFile(userRulesOrNull, placeholders));
    }

    /**
     * As {@link #standard(Path)}, judging a launch that writes one of the gate's own files ({@code own}) as
     * Destructive. The returned object is a {@link RulesClassifier}.
     */
    public static CommandClassifier standard(Path userRulesOrNull, OwnFiles own) {
        RulesClassifier base = (RulesClassifier) standard(userRulesOrNull);
        return own == null || own.isEmpty() ? base : base.withOwnFiles(own);
    }

    /** {@link RulesClassifier#canonicalOptions} with the built-in rules. */
    public static Set<String> canonicalOptions(List<String> argv) {
        return BUILTIN.canonicalOptions(argv);
    }
}
