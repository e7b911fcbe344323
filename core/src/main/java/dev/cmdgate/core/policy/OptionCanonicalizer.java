package dev.cmdgate.core.policy;

import java.util.List;
import java.util.Set;

/**
 * Turns the arguments of one command into canonical option names, so that a blocked pattern such
 * as {@code rm -rf} and a command such as {@code rm --recursive --force} can be compared as sets.
 * <p>
 * The policy canonicalises both sides with the same instance: the pattern's arguments, and each
 * command's argv (whose names are added to the classifier's own {@code CommandInvocation.options()}).
 * The integration should plug in the classifier's option knowledge once it exposes it; until then
 * {@link #generic()} splits bundles, strips {@code =value}, resolves GNU abbreviations and knows the
 * long names of a few commands that patterns typically name.
 */
@FunctionalInterface
public interface OptionCanonicalizer {

    /**
     * @param program the command's lookup name ({@code rm}, not {@code /bin/rm})
     * @param args    the arguments after the command word, as the program receives them
     * @return canonical option names (e.g. {@code --recursive}, {@code --force}); never null
     */
    Set<String> canonicalOptions(String program, List<String> args);

    /** The built-in, classifier-independent canonicaliser. */
    static OptionCanonicalizer generic() {
        return GenericOptionCanonicalizer.INSTANCE;
    }
}
