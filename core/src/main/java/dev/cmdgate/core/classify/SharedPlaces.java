package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.RuleSet;
import java.util.regex.Pattern;

/**
 * Code that lies in a directory every user of the machine may write ({@code /tmp}, {@code /var/tmp},
 * {@code /dev/shm}: the {@code shared-dirs} list). A program the command line names there is the user's own
 * script ({@code python3 /tmp/test.py}); one a helper place, a variable or a configuration file steers a program
 * to run, or load, comes from nobody in particular: whoever wrote that name first owns what runs.
 */
final class SharedPlaces {

    /** What separates the paths of a {@code shared-code-vars} value: blanks and colons (compiled once, not per value). */
    private static final Pattern PATH_SEPARATORS = Pattern.compile("[\\s:]+");
    /** What separates the words of a {@code shared-code-option-vars} value. */
    private static final Pattern BLANKS = Pattern.compile("\\s+");

    private SharedPlaces() {
    }

    /**
     * Whether an absolute path, its {@code .} and {@code ..} resolved, lies in a shared directory, and not inside the
     * launch's working directory when that is one of its own below a shared directory ({@code /tmp/proj}: the
     * project the user works in there, whose own hooks and tools are its scripts, not a stranger's).
     *
     * @param cwd the launch's working directory, or null when it is not known
     */
    static boolean holds(RuleSet rules, String path, String cwd) {
        if (path == null || path.isEmpty() || path.charAt(0) != '/') {
            return false;
        }
        String p = PathText.resolveDots(PathText.normalize(path));
        if (!rules.inList("shared-dirs", p)) {
            return false;
        }
        if (cwd != null && cwd.startsWith("/")) {
            String c = PathText.resolveDots(PathText.normalize(cwd));
            String parent = c.lastIndexOf('/') > 0 ? c.substring(0, c.lastIndexOf('/')) : "/";
            // the working directory is a shared directory itself (/tmp): everything in it may be anyone's
            boolean below = rules.inList("shared-dirs", c) && rules.inList("shared-dirs", parent);
            if (below && p.startsWith(c.endsWith("/") ? c : c + "/")) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first path in a shared directory that a variable's value makes the program load as code, or null: for a
     * {@code shared-code-vars} variable every path of its value ({@code LD_PRELOAD=/tmp/x.so},
     * {@code BASH_ENV=/tmp/rc}); for a {@code shared-code-option-vars} variable, a path a loading option of its
     * words names ({@code -javaagent:/tmp/a.jar}, {@code --require /tmp/x.js}, {@code -M/tmp/x}), the options in
     * {@code shared-code-loaders} — an output file an option names ({@code -Xlog:gc:/tmp/gc.log}) is no code.
     */
    static String named(RuleSet rules, String name, String value, String cwd) {
        if (value.indexOf('/') < 0) {
            return null;   // no absolute path in it, so none in a shared directory (most values: -Xmx2g, en_US.UTF-8)
        }
        if (rules.inList("shared-code-vars", name)) {
            for (String w : PATH_SEPARATORS.split(value)) {
                String p = unquoted(w);
                if (holds(rules, p, cwd)) {
                    return p;
                }
            }
            return null;
        }
        if (!rules.inList("shared-code-option-vars", name)) {
            return null;
        }
        String before = "";
        for (String raw : BLANKS.split(value.trim())) {
            String w = unquoted(raw);
            for (int k = w.indexOf('/'); k >= 0; k = w.indexOf('/', k + 1)) {
                String option = k == 0 ? before : w.substring(0, k);
                if (!option.isEmpty() && rules.inList("shared-code-loaders", option) && holds(rules, w.substring(k), cwd)) {
                    return w.substring(k);
                }
            }
            before = w;
        }
        return null;
    }

    private static String unquoted(String w) {
        int from = 0;
        int to = w.length();
        while (from < to && (w.charAt(from) == '\'' || w.charAt(from) == '"')) {
            from++;
        }
        while (to > from && (w.charAt(to - 1) == '\'' || w.charAt(to - 1) == '"')) {
            to--;
        }
        return w.substring(from, to);
    }
}
