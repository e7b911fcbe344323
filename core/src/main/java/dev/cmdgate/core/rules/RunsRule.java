package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@code runs} row: how a wrapper finds the command it runs.
 *
 * @param between       empty for the {@code operand} form; else the words that start a command
 *                      ({@code -exec}) and {@code end} the words that end it
 * @param end           the words that end a {@code between} command
 * @param skip          operands skipped before the command (timeout's duration)
 * @param defaultArgv   the command run when none is given (xargs: echo); empty means none
 * @param assignments   leading NAME=VALUE operands are environment assignments (env)
 * @param stdinArgs     the command also receives arguments read at run time (xargs)
 * @param unless        options that mean nothing is run ({@code command -v})
 * @param replace       options whose value (xargs -I STR) is replaced in the words at run time
 * @param noskip        options that replace the skipped operands (runcon -t TYPE CMD has no CONTEXT)
 * @param prepend       words the command starts with, the operands following (capsh -- ARGS runs bash ARGS)
 * @param afterDashdash only the operands after an explicit {@code --} are the command; without one
 *                      nothing is run (capsh, kubectl run NAME -- CMD)
 * @param stdinIf       when not empty, the command reads the wrapper's standard input only with one of
 *                      these options (docker run -i); otherwise it gets none
 * @param scripts       the first word may name a project script (yarn run build): a name the rules do
 *                      not know is left to the wrapper's own verdict instead of being an unknown program
 * @param named         a {@code between} row's tests whose value is the name of each file found
 *                      ({@code find / -name id_rsa -exec cp {} …}: {@code {}} is a file named id_rsa)
 * @param argsFile      with {@code stdin-args}: options naming a file the arguments are read from instead of the
 *                      input ({@code xargs -a FILE}); {@code -} and {@code /dev/stdin} name the input itself
 * @param argsAfter     words ending the command after which the operands are its arguments, in place of the
 *                      input ({@code parallel CMD ::: ARG...})
 * @param argsFiles     words ending the command after which the operands name files of its arguments
 *                      ({@code parallel CMD :::: FILE})
 * @param defaultReplace the word that stands for each argument in the command's words when no {@code replace}
 *                      option is given ({@code parallel rm {} ::: x}); without one in the words, they are appended
 */
public record RunsRule(List<String> between, List<String> end, int skip, List<String> defaultArgv,
        boolean assignments, boolean stdinArgs, List<String> unless, List<String> replace, List<String> noskip,
        List<String> prepend, boolean afterDashdash, List<String> stdinIf, boolean scripts, List<String> named,
        List<String> argsFile, List<String> argsAfter, List<String> argsFiles, String defaultReplace) {

    /** The words that end the command: after them come its arguments or files of them. */
    public boolean endsCommand(String word) {
        return argsAfter.contains(word) || argsFiles.contains(word);
    }

    /** The words of a {@code runs operand} row that start a part of it; any other word goes to the part before. */
    private static final List<String> WORDS = List.of("skip", "default", "assignments", "stdin-args", "unless",
            "replace", "noskip", "prepend", "after-dashdash", "stdin-if", "scripts", "args-file", "args-after", "args-files",
            "default-replace");

    /**
     * {@code runs operand …} or {@code runs between WORD... end WORD... [replace WORD...] [named TEST...]}
     * (docs/rules-format.md).
     */
    static RunsRule parse(Section s, RuleLine row) {
        List<String> t = row.words;
        if (t.size() < 2) {
            throw new IllegalArgumentException("expected: runs operand … | runs between … end …");
        }
        if (t.get(1).equals("between")) {
            int end = t.indexOf("end");
            if (end < 3 || end == t.size() - 1) {
                throw new IllegalArgumentException("expected: runs between WORD... end WORD...");
            }
            // runs between … end … [replace WORD...] [named TEST...]: a word holding WORD is a file found below the
            // starting points, and a TEST's value (find -name NAME) is that file's name
            int named = t.indexOf("named");
            int last = named > end ? named : t.size();
            int rep = t.indexOf("replace");
            int stop = rep > end && rep < last ? rep : last;
            if (stop == end + 1 || rep == last - 1 || named == t.size() - 1 || (named > end && rep < 0)) {
                throw new IllegalArgumentException(
                        "expected: runs between WORD... end WORD... [replace WORD... [named TEST...]]");
            }
            return new RunsRule(List.copyOf(t.subList(2, end)), List.copyOf(t.subList(end + 1, stop)),
                    0, List.of(), false, false, List.of(), rep > end ? List.copyOf(t.subList(rep + 1, last)) : List.of(),
                    List.of(), List.of(), false, List.of(), false,
                    named > end ? List.copyOf(t.subList(named + 1, t.size())) : List.of(), List.of(), List.of(), List.of(),
                    null);
        }
        if (!t.get(1).equals("operand")) {
            throw new IllegalArgumentException("unknown runs form '" + t.get(1) + "'");
        }
        int skip = 0;
        List<String> def = List.of();
        boolean assigns = false;
        boolean stdinArgs = false;
        boolean afterDashdash = false;
        boolean scripts = false;
        List<String> unless = new ArrayList<>();
        List<String> replace = new ArrayList<>();
        List<String> noskip = new ArrayList<>();
        List<String> prepend = new ArrayList<>();
        List<String> stdinIf = new ArrayList<>();
        List<String> argsFile = new ArrayList<>();
        List<String> argsAfter = new ArrayList<>();
        List<String> argsFiles = new ArrayList<>();
        String defaultReplace = null;
        List<String> target = null;
        for (int i = 2; i < t.size(); i++) {
            if (target != null && !WORDS.contains(t.get(i))) {
                boolean words = target == prepend || target == argsAfter || target == argsFiles;
                target.add(words ? t.get(i) : s.optionName(t.get(i)));
                continue;
            }
            target = null;
            switch (t.get(i)) {
                case "replace" -> target = replace;
                case "skip" -> skip = Integer.parseInt(row.need(++i));
                case "default" -> def = List.of(row.need(++i));
                case "assignments" -> assigns = true;
                case "stdin-args" -> stdinArgs = true;
                case "unless" -> target = unless;
                case "noskip" -> target = noskip;
                case "prepend" -> target = prepend;
                case "stdin-if" -> target = stdinIf;
                case "args-file" -> target = argsFile;
                case "args-after" -> target = argsAfter;
                case "args-files" -> target = argsFiles;
                case "default-replace" -> defaultReplace = row.need(++i);
                case "after-dashdash" -> afterDashdash = true;
                case "scripts" -> scripts = true;
                default -> throw new IllegalArgumentException("unexpected '" + t.get(i) + "' in runs row");
            }
        }
        return new RunsRule(List.of(), List.of(), skip, def, assigns, stdinArgs, List.copyOf(unless), List.copyOf(replace),
                List.copyOf(noskip), List.copyOf(prepend), afterDashdash, List.copyOf(stdinIf), scripts, List.of(),
                List.copyOf(argsFile), List.copyOf(argsAfter), List.copyOf(argsFiles), defaultReplace);
    }
}
