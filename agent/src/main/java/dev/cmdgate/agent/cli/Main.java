package dev.cmdgate.agent.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code java -jar cmdgate.jar <command>}: the same jar as the agent, for people and scripts that
 * want cmdgate's answer without launching anything.
 */
@Command(name = "cmdgate", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Classify command lines the way the cmdgate agent gates process launches.",
        subcommands = {ClassifyCommand.class, ReportCommand.class, RulesCommand.class, KeygenCommand.class,
                VerifyCommand.class, ApprovalsCommand.class})
public final class Main implements Runnable {

    /** Usage errors: bad options, unreadable files. Matches picocli's own code for bad input. */
    static final int USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("hook")) {
            // a coding agent's hook: its own small main class (the launcher starts it directly)
            dev.cmdgate.agent.hook.HookMain.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        System.exit(run(args));
    }

    static int run(String... args) {
        Integer quick = QuickClassify.run(args, stdout(), new java.io.PrintWriter(System.err, true));
        return quick != null ? quick : run(new CommandLine(new Main()), args);
    }

    /** For tests: the same, writing to the given streams. */
    static int run(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        Integer quick = QuickClassify.run(args, out, err);
        return quick != null ? quick : picocli(out, err, args);
    }

    /** For tests: always through picocli, writing to the given streams. */
    static int picocli(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        return run(cli, args);
    }

    private static int run(CommandLine cli, String... args) {
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof UsageException || e instanceof IllegalArgumentException) {
                return usage(commandLine.getErr(), e);
            }
            throw e;
        });
        cli.setParameterExceptionHandler(Main::badParameters);
        return cli.execute(args);
    }

    /**
     * A usage error in one line that says what to do instead, never the whole help: an option-like word
     * given to {@code classify} is most likely part of the command to classify, which goes after {@code --}.
     */
    private static int badParameters(CommandLine.ParameterException e, String[] args) {
        CommandLine c = e.getCommandLine();
        java.io.PrintWriter err = c.getErr();
        String name = c.getCommandSpec().qualifiedName(" ");
        if (e instanceof CommandLine.UnmatchedArgumentException u && c.getCommand() instanceof ClassifyCommand) {
            List<String> rest = new ArrayList<>();
            boolean seen = false;
            for (String a : args) {
                seen |= a.equals("classify");
                if (seen && !a.equals("classify")) {
                    rest.add(a);
                }
            }
            err.println("cmdgate: " + u.getUnmatched().get(0) + " is not an option of classify; a command that has options"
                    + " goes after --: " + name + " -- " + String.join(" ", rest));
        } else {
            err.println("cmdgate: " + e.getMessage() + " (try: " + name + " --help)");
        }
        err.flush();
        return USAGE;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "a command is required: classify, report, rules, keygen, verify or approvals");
    }

    /** A usage error (what the user asked for cannot be done), said in one line: exit status {@link #USAGE}. */
    static int usage(java.io.PrintWriter err, Exception e) {
        err.println("cmdgate: " + e.getMessage());
        err.flush();
        return USAGE;
    }

    /** Standard output in the console's encoding, as picocli writes it. */
    private static java.io.PrintWriter stdout() {
        String enc = System.getProperty("stdout.encoding", System.getProperty("sun.stdout.encoding"));
        java.nio.charset.Charset cs = enc != null && java.nio.charset.Charset.isSupported(enc)
                ? java.nio.charset.Charset.forName(enc) : java.nio.charset.Charset.defaultCharset();
        return new java.io.PrintWriter(new java.io.OutputStreamWriter(System.out, cs), true);
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
            // the jar's manifest says it (a class directory, in tests, has no manifest)
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"cmdgate " + (v == null ? "(unknown version: not run from its jar)" : v)};
        }
    }
}
