package dev.cmdgate.core.rules;

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
 */
public record RunsRule(List<String> between, List<String> end, int skip, List<String> defaultArgv,
        boolean assignments, boolean stdinArgs, List<String> unless, List<String> replace, List<String> noskip,
        List<String> prepend, boolean afterDashdash, List<String> stdinIf, boolean scripts) {
}
