package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Whether a pipeline prints only numbers: its last command (past commands that only pick or order whole lines:
 * {@code head -n N}, {@code tail -n N}, {@code sort -n}) is a {@code numeric-output} row's, or cuts the first field
 * from lines that a {@code numeric-output … lead} row says start with a number ({@code du -sb . | cut -f1},
 * {@code wc -l a | awk '{print $1}'}, {@code sort | uniq -c | awk '{print $1}'}). The cut must split where the
 * producer does: {@code cut -f1} at du's tab, not in wc's blanks (it would print the whole line, name and all);
 * {@code cut -d' ' -f1} at a blank, not after du's number; awk's default fields at either. Every word is a literal
 * one (the caller's check), so the names such producers print are the line's own words, without line ends.
 */
final class NumericPipeline {

    /** awk's program printing the first field: {@code {print $1}}, blanks anywhere. */
    private static final Pattern AWK_FIRST = Pattern.compile("\\s*\\{\\s*print\\s+\\$1\\s*;?\\s*\\}\\s*");

    /** What splits a cut's fields. */
    private enum Split {
        TAB, BLANK, AWK
    }

    private NumericPipeline() {
    }

    /**
     * Whether the commands, in pipeline order and each as its literal words, end printing only numbers, given each
     * command's {@link RuleSet#numericOutputOperands} (null: it does not print only numbers), which the caller needs
     * too.
     */
    static boolean numeric(List<List<String>> commands, List<List<String>> operands, RuleSet rules) {
        int i = skipLineFilters(commands, commands.size() - 1);
        if (i < 0) {
            return false;
        }
        List<String> last = commands.get(i);
        if (operands.get(i) != null) {
            return true;
        }
        Split cut = firstField(last);
        if (cut == null) {
            return false;
        }
        int p = skipLineFilters(commands, i - 1);
        if (p < 0) {
            return false;
        }
        if (operands.get(p) != null && plainNames(commands.get(p))) {
            return true;   // a field of a number is that number, or nothing
        }
        String lead = rules.leadingNumbers(commands.get(p));
        if (lead == null || !plainNames(commands.get(p))) {
            return false;
        }
        return cut == Split.AWK || cut == Split.TAB && lead.equals("tab") || cut == Split.BLANK && lead.equals("blanks");
    }

    /**
     * Whether the words a producer may print after its number hold no line end and no pattern: a name
     * {@code $'x\na[$(cmd)]'} would put a line of its own after the number's, which the cut prints whole.
     */
    private static boolean plainNames(List<String> argv) {
        for (String w : argv) {
            if (w.indexOf('\n') >= 0 || w.indexOf('\r') >= 0 || w.indexOf('*') >= 0 || w.indexOf('?') >= 0
                    || w.indexOf('[') >= 0) {
                return false;
            }
        }
        return true;
    }

    /** The index of the last command at or before {@code i} that is not a line filter; -1 when there is none. */
    private static int skipLineFilters(List<List<String>> commands, int i) {
        while (i >= 0 && lineFilter(commands.get(i))) {
            i--;
        }
        return i;
    }

    /** head or tail of N lines, or sort by number, reversed or unique: whole lines out of those it reads. */
    private static boolean lineFilter(List<String> argv) {
        String program = argv.get(0);
        if (program.equals("head") || program.equals("tail")) {
            for (int k = 1; k < argv.size(); k++) {
                String a = argv.get(k);
                if (a.equals("-n") && k + 1 < argv.size() && argv.get(k + 1).matches("[0-9]+")) {
                    k++;
                } else if (!a.matches("-n?[0-9]+")) {
                    return false;
                }
            }
            return true;
        }
        if (program.equals("sort")) {
            for (int k = 1; k < argv.size(); k++) {
                if (!argv.get(k).matches("-[nru]+")) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    /** How the command cuts the first field of each line, or null when it is no such cut. */
    private static Split firstField(List<String> argv) {
        String program = argv.get(0);
        if (program.equals("awk") || program.equals("gawk") || program.equals("mawk")) {
            return argv.size() == 2 && AWK_FIRST.matcher(argv.get(1)).matches() ? Split.AWK : null;
        }
        if (!program.equals("cut")) {
            return null;
        }
        String fields = null;
        String delimiter = "\t";
        for (int k = 1; k < argv.size(); k++) {
            String a = argv.get(k);
            if (a.equals("-f") || a.equals("-d")) {
                if (++k >= argv.size()) {
                    return null;
                }
                if (a.equals("-f")) {
                    fields = argv.get(k);
                } else {
                    delimiter = argv.get(k);
                }
            } else if (a.startsWith("-f")) {
                fields = a.substring(2);
            } else if (a.startsWith("-d")) {
                delimiter = a.substring(2);
            } else if (!a.equals("-s")) {
                return null;   // a file operand, or an option that prints more than the field
            }
        }
        if (!"1".equals(fields)) {
            return null;
        }
        return delimiter.equals("\t") ? Split.TAB : delimiter.equals(" ") ? Split.BLANK : null;
    }
}
