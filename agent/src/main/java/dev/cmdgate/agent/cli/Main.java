package dev.cmdgate.agent.cli;

/** Placeholder: the CLI lands in its own change. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.err.println("cmdgate: CLI not implemented yet");
        System.exit(2);
    }
}
