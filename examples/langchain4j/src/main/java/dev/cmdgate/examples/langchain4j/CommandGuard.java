package dev.cmdgate.examples.langchain4j;

/**
 * How the shell tool cooperates with the gate, if at all: ask before running, and tell the gate which
 * tool call a launch belongs to. {@link #NONE} does neither — the gate still refuses what it must,
 * the tool then reports the SecurityException. The cmdgate application API ({@code dev.cmdgate.api}:
 * {@code Cmdgate.check(line)}, {@code Cmdgate.scope().toolCall(id).open()}) plugs in here.
 */
interface CommandGuard {

    /** Why the command would be refused without running it, or null to go ahead and run it. */
    String refusalBeforeRun(String command);

    /** Opens the context for one tool call; launches made until it closes belong to that call. */
    AutoCloseable open(String toolCallId);

    CommandGuard NONE = new CommandGuard() {
        @Override
        public String refusalBeforeRun(String command) {
            return null;
        }

        @Override
        public AutoCloseable open(String toolCallId) {
            return () -> { };
        }
    };
}
