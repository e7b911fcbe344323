package dev.cmdgate.agent.stdin;

import dev.cmdgate.core.classify.CommandKnowledge;
import java.lang.ProcessBuilder.Redirect;
import java.util.List;

/**
 * Which launches are shell sessions fed through their standard input: a shell that reads its commands
 * from standard input and from nothing else ({@link CommandKnowledge#readsCommandsFromStdin}: a shell
 * of the rules, named plainly or by a standard system path, given no script and no script file and only
 * options its rules section declares without an effect), whose standard input is a pipe from the
 * application. {@code bash}, {@code sh}, {@code bash -s}, {@code bash -i}, {@code bash --norc --noprofile},
 * {@code zsh -f}, {@code bash -s arg1 arg2}, {@code busybox sh} are; {@code bash -c …},
 * {@code bash script.sh}, {@code bash --rcfile f}, {@code ./bash}, a shell whose standard input is
 * inherited or read from a file, any option the rules do not know, and an option that changes how the shell reads
 * its input ({@link ParsingOptions}: {@code bash -i +O interactive_comments}) are not (they are judged as they always
 * were).
 */
public final class ShellSessions {

    private ShellSessions() {
    }

    /** As {@link #isSession(CommandKnowledge, List, Redirect[])} with the built-in rules. */
    public static boolean isSession(List<String> argv, Redirect[] redirects) {
        return isSession(CommandKnowledge.builtin(), argv, redirects);
    }

    /** True when this launch is a script-less shell reading its commands from a pipe the application writes to. */
    public static boolean isSession(CommandKnowledge knowledge, List<String> argv, Redirect[] redirects) {
        if (redirects != null && redirects.length > 0 && redirects[0] != null
                && redirects[0].type() != Redirect.Type.PIPE) {
            return false;   // inherited terminal or a file: cmdgate cannot see what the shell reads
        }
        // bash -O compat42, bash -i +O interactive_comments, bash -o posix: the session would be read otherwise than
        // cmdgate reads it from its first command on
        return knowledge.readsCommandsFromStdin(argv)
                && new ParsingOptions(knowledge.rules()).launchChanges(argv) == null;
    }
}
