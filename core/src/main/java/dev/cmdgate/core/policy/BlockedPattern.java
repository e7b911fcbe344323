package dev.cmdgate.core.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One {@code blocked_patterns} entry, prepared for both ways of matching:
 * <ul>
 *   <li><b>text</b>: the folded pattern (lower case, whitespace runs folded to one space, no
 *       whitespace next to {@code | & ; < > ( )}) is searched in the folded command line;</li>
 *   <li><b>structure</b>: when the pattern reads as a simple command or a pipeline of simple
 *       commands (words only, no other shell syntax), each stage is a program, the canonical options
 *       it requires and the operands it requires (the evaluator also accepts option sets with the same
 *       effect, {@link PatternEquivalences}: {@code rm -rf} also matches {@code rm -r}).</li>
 * </ul>
 */
final class BlockedPattern {

    /**
     * One pipeline stage of a structural pattern.
     *
     * @param options        canonical option names the command must have
     * @param operands       words the command's arguments must contain ({@code key=} matches a prefix)
     * @param literalOptions dash-words the canonicaliser does not treat as options (e.g. find's
     *                       {@code -delete}): the command's arguments must contain them as written
     */
    record Stage(String program, Set<String> options, List<String> operands, List<String> literalOptions) {
    }

    final String pattern;
    final String folded;
    /** Empty when the pattern is not a plain command/pipeline (e.g. {@code > /dev/}). */
    final List<Stage> stages;

    private BlockedPattern(String pattern, String folded, List<Stage> stages) {
        this.pattern = pattern;
        this.folded = folded;
        this.stages = stages;
    }

    static BlockedPattern compile(String pattern, OptionCanonicalizer canonicalizer) {
        return new BlockedPattern(pattern, fold(pattern), stages(pattern, canonicalizer));
    }

    /** Lower case, whitespace runs → one space, no whitespace around shell operator characters, trimmed. */
    static String fold(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        StringBuilder sb = new StringBuilder(lower.length());
        boolean pendingSpace = false;
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            if (Character.isWhitespace(c)) {
                pendingSpace = sb.length() > 0;
                continue;
            }
            if (pendingSpace && !isOperator(c) && !isOperator(sb.charAt(sb.length() - 1))) {
                sb.append(' ');
            }
            pendingSpace = false;
            sb.append(c);
        }
        return sb.toString();
    }

    private static boolean isOperator(char c) {
        return c == '|' || c == '&' || c == ';' || c == '<' || c == '>' || c == '(' || c == ')';
    }

    /** Splits "curl -s | bash" into stages; empty when the pattern contains other shell syntax. */
    private static List<Stage> stages(String pattern, OptionCanonicalizer canonicalizer) {
        List<List<String>> words = new ArrayList<>();
        List<String> current = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < pattern.length()) {
                    word.append(pattern.charAt(++i));
                } else {
                    word.append(c);
                }
                continue;
            }
            if (c == '\'' || c == '"') {
                if (word == null) {
                    word = new StringBuilder();
                }
                quote = c;
            } else if (c == '\\' && i + 1 < pattern.length()) {
                if (word == null) {
                    word = new StringBuilder();
                }
                word.append(pattern.charAt(++i));
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    current.add(word.toString());
                    word = null;
                }
            } else if (c == '|') {
                if (word != null) {
                    current.add(word.toString());
                    word = null;
                }
                if (i + 1 < pattern.length() && (pattern.charAt(i + 1) == '|')) {
                    return List.of(); // || is a list operator, not a pipe
                }
                if (i + 1 < pattern.length() && pattern.charAt(i + 1) == '&') {
                    i++; // |& pipes stderr too
                }
                if (current.isEmpty()) {
                    return List.of();
                }
                words.add(current);
                current = new ArrayList<>();
            } else if ("&;<>()`$".indexOf(c) >= 0) {
                return List.of(); // other shell syntax: text matching only
            } else {
                if (word == null) {
                    word = new StringBuilder();
                }
                word.append(c);
            }
        }
        if (quote != 0) {
            return List.of();
        }
        if (word != null) {
            current.add(word.toString());
        }
        if (current.isEmpty()) {
            return List.of();
        }
        words.add(current);
        List<Stage> stages = new ArrayList<>();
        for (List<String> w : words) {
            String first = w.get(0);
            if (first.contains("=") || first.startsWith("-")) {
                return List.of(); // assignments or options in command position: text only
            }
            String program = PassportEvaluator.basename(first);
            List<String> args = w.subList(1, w.size());
            Set<String> options = canonicalizer.canonicalOptions(program, args);
            List<String> operands = new ArrayList<>();
            List<String> literal = new ArrayList<>();
            boolean afterDashDash = false;
            for (String a : args) {
                if (!afterDashDash && a.equals("--")) {
                    afterDashDash = true;
                } else if (afterDashDash || !a.startsWith("-") || a.equals("-")) {
                    operands.add(a);
                } else if (canonicalizer.canonicalOptions(program, List.of(a)).isEmpty()) {
                    literal.add(a);
                }
            }
            stages.add(new Stage(program, Set.copyOf(options), List.copyOf(operands), List.copyOf(literal)));
        }
        return List.copyOf(stages);
    }
}
