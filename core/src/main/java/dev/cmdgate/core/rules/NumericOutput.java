package dev.cmdgate.core.rules;

import java.util.List;

/**
 * A program that prints only numbers: {@code numeric-output PROGRAM [SUB...] [with WORD...]}. bash evaluates a
 * variable's value as an arithmetic expression wherever the variable is used in arithmetic, and an array subscript in
 * that value runs its command substitutions; a value only known at run time used there is code cmdgate never judged,
 * unless what produced it prints only numbers ({@code n=$(grep -c TODO f); (( n > 0 ))}). Without {@code with} the
 * program always does ({@code nproc}); with it, only when one of the words is among its arguments — a single-letter
 * option also inside a bundle ({@code grep -ic}), a word starting with another character as written
 * ({@code date +%s}, {@code stat -c %s}).
 *
 * @param words the program's name, then the sub-command words ({@code git rev-list})
 * @param with  the arguments one of which makes it print only numbers; empty: always
 */
public record NumericOutput(List<String> words, List<String> with) {

    public NumericOutput {
        words = List.copyOf(words);
        with = List.copyOf(with);
    }

    static NumericOutput parse(List<String> rest) {
        int w = rest.indexOf("with");
        List<String> head = w < 0 ? rest : rest.subList(0, w);
        List<String> with = w < 0 ? List.of() : rest.subList(w + 1, rest.size());
        if (head.isEmpty() || head.get(0).contains("/") || w >= 0 && with.isEmpty()) {
            throw new IllegalArgumentException("expected: numeric-output PROGRAM [SUB...] [with WORD...]");
        }
        return new NumericOutput(head, with);
    }

    /** Whether a command with these words (its name first, each literal) prints only numbers by this row. */
    public boolean matches(List<String> argv) {
        return matches(argv, null);
    }

    /**
     * As {@link #matches(List)}, with the program's section: a word that is the value of an option it declares
     * ({@code grep -e -c}: the pattern {@code -c}) or follows {@code --} is no option of the row.
     */
    public boolean matches(List<String> argv, Section section) {
        if (argv.size() < words.size()) {
            return false;
        }
        for (int i = 0; i < words.size(); i++) {
            if (!words.get(i).equals(argv.get(i))) {
                return false;
            }
        }
        if (with.isEmpty()) {
            return true;
        }
        boolean options = true;
        for (int k = words.size(); k < argv.size(); k++) {
            String a = argv.get(k);
            if (a.equals("--")) {
                options = false;
                continue;
            }
            if (options && takesNext(section, a)) {
                k++;   // its value, whatever it looks like
                continue;
            }
            for (String x : with) {
                boolean option = x.startsWith("-");
                if (option && !options) {
                    continue;
                }
                if (a.equals(x) || option && x.length() == 2 && a.startsWith("-") && !a.startsWith("--")
                        && a.indexOf(x.charAt(1), 1) > 0 && a.chars().skip(1).allMatch(Character::isLetter)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the word is an option of the section that takes its value from the next word. */
    private static boolean takesNext(Section s, String a) {
        if (s == null || !a.startsWith("-") || a.equals("-")) {
            return false;
        }
        OptionSpec o;
        if (a.startsWith("--")) {
            o = a.indexOf('=') > 0 ? null : s.longOption(a.substring(2));
        } else {
            o = s.wordOption(a);
            if (o == null && a.length() >= 2) {
                o = s.shortOption(a.charAt(a.length() - 1));   // the last of a bundle takes the next word
            }
        }
        return o != null && o.arity() == OptionSpec.Arity.REQUIRED;
    }
}
