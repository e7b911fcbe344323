package dev.cmdgate.agent.fleet;

import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * A policy revision in a format whose order is known, so that an older policy can be told from a newer one:
 * a whole number ({@code 42}), a timestamp with an offset as RFC 3339 and ISO 8601 write it
 * ({@code 2026-12-01T10:00:00.25Z}, compared as instants, fractions of a second included), or a version
 * ({@code 1.4}, {@code v2.0.0-rc.1}: numbers in dots, then pre-release identifiers that come before the release
 * as semantic versioning orders them; {@code +build} is left out of the order). Anything else — a commit hash, a
 * name — has no order: OPA treats revisions as opaque strings, so cmdgate cannot guess one.
 */
final class Revision {

    /** The known formats; two revisions of different formats have no order. */
    enum Format {
        NUMBER("a whole number"), TIMESTAMP("a timestamp"), VERSION("a version");

        final String described;

        Format(String described) {
            this.described = described;
        }
    }

    /** What a revision must look like to be ordered, in one phrase for messages and documents. */
    static final String KNOWN = "a whole number (42), an RFC 3339 timestamp with its offset (2026-12-01T10:00:00Z), or a"
            + " version (1.4.2, v2.0.0-rc.1)";

    final Format format;
    private final BigInteger number;
    private final Instant instant;
    private final List<BigInteger> release;
    private final List<String> preRelease;

    private Revision(Format format, BigInteger number, Instant instant, List<BigInteger> release, List<String> preRelease) {
        this.format = format;
        this.number = number;
        this.instant = instant;
        this.release = release;
        this.preRelease = preRelease;
    }

    /** The revision, or null when it is in no known format. */
    static Revision parse(String s) {
        if (s == null || s.isEmpty() || s.length() > 200) {
            return null;
        }
        if (digits(s, 0, s.length())) {
            return new Revision(Format.NUMBER, new BigInteger(s), null, null, null);
        }
        if (s.length() > 10 && s.charAt(4) == '-' && digits(s, 0, 4)) {
            try {
                Instant t = OffsetDateTime.parse(s, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
                return new Revision(Format.TIMESTAMP, null, t, null, null);
            } catch (DateTimeParseException e) {
                return null;
            }
        }
        return version(s);
    }

    /**
     * The order of {@code a} against {@code b} (negative: older), or null when either is in no known format or they
     * are in different ones.
     */
    static Integer order(String a, String b) {
        Revision ra = parse(a);
        Revision rb = parse(b);
        if (ra == null || rb == null || ra.format != rb.format) {
            return null;
        }
        return switch (ra.format) {
            case NUMBER -> ra.number.compareTo(rb.number);
            case TIMESTAMP -> ra.instant.compareTo(rb.instant);
            case VERSION -> compareVersions(ra, rb);
        };
    }

    /** {@code [v]N(.N)*[-PRE][+BUILD]}, or null. */
    private static Revision version(String s) {
        int i = s.charAt(0) == 'v' || s.charAt(0) == 'V' ? 1 : 0;
        int end = s.indexOf('+');
        if (end < 0) {
            end = s.length();
        } else if (!identifiers(s, end + 1, s.length())) {
            return null;
        }
        int dash = s.indexOf('-', i);
        int releaseEnd = dash < 0 || dash > end ? end : dash;
        List<BigInteger> release = new ArrayList<>();
        int from = i;
        for (int k = i; k <= releaseEnd; k++) {
            if (k == releaseEnd || s.charAt(k) == '.') {
                if (!digits(s, from, k)) {
                    return null;
                }
                release.add(new BigInteger(s.substring(from, k)));
                from = k + 1;
            }
        }
        List<String> pre = new ArrayList<>();
        if (releaseEnd < end) {
            if (!identifiers(s, releaseEnd + 1, end)) {
                return null;
            }
            for (String id : s.substring(releaseEnd + 1, end).split("\\.", -1)) {
                pre.add(id);
            }
        }
        if (release.size() < 2 && i == 0) {
            return null;   // one number alone is a whole number, handled before
        }
        return new Revision(Format.VERSION, null, null, release, pre);
    }

    /** Release numbers (missing ones count as 0), then: a pre-release comes before its release. */
    private static int compareVersions(Revision a, Revision b) {
        int n = Math.max(a.release.size(), b.release.size());
        for (int k = 0; k < n; k++) {
            BigInteger x = k < a.release.size() ? a.release.get(k) : BigInteger.ZERO;
            BigInteger y = k < b.release.size() ? b.release.get(k) : BigInteger.ZERO;
            int c = x.compareTo(y);
            if (c != 0) {
                return c;
            }
        }
        if (a.preRelease.isEmpty() || b.preRelease.isEmpty()) {
            return Boolean.compare(a.preRelease.isEmpty(), b.preRelease.isEmpty());
        }
        for (int k = 0; k < Math.min(a.preRelease.size(), b.preRelease.size()); k++) {
            String x = a.preRelease.get(k);
            String y = b.preRelease.get(k);
            boolean nx = digits(x, 0, x.length());
            boolean ny = digits(y, 0, y.length());
            int c = nx && ny ? new BigInteger(x).compareTo(new BigInteger(y)) : nx != ny ? (nx ? -1 : 1) : x.compareTo(y);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.preRelease.size(), b.preRelease.size());
    }

    private static boolean digits(String s, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int k = from; k < to; k++) {
            char c = s.charAt(k);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** Dot-separated non-empty identifiers of {@code [0-9A-Za-z-]}, as semantic versioning allows after - and +. */
    private static boolean identifiers(String s, int from, int to) {
        if (from >= to) {
            return false;
        }
        char prev = '.';
        for (int k = from; k < to; k++) {
            char c = s.charAt(k);
            boolean word = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-';
            if (c == '.') {
                if (prev == '.') {
                    return false;
                }
            } else if (!word) {
                return false;
            }
            prev = c;
        }
        return prev != '.';
    }
}
