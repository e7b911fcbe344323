package dev.cmdgate.agent.stdin;

import dev.cmdgate.core.rules.OptionSpec;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.rules.Section;
import dev.cmdgate.core.rules.StdinRow;
import dev.cmdgate.core.shell.CommandSubstitution;
import dev.cmdgate.core.shell.Command;
import dev.cmdgate.core.shell.CoprocCommand;
import dev.cmdgate.core.shell.ForCommand;
import dev.cmdgate.core.shell.Node;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.Pipeline;
import dev.cmdgate.core.shell.ProcessSubstitution;
import dev.cmdgate.core.shell.Redirect;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Word;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether shell code may read the standard input of the shell that runs it — in a gated session, the pipe the shell
 * reads its own commands from. bash reads that pipe one byte at a time so that a command it starts can take the bytes
 * that follow: a command that reads them ({@code head -c 6}, {@code read -n 6}, {@code dd bs=1 count=6}, {@code cat})
 * takes bytes cmdgate judged as part of the shell's next command, and the shell runs the rest, which cmdgate never
 * judged. After such a command cmdgate can no longer tell where the shell's next command starts.
 *
 * <p>A command runs with the shell's input unless a redirection of its own or of an enclosing compound command gives
 * it another ({@code < FILE}, a here-document or here-string, {@code </dev/null}, {@code <&-}), or it is a pipeline
 * stage after the first, or a coprocess. Such a command may read it unless the rules say it does not: a
 * {@code stdin-unread} row (it never reads its input; {@code ls}, {@code cd}, {@code git status}) or a
 * {@code stdin-filter} row given a file operand ({@code cat FILE}, {@code grep PATTERN FILE}). Everything else may:
 * the builtins {@code read}, {@code mapfile}, {@code readarray} and {@code select}, a program the rules do not know,
 * one whose name or an operand is only known at run time, a function, a redirection from a descriptor that may be a
 * copy of the input ({@code <&3}), and a copy of the input to another descriptor ({@code 3<&0}).
 */
public final class StdinReaders {

    private final RuleSet rules;

    public StdinReaders(RuleSet rules) {
        this.rules = rules;
    }

    /** The first command of {@code code} that may read the shell's standard input (its text), or null when none may. */
    public String reader(String code) {
        ParseResult r = ShellParser.parse(code);
        if (r.script() == null || !r.errors().isEmpty()) {
            return code;   // what cannot be parsed may read it
        }
        Node found = visit(r.script(), true);
        return found == null ? null : found.text(code);
    }

    /** @param own whether the standard input here is the shell's own */
    private Node visit(Node n, boolean own) {
        if (n instanceof Pipeline p) {
            for (int i = 0; i < p.commands().size(); i++) {
                Node f = visit(p.commands().get(i), own && i == 0);   // later stages read the pipe before them
                if (f != null) {
                    return f;
                }
            }
            return null;
        }
        if (n instanceof ProcessSubstitution ps && ps.output()) {
            return visit(ps.script(), false);   // >( … ) reads what is written to it
        }
        if (n instanceof CommandSubstitution || n instanceof ProcessSubstitution) {
            return children(n, own);
        }
        if (n instanceof Command c) {
            boolean inner = input(c.redirects(), own);
            if (c instanceof SimpleCommand s) {
                if (inner && mayRead(s)) {
                    return s;
                }
                return children(n, own);   // its words are expanded before its redirections apply
            }
            if (c instanceof ForCommand f && f.select() && inner) {
                return f;   // select reads the choice from its input
            }
            boolean body = inner && !(c instanceof CoprocCommand);   // a coprocess reads a pipe from the shell
            for (Node child : c.children()) {
                Node f = visit(child, child instanceof Redirect ? own : body);
                if (f != null) {
                    return f;
                }
            }
            return null;
        }
        return children(n, own);
    }

