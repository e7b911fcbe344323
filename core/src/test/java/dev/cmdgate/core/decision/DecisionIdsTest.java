package dev.cmdgate.core.decision;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DecisionIdsTest {

    @Test
    void idsAreDistinctVersion4ShapedUuids() {
        DecisionIds ids = new DecisionIds();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = ids.next();
            UUID u = UUID.fromString(id);
            assertThat(u.toString()).isEqualTo(id);
            assertThat(u.version()).isEqualTo(4);
            assertThat(u.variant()).as("RFC 4122 variant kept as the counter grows").isEqualTo(2);
            assertThat(seen.add(id)).as("unique: %s", id).isTrue();
        }
    }

    @Test
    void concurrentCallersNeverShareAnId() {
        DecisionIds ids = new DecisionIds();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        IntStream.range(0, 40_000).parallel().forEach(i -> assertThat(seen.add(ids.next())).isTrue());
        assertThat(seen).hasSize(40_000);
    }

    @Test
    void separateGeneratorsStartFromDifferentRandomBases() {
        assertThat(new DecisionIds().next()).isNotEqualTo(new DecisionIds().next());
    }
}
