package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * The ends of the paths a list of path globs names, for a relative name whose directory is only known at run time
 * ({@code cd "$D"; cat shadow}): the name may be such a path when it matches one of the glob's ends after one of its
 * slashes ({@code shadow} and {@code etc/shadow} of {@code /etc/shadow}; {@code .aws/*} of {@code *}{@code /.aws/*}).
 * An end that says nothing of which file it is — its last part all wildcards, with no literal directory before it
 * ({@code *} of {@code /etc/*}) — is left out: it would take every name for a sensitive one. So is an end of one
 * name unless it is a name directly in a top directory ({@code shadow} of {@code /etc/shadow}, {@code usr} of
 * {@code /usr}): {@code config} of {@code ~/.kube/config} or {@code gradle.properties} of
 * {@code *}{@code /.gradle/gradle.properties} would make every file of that everyday name one; and so is the one name
 * of a directory whose files the list names ({@code log} of {@code /var/log} beside {@code /var/log/*}): a file
 * written under that name is not one of them.
 */
final class PathTails {

    private final List<String> ends;

    private PathTails(List<String> ends) {
        this.ends = ends;
    }

    static PathTails of(List<String> globs) {
        List<String> out = new ArrayList<>();
        for (String g : globs) {
            boolean relative = !g.startsWith("/") && !g.startsWith("~") && !g.startsWith("*");
            if (relative && telling(g) && (g.indexOf('/') > 0 || !g.contains("*")) && !out.contains(g)) {
                out.add(g);
            }
            for (int i = g.indexOf('/'); i >= 0 && i + 1 < g.length(); i = g.indexOf('/', i + 1)) {
                String end = g.substring(i + 1);
                boolean oneName = end.indexOf('/') < 0;
                if (telling(end) && (!oneName || topName(g, globs)) && !out.contains(end)) {
                    out.add(end);
                }
            }
        }
        return new PathTails(List.copyOf(out));
    }

    /** Whether the relative name (normalised, no leading {@code ./} or {@code ../}) matches one of the ends. */
    boolean mayEnd(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0, n = ends.size(); i < n; i++) {
            if (Glob.matches(ends.get(i), name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the glob is an absolute path of at most two names ({@code /etc/shadow}, {@code /usr}) and not a
     * directory whose files the list names too.
     */
    private static boolean topName(String glob, List<String> globs) {
        if (!glob.startsWith("/") || glob.indexOf('/', 1) >= 0 && glob.indexOf('/', glob.indexOf('/', 1) + 1) >= 0) {
            return false;
        }
        return !globs.contains(glob + "/*");
    }

    /** An end whose last part has a literal character and no wildcard, or that has a literal directory. */
    private static boolean telling(String end) {
        int slash = end.lastIndexOf('/');
        String last = end.substring(slash + 1);
        if (!last.isEmpty() && !hasWildcard(last)) {
            return true;
        }
        return slash > 0 && hasLiteral(end.substring(0, slash));
    }

    private static boolean hasWildcard(String s) {
        return s.indexOf('*') >= 0 || s.indexOf('?') >= 0;
    }

    private static boolean hasLiteral(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '*' && c != '?' && c != '/' && c != '\\') {
                return true;
            }
        }
        return false;
    }
}
