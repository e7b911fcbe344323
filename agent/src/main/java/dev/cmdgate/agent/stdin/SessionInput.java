package dev.cmdgate.agent.stdin;

import dev.cmdgate.core.rules.CodeRule;
import dev.cmdgate.core.rules.OptionSpec;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.rules.Section;
import dev.cmdgate.core.shell.Assignment;
import dev.cmdgate.core.shell.Node;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.Redirect;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.ShellWalker;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The input a gated session's shell reads its commands from must stay the pipe cmdgate gates. A command that
 * points the shell's own standard input elsewhere — {@code exec < FILE}, {@code exec <<< 'CMD'},
 * {@code exec 0<&3}, {@code exec 0<<EOF}, {@code source /dev/stdin} — would make it read its next commands from
 * a place cmdgate never sees; so would history expansion ({@code !!}, {@code !rm}) and replaying history
 * ({@code fc -s}), which run text cmdgate judged, if at all, as something else. Such a command is refused as
 * unverifiable code, wherever it is: at the top, in a function body, or in code the shell itself runs later
 * ({@code eval}, {@code alias}, {@code trap}, {@code mapfile -C}: the {@code code sh} rows of the commands that
 * run in the shell that reads them, and variables whose value is a script the shell runs, such as
 * {@code PROMPT_COMMAND}). Everything else goes to the session's gate as it is.
 */
public final class SessionInput implements StdinGate {

    /** The session's own input, as a path ({@code /proc/PID/fd/0} too). */
    private static final List<String> OWN_INPUT = List.of("/dev/stdin", "/dev/fd/0", "/proc/self/fd/0");
    private static final int MAX_DEPTH = 8;

    private final StdinGate gate;
    private final RuleSet rules;
    private final StdinReaders readers;
    private final LaterMeaning laterMeaning;
    /** The allowed command that may have read the session's input (after it, nothing more is passed), or null. */
    private String readBy;
    /** Audit mode: nothing is refused, so a command after such a reader passes with the reason in its audit line. */
    private boolean auditOnly;
    /** Whether the shell expands {@code !} from its history (an interactive shell; after {@code set -H}). */
    private boolean histexpand;

    /**
     * @param interactive the shell was started interactive ({@code -i}): it expands history
     */
    public SessionInput(StdinGate gate, RuleSet rules, boolean interactive) {
        this.gate = gate;
        this.rules = rules;
        this.readers = new StdinReaders(rules);
        this.laterMeaning = new LaterMeaning(rules);
        this.histexpand = interactive;
    }

    /** Whether a shell's argv starts it interactive: an option bundle with {@code i} ({@code -i}, {@code -il}). */
    public static boolean interactive(List<String> argv) {
        for (String a : argv.subList(Math.min(1, argv.size()), argv.size())) {
            if (a.startsWith("-") && !a.startsWith("--") && a.indexOf('i') > 0) {
                return true;
            }
        }
        return false;
    }

    /** In audit mode nothing is refused: a command after one that may have read the session's input is only marked. */
    public SessionInput auditOnly(boolean audit) {
        this.auditOnly = audit;
        return this;
    }

    @Override
    public void check(String command) {
        if (readBy != null && auditOnly) {
            StdinContext.with(Map.of("stdin_read", "after an earlier command (" + readBy + ") that may have read the "
                    + "session's standard input: where this command starts is not verifiable"), () -> gate.check(command));
            return;
        }
        if (readBy != null) {
            gate.refuse(command, "unverifiable: an earlier command (" + readBy + ") may have read the session's standard "
                    + "input, which is the pipe the shell reads its commands from, so cmdgate cannot tell where the "
                    + "shell's next command starts; the session takes no more commands (give such a command its own "
                    + "input: < FILE, </dev/null)");
        }
        String why = histexpand && History.expands(command)
                ? "the shell would expand ! from its history into commands cmdgate has not judged as such" : elsewhere(command, 0);
        if (why == null) {
            why = opensInput(command);
        }
        if (why != null) {
            gate.refuse(command, "unverifiable code: " + why + "; the session reads its commands from its standard input, "
                    + "which cmdgate gates");
        }
        String reader = readers.reader(command);
        if (reader == null) {
            String changed = laterMeaning.why(command);
            reader = changed == null ? null : command.strip() + ": " + changed;
        }
        if (reader == null) {
            gate.check(command);
        } else {
            StdinContext.with(Map.of("stdin_read", "may read the session's standard input (" + reader
                    + "): later commands are refused"), () -> gate.check(command));
            readBy = reader.length() > 200 ? reader.substring(0, 200) + "…" : reader;
        }
        histexpand |= History.turnsOn(command);
    }

