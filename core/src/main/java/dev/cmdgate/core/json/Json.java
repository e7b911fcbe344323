package dev.cmdgate.core.json;

import java.util.Collection;
import java.util.Map;

/**
 * Writes plain Java values as compact JSON: {@link Map} (keys in iteration order), {@link Collection},
 * arrays of String, {@link CharSequence}, {@link Number}, {@link Boolean}, {@code null} and
 * {@link JsonWritable}.
 * Kept dependency-free because core is loaded into every gated JVM.
 */
public final class Json {

    /** What a lone surrogate is written as. */
    public static final char REPLACEMENT = '\uFFFD';

    private Json() {
    }

    /**
     * Parses one strict JSON text (see {@link JsonParser}).
     *
     * @throws JsonParseException with a one-line message naming line, column and offset
     */
    public static Object parse(String text) {
        return JsonParser.parse(text);
    }

    /** The RFC 8785 (JCS) canonical form of a value (see {@link Jcs}). */
    public static String canonical(Object value) {
        return Jcs.canonicalize(value);
    }

    public static String write(Object value) {
        StringBuilder out = new StringBuilder(256);
        write(value, out);
        return out.toString();
    }

    public static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof CharSequence s) {
            quote(s, out);
        } else if (value instanceof Boolean b) {
            out.append(b.booleanValue());
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new IllegalArgumentException("JSON has no representation for " + d);
            }
            out.append(d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d));
        } else if (value instanceof Number n) {
            out.append(n);
        } else if (value instanceof JsonWritable w) {
            w.writeJson(out);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                quote(String.valueOf(e.getKey()), out);
                out.append(':');
                write(e.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof Collection<?> list) {
            out.append('[');
            boolean first = true;
            for (Object o : list) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                write(o, out);
            }
            out.append(']');
        } else if (value instanceof Object[] array) {
            write(java.util.Arrays.asList(array), out);
        } else if (value instanceof Enum<?> e) {
            quote(e.toString(), out);
        } else {
            throw new IllegalArgumentException("cannot write " + value.getClass().getName() + " as JSON");
        }
    }

    /** Whether s needs no escape at all: no control character, quote, backslash, surrogate or line separator. */
    private static boolean plain(CharSequence s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == '"' || c == '\\' || Character.isSurrogate(c) || lineSeparator(c)) {
                return false;
            }
        }
        return true;
    }

    /**
     * NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR: valid raw in JSON, but line readers other than a split at
     * {@code '\n'} (JavaScript's, Python's {@code splitlines}) end a line there; written escaped, one JSON
     * text is one line to every reader.
     */
    private static boolean lineSeparator(char c) {
        return c == '\u0085' || c == '\u2028' || c == '\u2029';
    }

    /**
     * Appends s as a JSON string, control characters and line separators escaped. A lone UTF-16 surrogate (one not part of a pair) becomes U+FFFD, the
     * replacement character: an escape such as {@code \ud800} is valid JSON text but not a Unicode
     * string, and strict readers (jq, many log pipelines) reject the whole line.
     */
    public static void quote(CharSequence s, StringBuilder out) {
        out.append('"');
        if (plain(s)) {
            out.append(s).append('"');   // the common case: one bulk copy instead of a char-by-char one
            return;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        out.append(c).append(s.charAt(++i));   // a pair: one supplementary character
                    } else if (Character.isSurrogate(c)) {
                        out.append(REPLACEMENT);
                    } else if (c < 0x20 || lineSeparator(c)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** {@code s} with every lone surrogate replaced by U+FFFD, as {@link #quote} writes it; s itself when it has none. */
    public static String wellFormed(String s) {
        if (s == null) {
            return null;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                StringBuilder out = new StringBuilder(s.length());
                for (int j = 0; j < s.length(); j++) {
                    char d = s.charAt(j);
                    if (Character.isHighSurrogate(d) && j + 1 < s.length() && Character.isLowSurrogate(s.charAt(j + 1))) {
                        out.append(d).append(s.charAt(++j));
                    } else {
                        out.append(Character.isSurrogate(d) ? REPLACEMENT : d);
                    }
                }
                return out.toString();
            }
        }
        return s;
    }
}
