package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class GroupedKeyTest {

    private static final GroupedKey K = GroupedKey.parse(List.of("3", "4", "16"));
    private static final RandomRun SPREAD = new RandomRun(20, 64);

    @Test
    void equalGroupsOfADrawnKeyAreOneKey() {
        assertThat(K.matches("7K3PQ-M9XWT-4HJ2D-QR8VN-6TC3Y", SPREAD)).isTrue();
        assertThat(K.matches("serial: AB12-CD34-EF56-GH78.", SPREAD)).isTrue();
        assertThat(K.matches("x7k2m_q9w4z_p3n8r_h6t1v", SPREAD)).isTrue();
        assertThat(K.matches("k9Tz.2mQp.X4nw.8rLb", SPREAD)).isTrue();
    }

    @Test
    void groupsOfDifferentLengthsMixedSeparatorsShortGroupsAndWordsAreNot() {
        assertThat(K.matches("123e4567-e89b-12d3-a456-426614174000", SPREAD)).isFalse();
        assertThat(K.matches("7K3PQ-M9XWT-4HJ2", SPREAD)).isFalse();               // last group shorter
        assertThat(K.matches("7K3PQ-M9XWT_4HJ2D-QR8VN", SPREAD)).isFalse();        // two separators
        assertThat(K.matches("7K3PQ-M9XWT", SPREAD)).isFalse();                    // two groups
        assertThat(K.matches("00-1A-2B-3C-4D-5E-6F-70", SPREAD)).isFalse();         // groups of two
        assertThat(K.matches("abcd-efgh-ijkl-mnop", SPREAD)).isFalse();            // letters only
        assertThat(K.matches("dead-beef-cafe-f00d", SPREAD)).isFalse();            // hexadecimal below 64
        assertThat(K.matches("2026-1206-0515-0001", SPREAD)).isFalse();            // digits only
        assertThat(K.matches("feat-1234-abcd-ef56", SPREAD)).isFalse();            // digits in two places, few changes
    }

    @Test
    void rowsAreChecked() {
        assertThatThrownBy(() -> GroupedKey.parse(List.of("2", "4", "16"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> GroupedKey.parse(List.of("3", "x", "16"))).isInstanceOf(IllegalArgumentException.class);
    }
}
