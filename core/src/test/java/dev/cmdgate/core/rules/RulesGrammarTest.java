package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What each row of the rules format puts into a rule set. {@code rules/every-row.rules} uses every row kind
 * in each of its forms, {@code rules/every-row-overlay.rules} reads a user's file on top of it; the
 * {@link RuleSetDump canonical dumps} of the two reads are kept beside them. A change to the grammar shows
 * as a difference in a dump, which the change then writes ({@code -Dcmdgate.rules.rewrite-dumps=true}, run
 * from the module's directory) for a reviewer to read in the diff.
 */
class RulesGrammarTest {

    private static final Map<String, String> PLACEHOLDERS = Map.of("java.home", "/opt/jdk", "user.dir", "/work/app",
            "user.home", "/home/u", "java.io.tmpdir", "/tmp/");

    static RuleSet base() {
        return RuleSet.parse(text("every-row.rules"), "every-row.rules");
    }

    @Test
    void everyRowKindPutsIntoTheRuleSetWhatItDid() {
        assertDump(base(), "every-row.dump");
    }

    @Test
    void aUserFileOnTopChangesWhatItSaysAndNothingElse() {
        RuleSet r = base();
        new RulesParser(r, "every-row-overlay.rules", true).placeholders(PLACEHOLDERS).parse(text("every-row-overlay.rules"));
        RulesParser.checkComplete(r);
        assertDump(r, "every-row-overlay.dump");
    }

    /**
     * After {@code reset} a section holds nothing its rows said, whatever they were: every field is as in a fresh
     * section — a field added to {@link Section} and forgotten in {@link Section#reset} fails this — but the
     * way a section with sub-commands splits its arguments (posix), which comes from its sub-command sections.
     */
    @Test
    void resetLeavesEverySectionAsIfItsHeaderAloneHadBeenRead() {
        RuleSet r = base();
        int withSubs = 0;
        for (Section s : r.allSections()) {
            assertThat(RuleSetDump.ownFields(s)).as(s.key).isNotEmpty();
            s.reset();
            assertThat(RuleSetDump.ownFields(s)).as(s.key).isEqualTo(s.subs.isEmpty() ? "" : "  mode = POSIX\n");
            withSubs += s.subs.isEmpty() ? 0 : 1;
        }
        assertThat(withSubs).isPositive();
    }

    private static void assertDump(RuleSet r, String name) {
        String dump = RuleSetDump.whole(r);
        if (Boolean.getBoolean("cmdgate.rules.rewrite-dumps")) {
            try {
                Files.writeString(Path.of("src/test/resources/rules", name), dump, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
            return;
        }
        assertThat(dump).as(name).isEqualTo(text(name));
    }

    static String text(String name) {
        try (InputStream in = RulesGrammarTest.class.getResourceAsStream("/rules/" + name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
