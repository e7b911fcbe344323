package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code [@lang NAME]} section: what cmdgate knows about code in one language — which lexer
 * family reads it ({@code syntax}), the verdict of any code in it ({@code is}), which calls start
 * processes, delete files or run more code of the language ({@code call}), which names reach the
 * network ({@code uses}), and whether backquoted strings are shell commands ({@code backticks}).
 * Built by {@link RulesParser}; read-only once the rule set is published.
 */
public final class Language {

    /**
     * One {@code call READING [from N] [as "WORDS"] NAME...} row.
     *
     * @param reading  sh (the first argument is a shell line), argv (the arguments are an argv),
     *                 exec (path, argv[0], arguments: the exec family), as (the arguments follow the
     *                 template words), code (the argument is more code in this language), module (the
     *                 argument names code to load), open (a mode or name with '|' runs a shell line),
     *                 self (the receiver, {@code "cmd".execute()}, is the command)
     * @param from     the 1-based positional argument the reading starts at
     * @param template for {@code as}: the command the call amounts to ({@code rm -rf --})
     * @param names    the call names; {@code module.name} also matches {@code name} called on
     *                 anything when the code mentions {@code module}; a last segment may end in '*';
     *                 a name with blanks is a phrase of words ({@code do shell script})
     * @param functions for {@code lookup}: a bare name as the argument is the function itself, not a variable
     *                 holding a name ({@code do.call(rbind, x)} in R)
     */
    public record Call(String reading, int from, List<String> template, List<String> names, List<String> named,
            boolean namedOnly, boolean functions) {
        public Call(String reading, int from, List<String> template, List<String> names) {
            this(reading, from, template, names, List.of(), false, false);
        }
    }

    /** One {@code uses NAME... -> verdict} row. */
    public record Use(List<String> names, Rating verdict) {
    }

    final String name;
    String syntax;
    Rating verdict;
    String backticks;
    boolean variableCalls;
    /** The {@code pure} rows: what a program that only computes and prints may use. */
    final Purity purity = new Purity();
    /** {@code forks} row: the calls that copy the running process (a fork), by their last segment. */
    final java.util.Set<String> forks = new java.util.HashSet<>();
    final List<Call> calls = new ArrayList<>();
    final List<Use> uses = new ArrayList<>();
    /** Call rows by the last segment of their names (without a trailing '*'), for the lookup per identifier. */
    final Map<String, List<Call>> byLast = new HashMap<>();
    final List<Call> globbed = new ArrayList<>();
    /** For every glob name: the prefix before its '*' and its row (parallel lists). */
    final List<String> globPrefixes = new ArrayList<>();
    final List<Call> globCalls = new ArrayList<>();
    /** {@code uses} words (lower-cased for caseless languages by the reader) → their rows. */
    final Map<String, List<Use>> useIndex = new HashMap<>();
    /** {@code uses} words with blanks: phrases of identifiers ({@code empty trash}), matched word by word. */
    final List<String> usePhrases = new ArrayList<>();
    boolean prefixUses;

    Language(String name) {
        this.name = name;
    }

    public String name() { return name; }
    /** The lexer family: python, javascript, java, groovy, perl, ruby, php, lua, r, tcl, applescript, powershell, julia. */
    public String syntax() { return syntax; }
    /** The verdict of any code in this language (it is code: at least this). */
    public Rating verdict() { return verdict; }
    /** How backquoted strings are read ({@code sh}), or null when they are not commands. */
    public String backticks() { return backticks; }
    /** Whether a variable can be called as a function ({@code $f(…)} in PHP, {@code &$f(…)} in Perl): a variable-calls row. */
    public boolean variableCalls() { return variableCalls; }
    public List<Call> calls() { return calls; }
    /** What a program that only computes and prints may use ({@code pure} rows); see {@link Purity#usable()}. */
    public Purity purity() { return purity; }
    /** Whether a call named so (by its last segment: {@code os.fork}, {@code fork}) copies the running process. */
    public boolean forks(String name) { return !forks.isEmpty() && forks.contains(lastSegment(name)); }
    /** Whether the language has a {@code forks} row. */
    public boolean hasForks() { return !forks.isEmpty(); }
    public List<Use> uses() { return uses; }

    /** Call rows whose some name ends in {@code last} (exactly, or by a glob). */
    public List<Call> candidates(String last) {
        List<Call> exact = byLast.get(last);
        List<Call> all = null;
        for (int i = 0; i < globPrefixes.size(); i++) {
            if (last.startsWith(globPrefixes.get(i))) {
                if (all == null) {
                    all = new ArrayList<>(exact == null ? List.of() : exact);
                }
                if (!all.contains(globCalls.get(i))) {
                    all.add(globCalls.get(i));
                }
            }
        }
        return all != null ? all : exact == null ? List.of() : exact;
    }

    /** The {@code uses} rows naming exactly {@code word} (a name, a module prefix, a string), or null. */
    public List<Use> usesOf(String word) {
        return useIndex.get(word);
    }

    /** The {@code uses} words with blanks, each a phrase of identifiers in a row ({@code open location}). */
    public List<String> usePhrases() {
        return usePhrases;
    }

    /** Whether some {@code uses} word ends in '.' or '::' (a prefix such as {@code Net::}). */
    public boolean hasPrefixUses() {
        return prefixUses;
    }

    void add(Call c) {
        calls.add(c);
        for (String n : c.names()) {
            String l = lastSegment(n);
            if (l.endsWith("*")) {
                if (globbed.isEmpty() || globbed.get(globbed.size() - 1) != c) {
                    globbed.add(c); // identity, not the record's equals: no method-handle spin-up on the first decision
                }
                globPrefixes.add(l.substring(0, l.length() - 1));
                globCalls.add(c);
            } else {
                listIn(byLast, l).add(c);
            }
        }
    }

    void add(Use u) {
        uses.add(u);
        for (String w : u.names()) {
            listIn(useIndex, w).add(u);
            if (w.indexOf(' ') >= 0 && !usePhrases.contains(w)) {
                usePhrases.add(w);
            }
            String lower = w.toLowerCase(java.util.Locale.ROOT);
            if (!lower.equals(w)) {
                listIn(useIndex, lower).add(u);
            }
            prefixUses |= w.endsWith(".") || w.endsWith("::");
        }
    }

    /** The list under a key, made when missing (no lambda: rules are read on the first decision). */
    private static <T> List<T> listIn(java.util.Map<String, List<T>> m, String key) {
        List<T> l = m.get(key);
        if (l == null) {
            l = new ArrayList<>();
            m.put(key, l);
        }
        return l;
    }

    /** The last segment of a dotted name ({@code a.b.c} → {@code c}, {@code A::B} → {@code B}, {@code a->b} → {@code b}). */
    public static String lastSegment(String n) {
        int space = n.lastIndexOf(' ');
        if (space >= 0) {
            return n.substring(space + 1);
        }
        for (int k = n.length() - 1; k >= 0; k--) {
            char c = n.charAt(k);
            if (c == '.' || c == ':' || c == '>') {
                return n.substring(k + 1);
            }
        }
        return n;
    }

    @Override
    public String toString() {
        return "[@lang " + name + "]";
    }
}
