package dev.cmdgate.examples.langchain4j;

/** Picks the {@link CommandGuard}: the cmdgate application API when it is available, else none. */
final class Guards {

    private Guards() {
    }

    static CommandGuard best() {
        return CommandGuard.NONE;
    }
}
