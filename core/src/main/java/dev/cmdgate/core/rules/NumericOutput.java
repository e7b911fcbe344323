package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A program that prints only numbers:
 * {@code numeric-output PROGRAM [SUB...] [with WORD...] [also WORD...] [operands MIN-MAX]}. bash evaluates a
 * variable's value as an arithmetic expression wherever the variable is used in arithmetic, and an array subscript in
 * that value runs its command substitutions; a value only known at run time used there is code cmdgate never judged,
 * unless what produced it prints only numbers ({@code n=$(grep -c TODO f); (( n > 0 ))}).
 *
 * <p>The row is an exhaustive list: an option the program is given that neither {@code with} nor {@code also} names
 * makes it print something else ({@code seq -f}, {@code grep -H}, {@code wc --files0-from}, {@code stat --printf}
 * with text), so the row does not hold. A word {@code -c=V1|V2} names an option whose value must be exactly one of
 * the values ({@code *}: any value), given as the next word, attached ({@code -c%s}) or after {@code =}
 * ({@code --format=%s}); other words name a flag or, not starting with {@code -}, an exact operand
 * ({@code date +%s}, {@code tput cols}). One of the {@code with} words must be among the arguments (none: always);
 * {@code also} words are allowed beside them. {@code operands} bounds the other operands (a program that prints the
 * names of its files beside the counts names them from a file list or a directory walk otherwise); without it any
 * number is allowed.
 *
 * @param words    the program's name, then the sub-command words ({@code git rev-list})
 * @param with     the arguments one of which makes it print only numbers; empty: always
 * @param also     the other arguments allowed
 * @param minOperands the fewest other operands
 * @param maxOperands the most other operands ({@link Integer#MAX_VALUE}: any)
 */
public record NumericOutput(List<String> words, List<String> with, List<String> also, int minOperands, int maxOperands) {

    private static final String SYNTAX = "expected: numeric-output PROGRAM [SUB...] [with WORD...] [also WORD...] [operands MIN-MAX]";

    public NumericOutput {
        words = List.copyOf(words);
        with = List.copyOf(with);
        also = List.copyOf(also);
    }

    /** A row with no other arguments allowed than its {@code with} words. */
    public NumericOutput(List<String> words, List<String> with) {
        this(words, with, List.of(), 0, Integer.MAX_VALUE);
    }

    static NumericOutput parse(List<String> rest) {
        int w = rest.indexOf("with");
        int a = rest.indexOf("also");
        int o = rest.indexOf("operands");
        int headEnd = min(rest.size(), w, a, o);
        List<String> head = rest.subList(0, headEnd);
        List<String> with = w < 0 ? List.of() : rest.subList(w + 1, min(rest.size(), a > w ? a : -1, o > w ? o : -1));
        List<String> also = a < 0 ? List.of() : rest.subList(a + 1, min(rest.size(), o > a ? o : -1));
        int lo = 0;
        int hi = Integer.MAX_VALUE;
        if (o >= 0) {
            if (o != rest.size() - 2 || a > o || w > o) {
                throw new IllegalArgumentException(SYNTAX);
            }
            String range = rest.get(o + 1);
            int dash = range.indexOf('-');
            try {
                lo = Integer.parseInt(dash < 0 ? range : range.substring(0, dash));
                hi = Integer.parseInt(dash < 0 ? range : range.substring(dash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(SYNTAX);
            }
        }
        if (head.isEmpty() || head.get(0).contains("/") || w >= 0 && with.isEmpty() || a >= 0 && also.isEmpty()
                || w >= 0 && a >= 0 && a < w || lo > hi) {
            throw new IllegalArgumentException(SYNTAX);
        }
        return new NumericOutput(head, with, also, lo, hi);
    }

    private static int min(int size, int... at) {
        int m = size;
        for (int x : at) {
            if (x >= 0 && x < m) {
                m = x;
            }
        }
        return m;
    }

    /** Whether a command with these words (its name first, each literal) prints only numbers by this row. */
    public boolean matches(List<String> argv) {
        return matches(argv, null);
    }

    /** As {@link #matches(List)}; the section is not needed: the row names every option's value itself. */
    public boolean matches(List<String> argv, Section section) {
        return operands(argv) != null;
    }

    /**
     * The operands of {@code argv} when the row holds (the words it counts against {@code operands}: files, a
     * pattern, numbers — not option values nor the exact words it names), else null: what the program may print
     * beside its numbers ({@code wc -l g} prints {@code 1 g}).
     */
    public List<String> operands(List<String> argv) {
        if (argv.size() < words.size()) {
            return null;
        }
        for (int i = 0; i < words.size(); i++) {
            if (!words.get(i).equals(argv.get(i))) {
                return null;
            }
        }
        boolean needed = with.isEmpty();
        boolean options = true;
        List<String> operands = new java.util.ArrayList<>(1);
        for (int k = words.size(); k < argv.size(); k++) {
            String arg = argv.get(k);
            if (options && arg.equals("--")) {
                options = false;
                continue;
            }
            if (options && arg.startsWith("--")) {
                int eq = arg.indexOf('=');
                String name = eq < 0 ? arg : arg.substring(0, eq);
                Spec s = spec(name);
                if (s == null || s.values == null && eq >= 0) {
                    return null;
                }
                if (s.values != null) {
                    String value = eq >= 0 ? arg.substring(eq + 1) : ++k < argv.size() ? argv.get(k) : null;
                    if (value == null || !s.allows(value)) {
                        return null;
                    }
                }
                needed |= s.needed;
                continue;
            }
            if (options && arg.startsWith("-") && arg.length() > 1) {
                for (int c = 1; c < arg.length(); c++) {
                    Spec s = spec("-" + arg.charAt(c));
                    if (s == null) {
                        return null;
                    }
                    needed |= s.needed;
                    if (s.values != null) {
                        String value = c + 1 < arg.length() ? arg.substring(c + 1) : ++k < argv.size() ? argv.get(k) : null;
                        if (value == null || !s.allows(value)) {
                            return null;
                        }
                        break;
                    }
                }
                continue;
            }
            Spec s = spec(arg);
            if (s != null && !arg.startsWith("-")) {
                needed |= s.needed;
            } else {
                operands.add(arg);
            }
        }
        return needed && operands.size() >= minOperands && operands.size() <= maxOperands ? operands : null;
    }

    /** One allowed argument: its name, whether it is one of the {@code with} words, its allowed values or null (a flag). */
    private record Spec(boolean needed, List<String> values) {
        boolean allows(String value) {
            return values.contains("*") || values.contains(value);
        }
    }

    private Spec spec(String name) {
        Spec s = spec(name, with, true);
        return s != null ? s : spec(name, also, false);
    }

    private static Spec spec(String name, List<String> list, boolean needed) {
        for (String x : list) {
            int eq = x.startsWith("-") ? x.indexOf('=') : -1;
            if (eq < 0 ? x.equals(name) : x.substring(0, eq).equals(name)) {
                return new Spec(needed, eq < 0 ? null : new ArrayList<>(List.of(x.substring(eq + 1).split("\\|", -1))));
            }
        }
        return null;
    }
}
