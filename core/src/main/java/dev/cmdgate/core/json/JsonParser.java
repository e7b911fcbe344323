package dev.cmdgate.core.json;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict RFC 8259 JSON parser producing plain Java values:
 * <ul>
 *   <li>object → {@link LinkedHashMap}{@code <String, Object>} (members in document order)</li>
 *   <li>array → {@link ArrayList}{@code <Object>}</li>
 *   <li>string → {@link String}</li>
 *   <li>number → {@link Long} when it is an integer literal (no fraction, no exponent) that fits a
 *       long, otherwise {@link BigDecimal} (exact; never rounded by the parser)</li>
 *   <li>{@code true}/{@code false} → {@link Boolean}; {@code null} → {@code null}</li>
 * </ul>
 * Strict means: exactly one value surrounded by optional JSON whitespace; no comments, trailing
 * commas, single quotes, leading zeros, {@code NaN}/{@code Infinity}, unescaped control characters,
 * unknown escapes, byte order marks; duplicate member names in one object are rejected (they are
 * the classic way to make two parsers see two different documents). Nesting is bounded
 * ({@link #DEFAULT_MAX_DEPTH} unless told otherwise) so hostile input cannot exhaust the stack.
 * <p>
 * Every problem is reported as a {@link JsonParseException} with a one-line message naming the
 * line, column and offset; the parser throws nothing else.
 */
public final class JsonParser {

    /** The default nesting limit for objects and arrays. */
    public static final int DEFAULT_MAX_DEPTH = 128;

    private final String in;
    private final int maxDepth;
    private final boolean keepLiterals;
    private int pos;

    private JsonParser(String in, int maxDepth, boolean keepLiterals) {
        this.in = in;
        this.maxDepth = maxDepth;
        this.keepLiterals = keepLiterals;
    }

    /**
     * A number as it is written in the text, for a reader that must reproduce it exactly (a digest over a
     * canonical form that keeps {@code 1e2} and {@code -0} as written, as Go's {@code json.Number} does).
     */
    public static final class NumberLiteral extends Number {
        private static final long serialVersionUID = 1L;
        private final String text;

        NumberLiteral(String text) {
            this.text = text;
        }

        /** The literal, exactly as in the JSON text. */
        public String text() {
            return text;
        }

        @Override
        public int intValue() {
            return (int) doubleValue();
        }

        @Override
        public long longValue() {
            return (long) doubleValue();
        }

        @Override
        public float floatValue() {
            return (float) doubleValue();
        }

        @Override
        public double doubleValue() {
            return Double.parseDouble(text);
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** Parses one JSON text with the default depth limit. */
    public static Object parse(String text) {
        return parse(text, DEFAULT_MAX_DEPTH);
    }

    /** Parses one JSON text; objects and arrays may nest at most {@code maxDepth} deep. */
    public static Object parse(String text, int maxDepth) {
        return parse(text, maxDepth, false);
    }

    /** Parses one JSON text as {@link #parse(String)} does, but every number is a {@link NumberLiteral}. */
    public static Object parseKeepingNumbers(String text) {
        return parse(text, DEFAULT_MAX_DEPTH, true);
    }

    private static Object parse(String text, int maxDepth, boolean keepLiterals) {
        if (text == null) {
            throw new JsonParseException("no input (null)", 0, 1, 1);
        }
        if (maxDepth < 1) {
            throw new IllegalArgumentException("maxDepth must be at least 1");
        }
        JsonParser p = new JsonParser(text, maxDepth, keepLiterals);
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            throw p.error("byte order mark (U+FEFF) before the JSON text");
        }
        p.skipWhitespace();
        if (p.pos >= text.length()) {
            throw p.error("empty input: expected a JSON value");
        }
        Object value = p.readValue(0);
        p.skipWhitespace();
        if (p.pos < text.length()) {
            throw p.error("unexpected " + p.describe(p.pos) + " after the JSON value");
        }
        return value;
    }

    /** Parses a JSON text that must be an object. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parseObject(String text) {
        Object v = parse(text);
        if (!(v instanceof Map)) {
            throw new JsonParseException("expected a JSON object, found " + typeName(v), 0, 1, 1);
        }
        return (Map<String, Object>) v;
    }

    /** "object", "array", "string", "number", "boolean" or "null": for error messages. */
    public static String typeName(Object v) {
        if (v == null) {
            return "null";
        } else if (v instanceof Map) {
            return "object";
        } else if (v instanceof List) {
            return "array";
        } else if (v instanceof String) {
            return "string";
        } else if (v instanceof Number) {
            return "number";
        } else if (v instanceof Boolean) {
            return "boolean";
        }
        return v.getClass().getSimpleName();
    }

    private Object readValue(int depth) {
        if (pos >= in.length()) {
            throw error("unexpected end of input: expected a JSON value");
        }
        char c = in.charAt(pos);
        switch (c) {
            case '{':
                return readObject(depth + 1);
            case '[':
                return readArray(depth + 1);
            case '"':
                return readString();
            case 't':
                readLiteral("true");
                return Boolean.TRUE;
            case 'f':
                readLiteral("false");
                return Boolean.FALSE;
            case 'n':
                readLiteral("null");
                return null;
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return readNumber();
                }
                throw error("unexpected " + describe(pos) + ": expected a JSON value");
        }
    }

    private Map<String, Object> readObject(int depth) {
        if (depth > maxDepth) {
            throw error("nesting deeper than " + maxDepth + " levels");
        }
        pos++; // '{'
        Map<String, Object> map = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            return map;
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                throw error(pos >= in.length() ? "unexpected end of input inside an object"
                        : "expected a member name in double quotes, found " + describe(pos));
            }
            int keyStart = pos;
            String key = readString();
            skipWhitespace();
            if (peek() != ':') {
                throw error(pos >= in.length() ? "unexpected end of input inside an object"
                        : "expected ':' after member name, found " + describe(pos));
            }
            pos++;
            skipWhitespace();
            Object value = readValue(depth);
            if (map.containsKey(key)) {
                throw errorAt(keyStart, "duplicate member name \"" + shorten(key) + "\"");
            }
            map.put(key, value);
            skipWhitespace();
            char c = peek();
            if (c == ',') {
                pos++;
                skipWhitespace();
                if (peek() == '}') {
                    throw error("trailing comma before '}'");
                }
            } else if (c == '}') {
                pos++;
                return map;
            } else {
                throw error(pos >= in.length() ? "unexpected end of input inside an object"
                        : "expected ',' or '}' after an object member, found " + describe(pos));
            }
        }
    }

    private List<Object> readArray(int depth) {
        if (depth > maxDepth) {
            throw error("nesting deeper than " + maxDepth + " levels");
        }
        pos++; // '['
        List<Object> list = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            return list;
        }
        while (true) {
            skipWhitespace();
            list.add(readValue(depth));
            skipWhitespace();
            char c = peek();
            if (c == ',') {
                pos++;
                skipWhitespace();
                if (peek() == ']') {
                    throw error("trailing comma before ']'");
                }
            } else if (c == ']') {
                pos++;
                return list;
            } else {
                throw error(pos >= in.length() ? "unexpected end of input inside an array"
                        : "expected ',' or ']' after an array element, found " + describe(pos));
            }
        }
    }

    private String readString() {
        int start = pos;
        pos++; // opening quote
        StringBuilder sb = null;
        int runStart = pos;
        while (true) {
            if (pos >= in.length()) {
                throw errorAt(start, "unterminated string");
            }
            char c = in.charAt(pos);
            if (c == '"') {
                String s;
                if (sb == null) {
                    s = in.substring(runStart, pos);
                } else {
                    s = sb.append(in, runStart, pos).toString();
                }
                pos++;
                return s;
            }
            if (c < 0x20) {
                throw error("unescaped control character U+" + hex4(c) + " in a string");
            }
            if (c == '\\') {
                if (sb == null) {
                    sb = new StringBuilder();
                }
                sb.append(in, runStart, pos);
                pos++;
                if (pos >= in.length()) {
                    throw errorAt(start, "unterminated string");
                }
                char e = in.charAt(pos);
                switch (e) {
                    case '"' -> sb.append('"');
                    case '\\' -> sb.append('\\');
                    case '/' -> sb.append('/');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'u' -> {
                        if (pos + 4 >= in.length()) {
                            throw errorAt(pos - 1, "incomplete \\u escape");
                        }
                        int v = 0;
                        for (int i = 1; i <= 4; i++) {
                            int d = hexValue(in.charAt(pos + i));
                            if (d < 0) {
                                throw errorAt(pos - 1, "invalid \\u escape: expected 4 hex digits");
                            }
                            v = v * 16 + d;
                        }
                        sb.append((char) v);
                        pos += 4;
                    }
                    default -> throw errorAt(pos - 1, "invalid escape \\" + printable(e) + " in a string");
                }
                pos++;
                runStart = pos;
                continue;
            }
            pos++;
        }
    }

    private Number readNumber() {
        int start = pos;
        if (in.charAt(pos) == '-') {
            pos++;
        }
        if (pos >= in.length() || !isDigit(in.charAt(pos))) {
            throw error("invalid number: expected a digit after '-'");
        }
        if (in.charAt(pos) == '0') {
            pos++;
            if (pos < in.length() && isDigit(in.charAt(pos))) {
                throw errorAt(start, "invalid number: leading zero");
            }
        } else {
            while (pos < in.length() && isDigit(in.charAt(pos))) {
                pos++;
            }
        }
        boolean integral = true;
        if (pos < in.length() && in.charAt(pos) == '.') {
            integral = false;
            pos++;
            if (pos >= in.length() || !isDigit(in.charAt(pos))) {
                throw error("invalid number: expected a digit after '.'");
            }
            while (pos < in.length() && isDigit(in.charAt(pos))) {
                pos++;
            }
        }
        if (pos < in.length() && (in.charAt(pos) == 'e' || in.charAt(pos) == 'E')) {
            integral = false;
            pos++;
            if (pos < in.length() && (in.charAt(pos) == '+' || in.charAt(pos) == '-')) {
                pos++;
            }
            if (pos >= in.length() || !isDigit(in.charAt(pos))) {
                throw error("invalid number: expected a digit in the exponent");
            }
            while (pos < in.length() && isDigit(in.charAt(pos))) {
                pos++;
            }
        }
        String literal = in.substring(start, pos);
        if (keepLiterals) {
            return new NumberLiteral(literal);
        }
        if (integral && literal.length() <= 20) {
            try {
                return Long.parseLong(literal);
            } catch (NumberFormatException tooBig) {
                // falls through to BigDecimal
            }
        }
        try {
            return new BigDecimal(literal);
        } catch (NumberFormatException | ArithmeticException e) {
            // e.g. an exponent beyond BigDecimal's int scale
            throw errorAt(start, "number out of range: " + shorten(literal));
        }
    }

    private void readLiteral(String word) {
        if (!in.startsWith(word, pos)) {
            throw error("unexpected " + describe(pos) + ": expected a JSON value");
        }
        pos += word.length();
    }

    private void skipWhitespace() {
        while (pos < in.length()) {
            char c = in.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                pos++;
            } else {
                return;
            }
        }
    }

    private char peek() {
        return pos < in.length() ? in.charAt(pos) : '\0';
    }

    private static int hexValue(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        } else if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        } else if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private String describe(int at) {
        if (at >= in.length()) {
            return "end of input";
        }
        char c = in.charAt(at);
        return "character '" + printable(c) + "'";
    }

    private static String printable(char c) {
        if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) || Character.isISOControl(c)) {
            return "\\u" + hex4(c);
        }
        return String.valueOf(c);
    }

    private static String hex4(char c) {
        return String.format("%04X", (int) c);
    }

    private static String shorten(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length() && i < 40; i++) {
            sb.append(printable(s.charAt(i)));
        }
        if (s.length() > 40) {
            sb.append("…");
        }
        return sb.toString();
    }

    private JsonParseException error(String problem) {
        return errorAt(pos, problem);
    }

    private JsonParseException errorAt(int at, String problem) {
        int line = 1;
        int lineStart = 0;
        int end = Math.min(at, in.length());
        for (int i = 0; i < end; i++) {
            char c = in.charAt(i);
            if (c == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new JsonParseException(problem, at, line, at - lineStart + 1);
    }
}
