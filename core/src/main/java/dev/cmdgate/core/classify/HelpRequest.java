package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.Section;
import java.util.List;

/**
 * A command that only asks for its usage: the program, the sub-command words the rules descended through, and one
 * spelling a {@code help} row of its section lists, last ({@code rm --help}, {@code git push -h}). Only programs
 * whose rows say so: many load the project's code or configuration before they print their usage. Nothing else may be on
 * the line: an operand before the flag may be an action a program with POSIX parsing performs before it sees the
 * flag ({@code rm foo --help} deletes {@code foo} on macOS), and after an image or a host the flag is the container's
 * or the remote command's ({@code docker run IMAGE --help}). An interpreter, a program that runs a script file its
 * operand names, or a builtin that changes the shell is never asked: some take an unknown word for the name of a
 * script to run (dash's {@code . --help} sources a file named {@code --help}).
 */
final class HelpRequest {

    private HelpRequest() {
    }

    static boolean only(ParsedArgs p, List<Arg> words) {
        Section deepest = p.section();
        if (deepest == null || words.size() != p.subWords.size() + 2) {
            return false;
        }
        // the last word first: almost no command ends in a help flag
        Arg last = words.get(words.size() - 1);
        if (!literal(last) || !deepest.isHelpFlag(last.text)) {
            return false;
        }
        for (Section s : p.path) {
            if (s.stdinCode() != null || s.codeFile() != null || !s.state().isEmpty()) {
                return false;
            }
        }
        for (int i = 0, n = p.subWords.size(); i < n; i++) {
            Arg w = words.get(i + 1);
            if (!literal(w) || !w.text.equals(p.subWords.get(i).text)) {
                return false;
            }
        }
        return true;
    }

    private static boolean literal(Arg a) {
        return !a.dynamic && a.pattern == null && !a.globLead;
    }
}
