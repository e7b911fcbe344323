package dev.cmdgate.agent.stdin;

import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Set;

/**
 * Shell options that change how bash reads or expands the input that follows, so that cmdgate's parser, which reads a
 * session with bash's defaults, would see other commands than bash runs: the rules' {@code stdin-parsing} rows name
 * them ({@code interactive_comments} off makes {@code #} an ordinary character, {@code posix} and the
 * {@code compat*} levels change parsing and quoting, docs/rules-format.md). Turning one of them on or off (either
 * direction: cmdgate follows neither) is a change after which later words no longer tell what runs. Listing and
 * querying ({@code shopt extglob}, {@code shopt -p}, {@code set -o}) change nothing.
 */
final class ParsingOptions {

    /** {@code shopt} names (without {@code -o}). */
    private final Set<String> shopt;
    /** {@code set -o} names ({@code shopt -o} names the same). */
    private final Set<String> set;

    ParsingOptions(RuleSet rules) {
        this.shopt = rules.parsingShoptOptions();
        this.set = rules.parsingSetOptions();
    }

    /** The parsing option a {@code set} command turns on or off ({@code set +o interactive-comments}), or null. */
    String setChanges(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a == null) {
                return "(a word only known at run time)";
            }
            if (a.equals("--") || a.equals("-")) {
                return null;   // the rest are positional parameters
            }
            if ((a.startsWith("-") || a.startsWith("+")) && a.indexOf('o') > 0) {
                String name = i + 1 < args.size() ? args.get(i + 1) : "";
                if (name == null) {
                    return a + " (an option only known at run time)";
                }
                if (set.contains(name)) {
                    return a + " " + name;
                }
                i++;
            } else if (!a.startsWith("-") && !a.startsWith("+")) {
                return null;   // positional parameters from here on
            }
        }
        return null;
    }

    /** The parsing option a {@code shopt -s}/{@code -u} turns on or off ({@code shopt -u interactive_comments}), or null. */
    String shoptChanges(List<String> args) {
        boolean changes = false;
        for (String a : args) {
            changes |= a != null && a.startsWith("-") && (a.indexOf('s') > 0 || a.indexOf('u') > 0);
        }
        if (!changes) {
            return null;   // shopt NAME, shopt -p, shopt -q NAME: query
        }
        for (String a : args) {
            if (a == null) {
                return "(an option only known at run time)";
            }
            if (!a.startsWith("-") && (shopt.contains(a) || set.contains(a))) {
                return a;
            }
        }
        return null;
    }

    /**
     * The parsing option a shell's own command line turns on or off ({@code -o posix}, {@code +O interactive_comments},
     * {@code -O compat42}), or null.
     */
    String launchChanges(List<String> argv) {
        for (int i = 1; i + 1 < argv.size(); i++) {
            String a = argv.get(i);
            if ((a.startsWith("-") || a.startsWith("+")) && !a.startsWith("--")
                    && (a.indexOf('o') > 0 || a.indexOf('O') > 0)) {
                String name = argv.get(i + 1);
                if (set.contains(name) || shopt.contains(name)) {
                    return a + " " + name;
                }
            }
        }
        return null;
    }
}
