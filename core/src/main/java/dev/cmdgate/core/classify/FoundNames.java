package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.RunsRule;
import dev.cmdgate.core.rules.Section;
import dev.cmdgate.core.shell.CommandSubstitution;
import dev.cmdgate.core.shell.DoubleQuoted;
import dev.cmdgate.core.shell.Pipeline;
import dev.cmdgate.core.shell.Script;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Statement;
import dev.cmdgate.core.shell.Word;
import dev.cmdgate.core.shell.WordPart;
import java.util.ArrayList;
import java.util.List;

/**
 * The names a finder prints: a word that is one command substitution running a program whose {@code runs between}
 * row has {@code named} tests ({@code $(find /home -type f -name .netrc)}) becomes, at run time, paths below the
 * starting points ending in those names ({@code /home/…/.netrc}). A loop over it hands each to the commands in its
 * body, so {@code cat $file} reads what the search looked for — a credential store when its name is one; piped into
 * xargs, they are the arguments it adds ({@link PipedWords}).
 */
final class FoundNames {

    private FoundNames() {
    }

    /** The paths the word may stand for, each with the part only known at run time as {@code $(…)}; empty if none. */
    static List<Arg> of(Analysis a, ShellAnalysis shell, Word w) {
        List<WordPart> parts = w.parts();
        if (parts.size() == 1 && parts.get(0) instanceof DoubleQuoted d) {
            parts = d.parts(); // "$(find …)": one word, which is still a found path when one file is found
        }
        if (parts.size() != 1 || !(parts.get(0) instanceof CommandSubstitution cs)) {
            return List.of();
        }
        SimpleCommand sc = oneCommand(cs.script());
        if (sc == null) {
            return List.of();
        }
        List<Arg> words = new ArrayList<>(sc.words().size());
        for (Word x : sc.words()) {
            words.add(shell.arg(x));
        }
        return printed(a, words);
    }

    /**
     * The paths a command prints when it is a finder with {@code named} tests given literal names
     * ({@code find / -name .netrc}): below each starting point, any depth, that name. Empty for any other command.
     */
    static List<Arg> printed(Analysis a, List<Arg> command) {
        if (command.isEmpty() || command.get(0).dynamic) {
            return List.of();
        }
        String name = command.get(0).text;
        if (name.indexOf('/') >= 0 || a.isFunction(name)) {
            return List.of();
        }
        Section s = a.rules.program(name);
        RunsRule r = s == null ? null : s.runs();
        if (r == null || r.named().isEmpty()) {
            return List.of();
        }
        List<Arg> args = command.subList(1, command.size());
        List<String> names = Wrappers.testValues(args, r.named());
        List<Arg> out = new ArrayList<>();
        for (Arg start : Wrappers.startingPoints(args)) {
            String below = (start.text.endsWith("/") ? start.text : start.text + "/") + "$(…)";
            for (String n : names) {
                out.add(new Arg(below + "/" + n, true, false, -1, -1));
            }
        }
        return out;
    }

    /**
     * The shell pattern of a found path: the starting point literal, its {@code $(…)} any name, and the name the
     * test gave, which is a pattern itself ({@code -name '*.env'}).
     */
    static String pattern(String found) {
        StringBuilder b = new StringBuilder();
        int at = found.indexOf("$(…)");
        ShellPattern.appendLiteral(b, found.substring(0, at));
        b.append('*');
        b.append(found, at + "$(…)".length(), found.length());
        return b.toString();
    }

    private static SimpleCommand oneCommand(Script script) {
        if (script == null || script.statements().size() != 1) {
            return null;
        }
        Statement st = script.statements().get(0);
        if (st.pipelines().size() != 1) {
            return null;
        }
        Pipeline p = st.pipelines().get(0);
        return p.commands().size() == 1 && p.commands().get(0) instanceof SimpleCommand sc ? sc : null;
    }
}
