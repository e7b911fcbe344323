package dev.cmdgate.core.json;

import java.time.Instant;

/**
 * Formats an instant as ISO-8601 UTC with microseconds, {@code 2026-11-30T19:46:17.123456Z}: what
 * {@link Instant#toString()} writes, at a fixed width. Written by hand because every audit line needs
 * one, and {@code Instant.toString} goes through {@code DateTimeFormatter}, which costs a launch a few
 * microseconds and its first launch some forty classes.
 */
public final class IsoInstant {

    private static final long SECONDS_PER_DAY = 86_400;
    private static final long DAYS_0000_TO_1970 = 719_468;   // from 0000-03-01, the start of the civil-calendar era
    private static final long DAYS_PER_ERA = 146_097;        // 400 Gregorian years

    private IsoInstant() {
    }

    public static String format(Instant t) {
        long seconds = t.getEpochSecond();
        long days = Math.floorDiv(seconds, SECONDS_PER_DAY);
        int secondOfDay = (int) Math.floorMod(seconds, SECONDS_PER_DAY);
        // Days to a civil date, counting years from March so the leap day falls last (Hinnant's algorithm).
        long z = days + DAYS_0000_TO_1970;
        long era = Math.floorDiv(z, DAYS_PER_ERA);
        long dayOfEra = z - era * DAYS_PER_ERA;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long shiftedMonth = (5 * dayOfYear + 2) / 153;
        int day = (int) (dayOfYear - (153 * shiftedMonth + 2) / 5 + 1);
        int month = (int) (shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9);
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        if (year < 0 || year > 9999) {
            return t.toString();   // outside four-digit years ISO-8601 needs a sign and more digits
        }
        char[] out = new char[27];
        digits(out, 0, (int) year, 4);
        out[4] = '-';
        digits(out, 5, month, 2);
        out[7] = '-';
        digits(out, 8, day, 2);
        out[10] = 'T';
        digits(out, 11, secondOfDay / 3600, 2);
        out[13] = ':';
        digits(out, 14, secondOfDay / 60 % 60, 2);
        out[16] = ':';
        digits(out, 17, secondOfDay % 60, 2);
        out[19] = '.';
        digits(out, 20, t.getNano() / 1000, 6);
        out[26] = 'Z';
        return new String(out);
    }

    private static void digits(char[] out, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }
}
