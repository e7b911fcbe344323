package dev.cmdgate.agent.stdin;

import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.ShellParser;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * How a judged command reaches the session's shell: as a brace group whose standard input is {@code /dev/null},
 * {@code { CMD⏎} </dev/null}. The group runs in the shell itself, so {@code cd}, variables, functions, traps,
 * {@code exit} and {@code $?} carry over as if the command had been written alone; but every program it starts —
 * and every helper those start (an external diff tool, a hook) — inherits {@code /dev/null}, not the pipe the shell
 * reads its commands from, so none of them can take the start of the next command by reading its input. The shell
 * keeps its own input meanwhile as a close-on-exec copy (bash: descriptor 10 or above), which programs do not
 * inherit; naming it on purpose ({@code <&10}, {@code /proc/PID/fd/10}) is what the session's other checks are for.
 * A command with no statements (a blank or comment-only line) goes as it is: an empty group is a syntax error,
 * which ends a shell that reads a script from its input.
 */
final class NullInputGroup {

    private static final byte[] OPEN = "{ ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLOSE = "} </dev/null\n".getBytes(StandardCharsets.US_ASCII);

    private NullInputGroup() {
    }

    /** The bytes to give the shell for a judged command: its bytes, and its text as judged. */
    static byte[] wrap(byte[] command, String text) {
        if (empty(text)) {
            return command;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(command.length + OPEN.length + CLOSE.length + 1);
        out.writeBytes(OPEN);
        out.writeBytes(command);
        if (command.length == 0 || command[command.length - 1] != '\n') {
            out.write('\n');   // a last line without a newline: the group's } must start a line of its own
        }
        out.writeBytes(CLOSE);
        return out.toByteArray();
    }

    private static boolean empty(String text) {
        if (text.isBlank()) {
            return true;
        }
        ParseResult r = ShellParser.parse(text);
        return r.script() != null && r.errors().isEmpty() && r.script().statements().isEmpty();
    }
}
