package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * The files a {@code writes parts opt} row finds in an option's value: the value is a list of parts
 * ({@code -Xlog:gc:file=F:uptime}, {@code -XX:StartFlightRecording=filename=F,duration=1s}) and some parts name a
 * file the program writes. A separator inside double quotes does not split ({@code file="a:b"}, as the JVM's
 * {@code -Xlog} reads it); the quotes are not part of the name.
 */
final class OptionParts {

    private OptionParts() {
    }

    /** The file names the row's {@code selectors} pick out of {@code value} (see {@code WriteRule.Target#PARTS_OPT}). */
    static List<String> files(String value, List<String> selectors) {
        char sep = ',';
        List<Integer> positions = new ArrayList<>(1);
        List<String> keys = new ArrayList<>(1);
        List<String> none = new ArrayList<>(2);
        for (int i = 0; i < selectors.size(); i++) {
            String w = selectors.get(i);
            if (w.equals("sep") && i + 1 < selectors.size()) {
                sep = selectors.get(++i).charAt(0);
            } else if (w.startsWith("!")) {
                none.add(w.substring(1));
            } else if (w.endsWith("=")) {
                keys.add(w);
            } else {
                positions.add(Integer.parseInt(w));
            }
        }
        List<String> parts = split(value, sep);
        List<String> out = new ArrayList<>(1);
        for (int i = 0; i < parts.size(); i++) {
            String part = parts.get(i);
            String key = keyOf(part, keys);
            String file;
            if (!positions.isEmpty()) {
                file = positions.contains(i + 1) ? key == null ? part : part.substring(key.length()) : null;
            } else {
                file = key == null ? null : part.substring(key.length());
            }
            if (file != null && !file.isEmpty() && !none.contains(file)) {
                out.add(unquoted(file));
            }
        }
        return out;
    }

    private static String keyOf(String part, List<String> keys) {
        for (String k : keys) {
            if (part.startsWith(k)) {
                return k;
            }
        }
        return null;
    }

    /** The parts, split at {@code sep} outside double quotes (at most 64: the rest stays in the last). */
    private static List<String> split(String value, char sep) {
        List<String> parts = new ArrayList<>(4);
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == sep && !quoted && parts.size() < 63) {
                parts.add(value.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(value.substring(start));
        return parts;
    }

    private static String unquoted(String file) {
        return file.indexOf('"') < 0 ? file : file.replace("\"", "");
    }
}