    /** Why this code may open the session's input by a path (to write into it, or read it past the gate), or null. */
    private static String opensInput(String code) {
        String delimiter = HereDocDelimiters.unsure(code);
        if (delimiter != null) {
            return "the here-document delimiter " + delimiter + " is quoted in a way cmdgate does not compute as bash "
                    + "does, so it cannot tell which lines bash takes as the document and which it runs";
        }
        String device = DevicePaths.unverifiable(code);
        if (device != null) {
            return device + " may name the pipe the shell reads its commands from (only /dev/null, /dev/zero, "
                    + "/dev/random, /dev/urandom, /dev/tty, /dev/stdout, /dev/stderr, /dev/fd/1 and /dev/fd/2 are "
                    + "verifiable)";
        }
        ParseResult r = ShellParser.parse(code);
        String path = r.script() == null ? null : OwnInput.named(r.script());
        return path == null ? null : path + " may open the pipe the shell reads its commands from: what is written "
                + "there runs unjudged, what is read there is taken from the shell's next command";
    }

    @Override
    public void refuse(String text, String why) {
        gate.refuse(text, why);
    }

    /** Why this shell code makes the shell read commands from elsewhere, or null when it does not. */
    private String elsewhere(String code, int depth) {
        if (depth > MAX_DEPTH) {
            return "code nested deeper than cmdgate follows";
        }
        ParseResult r = ShellParser.parse(code);
        if (r.script() == null) {
            return null;   // what cannot be parsed the gate refuses on its own
        }
        String[] found = {null};
        ShellWalker.walk(r.script(), new java.util.function.Predicate<Node>() {
            @Override
            public boolean test(Node n) {
                if (found[0] == null) {
                    if (n instanceof SimpleCommand c) {
                        found[0] = simple(c, code, depth);
                    } else if (n instanceof Assignment a) {
                        found[0] = script(a.name(), a.value(), depth);
                    }
                }
                return found[0] == null;
            }
        });
        return found[0];
    }

    private String simple(SimpleCommand c, String code, int depth) {
        List<String> words = new ArrayList<>();
        for (Word w : c.words()) {
            String v = w.literalValue();
            words.add(v == null ? code.substring(Math.max(0, w.start()), Math.min(code.length(), w.end())) : v);
        }
        int at = 0;
        // command and builtin run what follows in this shell; exec without a command redirects the shell itself
        while (at < words.size() && (words.get(at).equals("command") || words.get(at).equals("builtin"))) {
            at++;
            while (at < words.size() && words.get(at).startsWith("-")) {
                at++;
            }
        }
        if (at < words.size() && words.get(at).equals("exec")) {
            int k = at + 1;
            while (k < words.size() && words.get(k).startsWith("-")) {
                k += words.get(k).equals("-a") ? 2 : 1;
            }
            if (k >= words.size()) {
                for (Redirect x : c.redirects()) {
                    // without a number: 0 for the input operators and <>, 1 for the output ones
                    int fd = x.fd() >= 0 ? x.fd() : x.op() == Redirect.Op.READ_WRITE || !x.isOutput() ? 0 : 1;
                    if (fd == 0 && x.fdVariable() == null) {
                        return "exec " + x.op().token() + " makes the shell read its next commands from "
                                + (x.op() == Redirect.Op.HERESTRING || x.op() == Redirect.Op.HEREDOC
                                        || x.op() == Redirect.Op.HEREDOC_STRIP ? "a here-document" : "another input");
                    }
                }
            }
        }
        if (at < words.size() && (words.get(at).equals("source") || words.get(at).equals("."))
                && at + 1 < words.size() && ownInput(words.get(at + 1))) {
            return words.get(at) + " " + words.get(at + 1) + " reads the session's own input as one script";
        }
        if (at < words.size() && words.get(at).equals("fc") && !listsOnly(words.subList(at + 1, words.size()))) {
            return "fc runs commands again from the shell's history";
        }
        for (Assignment a : c.assignments()) {
            String why = script(a.name(), a.value(), depth);
            if (why != null) {
                return why;
            }
        }
        return at < words.size() ? laterCode(words.get(at), words.subList(at + 1, words.size()), depth) : null;
    }

