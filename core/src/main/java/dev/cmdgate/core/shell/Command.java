package dev.cmdgate.core.shell;

import java.util.List;

/**
 * A command: a simple command or one of the compound commands. Every command carries the
 * redirections written after it ({@code { …; } > f}, {@code while …; done < f}); for a simple
 * command they are the redirections anywhere among its words.
 */
public sealed interface Command extends Node permits SimpleCommand, Subshell, BraceGroup, IfCommand,
        WhileCommand, ForCommand, ArithForCommand, CaseCommand, FunctionDefinition, ArithmeticCommand,
        TestCommand, CoprocCommand {

    /** Redirections applying to this command, in source order; never null. */
    List<Redirect> redirects();
}
