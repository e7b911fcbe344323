package dev.cmdgate.agent.cli;

import dev.cmdgate.core.classify.RuleExamples;
import dev.cmdgate.core.rules.RuleSet;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code rules check FILE}: a user rules file read on top of the built-in rules, and its examples run. */
@Command(name = "rules", mixinStandardHelpOptions = true, description = "Work with rules files.",
        subcommands = {RulesCommand.Check.class})
final class RulesCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a sub-command is required (try: rules check FILE)");
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = {"Read a user rules file on top of the built-in rules and check every example row in it",
                    "(example \"LINE\" -> CLASS: LINE, as sh -c LINE, must get exactly CLASS).",
                    "Exit status: 0 the file reads and every example passes, 1 it does not, 2 usage error."})
    static final class Check implements Callable<Integer> {

        @Parameters(paramLabel = "FILE", description = "the rules file")
        Path file;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
                throw new Main.UsageException(file + " is not a readable file");
            }
            PrintWriter out = spec.commandLine().getOut();
            RuleSet rules;
            try {
                rules = RuleSet.withUserFile(file);
            } catch (IllegalArgumentException e) {
                out.println(e.getMessage());   // "FILE line N: the problem"
                out.flush();
                return 1;
            }
            String origin = file.toString();
            List<RuleExamples.Failure> failures = RuleExamples.check(rules, origin);
            for (RuleExamples.Failure f : failures) {
                out.println(f.describe());
            }
            int n = RuleExamples.count(rules, origin);
            out.println(origin + ": rules read; " + n + (n == 1 ? " example, " : " examples, ")
                    + (failures.isEmpty() ? "all pass" : failures.size() + " failing"));
            out.flush();
            return failures.isEmpty() ? 0 : 1;
        }
    }
}
