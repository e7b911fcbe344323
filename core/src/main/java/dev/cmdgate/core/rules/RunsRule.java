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
 */
public record RunsRule(List<String> between, List<String> end, int skip, List<String> defaultArgv,
        boolean assignments, boolean stdinArgs, List<String> unless) {
}
