package dev.cmdgate.examples.langchain4j;

import dev.cmdgate.api.Cmdgate;

/** Picks the {@link CommandGuard}: the cmdgate application API when it is available, else none. */
final class Guards {

    private Guards() {
    }

    static CommandGuard best() {
        return Cmdgate.isActive() ? new ApiGuard() : CommandGuard.NONE;
    }
}
