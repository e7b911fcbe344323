package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A list of globs matched against many texts: every file a command reads is checked against the credential
 * stores, and almost none is one. A glob with no wildcard is a set lookup; a path glob is tried only when the
 * text has its anchor — the longest of its path components without a wildcard ({@code .ssh} for
 * {@code *}{@code /.ssh/*}) — among its own components; a glob with no such component is tried when the text
 * contains its longest literal run. So a text near no pattern costs a split and a few lookups.
 */
final class GlobIndex {

    private final Set<String> exact = new HashSet<>();
    private final Map<String, List<String>> byComponent = new HashMap<>();
    /** Globs without an anchor component, with the literal run a text must contain (possibly empty). */
    private final List<String[]> rest = new ArrayList<>();

    GlobIndex(List<String> globs) {
        for (String g : globs) {
            if (g.indexOf('*') < 0 && g.indexOf('?') < 0 && g.indexOf('\\') < 0) {
                exact.add(g);
                continue;
            }
            String anchor = g.indexOf('\\') >= 0 ? "" : anchor(g);
            if (!anchor.isEmpty()) {
                byComponent.computeIfAbsent(anchor, k -> new ArrayList<>()).add(g);
            } else {
                rest.add(new String[] {g, longestLiteral(g)});
            }
        }
    }

    boolean matches(String text) {
        if (exact.contains(text)) {
            return true;
        }
        if (!byComponent.isEmpty()) {
            int start = 0;
            int n = text.length();
            for (int i = 0; i <= n; i++) {
                if (i == n || text.charAt(i) == '/') {
                    if (i > start) {
                        List<String> gs = byComponent.get(text.substring(start, i));
                        if (gs != null && Glob.anyMatch(gs, text)) {
                            return true;
                        }
                    }
                    start = i + 1;
                }
            }
        }
        for (String[] r : rest) {
            if ((r[1].isEmpty() || text.contains(r[1])) && Glob.matches(r[0], text)) {
                return true;
            }
        }
        return false;
    }

    /** The longest path component of the glob without a wildcard, or empty when it has none ({@code *.pub}). */
    static String anchor(String glob) {
        String best = "";
        int start = 0;
        for (int i = 0; i <= glob.length(); i++) {
            if (i == glob.length() || glob.charAt(i) == '/') {
                String c = glob.substring(start, i);
                if (c.indexOf('*') < 0 && c.indexOf('?') < 0 && !c.equals("~") && c.length() > best.length()) {
                    best = c;
                }
                start = i + 1;
            }
        }
        return best;
    }

    /** The longest run of plain characters; empty when the glob escapes anything (the run would be wrong). */
    static String longestLiteral(String glob) {
        if (glob.indexOf('\\') >= 0) {
            return "";
        }
        String best = "";
        int start = 0;
        for (int i = 0; i <= glob.length(); i++) {
            if (i == glob.length() || glob.charAt(i) == '*' || glob.charAt(i) == '?') {
                if (i - start > best.length()) {
                    best = glob.substring(start, i);
                }
                start = i + 1;
            }
        }
        return best;
    }
}
