package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A command's words read as getopt_long reads them, for the readings that pick what a command selects from its
 * options (pgrep, grep, killall, awk, sed): a cluster of short letters ({@code -ix}) whose valued letter takes the
 * rest of the cluster or the next word ({@code -u0}, {@code -u 0}), a long option alone or with its value after
 * {@code =} or in the next word, {@code --} ending the options. The reading is all or nothing: a word only known at
 * run time, an option the program's table does not hold or a missing value makes the whole command unread, since
 * what such a command selects is not known.
 */
final class OptionWalk {

    /**
     * The options a program takes.
     *
     * @param flags          short letters that take no value
     * @param valued         short letters that take one
     * @param longFlags      long names that take no value (a name in both long sets is a flag unless {@code =} follows)
     * @param longValued     long names that take one
     * @param stopAtOperand  options end at the first operand (awk's program text), not only at {@code --}
     */
    record Spec(String flags, String valued, Set<String> longFlags, Set<String> longValued, boolean stopAtOperand) {
    }

    /** A word read: an option ({@code option} its letter or long name, {@code text} its value or null) or an operand. */
    record Item(String option, String text) {
        boolean operand() {
            return option == null;
        }
    }

    private OptionWalk() {
    }

    /**
     * The words in order as options and operands, or null when the command cannot be read.
     *
     * @param known   per word, whether it is known (false: only known at run time)
     * @param ignored an option-like word read as no option at all (killall's {@code -9}); null for none
     */
    static List<Item> read(List<String> words, List<Boolean> known, Spec spec, Predicate<String> ignored) {
        List<Item> out = new ArrayList<>(words.size());
        boolean options = true;
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (!known.get(i)) {
                return null;
            }
            if (!options || !w.startsWith("-") || w.equals("-")) {
                out.add(new Item(null, w));
                options &= !spec.stopAtOperand();
                continue;
            }
            if (w.equals("--")) {
                options = false;
                continue;
            }
            if (ignored != null && ignored.test(w)) {
                continue;
            }
            if (w.startsWith("--")) {
                int eq = w.indexOf('=');
                String name = w.substring(2, eq < 0 ? w.length() : eq);
                if (spec.longFlags().contains(name) && eq < 0) {
                    out.add(new Item(name, null));
                    continue;
                }
                if (!spec.longValued().contains(name)) {
                    return null;
                }
                String value = eq >= 0 ? w.substring(eq + 1) : next(words, known, i);
                if (value == null) {
                    return null;
                }
                i += eq >= 0 ? 0 : 1;
                out.add(new Item(name, value));
                continue;
            }
            for (int k = 1; k < w.length(); k++) {
                char c = w.charAt(k);
                String letter = String.valueOf(c);
                if (spec.flags().indexOf(c) >= 0) {
                    out.add(new Item(letter, null));
                } else if (spec.valued().indexOf(c) >= 0) {
                    boolean glued = k + 1 < w.length();
                    String value = glued ? w.substring(k + 1) : next(words, known, i);
                    if (value == null) {
                        return null;
                    }
                    i += glued ? 0 : 1;
                    out.add(new Item(letter, value));
                    break;
                } else {
                    return null;
                }
            }
        }
        return out;
    }

    /** The word after {@code i} as an option's value; null when it is missing or only known at run time. */
    private static String next(List<String> words, List<Boolean> known, int i) {
        return i + 1 < words.size() && known.get(i + 1) ? words.get(i + 1) : null;
    }
}
