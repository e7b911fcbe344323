package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code other-fact:GLOB:@LIST}: a code analyser reported a fact outside a list of harmless ones — what lets a client
 * be Read only for the statements known to read (fail closed: a statement nobody listed counts); and the
 * {@code sql.call-NAME} facts of the functions a statement calls.
 */
class OtherFactConditionTest {

    private static final String ROWS = "[@settings]\n"
            + "list reading sql.select sql.call-* sql.dot-tables\n"
            + "[dbtool]\nis Read minimal \"reads\"\n"
            + "code sql operands\n"
            + "when other-fact:sql.*:@reading -> Write high \"runs statements that may write\"\n"
            + "when fact:sql.call-edit -> Write high \"runs an editor\"\n";

    private static CommandClass line(String script) {
        RuleSet rules = RuleSet.withUserText(ROWS, "u.rules");
        return RulesClassifier.of(rules).classifyArgv(List.of("sh", "-c", script), Map.of()).commandClass();
    }

    @Test
    void onlyListedFactsKeepTheReading() {
        assertThat(line("dbtool 'select a from t'")).isEqualTo(CommandClass.READ);
        assertThat(line("dbtool 'select count(*), max(a) from t' .tables")).isEqualTo(CommandClass.READ);
        assertThat(line("dbtool 'insert into t values (1)'")).isEqualTo(CommandClass.WRITE);
        assertThat(line("dbtool 'select 1; frobnicate x'")).as("a statement nobody listed").isEqualTo(CommandClass.WRITE);
        assertThat(line("dbtool .import")).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void theFunctionsAStatementCallsAreFactsOfTheirOwn() {
        assertThat(CodeFacts.sql("select edit(x, 'vim') from t")).contains("sql.select", "sql.call-edit");
        assertThat(CodeFacts.sql("select EDIT (x) from t")).contains("sql.call-edit");
        assertThat(CodeFacts.sql("select 'edit(x)' from t")).as("inside a string").doesNotContain("sql.call-edit");
        assertThat(line("dbtool 'select edit(a) from t'")).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void pastTheCountOfCallsTheRestIsOneFactThatNoListHolds() {
        StringBuilder b = new StringBuilder("select ");
        for (int i = 0; i < CodeFacts.MAX_SQL_CALLS + 1; i++) {
            b.append("f").append(i).append("(1), ");
        }
        b.append("edit(x) from t");
        assertThat(CodeFacts.sql(b.toString())).contains(CodeFacts.SQL_CALLS_UNCOUNTED).doesNotContain("sql.call-edit");
        assertThat(line("dbtool '" + b + "'")).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void theConditionNeedsADeclaredList() {
        assertThatThrownBy(() -> RuleSet.withUserText("[x]\nwhen other-fact:sql.* -> Write low \"x\"\n", "u.rules"))
                .hasMessageContaining("other-fact:GLOB:@LIST");
        assertThatThrownBy(() -> RuleSet.withUserText("[x]\nwhen other-fact:sql.*:@nolist -> Write low \"x\"\n", "u.rules"))
                .hasMessageContaining("other-fact:GLOB:@LIST");
    }
}
