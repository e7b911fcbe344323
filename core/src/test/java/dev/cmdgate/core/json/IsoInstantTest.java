package dev.cmdgate.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IsoInstantTest {

    @Test
    void writesFixedWidthMicrosecondsInUtc() {
        assertThat(IsoInstant.format(Instant.parse("2026-11-30T19:46:17.123456789Z")))
                .isEqualTo("2026-11-30T19:46:17.123456Z");
        assertThat(IsoInstant.format(Instant.EPOCH)).isEqualTo("1970-01-01T00:00:00.000000Z");
        assertThat(IsoInstant.format(Instant.parse("2024-02-29T23:59:59Z"))).isEqualTo("2024-02-29T23:59:59.000000Z");
        assertThat(IsoInstant.format(Instant.parse("1969-12-31T23:59:59.999999Z"))).isEqualTo("1969-12-31T23:59:59.999999Z");
    }

    @Test
    void agreesWithTheJdkAcrossFourDigitYears() {
        SplittableRandom random = new SplittableRandom(20261130);
        long min = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();
        long max = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
        for (int i = 0; i < 200_000; i++) {
            Instant t = Instant.ofEpochSecond(random.nextLong(min, max + 1), random.nextInt(1_000_000_000));
            String s = IsoInstant.format(t);
            assertThat(s).as("%s", t).hasSize(27);
            assertThat(Instant.parse(s)).as("%s", t).isEqualTo(t.truncatedTo(ChronoUnit.MICROS));
        }
    }

    @Test
    void fallsBackToTheJdkOutsideFourDigitYears() {
        Instant far = Instant.parse("+12026-01-01T00:00:00Z");
        assertThat(IsoInstant.format(far)).isEqualTo(far.toString());
        assertThat(IsoInstant.format(Instant.MIN)).isEqualTo(Instant.MIN.toString());
    }
}
