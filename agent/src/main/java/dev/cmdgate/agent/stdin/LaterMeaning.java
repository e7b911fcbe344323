package dev.cmdgate.agent.stdin;

import dev.cmdgate.core.DotSegments;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.shell.Assignment;
import dev.cmdgate.core.shell.FunctionDefinition;
import dev.cmdgate.core.shell.Node;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.ShellWalker;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Word;
import java.util.ArrayList;
import java.util.List;

/**
 * Commands after which a later command's words no longer tell what it does with the session's input. The
 * {@code stdin-unread}/{@code stdin-filter} rows describe programs by name, and a later command is judged by the
 * text written; that holds only while the name means the program and the shell runs nothing of its own around it.
 * It stops holding after: a trap that sets an action, on any signal ({@code CHLD} runs after every child, {@code EXIT}
 * in a subshell when it ends, DEBUG and ERR around every command: code the shell runs at moments cmdgate does not
 * judge, with the session's input), or {@code set -T}/{@code -E}; an option that changes how the shell reads its
 * later input ({@link ParsingOptions}: {@code shopt -u interactive_comments} makes {@code #} an ordinary
 * character, so text cmdgate takes for a comment runs); an alias definition or {@code shopt -s expand_aliases} (a later word is replaced by other
 * text); a change of {@code PATH} or {@code CDPATH} (assignment, export, {@code PATH=… cmd}), {@code hash -p},
 * {@code enable} (the name runs another program or builtin); a function named like a program the rules describe;
 * and a {@code cd} whose target is {@code /dev}, {@code /proc} or not known before it runs (a later relative name
 * may then be the input: {@code cd /dev; head < ./stdin}). Such a command is treated as one that may read the
 * session's input: the session takes no more commands after it. Simpler than following the shell's state, and
 * sound.
 */
final class LaterMeaning {

    private final RuleSet rules;
    private final ParsingOptions parsing;

    LaterMeaning(RuleSet rules) {
        this.rules = rules;
        this.parsing = new ParsingOptions(rules);
    }

    /** Why later commands can no longer be judged by their words after this code, or null. */
    String why(String code) {
        ParseResult r = ShellParser.parse(code);
        if (r.script() == null) {
            return null;   // what cannot be parsed is refused or judged a reader elsewhere
        }
        String[] found = {null};
        ShellWalker.walk(r.script(), n -> {
            if (found[0] == null) {
                found[0] = node(n, code);
            }
            return found[0] == null;
        });
        return found[0];
    }

    private String node(Node n, String code) {
        if (n instanceof Assignment a && path(a.name())) {
            return a.name() + " changed: a later name may run another program";
        }
        if (n instanceof FunctionDefinition f && (f.name() == null || !rules.stdinRows(f.name()).isEmpty()
                || rules.program(f.name()) != null)) {
            return "function " + f.name() + " shadows a program whose input the rules describe";
        }
        if (n instanceof SimpleCommand c && !c.words().isEmpty()) {
            return simple(c, code);
        }
        return null;
    }

    private String simple(SimpleCommand c, String code) {
        List<String> w = new ArrayList<>();
        for (Word x : c.words()) {
            w.add(x.literalValue());
        }
        int at = 0;
        while (at < w.size() && ("command".equals(w.get(at)) || "builtin".equals(w.get(at)))) {
            at++;
        }
        if (at >= w.size() || w.get(at) == null) {
            return null;   // a name known only at run time is a reader already
        }
        String program = w.get(at);
        List<String> args = w.subList(at + 1, w.size());
        switch (program) {
            case "trap" -> {
                String action = TrapActions.sets(args);
                if (action != null) {
                    return "trap " + action + " sets code the shell runs later, at moments cmdgate does not see "
                            + "(a signal, a child's end, a subshell's exit), with the session's input";
                }
            }
            case "set" -> {
                for (String a : args) {
                    if (a == null || (a.startsWith("-") || a.startsWith("+")) && !a.startsWith("--")
                            && (a.indexOf('T') > 0 || a.indexOf('E') > 0)
                            || a.equals("functrace") || a.equals("errtrace")) {
                        return "set " + a + " makes traps run in every later function and subshell";
                    }
                }
                String option = parsing.setChanges(args);
                if (option != null) {
                    return "set " + option + " changes how the shell reads its later input";
                }
            }
            case "alias" -> {
                for (String a : args) {
                    if (a == null || a.contains("=")) {
                        return "an alias replaces a later command's words with other text";
                    }
                }
            }
            case "shopt" -> {
                if (args.contains(null) || args.contains("expand_aliases")) {
                    return "shopt expand_aliases lets aliases replace later commands' words";
                }
                String option = parsing.shoptChanges(args);
                if (option != null) {
                    return "shopt " + option + " changes how the shell reads its later input";
                }
            }
            case "hash" -> {
                for (String a : args) {
                    if (a == null || a.startsWith("-") && a.contains("p")) {
                        return "hash -p makes a later name run another program";
                    }
                }
            }
            case "enable" -> {
                return "enable changes which builtins a later name runs";
            }
            case "export", "declare", "typeset", "local", "readonly" -> {
                for (Word x : c.words().subList(at + 1, c.words().size())) {
                    // the name as written: the value may be known only at run time (PATH=$PWD/bin:$PATH)
                    String raw = code.substring(Math.max(0, x.start()), Math.min(code.length(), x.end()));
                    String name = raw.split("[+=]", 2)[0];
                    if (path(name) || !name.matches("-?[A-Za-z0-9_]*")) {
                        return program + " " + raw + ": a later name may run another program";
                    }
                }
            }
            case "cd", "pushd", "popd" -> {
                String target = null;
                for (String a : args) {
                    if (a == null || !a.startsWith("-") || a.equals("-")) {
                        target = a == null ? "" : a;
                        break;
                    }
                }
                if (program.equals("popd") || target != null && unknownDirectory(target)) {
                    return program + " to a directory cmdgate cannot tell: a later relative name may be the input";
                }
            }
            default -> {
                return null;
            }
        }
        return null;
    }

    private static boolean path(String name) {
        return name.equals("PATH") || name.equals("CDPATH") || name.equals("BASH_ENV") || name.equals("ENV")
                || name.equals("HOME") || name.equals("OLDPWD");   // cd with no word, cd - and ~ use them
    }

    /** A directory the gate cannot resolve, or one under which a relative name may be the session's input. */
    private static boolean unknownDirectory(String target) {
        if (target.isEmpty() || target.equals("-") || target.contains("$") || target.contains("`")) {
            return true;
        }
        // a relative target is taken from / (the session may be there): cd dev is cd /dev then
        String n = DotSegments.resolve(target.startsWith("/") ? target : "/" + target);
        if (!target.startsWith("/")) {
            return n.equals("/dev") || n.startsWith("/dev/") || n.equals("/proc") || n.startsWith("/proc/");
        }
        return n.equals("/") || n.equals("/dev") || n.startsWith("/dev/") || n.equals("/proc") || n.startsWith("/proc/");
    }
}
