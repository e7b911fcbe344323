package dev.cmdgate.core.classify;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.CommandInvocation;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.RiskLevel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Entry point for obtaining the classifier. PLACEHOLDER until the rule-based classifier lands. */
public final class Classifiers {

    private Classifiers() {
    }

    /**
     * The standard classifier: built-in rules plus, when given, a user rules file.
     *
     * @throws IllegalArgumentException when the user rules file cannot be read or parsed
     */
    public static CommandClassifier standard(Path userRules) {
        return Classifiers::firstCut;
    }

    // Fails closed: only a handful of argv-only programs are Read, everything else Destructive.
    private static Classification firstCut(List<String> argv, Map<String, String> env) {
        Set<String> read = Set.of("echo", "ls", "cat", "true", "pwd", "date");
        String program = argv.isEmpty() ? "" : Path.of(argv.get(0)).getFileName().toString();
        boolean isRead = env.isEmpty() && read.contains(program);
        CommandClass c = isRead ? CommandClass.READ : CommandClass.DESTRUCTIVE;
        RiskLevel l = isRead ? RiskLevel.MINIMAL : RiskLevel.DANGEROUS;
        CommandInvocation inv = new CommandInvocation(argv, program, argv.isEmpty() ? "" : argv.get(0),
                Set.of(), argv.isEmpty() ? List.of() : argv.subList(1, argv.size()), Map.of(), 0, 0, false);
        return new Classification(c, l,
                List.of(new Finding(String.join(" ", argv), "argv", c, l,
                        isRead ? "known read-only program" : "not known to be safe (first-cut classifier)")),
                List.of(inv));
    }
}
