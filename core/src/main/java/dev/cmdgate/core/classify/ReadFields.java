package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * How {@code read} cuts one line into fields at the characters of {@code IFS}: the blanks among them (space, tab,
 * newline) are trimmed at both ends and run together, each other character ends one field; an empty {@code IFS}
 * cuts nothing. Where bash's reading of the last field is subtle (a trailing lone delimiter), both readings are
 * given: a variable may hold either, and each is judged.
 */
final class ReadFields {

    private ReadFields() {
    }

    /** The values {@code read NAME1 … NAMEn} gives, one list of n values a reading (the last takes the rest). */
    static List<List<String>> names(String line, String ifs, int n) {
        List<String> values = new ArrayList<>(n);
        String rest = trimLeading(line, ifs);
        for (int i = 0; i < n - 1; i++) {
            int k = firstSeparator(rest, ifs);
            if (k < 0) {
                values.add(rest);
                rest = "";
            } else {
                values.add(rest.substring(0, k));
                rest = skipDelimiter(rest, k, ifs);
            }
        }
        String last = trimTrailing(rest, ifs);
        List<List<String>> readings = new ArrayList<>(2);
        List<String> first = new ArrayList<>(values);
        first.add(last);
        readings.add(first);
        if (!last.isEmpty() && isSeparator(last.charAt(last.length() - 1), ifs)) {
            // x:y: read into a b: b is y (one field left) in bash, y: in other shells
            List<String> second = new ArrayList<>(values);
            second.add(trimTrailing(last.substring(0, last.length() - 1), ifs));
            readings.add(second);
        }
        return readings;
    }

    /** The fields {@code read -a NAME} gives, at most {@code max}. */
    static List<String> all(String line, String ifs, int max) {
        List<String> fields = new ArrayList<>();
        String rest = trimTrailing(trimLeading(line, ifs), ifs);
        while (!rest.isEmpty() && fields.size() < max) {
            int k = firstSeparator(rest, ifs);
            if (k < 0) {
                fields.add(rest);
                break;
            }
            fields.add(rest.substring(0, k));
            rest = skipDelimiter(rest, k, ifs);
        }
        return fields;
    }

    private static boolean isSeparator(char c, String ifs) {
        return ifs.indexOf(c) >= 0;
    }

    private static boolean isBlank(char c, String ifs) {
        return FieldSeparators.BLANKS.indexOf(c) >= 0 && ifs.indexOf(c) >= 0;
    }

    private static int firstSeparator(String s, String ifs) {
        for (int i = 0; i < s.length(); i++) {
            if (isSeparator(s.charAt(i), ifs)) {
                return i;
            }
        }
        return -1;
    }

    /** After a field ending at {@code k}: blanks, at most one other separator, blanks. */
    private static String skipDelimiter(String s, int k, String ifs) {
        int i = k;
        while (i < s.length() && isBlank(s.charAt(i), ifs)) {
            i++;
        }
        if (i < s.length() && isSeparator(s.charAt(i), ifs) && !isBlank(s.charAt(i), ifs)) {
            i++;
            while (i < s.length() && isBlank(s.charAt(i), ifs)) {
                i++;
            }
        }
        return s.substring(i);
    }

    private static String trimLeading(String s, String ifs) {
        int i = 0;
        while (i < s.length() && isBlank(s.charAt(i), ifs)) {
            i++;
        }
        return s.substring(i);
    }

    private static String trimTrailing(String s, String ifs) {
        int e = s.length();
        while (e > 0 && isBlank(s.charAt(e - 1), ifs)) {
            e--;
        }
        return s.substring(0, e);
    }
}
