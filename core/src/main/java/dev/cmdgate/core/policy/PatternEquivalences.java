package dev.cmdgate.core.policy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Equivalences by effect between the options a blocked pattern names and the options a command has:
 * "a pattern {@code rm -rf} also matches {@code rm -r}, because without a terminal on standard input
 * {@code rm -r} removes what {@code rm -rf} removes". The knowledge is data
 * ({@code dev/cmdgate/core/policy/pattern-equivalences}, which documents its format); this class only
 * reads it and applies it. Immutable and thread-safe.
 */
final class PatternEquivalences {

    static final String RESOURCE = "/dev/cmdgate/core/policy/pattern-equivalences";
    /** The one condition cmdgate knows; it holds for every launch (see the data file). */
    static final String STDIN_NOT_A_TERMINAL = "stdin-not-a-terminal";
    /** Bounds the alternatives of one pattern stage (the closure of a handful of rows is tiny). */
    private static final int MAX_ALTERNATIVES = 64;

    /**
     * One row: for {@code program}, a pattern's options {@code from} may be replaced by {@code to}.
     *
     * @param from options as written in the data (canonicalised at use, like the pattern's own)
     * @param to   options as written; empty: the options may be left out
     */
    record Rule(String program, List<String> from, List<String> to, String why) {
    }

    /**
     * A set of options that matches a pattern stage, and the rule that produced it (null: the
     * pattern's own options).
     */
    record Alternative(Set<String> options, Rule rule) {
    }

    private static final PatternEquivalences BUILTIN = load();

    private final List<Rule> rules;

    PatternEquivalences(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    static PatternEquivalences builtin() {
        return BUILTIN;
    }

    List<Rule> rules() {
        return rules;
    }

    /**
     * The option sets that satisfy a stage of {@code program} whose pattern requires {@code required}:
     * the required set itself first, then every set the rules derive from it (applied repeatedly).
     */
    List<Alternative> alternatives(String program, Set<String> required, OptionCanonicalizer canonicalizer) {
        List<Alternative> out = new ArrayList<>();
        out.add(new Alternative(Set.copyOf(required), null));
        for (int i = 0; i < out.size() && out.size() < MAX_ALTERNATIVES; i++) {
            Alternative a = out.get(i);
            for (Rule r : rules) {
                if (!r.program().equals(program)) {
                    continue;
                }
                Set<String> from = canonicalizer.canonicalOptions(program, r.from());
                if (from.isEmpty() || !a.options().containsAll(from)) {
                    continue;
                }
                Set<String> next = new LinkedHashSet<>(a.options());
                next.removeAll(from);
                next.addAll(canonicalizer.canonicalOptions(program, r.to()));
                if (out.stream().noneMatch(o -> o.options().equals(next))) {
                    out.add(new Alternative(Set.copyOf(next), a.rule() != null ? a.rule() : r));
                }
            }
        }
        return List.copyOf(out);
    }

    private static PatternEquivalences load() {
        try (InputStream in = PatternEquivalences.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("cmdgate: " + RESOURCE + " is missing from the jar");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cmdgate: cannot read " + RESOURCE + ": " + e, e);
        }
    }

    /**
     * Parses the data. Fails (IllegalArgumentException naming the line) on anything it does not
     * understand, including a condition other than {@value #STDIN_NOT_A_TERMINAL}: a row must never be
     * applied in a situation nobody checked.
     */
    static PatternEquivalences parse(String text) {
        List<Rule> rules = new ArrayList<>();
        String condition = null;
        int n = 0;
        for (String raw : text.split("\n", -1)) {
            n++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("[") && line.endsWith("]")) {
                condition = line.substring(1, line.length() - 1).strip();
                if (!condition.equals(STDIN_NOT_A_TERMINAL)) {
                    throw new IllegalArgumentException("pattern equivalences line " + n + ": unknown condition [" + condition + "]");
                }
                continue;
            }
            if (condition == null) {
                throw new IllegalArgumentException("pattern equivalences line " + n + ": a row before any [condition]");
            }
            int colon = line.indexOf(':');
            int eq = line.indexOf('=', colon + 1);
            int quote = line.indexOf('"', eq + 1);
            if (colon <= 0 || eq < 0 || quote < 0 || !line.endsWith("\"") || quote == line.length() - 1) {
                throw new IllegalArgumentException("pattern equivalences line " + n
                        + ": expected PROGRAM: OPTION… = OPTION… \"why\"");
            }
            String program = line.substring(0, colon).strip();
            List<String> from = words(line.substring(colon + 1, eq));
            List<String> to = words(line.substring(eq + 1, quote));
            String why = line.substring(quote + 1, line.length() - 1);
            if (program.isEmpty() || program.contains(" ") || from.isEmpty() || why.isBlank()
                    || from.stream().anyMatch(o -> !o.startsWith("-")) || to.stream().anyMatch(o -> !o.startsWith("-"))) {
                throw new IllegalArgumentException("pattern equivalences line " + n
                        + ": a program, at least one option on the left, options only, and a reason");
            }
            rules.add(new Rule(program, from, to, why));
        }
        return new PatternEquivalences(rules);
    }

    private static List<String> words(String s) {
        String t = s.strip();
        return t.isEmpty() ? List.of() : List.of(t.split("\\s+"));
    }
}
