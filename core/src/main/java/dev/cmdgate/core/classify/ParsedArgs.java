package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.OptionSpec;
import dev.cmdgate.core.rules.Section;
import java.util.ArrayList;
import java.util.List;

/**
 * One command's arguments split by the option specs of its rules section: the sub-command path,
 * the options (canonical names, bundles split), the operands. Built by {@link OptionParser}.
 */
final class ParsedArgs {

    /** One option occurrence. */
    record Use(OptionSpec spec, String name, String value, Arg from) {
    }

    /** Sections from the program down to the deepest sub-command. */
    final List<Section> path = new ArrayList<>();
    final List<Use> options = new ArrayList<>();
    final List<Arg> operands = new ArrayList<>();
    /** The sub-command words consumed while descending ({@code push} in {@code git push}). */
    final List<Arg> subWords = new ArrayList<>(2);
    /** The arguments after the program word, with split values (env -S) inserted. */
    final List<Arg> args;
    boolean dashdash;
    /** How many operands came before the explicit {@code --}, or -1. */
    int dashdashAt = -1;
    /** Split values (env -S) inserted so far; bounded. */
    int splits;
    /** Patterns of unquoted globs at the start of a word: their expansions may be options. */
    final List<String> globs = new ArrayList<>(0);
    /** Some glob may expand to an option. */
    boolean anyOption;

    ParsedArgs(int words) {
        args = new ArrayList<>(words);
    }

    /** Whether some glob's expansion could be the word {@code spelling} (an option, say). */
    boolean mayBe(String spelling) {
        for (String g : globs) {
            if (g.indexOf('[') >= 0 || dev.cmdgate.core.rules.Glob.matches(g.replace("\\", "\\\\"), spelling)) {
                return true;
            }
        }
        return false;
    }

    /** Whether some glob's expansion could be one of the spellings of {@code spec}. */
    boolean mayBe(OptionSpec spec) {
        for (String n : spec.names()) {
            if (mayBe(n)) {
                return true;
            }
        }
        return false;
    }

    void glob(Arg a) {
        anyOption = true;
        if (globs.size() < 16) {
            globs.add(a.text);
        } else {
            globs.set(15, "*");
        }
    }
    /** Index in {@link #operands} where operands stop being parsed (POSIX stop), or -1. */
    int restFrom = -1;

    Section section() {
        return path.isEmpty() ? null : path.get(path.size() - 1);
    }

    boolean has(String canonical) {
        for (int i = 0, n = options.size(); i < n; i++) {
            if (options.get(i).name().equals(canonical)) {
                return true;
            }
        }
        return false;
    }
}
