package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.RootedGlobs;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a shell pattern written on the line ({@code ~/.[a]ws/credentials}, {@code /etc/ss?/ssh_host_rsa_key})
 * and a path glob of the rules ({@code ~/.aws/*}) can name the same path, and one such path: the two are read as
 * automata over characters and their product is searched. The shell pattern is read as pathname expansion reads
 * it — {@code * ? [...]} never match a {@code /}, and a wildcard starting a component never matches a leading
 * {@code .} — unless the line changed the glob options ({@code shopt}, {@code bash -O}: {@code widened}), then as
 * any of them may read it: a leading dot matched by a wildcard ({@code dotglob}), letters in either case
 * ({@code nocaseglob}), and a {@code **} component as any run of components ({@code globstar}). A bracket
 * expression matches any character its members name, in either case when widened. In the rules' glob {@code *} is
 * any run of characters, slashes too, and {@code ?} any one character.
 *
 * <p>Bounded: patterns longer than {@link #MAX_LENGTH} are not compared (the caller's other checks stand).
 */
final class PatternOverlap {

    static final int MAX_LENGTH = 256;

    private PatternOverlap() {
    }

    private enum Kind { LIT, ONE, SET, RUN, DEEP }

    /**
     * Whether a path or glob starts at a fixed place ({@code /}, {@code ~}): only such globs are compared, as one
     * starting anywhere ({@code *}{@code /.ssh/*}) would let any pattern reach it through wildcards alone.
     */
    static boolean rooted(String path) {
        return RootedGlobs.rooted(path);
    }

    /**
     * The first path the pattern and one of the globs both name that {@code accept} takes (the globs in their
     * order), or null: the pattern's slashes are counted once, and a glob holding more is not searched
     * ({@link #tooFewSlashes}).
     */
    static String firstWitness(String shellPattern, RootedGlobs globs, boolean widened,
            java.util.function.Predicate<String> accept) {
        int limit = widened && shellPattern.contains("**") ? Integer.MAX_VALUE : count(shellPattern, '/');
        for (int i = 0; i < globs.size(); i++) {
            if (globs.slashes(i) <= limit) {
                String w = witness(shellPattern, globs.glob(i), widened);
                if (w != null && accept.test(w)) {
                    return w;
                }
            }
        }
        return null;
    }

    /** A name as a glob matching only itself. */
    static String literal(String name) {
        StringBuilder b = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '*' || c == '?' || c == '\\' || c == '[') {
                b.append('\\');
            }
            b.append(c);
        }
        return b.toString();
    }

    /** One element of the shell pattern; {@code first}: it starts a component with a wildcard. */
    private record Tok(Kind kind, char c, String set, boolean negated, boolean first, int skip) {
    }

    /** A path both name, or null when there is none. */
    static String witness(String shellPattern, String ruleGlob, boolean widened) {
        if (shellPattern.length() > MAX_LENGTH || ruleGlob.length() > MAX_LENGTH
                || tooFewSlashes(shellPattern, ruleGlob, widened)
                || literalPrefixesDiffer(shellPattern, ruleGlob, widened)) {
            return null;
        }
        List<Tok> p = tokens(shellPattern, widened);
        RuleGlob g = RuleGlob.of(ruleGlob);
        int n = p.size();
        int m = g.size();
        // state: (i, j, guard) — guard: the next character the pattern takes starts a component a wildcard begins.
        // Each state is queued at most once, so the queue is an array; parent holds the state it was reached from
        // plus 2 (0: not reached yet, 1: the start).
        int states = (n + 1) * (m + 1) * 2;
        int[] parent = new int[states];
        char[] via = new char[states];
        int[] queue = new int[states];
        int head = 0;
        int tail = 0;
        int start = id(0, 0, guardAt(p, 0, widened), m);
        parent[start] = 1;
        queue[tail++] = start;
        while (head < tail) {
            int s = queue[head++];
            int g0 = s & 1;
            int j = (s >> 1) % (m + 1);
            int i = (s >> 1) / (m + 1);
            if (i == n && j == m) {
                return path(s, parent, via);
            }
            // moves taking no character
            if (i < n && (p.get(i).kind == Kind.RUN || p.get(i).kind == Kind.DEEP)) {
                tail = visit(queue, tail, parent, via, s, id(i + 1, j, g0 == 1, m), (char) 0);
                if (p.get(i).skip > 1) {
                    tail = visit(queue, tail, parent, via, s,
                            id(i + p.get(i).skip, j, guardAt(p, i + p.get(i).skip, widened), m), (char) 0);
                }
            }
            if (j < m && g.kind[j] == Kind.RUN) {
                tail = visit(queue, tail, parent, via, s, id(i, j + 1, g0 == 1, m), (char) 0);
            }
            if (i == n || j == m) {
                continue;
            }
            // moves taking one character both accept
            Tok a = p.get(i);
            char c = common(a, g.kind[j], g.c[j], g0 == 1, widened);
            if (c == 0) {
                continue;
            }
            int ni = a.kind == Kind.RUN || a.kind == Kind.DEEP ? i : i + 1;
            int nj = g.kind[j] == Kind.RUN ? j : j + 1;
            boolean guard = c == '/' && guardAt(p, ni, widened);
            tail = visit(queue, tail, parent, via, s, id(ni, nj, guard, m), c);
        }
        return null;
    }

    /**
     * Whether the two differ before either's first wildcard: there both take one character per element in step,
     * so a literal one does not accept ends the search before it starts (most pairs a line's pattern meets).
     */
    private static boolean literalPrefixesDiffer(String p, String g, boolean widened) {
        int i = 0;
        int j = 0;
        while (i < p.length() && j < g.length()) {
            char a = p.charAt(i);
            if (a == '\\' && i + 1 < p.length()) {
                a = p.charAt(++i);
            } else if (a == '*' || a == '?' || a == '[') {
                return false;
            }
            char b = g.charAt(j);
            if (b == '\\' && j + 1 < g.length()) {
                b = g.charAt(++j);
            } else if (b == '*' || b == '?') {
                return false;
            }
            if (a != b && !(widened && Character.toLowerCase(a) == Character.toLowerCase(b))) {
                return true;
            }
            i++;
            j++;
        }
        return false;
    }

    /**
     * Whether the pattern names paths with fewer slashes than the glob's own: every {@code /} of either is a
     * literal one (no bracket holds one), the pattern's wildcards never match one unless a {@code **} component
     * may, and the glob's may only add more.
     */
    private static boolean tooFewSlashes(String p, String g, boolean widened) {
        return !(widened && p.contains("**")) && more(g, '/', count(p, '/'));
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int i = s.indexOf(c); i >= 0; i = s.indexOf(c, i + 1)) {
            n++;
        }
        return n;
    }

    /** Whether {@code s} holds more than {@code limit} of {@code c} (read no further than that). */
    private static boolean more(String s, char c, int limit) {
        int n = 0;
        for (int i = s.indexOf(c); i >= 0; i = s.indexOf(c, i + 1)) {
            if (++n > limit) {
                return true;
            }
        }
        return false;
    }

    private static int id(int i, int j, boolean guard, int m) {
        return ((i * (m + 1) + j) << 1) | (guard ? 1 : 0);
    }

    private static int visit(int[] queue, int tail, int[] parent, char[] via, int from, int to, char c) {
        if (parent[to] == 0) {
            parent[to] = from + 2;
            via[to] = c;
            queue[tail++] = to;
        }
        return tail;
    }

    private static String path(int s, int[] parent, char[] via) {
        StringBuilder b = new StringBuilder();
        for (int x = s; parent[x] >= 2; x = parent[x] - 2) {
            if (via[x] != 0) {
                b.append(via[x]);
            }
        }
        return b.reverse().toString();
    }

    /** Whether the element at {@code i} is a wildcard starting a component whose leading dot it may not match. */
    private static boolean guardAt(List<Tok> p, int i, boolean widened) {
        return !widened && i < p.size() && p.get(i).first;
    }

    /** A character both elements accept (the rule's own literal when it has one), or 0. */
    private static char common(Tok a, Kind bKind, char bc, boolean guard, boolean widened) {
        if (bKind == Kind.LIT) {
            return accepts(a, bc, guard, widened) ? bc : 0;
        }
        // the rule's wildcard takes any character
        if (a.kind == Kind.LIT) {
            return guard && a.c == '.' ? 0 : a.c;
        }
        if (a.kind == Kind.SET && !a.negated) {
            for (int k = 0; k < a.set.length(); k++) {
                char c = a.set.charAt(k);
                if (c != '/' && !(guard && c == '.')) {
                    return c;
                }
            }
            return 0;
        }
        return 'x';
    }

    private static boolean accepts(Tok a, char c, boolean guard, boolean widened) {
        if (guard && c == '.') {
            return false;
        }
        return switch (a.kind) {
            case LIT -> a.c == c || widened && Character.toLowerCase(a.c) == Character.toLowerCase(c);
            case ONE, RUN -> c != '/';
            case DEEP -> true;
            case SET -> c != '/' && (a.negated != inSet(a.set, c, widened));
        };
    }

    private static boolean inSet(String set, char c, boolean widened) {
        for (int k = 0; k < set.length(); k++) {
            char s = set.charAt(k);
            if (k + 2 < set.length() && set.charAt(k + 1) == '-') {
                char hi = set.charAt(k + 2);
                if (c >= s && c <= hi || widened && (Character.toLowerCase(c) >= s && Character.toLowerCase(c) <= hi
                        || Character.toUpperCase(c) >= s && Character.toUpperCase(c) <= hi)) {
                    return true;
                }
                k += 2;
            } else if (s == c || widened && Character.toLowerCase(s) == Character.toLowerCase(c)) {
                return true;
            }
        }
        return false;
    }

    /** The shell pattern's elements: escapes taken, brackets read, {@code **} components marked. */
    private static List<Tok> tokens(String p, boolean widened) {
        List<Tok> out = new ArrayList<>(p.length());
        int n = p.length();
        boolean componentStart = true;
        for (int i = 0; i < n; i++) {
            char c = p.charAt(i);
            boolean start = componentStart;
            componentStart = false;
            if (c == '\\' && i + 1 < n) {
                char e = p.charAt(++i);
                out.add(new Tok(Kind.LIT, e, null, false, false, 1));
                componentStart = e == '/';
            } else if (c == '/') {
                out.add(new Tok(Kind.LIT, c, null, false, false, 1));
                componentStart = true;
            } else if (c == '*' && start && widened && p.startsWith("**", i) && (i + 2 == n || p.charAt(i + 2) == '/')) {
                // globstar: any run of components, or none (then the slash after it goes too)
                out.add(new Tok(Kind.DEEP, c, null, false, false, i + 2 < n ? 2 : 1));
                i++;
            } else if (c == '*') {
                while (i + 1 < n && p.charAt(i + 1) == '*') {
                    i++;
                }
                out.add(new Tok(Kind.RUN, c, null, false, start, 1));
            } else if (c == '?') {
                out.add(new Tok(Kind.ONE, c, null, false, start, 1));
            } else if (c == '[' && bracketEnd(p, i) > 0) {
                int end = bracketEnd(p, i);
                int from = i + 1;
                boolean neg = from < end && (p.charAt(from) == '!' || p.charAt(from) == '^');
                String set = p.substring(neg ? from + 1 : from, end).replace("\\", "");
                out.add(new Tok(Kind.SET, c, set, neg, start, 1));
                i = end;
            } else {
                out.add(new Tok(Kind.LIT, c, null, false, false, 1));
            }
        }
        return out;
    }

    private static int bracketEnd(String p, int open) {
        int i = open + 1;
        if (i < p.length() && (p.charAt(i) == '!' || p.charAt(i) == '^')) {
            i++;
        }
        if (i < p.length() && p.charAt(i) == ']') {
            i++;
        }
        int close = p.indexOf(']', i);
        int slash = p.indexOf('/', i);
        return close > 0 && (slash < 0 || slash > close) ? close : -1;
    }

    /** The rules' glob: {@code *} any run (slashes too), {@code ?} one character, {@code \} escapes. */
    private record RuleGlob(Kind[] kind, char[] c, int size) {

        static RuleGlob of(String g) {
            Kind[] kind = new Kind[g.length()];
            char[] c = new char[g.length()];
            int k = 0;
            for (int i = 0; i < g.length(); i++, k++) {
                char x = g.charAt(i);
                if (x == '\\' && i + 1 < g.length()) {
                    kind[k] = Kind.LIT;
                    c[k] = g.charAt(++i);
                } else {
                    kind[k] = x == '*' ? Kind.RUN : x == '?' ? Kind.ONE : Kind.LIT;
                    c[k] = x;
                }
            }
            return new RuleGlob(kind, c, k);
        }
    }
}
