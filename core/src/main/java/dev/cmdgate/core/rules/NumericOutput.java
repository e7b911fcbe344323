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
 * <p>{@code counted OPT...} names value options whose use counts as one operand (grep's {@code -e PATTERN} takes
 * the pattern operand's place, so the file bound stays right); the {@code also} word {@code -<number>} lets a negative
 * number be an operand ({@code seq -5 5}). With {@code lead tab} or {@code lead blanks} the row says something else:
 * each line the program prints starts with a number, followed by a tab or by blanks and text (du's
 * {@code N<TAB>NAME}, wc's {@code N NAME}, {@code uniq -c}); the number alone is what a field cut from such a line
 * prints ({@link #leadSeparator}).
 *
 * @param words    the program's name, then the sub-command words ({@code git rev-list})
 * @param with     the arguments one of which makes it print only numbers; empty: always
 * @param also     the other arguments allowed
 * @param minOperands the fewest other operands
 * @param maxOperands the most other operands ({@link Integer#MAX_VALUE}: any)
 * @param counted  value options whose use counts as an operand
 * @param lead     null: it prints only numbers; {@code tab} or {@code blanks}: each line starts with a number and
 *                 that separator
 */
public record NumericOutput(List<String> words, List<String> with, List<String> also, int minOperands, int maxOperands,
        List<String> counted, String lead) {

    private static final String SYNTAX = "expected: numeric-output PROGRAM [SUB...] [with WORD...] [also WORD...]"
            + " [counted OPT...] [operands MIN-MAX] [lead tab|blanks]";
    private static final List<String> KEYWORDS = List.of("with", "also", "counted", "operands", "lead");
    /** The {@code also} word that lets a negative number be an operand. */
    private static final String NEGATIVE = "-<number>";

    public NumericOutput {
        words = List.copyOf(words);
        with = List.copyOf(with);
        also = List.copyOf(also);
        counted = List.copyOf(counted);
    }

    public NumericOutput(List<String> words, List<String> with, List<String> also, int minOperands, int maxOperands) {
        this(words, with, also, minOperands, maxOperands, List.of(), null);
    }

    /** A row with no other arguments allowed than its {@code with} words. */
    public NumericOutput(List<String> words, List<String> with) {
        this(words, with, List.of(), 0, Integer.MAX_VALUE);
    }

    static NumericOutput parse(List<String> rest) {
        java.util.Map<String, List<String>> parts = new java.util.HashMap<>();
        List<String> head = new ArrayList<>();
        List<String> current = head;
        for (String w : rest) {
            if (KEYWORDS.contains(w)) {
                if (parts.containsKey(w)) {
                    throw new IllegalArgumentException(SYNTAX);
                }
                current = new ArrayList<>();
                parts.put(w, current);
            } else {
                current.add(w);
            }
        }
        List<String> with = parts.getOrDefault("with", List.of());
        List<String> also = parts.getOrDefault("also", List.of());
        List<String> counted = parts.getOrDefault("counted", List.of());
        int lo = 0;
        int hi = Integer.MAX_VALUE;
        List<String> range = parts.get("operands");
        if (range != null) {
            if (range.size() != 1) {
                throw new IllegalArgumentException(SYNTAX);
            }
            String r = range.get(0);
            int dash = r.indexOf('-');
            try {
                lo = Integer.parseInt(dash < 0 ? r : r.substring(0, dash));
                hi = Integer.parseInt(dash < 0 ? r : r.substring(dash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(SYNTAX);
            }
        }
        List<String> leadWords = parts.get("lead");
        String lead = null;
        if (leadWords != null) {
            if (leadWords.size() != 1 || !leadWords.get(0).equals("tab") && !leadWords.get(0).equals("blanks")) {
                throw new IllegalArgumentException(SYNTAX);
            }
            lead = leadWords.get(0);
        }
        if (head.isEmpty() || head.get(0).contains("/") || parts.containsKey("with") && with.isEmpty()
                || parts.containsKey("also") && also.isEmpty() || parts.containsKey("counted") && counted.isEmpty()
                || lo > hi) {
            throw new IllegalArgumentException(SYNTAX);
        }
        return new NumericOutput(head, with, also, lo, hi, counted, lead);
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
            if (options && also.contains(NEGATIVE) && arg.matches("-[0-9]+(\\.[0-9]+)?")) {
                operands.add(arg);   // seq -5 5: a number, not an option
                continue;
            }
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
                if (counted.contains(name)) {
                    operands.add("");   // grep -e PAT: the pattern operand, which grep does not print
                }
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
                        if (counted.contains("-" + arg.charAt(c))) {
                            operands.add("");
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

    /** The separator after the leading number of each line ({@code tab} or {@code blanks}), or null: see {@code lead}. */
    public String leadSeparator() {
        return lead;
    }
}
