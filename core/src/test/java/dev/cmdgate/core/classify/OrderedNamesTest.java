package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A command's option names must read as the insertion-ordered set of the names given would. */
class OrderedNamesTest {

    private static List<ParsedArgs.Use> uses(List<String> names) {
        List<ParsedArgs.Use> out = new ArrayList<>();
        for (String n : names) {
            out.add(new ParsedArgs.Use(null, n, null, Arg.literal(n)));
        }
        return out;
    }

    @Test
    void behavesAsTheInsertionOrderedSetOfTheNames() {
        Random random = new Random(11);
        for (int run = 0; run < 2_000; run++) {
            List<String> names = new ArrayList<>();
            int n = random.nextInt(40);
            for (int i = 0; i < n; i++) {
                names.add("-" + (char) ('a' + random.nextInt(12)));
            }
            Set<String> expected = new LinkedHashSet<>(names);
            Set<String> got = OrderedNames.of(uses(names));
            assertThat(got).as(names.toString()).containsExactlyElementsOf(expected);
            assertThat(got).isEqualTo(expected);
            assertThat(got.hashCode()).isEqualTo(expected.hashCode());
            assertThat(got.contains("-z")).isFalse();
            for (String name : names) {
                assertThat(got.contains(name)).isTrue();
            }
        }
    }

    @Test
    void isReadOnly() {
        Set<String> s = OrderedNames.of(uses(List.of("-a", "--all", "-a")));
        assertThat(s).containsExactly("-a", "--all");
        assertThatThrownBy(() -> s.add("-x")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.remove("-a")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.iterator().remove()).isInstanceOf(UnsupportedOperationException.class);
    }
}
