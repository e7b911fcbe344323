package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A list of globs matched against many texts: every file a command reads is checked against the credential
 * stores, and almost none is one. A glob with no wildcard is a set lookup; a path glob is tried only when the
 * text has its anchor — the longest of its path components without a wildcard ({@code .ssh} for
 * {@code *}{@code /.ssh/*}) — among its own components; a glob with no such component is tried when the text
 * contains its longest literal run. So a text near no pattern costs a split and a few lookups.
 */
final class GlobIndex {

    private final RegionTable<Boolean> exact;
    private final RegionTable<List<String>> byComponent;
    /** {@code *.EXT} globs by their EXT: a text matches when its extension is one of them. */
    private final RegionTable<Boolean> extensions;
    /** {@code TEXT*} globs by their literal beginning. */
    private final List<String> prefixes = new ArrayList<>();
    /** Other globs without an anchor component, with the literal run a text must contain (possibly empty). */
    private final List<String[]> rest = new ArrayList<>();
    /**
     * The first test, which touches little memory and answers most texts: every region some glob needs to
     * find in a text — the last path component of an exact glob, each anchor, each extension, each literal
     * beginning — in a 512-bit Bloom filter (two bits per region, from its length and first, middle and last
     * characters), and the lengths of the literal beginnings. Almost no path a command reads or writes is
     * near a credential store or a sensitive place.
     */
    private final long[] regions = new long[8];
    private long prefixLengths;
    /** Some glob must be tried against every text (no anchor, extension or beginning rules it out). */
    private boolean unfiltered;
    /** Some glob is {@code *.}: a text ending in a dot may match it. */
    private boolean emptyExtension;

    GlobIndex(List<String> globs) {
        Map<String, Boolean> exactGlobs = new HashMap<>();
        Map<String, List<String>> anchored = new HashMap<>();
        Map<String, Boolean> extensionGlobs = new HashMap<>();
        for (String g : globs) {
            if (g.indexOf('*') < 0 && g.indexOf('?') < 0 && g.indexOf('\\') < 0) {
                exactGlobs.put(g, Boolean.TRUE);
                addRegion(g, g.lastIndexOf('/') + 1, g.length()); // a text ending in '/' is never filtered
                continue;
            }
            String anchor = g.indexOf('\\') >= 0 ? "" : anchor(g);
            int wilds = g.length() - g.replace("*", "").length();
            if (!anchor.isEmpty()) {
                List<String> same = anchored.get(anchor);   // not computeIfAbsent: no lambda spun on a first launch
                if (same == null) {
                    same = new ArrayList<>();
                    anchored.put(anchor, same);
                }
                same.add(g);
                addRegion(anchor, 0, anchor.length());
            } else if (wilds == 1 && g.startsWith("*.") && plain(g.substring(2)) && g.indexOf('.', 2) < 0) {
                extensionGlobs.put(g.substring(2), Boolean.TRUE);
                addRegion(g, 2, g.length());
                emptyExtension |= g.length() == 2;
            } else if (wilds == 1 && g.endsWith("*") && plain(g.substring(0, g.length() - 1))) {
                String prefix = g.substring(0, g.length() - 1);
                prefixes.add(prefix);
                if (prefix.isEmpty() || prefix.length() >= Long.SIZE) {
                    unfiltered = true;
                } else {
                    prefixLengths |= 1L << prefix.length();
                    addRegion(prefix, 0, prefix.length());
                }
            } else {
                rest.add(new String[] {g, longestLiteral(g)});
                unfiltered = true;
            }
        }
        exact = new RegionTable<>(exactGlobs);
        byComponent = new RegionTable<>(anchored);
        extensions = new RegionTable<>(extensionGlobs);
    }

    boolean matches(String text) {
        return matches(text, 0);
    }

    /** Whether {@code text[from…]} (a path's file name, say) matches one of the globs. */
    boolean matches(String text, int from) {
        return mayMatch(text, from) && tryGlobs(text, from);
    }

    /**
     * False when no glob can match the file {@code name} directly in {@code dir}, without joining the two: the
     * joined path's components are the directory's and the name.
     */
    boolean mayMatchIn(String dir, String name) {
        return mayMatch(dir, 0) || mayMatch(name, 0);
    }

    private void addRegion(String text, int from, int to) {
        if (from < to) {
            int h = regionHash(text, from, to);
            regions[(h >>> 6) & 7] |= 1L << h;
            regions[(h >>> 15) & 7] |= 1L << (h >>> 9);
        }
    }

    private boolean mayHaveRegion(String text, int from, int to) {
        int h = regionHash(text, from, to);
        return (regions[(h >>> 6) & 7] & 1L << h) != 0 && (regions[(h >>> 15) & 7] & 1L << (h >>> 9)) != 0;
    }

    /** A hash of a non-empty region from four of its properties, so that computing it does not read it all. */
    private static int regionHash(String text, int from, int to) {
        int length = to - from;
        int h = length * 0x9E3779B1 ^ text.charAt(from) * 0x85EBCA6B ^ text.charAt(to - 1) * 0xC2B2AE35
                ^ text.charAt(from + length / 2) * 0x27D4EB2F;
        h ^= h >>> 15;
        h *= 0x2C1B3C6D;
        return h ^ h >>> 12;
    }

    /**
     * False when no glob can match {@code text[from…]}: none of its components, its extension or its
     * beginning is a region some glob needs (the regions {@link #tryGlobs} looks up).
     */
    private boolean mayMatch(String text, int from) {
        int n = text.length();
        if (unfiltered || n == from || text.charAt(n - 1) == '/') {
            return true;
        }
        int start = from;
        int dot = -1;
        for (int i = from; i < n; i++) {
            char c = text.charAt(i);
            if (c == '/') {
                if (i > start && mayHaveRegion(text, start, i)) {
                    return true;
                }
                start = i + 1;
                dot = -1;
            } else if (c == '.') {
                dot = i;
            }
        }
        if (mayHaveRegion(text, start, n)) {
            return true; // the last component
        }
        if (dot >= 0 && (dot + 1 == n ? emptyExtension : mayHaveRegion(text, dot + 1, n))) {
            return true; // its extension
        }
        for (long lengths = prefixLengths; lengths != 0; lengths &= lengths - 1) {
            int length = Long.numberOfTrailingZeros(lengths);
            if (from + length <= n && mayHaveRegion(text, from, from + length)) {
                return true;
            }
        }
        return false;
    }

    private boolean tryGlobs(String text, int from) {
        int n = text.length();
        if (exact.get(text, from, n) != null) {
            return true;
        }
        // one pass: every path component is looked up as an anchor; the last slash and dot give the extension
        boolean components = !byComponent.isEmpty();
        int start = from;
        int dot = -1;
        for (int i = from; i <= n; i++) {
            char c = i == n ? '/' : text.charAt(i);
            if (c == '/') {
                if (components && i > start) {
                    List<String> gs = byComponent.get(text, start, i);
                    if (gs != null && Glob.anyMatch(gs, region(text, from))) {
                        return true;
                    }
                }
                start = i + 1;
                if (i < n) {
                    dot = -1; // a dot before the last slash is not the extension's
                }
            } else if (c == '.') {
                dot = i;
            }
        }
        if (dot >= 0 && extensions.get(text, dot + 1, n) != null) {
            return true;
        }
        for (int i = 0, m = prefixes.size(); i < m; i++) {
            if (text.startsWith(prefixes.get(i), from)) {
                return true;
            }
        }
        String t = rest.isEmpty() ? null : region(text, from);
        for (int i = 0, m = rest.size(); i < m; i++) {
            String[] r = rest.get(i);
            if ((r[1].isEmpty() || t.contains(r[1])) && Glob.matches(r[0], t)) {
                return true;
            }
        }
        return false;
    }

    private static String region(String text, int from) {
        return from == 0 ? text : text.substring(from);
    }

    /** Whether a part of a glob is plain text: no wildcard, escape or slash. */
    private static boolean plain(String part) {
        for (int i = 0; i < part.length(); i++) {
            char c = part.charAt(i);
            if (c == '*' || c == '?' || c == '\\' || c == '/') {
                return false;
            }
        }
        return true;
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
