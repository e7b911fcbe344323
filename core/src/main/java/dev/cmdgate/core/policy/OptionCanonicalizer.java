package dev.cmdgate.core.policy;

import dev.cmdgate.core.classify.Classifiers;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Turns the arguments of one command into canonical option names, so that a blocked pattern such
 * as {@code rm -rf} and a command such as {@code rm --recursive --force} can be compared as sets.
 * <p>
 * The policy canonicalises both sides with the same instance: the pattern's arguments, and each
 * command's argv (whose names are added to the classifier's own {@code CommandInvocation.options()}).
 * {@link #standard()} is the classifier's own knowledge (the built-in rules); with a user rules
 * file, plug in that classifier's {@code RulesClassifier::canonicalOptions} through
 * {@link #fromArgv}. {@link #generic()} does without the classifier's option parser: it splits
 * bundles, strips {@code =value}, resolves GNU abbreviations and maps spellings to canonical names by
 * the built-in rules' option tables (a spelling that may mean several options maps to all of them).
 */
@FunctionalInterface
public interface OptionCanonicalizer {

    /**
     * @param program the command's lookup name ({@code rm}, not {@code /bin/rm})
     * @param args    the arguments after the command word, as the program receives them
     * @return canonical option names (e.g. {@code --recursive}, {@code --force}); never null
     */
    Set<String> canonicalOptions(String program, List<String> args);

    /**
     * The classifier's canonicalisation with the built-in rules ({@link Classifiers#canonicalOptions});
     * falls back to {@link #generic()} should it ever throw.
     */
    static OptionCanonicalizer standard() {
        return fromArgv(Classifiers::canonicalOptions);
    }

    /** Adapts a canonicaliser that takes the whole argv (command word first). */
    static OptionCanonicalizer fromArgv(Function<List<String>, Set<String>> argvCanonicalizer) {
        return (program, args) -> {
            List<String> argv = new ArrayList<>(args.size() + 1);
            argv.add(program == null ? "" : program);
            argv.addAll(args);
            try {
                Set<String> names = argvCanonicalizer.apply(argv);
                return names == null ? Set.of() : names;
            } catch (RuntimeException e) {
                return generic().canonicalOptions(program, args);
            }
        };
    }

    /** The canonicaliser that does without the classifier's option parser (the built-in rules' option tables). */
    static OptionCanonicalizer generic() {
        return GenericOptionCanonicalizer.INSTANCE;
    }
}
