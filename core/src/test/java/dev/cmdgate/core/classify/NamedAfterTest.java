package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The names statements give after a phrase: quoted or bare, options passed over, a file: URI's path. */
class NamedAfterTest {

    private static final List<String> SQLITE = List.of("vacuum into", "vacuum * into", "attach", "attach database",
            ".once", ".backup", ".backup *");

    @Test
    void theWordAfterAPhraseInAnyCaseIsTheName() {
        assertThat(NamedAfter.names("VACUUM INTO 'it''s.db'", SQLITE)).containsExactly("it's.db");
        assertThat(NamedAfter.names("vacuum main into \"/w/x.db\"", SQLITE)).containsExactly("/w/x.db");
        assertThat(NamedAfter.names("select 1; Attach Database 'a.db' as a", SQLITE)).containsExactly("a.db");
        assertThat(NamedAfter.names(".once --bom out.csv\nselect 1", SQLITE)).containsExactly("out.csv");
        assertThat(NamedAfter.names(".backup main b.db", SQLITE)).containsExactly("main", "b.db");
    }

    @Test
    void aFileUriNamesItsPath() {
        assertThat(NamedAfter.names("ATTACH 'file:state/a.db?mode=rwc' AS a", SQLITE)).containsExactly("state/a.db");
        assertThat(NamedAfter.names("ATTACH 'file://localhost/srv/a.db' AS a", SQLITE)).containsExactly("/srv/a.db");
    }

    @Test
    void quotedWordsAndEndsOfStatementsAreNoPhrases() {
        assertThat(NamedAfter.names("select 'vacuum into x'", SQLITE)).isEmpty();
        assertThat(NamedAfter.names("vacuum; into x", SQLITE)).isEmpty();
        assertThat(NamedAfter.names(".once -x\nselect 1", SQLITE)).isEmpty();
        assertThat(NamedAfter.names("vacuum into", SQLITE)).isEmpty();
    }

    @Test
    void aNameTheStatementComputesIsNotKnown() {
        List<String> wf = List.of("writefile (", "attach");
        assertThat(NamedAfter.names("select writefile('w.txt', x)", wf)).containsExactly("w.txt");
        assertThat(NamedAfter.names("select WRITEFILE ( 'w' || '.txt', x)", wf)).containsExactly(NamedAfter.COMPUTED);
        assertThat(NamedAfter.names("select writefile(name, data) from t", wf)).containsExactly(NamedAfter.COMPUTED);
        assertThat(NamedAfter.names("select writefile(replace('aXb','X',''), 1)", wf)).containsExactly(NamedAfter.COMPUTED);
        assertThat(NamedAfter.names("attach 'a' || 'b' as x", wf)).containsExactly(NamedAfter.COMPUTED);
        assertThat(NamedAfter.names("select 'writefile(x)'", wf)).isEmpty();
    }

    @Test
    void aDotCommandsArgumentIsAlsoReadWithSqlitesEscapes() {
        assertThat(NamedAfter.names(".output \"aud\\151t.jsonl\"", List.of(".output")))
                .containsExactly("aud\\151t.jsonl", "audit.jsonl");
        assertThat(NamedAfter.backslashes("a\\tb\\\\c\\x")).isEqualTo("a\tb\\cx");
    }
}
