package dev.cmdgate.agent.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which revisions have an order, and what it is. */
class RevisionTest {

    @Test
    void wholeNumbersCompareAsNumbers() {
        assertThat(Revision.order("9", "10")).isNegative();
        assertThat(Revision.order("007", "7")).isZero();
        assertThat(Revision.order("123456789012345678901234567890", "5")).isPositive();
    }

    /** RFC 3339 times compare as instants: fractions of a second by value, offsets applied. */
    @Test
    void timestampsCompareAsInstants() {
        assertThat(Revision.order("2026-12-01T10:00:00.25Z", "2026-12-01T10:00:00.5Z")).isNegative();
        assertThat(Revision.order("2026-12-01T10:00:00.123456789Z", "2026-12-01T10:00:00.1234567Z")).isPositive();
        assertThat(Revision.order("2026-12-01T11:00:00+01:00", "2026-12-01T10:00:00Z")).isZero();
        assertThat(Revision.order("2024-05-01T10:00Z", "2024-05-02T08:00Z")).isNegative();
        assertThat(Revision.order("2026-12-01T10:00:00", "2026-12-01T09:00:00")).as("no offset: not an instant").isNull();
    }

    /** Versions as semantic versioning orders them, a pre-release before its release; missing numbers count as 0. */
    @Test
    void versionsOrderPreReleasesBeforeTheRelease() {
        List<String> ascending = List.of("1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
                "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.9", "v1.10", "2.0.0-rc.1", "v2.0.0");
        for (int i = 0; i + 1 < ascending.size(); i++) {
            assertThat(Revision.order(ascending.get(i), ascending.get(i + 1))).as(ascending.get(i) + " < " + ascending.get(i + 1))
                    .isNegative();
            assertThat(Revision.order(ascending.get(i + 1), ascending.get(i))).isPositive();
        }
        assertThat(Revision.order("1.9", "1.9.0")).isZero();
        assertThat(Revision.order("1.0.0+build.1", "1.0.0+build.2")).as("build metadata has no order").isZero();
    }

    /** A commit hash, a name, or two different formats: no order, whatever a string sort would say. */
    @Test
    void otherRevisionsHaveNoOrder() {
        assertThat(Revision.order("1b2c3d4e5f60718293a4b5c6d7e8f90123456789", "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432")).isNull();
        assertThat(Revision.order("release-5", "release-3")).isNull();
        assertThat(Revision.order("5", "2026-12-01T10:00:00Z")).isNull();
        assertThat(Revision.order("5", "v6")).isNull();
        for (String bad : List.of("", "1..2", "1.2.", "v", "1.2-", "1.2-a..b", "1.2+", "2026-13-01T10:00:00Z", "-5", "+5", " 5")) {
            assertThat(Revision.parse(bad)).as(bad).isNull();
        }
    }
}
