package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.Condition;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.rules.Section;
import dev.cmdgate.core.shell.ArithForCommand;
import dev.cmdgate.core.shell.ArithmeticCommand;
import dev.cmdgate.core.shell.ArithmeticExpansion;
import dev.cmdgate.core.shell.Assignment;
import dev.cmdgate.core.shell.BraceExpansion;
import dev.cmdgate.core.shell.BraceGroup;
import dev.cmdgate.core.shell.CaseCommand;
import dev.cmdgate.core.shell.Command;
import dev.cmdgate.core.shell.CoprocCommand;
import dev.cmdgate.core.shell.ForCommand;
import dev.cmdgate.core.shell.FunctionDefinition;
import dev.cmdgate.core.shell.HereDoc;
import dev.cmdgate.core.shell.IfCommand;
import dev.cmdgate.core.shell.Node;
import dev.cmdgate.core.shell.ParameterExpansion;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.Pipeline;
import dev.cmdgate.core.shell.Script;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.ShellWalker;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Statement;
import dev.cmdgate.core.shell.Substitution;
import dev.cmdgate.core.shell.TestCommand;
import dev.cmdgate.core.shell.WhileCommand;
import dev.cmdgate.core.shell.Word;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The state a persistent shell builds up while it reads commands one at a time (a gated stdin
 * session): each command is judged after the earlier commands that changed the shell's state, so
 * {@code set -k}, then {@code export GIT_CONFIG_…}, then {@code git status} written separately are
 * judged as the script they add up to.
 *
 * <p>What is kept — the <em>state pieces</em> — are the parts of allowed commands that change the shell
 * that runs them: plain assignments, function definitions, the commands whose rules section has a
 * {@code state} row ({@code export}, {@code cd}, {@code set}, {@code source}, {@code eval}, {@code trap},
 * {@code alias} …), loop variables, arithmetic and expansions that assign, and any command whose name
 * is only known at run time or is a function the session defined. Commands that only run something
 * ({@code npm test} in {@code cd src && npm test}) are left out, as are subshells and the stages of a
 * pipeline before its last (they cannot change the session's shell), and redirections (what they
 * wrote is written). A word holding a command substitution becomes {@code "$1"}: its value is only
 * known at run time, and the substitution ran in a subshell already. Each piece is checked to parse on
 * its own, so no piece can swallow what follows it.
 *
 * <p>Bounded: past {@link #MAX_CHARS} characters or {@link #MAX_PIECES} pieces, and when a command
 * cannot be parsed, the state is no longer tracked: later commands are judged after a marker that
 * reads as sourcing an unknown script ({@link #UNTRACKED}), which the rules make at least Write.
 *
 * <p>Not thread-safe: one per session, used under the session's lock.
 */
public final class ShellState {

    public static final int MAX_CHARS = 64 * 1024;
    public static final int MAX_PIECES = 1_000;
    /**
     * What the state is judged as once it is no longer tracked: sourcing a script cmdgate cannot see
     * (the rules' {@code code-file} verdict of {@code source}/{@code .}), never run.
     */
    public static final String UNTRACKED = ". ./cmdgate-untracked-session-state";

    private final RuleSet rules;
    private final StringBuilder prefix = new StringBuilder();
    private final Set<String> functions = new HashSet<>();
    private int pieces;
    private boolean untracked;

    public ShellState(RuleSet rules) {
        this.rules = rules;
    }

    /** The script to judge for {@code command}: the state pieces so far, one per line, then the command. */
    public String judged(String command) {
        return prefix.length() == 0 ? command : prefix + command;
    }

    /** How many state pieces the session has kept. */
    public int pieces() {
        return pieces;
    }

    /** True once the state is no longer tracked (too much of it, or a command that could not be parsed). */
    public boolean untracked() {
        return untracked;
    }

    /** Records what an allowed command (now given to the shell) does to the shell's state. */
    public void ran(String command) {
        if (untracked) {
            return;
        }
        ParseResult r = ShellParser.parse(command);
        if (!r.ok()) {
            lose();
            return;
        }
        List<String> found = new ArrayList<>();
        new Extractor(command, found).script(r.script());
        for (String piece : found) {
            if (!closed(piece)) {
                lose();
                return;
            }
            if (prefix.length() + piece.length() + 1 > MAX_CHARS || pieces >= MAX_PIECES) {
                lose();
                return;
            }
            prefix.append(piece).append('\n');
            pieces++;
        }
    }

    private void lose() {
        untracked = true;
        prefix.append(UNTRACKED).append('\n');
    }

    /** A piece that parses on its own, with no here-document left open and no line continuation at its end. */
    static boolean closed(String piece) {
        String t = piece.strip();
        if (t.isEmpty() || t.endsWith("\\")) {
            return false;
        }
        ParseResult r = ShellParser.parse(t);
        if (!r.ok()) {
            return false;
        }
        boolean[] open = {false};
        ShellWalker.walk(r.script(), n -> {
            if (n instanceof HereDoc h && !h.terminated()) {
                open[0] = true;
            }
            return !open[0];
        });
        return !open[0];
    }

    /** Walks one parsed command and collects its state pieces. */
    private final class Extractor {
        private final String src;
        private final List<String> out;

        Extractor(String src, List<String> out) {
            this.src = src;
            this.out = out;
        }

        private String text(Node n) {
            return src.substring(Math.max(0, n.start()), Math.min(src.length(), n.end()));
        }

        void script(Script s) {
            if (s == null) {
                return;
            }
            for (Statement st : s.statements()) {
                for (Pipeline p : st.pipelines()) {
                    List<Command> cmds = p.commands();
                    if (!cmds.isEmpty()) {
                        // the stages before the last run in subshells; zsh and ksh run the last one here
                        command(cmds.get(cmds.size() - 1));
                    }
                }
            }
        }

        void command(Command c) {
            if (c instanceof SimpleCommand sc) {
                simple(sc);
            } else if (c instanceof FunctionDefinition f) {
                functions.add(f.name());
                out.add(text(f));
            } else if (c instanceof BraceGroup g) {
                script(g.body());
            } else if (c instanceof IfCommand f) {
                for (IfCommand.Branch b : f.branches()) {
                    script(b.condition());
                    script(b.body());
                }
                script(f.elseBody());
            } else if (c instanceof WhileCommand w) {
                script(w.condition());
                script(w.body());
            } else if (c instanceof ForCommand f) {
                if (f.variable() != null) {
                    // the loop leaves its variable set to a value only known here at run time
                    out.add(f.variable() + "=\"$1\"");
                }
                script(f.body());
            } else if (c instanceof CaseCommand cc) {
                for (CaseCommand.Item it : cc.items()) {
                    script(it.body());
                }
            } else if (c instanceof ArithmeticCommand ac) {
                if (mayAssign(text(ac))) {
                    numbers(text(ac), out);
                    out.add(text(ac));
                }
            } else if (c instanceof ArithForCommand af) {
                for (Word w : new Word[] {af.init(), af.update()}) {
                    if (w != null && mayAssign(text(w))) {
                        numbers(text(w), out);
                        out.add("(( " + text(w) + " ))");
                    }
                }
                script(af.body());
            } else if (c instanceof TestCommand t) {
                for (Word w : t.words()) {
                    if (assigns(w)) {
                        out.add(text(t));
                        break;
                    }
                }
            } else if (c instanceof CoprocCommand co) {
                out.add((co.name() == null ? "COPROC" : co.name()) + "=\"$1\"");
            }
            // a subshell's state ends with it
        }

        private void simple(SimpleCommand sc) {
            boolean state = sc.words().isEmpty();
            if (!state) {
                Word first = sc.words().get(0);
                String written = first.literalValue();
                String name = programName(first);
                if (name == null || functions.contains(name)) {
                    state = true; // a command only known at run time, or a function: anything
                } else if (name.indexOf('/') < 0) {
                    Section s = rules.program(name);
                    // {,export,PATH=x}: the words are the brace expansion's, not worth parsing here
                    state = s != null && (name.equals(written) ? stateRow(s, sc) : !s.state().isEmpty());
                }
            }
            if (!state) {
                for (Word w : sc.words()) {
                    if (assigns(w)) {
                        state = true;
                        break;
                    }
                }
            }
            if (!state) {
                return;
            }
            StringBuilder b = new StringBuilder();
            for (Assignment a : sc.assignments()) {
                if (b.length() > 0) {
                    b.append(' ');
                }
                b.append(substitutes(a) ? a.name() + (a.append() ? "+=" : "=") + "\"$1\"" : text(a));
            }
            for (Word w : sc.words()) {
                if (b.length() > 0) {
                    b.append(' ');
                }
                String t = text(w);
                if (substitutes(w)) {
                    // export NAME=$(…) keeps its NAME=
                    int eq = t.indexOf('=');
                    t = (eq > 0 && Variables.assignedName(t.substring(0, eq)) != null ? t.substring(0, eq + 1) : "") + "\"$1\"";
                }
                b.append(t);
            }
            out.add(b.toString());
        }

        /**
         * The program a command word names: its literal value, or the first word of its brace expansion
         * ({@code {,export,PATH=x}} runs {@code export}); null when only known at run time or when the expansion
         * leaves no word (the program is then a later word).
         */
        private String programName(Word w) {
            String lit = w.literalValue();
            if (lit == null || lit.indexOf('{') < 0) {
                return lit;
            }
            BraceExpansion be = w.expandBraces(ShellAnalysis.BRACE_CAP);
            return be.overCap() || be.words().isEmpty() ? null : be.words().get(0).literalValue();
        }

        /** Whether expanding the word may assign a variable: <code>${x:=v}</code>, <code>${x=v}</code>, {@code $(( x = 1 ))}. */
        private boolean assigns(Word w) {
            boolean[] found = {false};
            ShellWalker.walk(w, x -> {
                if (x instanceof ParameterExpansion pe && ("=".equals(pe.operator()) || ":=".equals(pe.operator()))) {
                    found[0] = true;
                } else if (x instanceof ArithmeticExpansion ae && mayAssign(text(ae))) {
                    found[0] = true;
                }
                return !found[0];
            });
            return found[0];
        }

        /** Whether a {@code state} row of the command's sections holds (they apply to the command word's section). */
        private boolean stateRow(Section s, SimpleCommand sc) {
            if (s.state().isEmpty()) {
                return false;
            }
            List<Arg> words = new ArrayList<>(sc.words().size());
            for (Word w : sc.words()) {
                String lit = w.literalValue();
                words.add(lit != null ? Arg.literal(lit) : new Arg(text(w), true, false, w.start(), w.end()));
            }
            ParsedArgs p = OptionParser.parse(s, words);
            Conditions conditions = new Conditions(rules);
            for (List<Condition> row : s.state()) {
                if (conditions.holds(row, p, Set.of())) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Whether a word or assignment holds a command or process substitution (and no arithmetic that might assign). */
    private static boolean substitutes(Node n) {
        boolean[] sub = {false};
        boolean[] arith = {false};
        ShellWalker.walk(n, x -> {
            if (x instanceof Substitution) {
                sub[0] = true;
                return false;
            }
            if (x instanceof ArithmeticExpansion) {
                arith[0] = true;
            }
            return true;
        });
        return sub[0] && !arith[0];
    }

    /**
     * A name an arithmetic assignment gave a value holds a number afterwards (bash stores the result): said before the
     * assignment is replayed, so {@code (( i++ ))} does not read as arithmetic on a name the state never set.
     */
    private static void numbers(String arithmetic, List<String> out) {
        // a target only known at run time is judged where the replayed assignment names it
        for (String name : ArithmeticTargets.of(arithmetic).names()) {
            out.add(name + "=$((0))");
        }
    }

    private static boolean mayAssign(String arithmetic) {
        return arithmetic.indexOf('=') >= 0 || arithmetic.contains("++") || arithmetic.contains("--");
    }
}
