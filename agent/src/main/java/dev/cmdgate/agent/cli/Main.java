package dev.cmdgate.agent.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code java -jar cmdgate.jar <command>}: the same jar as the agent, for people and scripts that
 * want cmdgate's answer without launching anything.
 */
@Command(name = "cmdgate", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Classify command lines the way the cmdgate agent gates process launches.",
        subcommands = {ClassifyCommand.class, KeygenCommand.class, VerifyCommand.class, ReportCommand.class,
                RulesCommand.class})
public final class Main implements Runnable {

    /** Usage errors: bad options, unreadable files. Matches picocli's own code for bad input. */
    static final int USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String... args) {
        return run(new CommandLine(new Main()), args);
    }

    /** For tests: the same, writing to the given streams. */
    static int run(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        return run(cli, args);
    }

    private static int run(CommandLine cli, String... args) {
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof UsageException || e instanceof IllegalArgumentException) {
                commandLine.getErr().println("cmdgate: " + e.getMessage());
                return USAGE;
            }
            throw e;
        });
        return cli.execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required (try: classify --help)");
    }

    /** A problem with what the user asked for, reported in one line with exit status 2. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message, null, false, false);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"cmdgate " + (v == null ? "development build" : v)};
        }
    }
}
