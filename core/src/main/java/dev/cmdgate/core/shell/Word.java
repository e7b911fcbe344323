package dev.cmdgate.core.shell;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A shell word before expansion, as a sequence of {@link WordPart parts}: {@code 'r'm} is
 * [SingleQuoted "r", Literal "m"]; {@code ~/x*} is [Tilde "", Literal "/x", PatternChar "*"].
 *
 * <p>The shell's expansions, in its order: brace expansion ({@link #expandBraces()}), tilde
 * ({@link #tilde()}), parameter/command/arithmetic/process substitution ({@link #hasExpansion()},
 * {@link #substitutions()}), word splitting, pathname expansion ({@link #hasGlob()}), quote removal
 * ({@link #literalValue()}).
 *
 * @param parts the parts, in order (empty only for an empty word such as an empty assignment value)
 */
public record Word(int start, int end, List<WordPart> parts) implements Node {

    /** Default cap on the number of words brace expansion may produce. */
    public static final int DEFAULT_BRACE_CAP = 1000;

    public Word {
        parts = List.copyOf(parts);
    }

    /**
     * The word's value after quote removal when it contains no parameter expansion, command,
     * process or arithmetic substitution; else null. {@code 'r'm}, {@code r\m}, {@code "rm"},
     * {@code $'\x72m'} all give {@code rm}.
     *
     * <p>Brace syntax, tilde prefixes and glob characters do not make a word non-static: they
     * appear in the value as written ({@code ~/x}, {@code *.txt}, <code>-{a,b}</code>). Check
     * {@link #tilde()}, {@link #hasGlob()} and {@link #expandBraces()} for them.
     */
    public String literalValue() {
        if (parts.size() == 1) {
            // most words are one part: its value is the word's, with no copy
            String v = WordPart.staticText(parts.get(0));
            if (v != null) {
                return v;
            }
        }
        StringBuilder sb = new StringBuilder();
        return appendLiteral(parts, sb) ? sb.toString() : null;
    }

    private static boolean appendLiteral(List<WordPart> parts, StringBuilder sb) {
        for (int i = 0, n = parts.size(); i < n; i++) {
            WordPart p = parts.get(i);
            String text = WordPart.staticText(p);
            if (text != null) {
                sb.append(text);
            } else if (p instanceof DoubleQuoted d) {
                // double-quoted parts hold only Literal/Escaped/expansions (no nested quotes)
                if (!appendLiteral(d.parts(), sb)) {
                    return false;
                }
            } else {
                return false;
            }
        }
        return true;
    }

    /**
     * True when the word contains a parameter expansion, command/process substitution or
     * arithmetic expansion anywhere (also inside double quotes).
     */
    public boolean hasExpansion() {
        return hasExpansion(parts);
    }

    private static boolean hasExpansion(List<WordPart> parts) {
        for (int i = 0, n = parts.size(); i < n; i++) {
            WordPart p = parts.get(i);
            if (p instanceof DoubleQuoted d) {
                if (hasExpansion(d.parts())) {
                    return true;
                }
            } else if (WordPart.staticText(p) == null) {
                return true;
            }
        }
        return false;
    }

    /** True when the word contains no expansion (see {@link #literalValue()}). */
    public boolean isStatic() {
        return !hasExpansion();
    }

    /** True when the word has an unquoted glob character ({@code * ? [}) at its top level. */
    public boolean hasGlob() {
        for (int i = 0, n = parts.size(); i < n; i++) {
            if (parts.get(i) instanceof PatternChar) {
                return true;
            }
        }
        return false;
    }

    /** True when any part of the word was quoted or escaped (affects e.g. here-doc delimiters). */
    public boolean isQuoted() {
        for (WordPart p : parts) {
            if (p instanceof SingleQuoted || p instanceof DoubleQuoted || p instanceof AnsiCQuoted
                    || p instanceof Escaped) {
                return true;
            }
        }
        return false;
    }

    /** The leading tilde prefix ({@code ~}, {@code ~user}) if the word starts with one, else null. */
    public Tilde tilde() {
        return !parts.isEmpty() && parts.get(0) instanceof Tilde t ? t : null;
    }

    /**
     * Every command and process substitution in this word, at any depth of the word's own
     * structure (inside double quotes, parameter-expansion operands and subscripts, arithmetic),
     * in source order. Substitutions nested inside the returned scripts are not included; walk
     * those scripts (or use {@link ShellWalker}) to reach them.
     */
    public List<Substitution> substitutions() {
        List<Substitution> out = new ArrayList<>();
        ArrayDeque<Node> stack = new ArrayDeque<>();
        stack.push(this);
        while (!stack.isEmpty()) {
            Node n = stack.pop();
            if (n instanceof Substitution s) {
                out.add(s);
                continue;
            }
            List<Node> c = n.children();
            for (int i = c.size() - 1; i >= 0; i--) {
                stack.push(c.get(i));
            }
        }
        return out;
    }

    /** Brace expansion with the {@link #DEFAULT_BRACE_CAP default cap}. */
    public BraceExpansion expandBraces() {
        return BraceExpansion.expand(this, DEFAULT_BRACE_CAP);
    }

    /** Brace expansion producing at most {@code cap} words (see {@link BraceExpansion}). */
    public BraceExpansion expandBraces(int cap) {
        return BraceExpansion.expand(this, cap);
    }

    @Override
    public List<Node> children() {
        return List.copyOf(parts);
    }
}
