package dev.cmdgate.it;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.SoftAssertions;

/**
 * The gate's own files for tests that aim programs at them under {@code full} (where every Write is allowed): a state
 * directory holding the team's rules file and the audit file, a home and a work directory beside it; the
 * application runs the attempts in the work directory with {@code prompt=deny}.
 */
final class OwnFilesFixture {

    static final String RULES_TEXT = "# the team's rules\n";

    final Path home;
    final Path state;
    final Path rules;
    final Path audit;
    final Path work;

    /** The directories under {@code tmp}; the audit file holds {@code auditText} first, or is left to the gate when null. */
    OwnFilesFixture(Path tmp, String auditText) throws IOException {
        home = Dirs.mkdir(tmp, "home");
        state = Dirs.mkdir(tmp, "state");
        rules = Dirs.write(state.resolve("team.rules"), RULES_TEXT);
        audit = auditText == null ? state.resolve("audit.jsonl") : Dirs.write(state.resolve("audit.jsonl"), auditText);
        work = Dirs.mkdir(tmp, "work");
    }

    /** Runs the attempts under the agent with these files as its rules and audit file. */
    Run run(Jdk jdk, Spec spec) throws Exception {
        return ForkedJvm.on(jdk).in(work).env("HOME", home.toString())
                .withAgent("autonomy=full,prompt=deny,audit=" + audit + ",rules=" + rules)
                .main(Commands.class).args(spec.args()).run();
    }

    /** Each of {@code refused} was refused as changing the gate's own files, and the rules file is as it was. */
    void assertRefused(SoftAssertions soft, Run run, List<String> refused) {
        for (String name : refused) {
            AppResult r = run.result(name);
            Blocked.assertBlocked(r);
            soft.assertThat(r.message()).as(r.toString()).contains("changes cmdgate's own files");
        }
        soft.assertThat(Dirs.read(rules)).isEqualTo(RULES_TEXT);
    }

    /** The audit lines after the first {@code skip}: only the gate's own, more than {@code refused} (none taken away). */
    void assertGateLines(SoftAssertions soft, int skip, int refused) {
        List<String> lines = Dirs.read(audit).lines().toList();
        soft.assertThat(lines.subList(Math.min(skip, lines.size()), lines.size())).as("only the gate's own lines")
                .allMatch(l -> l.startsWith("{\"time\":"));
        soft.assertThat(lines.size()).as("a line for every launch, none taken away").isGreaterThan(refused);
    }
}