    private Node children(Node n, boolean own) {
        for (Node child : n.children()) {
            Node f = visit(child, own);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    /** Whether, after these redirections, the command's input (or a descriptor it holds) may be the shell's own. */
    private static boolean input(List<Redirect> redirects, boolean own) {
        boolean in = own;
        boolean copied = false;
        for (Redirect x : redirects) {
            boolean here = x.op() == Redirect.Op.HEREDOC || x.op() == Redirect.Op.HEREDOC_STRIP
                    || x.op() == Redirect.Op.HERESTRING;
            String t = here || x.target() == null ? null : x.target().literalValue();
            int fd = x.fdVariable() != null ? -1
                    : x.fd() >= 0 ? x.fd() : x.op() == Redirect.Op.READ_WRITE || !x.isOutput() ? 0 : 1;
            if (fd != 0) {
                // 3<&0, {fd}</dev/stdin: the command holds the input on another descriptor
                copied |= own && !here && (t == null || (x.isFdDuplication() ? t.equals("0") || t.equals("0-")
                        : OwnInput.path(t)));
                continue;
            }
            if (here) {
                in = false;
            } else if (t == null) {
                in = true;   // only known at run time
            } else if (x.isFdDuplication()) {
                in = t.equals("0") ? in : !t.equals("-");   // <&3 may be a copy of the input, <&- closes it
            } else if (OwnInput.path(t)) {
                in = OwnInput.itself(t) ? in : true;
            } else {
                in = false;   // a file
            }
        }
        return in || copied;
    }

    /** Whether this command, run with the shell's input, may read it. */
    private boolean mayRead(SimpleCommand s) {
        if (s.words().isEmpty()) {
            return false;   // only assignments and redirections: nothing runs
        }
        List<String> words = new ArrayList<>();
        for (Word w : s.words()) {
            words.add(w.literalValue());   // null: only known at run time
        }
        String program = words.get(0);
        if (program == null || program.contains("/")) {
            return true;
        }
        for (StdinRow row : rules.stdinRows(program)) {
            Boolean reads = reads(row, rules.program(program), words.subList(1, words.size()));
            if (reads != null) {
                return reads;
            }
        }
        return true;   // nothing says it leaves its input alone
    }

    /** Whether the command described by {@code row} reads its input; null when the row is not about it (another sub-command). */
    private static Boolean reads(StdinRow row, Section section, List<String> args) {
        Section at = section;
        int depth = 1;
        List<String> operands = new ArrayList<>();
        boolean unknownOption = false;
        boolean inputValue = false;
        boolean unless = false;
        boolean options = true;
        boolean namesInput = false;
        boolean values = false;   // after jq --args: the operands are values, no file among them
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            namesInput |= a != null && OwnInput.named(a);
            if (a == null || !options || !a.startsWith("-") || a.equals("-")) {
                if (depth < row.words().size()) {
                    if (a == null || !a.equals(row.words().get(depth))) {
                        return null;
                    }
                    Section sub = at == null ? null : at.sub(a);
                    at = sub == null ? at : sub;
                    depth++;
                } else if (!values || operands.size() < row.skip()) {
                    operands.add(a);
                }
                continue;
            }
            if (a.equals("--")) {
                options = false;
                continue;
            }
            unless |= unlessNamed(row, a);
            values |= row.valuesAfter().contains(a);
            if (attachedValue(a)) {
                // --files0-from=-, --file=/dev/stdin: a value naming the input, whether the rules declare the option or not
                inputValue |= input(a.substring(a.indexOf('=') + 1));
            }
            Taken o = option(at, a);
            if (o == null) {
                unknownOption |= at == null;   // the rules declare the options that take a value: others take none
                continue;
            }
            if (o.attached() != null) {
                inputValue |= input(o.attached());   // od -N6, date -f-
            } else if (o.spec().arity() == OptionSpec.Arity.REQUIRED && !attachedValue(a)) {
                // the value, and the further values of an option that takes several (jq --arg NAME VALUE)
                for (int k = 0; k <= o.spec().extraValues() && i + 1 < args.size(); k++) {
                    inputValue |= input(args.get(++i));   // grep -f -, sed -f /dev/stdin, date -f -
                }
            }
        }
        if (depth < row.words().size()) {
            return null;
        }
        if (unless) {
            return true;
        }
        if (!row.filter()) {
            // ls /dev/stdin does not read it, cp /dev/stdin would: the same row may be about both; date -f - reads it
            return namesInput || inputValue;
        }
        if (unknownOption || inputValue || operands.size() < row.skip() + row.files()) {
            return true;   // an option whose value may have been taken for a file; too few files: the input
        }
        for (String f : operands.subList(row.skip(), operands.size())) {
            if (f == null || f.equals("-") || OwnInput.path(f)) {
                return true;
            }
        }
        return false;
    }

    /** Whether an option's value may be the input: {@code -}, its path, or a word only known at run time. */
    private static boolean input(String v) {
        return v == null || v.equals("-") || OwnInput.path(v);
    }

    private static boolean attachedValue(String a) {
        return a.startsWith("--") && a.indexOf('=') > 0;
    }

    /** An option a word names, and the value written in the same word after a short option's letter ({@code -N6}). */
    private record Taken(OptionSpec spec, String attached) {
    }

    /** The option a word names, or null when the rules do not declare it (a bundle: its first option taking a value, else any). */
    private static Taken option(Section s, String a) {
        if (s == null) {
            return null;
        }
        if (a.startsWith("--")) {
            int eq = a.indexOf('=');
            OptionSpec o = s.longOption(eq < 0 ? a.substring(2) : a.substring(2, eq));
            return o == null ? null : new Taken(o, null);
        }
        OptionSpec w = s.wordOption(a);
        if (w != null) {
            return new Taken(w, null);
        }
        OptionSpec last = null;
        for (int k = 1; k < a.length(); k++) {
            OptionSpec o = s.shortOption(a.charAt(k));
            if (o == null) {
                continue;   // an option without an effect the rules need not declare
            }
            if (o.arity() != OptionSpec.Arity.NONE) {
                // the rest of the word is its value (head -c6), else the next word is
                return new Taken(o, k + 1 < a.length() ? a.substring(k + 1) : null);
            }
            last = o;
        }
        return last == null ? null : new Taken(last, null);
    }

    /** Whether the word is one of the row's {@code unless} options: exactly, as an abbreviation, with a value, or in a bundle. */
    private static boolean unlessNamed(StdinRow row, String a) {
        String name = a.indexOf('=') > 0 ? a.substring(0, a.indexOf('=')) : a;
        for (String u : row.unless()) {
            if (u.startsWith("--")) {
                if (name.startsWith("--") && name.length() > 3 && u.startsWith(name)) {
                    return true;
                }
            } else if (u.length() == 2 && !a.startsWith("--")) {
                if (a.indexOf(u.charAt(1), 1) > 0) {
                    return true;
                }
            } else if (u.equals(name)) {
                return true;
            }
        }
        return false;
    }
}
