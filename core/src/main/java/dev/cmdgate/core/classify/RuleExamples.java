package dev.cmdgate.core.classify;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.rules.RuleExample;
import dev.cmdgate.core.rules.RuleSet;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks the {@code example "LINE" -> CLASS} rows of a rule set: each line is classified as {@code sh -c LINE}
 * with the whole rule set and must get exactly its class; an example with files ({@code with PATH "LINE"…}) is
 * judged in a small tree held in memory ({@link FixtureFiles}). The build checks the built-in rules' examples;
 * {@code cmdgate rules check FILE} checks a user file's.
 */
public final class RuleExamples {

    private RuleExamples() {
    }

    /** An example whose line got another class. */
    public record Failure(RuleExample example, CommandClass got, String why) {

        /** {@code FILE line N: [section] example "LINE" is Write, expected Destructive — why}. */
        public String describe() {
            return example.origin() + " line " + example.line() + ": [" + example.section() + "] example \""
                    + example.command() + "\" is " + got.label() + ", expected " + example.expected().label()
                    + (why.isEmpty() ? "" : " — " + why);
        }
    }

    /**
     * The failing examples among those read from {@code origin} (null: every example of the set), in file order.
     */
    public static List<Failure> check(RuleSet rules, String origin) {
        RulesClassifier c = RulesClassifier.of(rules);
        List<Failure> failures = new ArrayList<>();
        for (RuleExample e : rules.examples()) {
            if (origin != null && !origin.equals(e.origin())) {
                continue;
            }
            Classification got = e.files().isEmpty() ? c.classifyShell(e.command())
                    : c.classifyArgv(List.of("sh", "-c", e.command()), java.util.Map.of(), dev.cmdgate.core.LaunchSite.of(
                            FixtureFiles.CWD, dev.cmdgate.core.LaunchSite.NoFrames.NO_FRAMES, new FixtureFiles(e.files())));
            if (got.commandClass() != e.expected()) {
                failures.add(new Failure(e, got.commandClass(), strongest(got)));
            }
        }
        return failures;
    }

    /** How many examples were read from {@code origin} (null: all). */
    public static int count(RuleSet rules, String origin) {
        int n = 0;
        for (RuleExample e : rules.examples()) {
            n += origin == null || origin.equals(e.origin()) ? 1 : 0;
        }
        return n;
    }

    /** The reason of the finding that set the class, so a failure says what matched (or that nothing did). */
    private static String strongest(Classification c) {
        Finding best = null;
        for (Finding f : c.findings()) {
            if (f.commandClass() == c.commandClass() && (best == null || f.level().ordinal() > best.level().ordinal())) {
                best = f;
            }
        }
        return best == null ? "" : best.reason();
    }
}
