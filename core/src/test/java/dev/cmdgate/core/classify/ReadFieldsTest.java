package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReadFieldsTest {

    @Test
    void blanksAreTrimmedAndRunTogether() {
        assertThat(ReadFields.names("  a   b c  ", " \t\n", 2)).containsExactly(List.of("a", "b c"));
        assertThat(ReadFields.all("  a   b c  ", " \t\n", 64)).containsExactly("a", "b", "c");
    }

    @Test
    void eachOtherSeparatorEndsOneField() {
        assertThat(ReadFields.names("x::y", ":", 3)).containsExactly(List.of("x", "", "y"));
        assertThat(ReadFields.all("a,,b", ",", 64)).containsExactly("a", "", "b");
        assertThat(ReadFields.names("1.2.3", ".", 3)).containsExactly(List.of("1", "2", "3"));
    }

    @Test
    void theLastNameTakesTheRestAndALoneTrailingDelimiterGivesTwoReadings() {
        assertThat(ReadFields.names("x:y:z", ":", 2)).containsExactly(List.of("x", "y:z"));
        assertThat(ReadFields.names("x:y:", ":", 2)).containsExactly(List.of("x", "y:"), List.of("x", "y"));
    }

    @Test
    void anEmptyIfsCutsNothing() {
        assertThat(ReadFields.names("  a b  ", "", 2)).containsExactly(List.of("  a b  ", ""));
        assertThat(ReadFields.all(" a b ", "", 64)).containsExactly(" a b ");
    }

    @Test
    void blankAndOtherSeparatorsTogether() {
        assertThat(ReadFields.names(" a , b ", ", ", 2)).containsExactly(List.of("a", "b"));
    }
}