    /** Code the shell runs later that a command of its own gives it (eval, alias, trap …: their {@code code sh} rows). */
    private String laterCode(String program, List<String> args, int depth) {
        Section s = program.indexOf('/') >= 0 ? null : rules.program(program);
        if (s == null || s.state().isEmpty()) {
            return null;   // not a command of the shell itself: what it runs, runs in another process
        }
        for (CodeRule r : s.codes()) {
            if (!r.language().equals("sh") && !r.language().equals("alias")) {
                continue;   // an alias's text is shell code the shell reads later, as eval's is
            }
            for (String code : codeOf(s, r, args)) {
                String why = elsewhere(code, depth + 1);
                // an alias's text starts later commands: one ending in exec would redirect the shell with their redirections
                if (why == null && r.source() == CodeRule.Source.VALUES) {
                    why = elsewhere(code + " < /dev/null", depth + 1);
                }
                if (why != null) {
                    return why;
                }
            }
        }
        return null;
    }

    /** The texts a {@code code sh} row names among the arguments (as written: a value only known at run time is the gate's). */
    private static List<String> codeOf(Section s, CodeRule r, List<String> args) {
        List<String> operands = new ArrayList<>();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (r.source() == CodeRule.Source.OPT) {
                OptionSpec o = option(s, r.name());
                if (o != null && o.names().contains(a) && i + 1 < args.size()) {
                    out.add(args.get(i + 1));
                } else if (o != null) {
                    for (String n : o.names()) {
                        if (n.startsWith("--") && a.startsWith(n + "=")) {
                            out.add(a.substring(n.length() + 1));
                        }
                    }
                }
            } else if (!a.startsWith("-") || a.equals("-")) {
                operands.add(a);
            }
        }
        switch (r.source()) {
            case OPERANDS -> out.add(String.join(" ", operands));
            case OPERAND -> {
                if (r.index() == CodeRule.EVERY) {
                    out.addAll(operands);
                } else if (r.index() < operands.size()) {
                    out.add(operands.get(r.index()));
                }
            }
            case VALUES -> {
                for (String a : operands) {
                    int eq = a.indexOf('=');
                    if (eq > 0) {
                        out.add(a.substring(eq + 1));
                    }
                }
            }
            default -> {
            }
        }
        return out;
    }

    private static OptionSpec option(Section s, String canonical) {
        for (OptionSpec o : s.options()) {
            if (o.canonical().equals(canonical)) {
                return o;
            }
        }
        return null;
    }

    /** A variable whose value is a script the shell itself runs (PROMPT_COMMAND: the rules' env-code sh). */
    private String script(String name, Word value, int depth) {
        String v = value == null ? null : value.literalValue();
        if (v == null || !"sh".equals(rules.envCodeLanguage(name))) {
            return null;
        }
        return elsewhere(v, depth + 1);
    }

    private static boolean ownInput(String path) {
        return OWN_INPUT.contains(path) || path.startsWith("/proc/") && path.endsWith("/fd/0");
    }

    /** {@code fc -l} and {@code fc -ln …} only list the history. */
    private static boolean listsOnly(List<String> args) {
        for (String a : args) {
            if (a.startsWith("-") && !a.startsWith("--") && a.indexOf('l') > 0) {
                return true;
            }
        }
        return false;
    }
}
