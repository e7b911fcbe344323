package dev.cmdgate.agent.fleet;

import dev.cmdgate.core.json.JsonParser;
import dev.cmdgate.core.policy.PassportException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The value of a YAML data file of a bundle, for its digest only: cmdgate takes its passport from
 * {@code data.json}, but a signed bundle may hold {@code data.yaml} files, and OPA signs their value written
 * as canonical JSON. OPA reads YAML with go-yaml's YAML 1.1 rules; this reads the block-style part of YAML
 * on which those rules leave no doubt — mappings, sequences, plain and quoted strings, decimal integers,
 * booleans (YAML 1.1's {@code yes}/{@code no}/{@code on}/{@code off} too) and null — and refuses anything
 * else (flow collections, anchors, tags, block scalars, floats, dates …) naming it, so a file it cannot
 * read the way OPA does fails verification instead of getting another digest.
 */
final class BundleYaml {

    private static final Set<String> TRUE = Set.of("y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON");
    private static final Set<String> FALSE = Set.of("n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF");
    private static final Set<String> NULL = Set.of("~", "null", "Null", "NULL");

    private record Line(int number, int indent, String text) {
    }

    /** Nesting deeper than this is refused (as the JSON parser's limit): the file comes before its digest is checked. */
    private static final int MAX_DEPTH = 128;

    private final List<Line> lines;
    private final String what;
    private int next;
    private int depth;

    private BundleYaml(List<Line> lines, String what) {
        this.lines = lines;
        this.what = what;
    }

    /** The file's value: maps, lists, strings, numbers as {@link JsonParser.NumberLiteral}, booleans, null. */
    static Object parse(String text, String what) {
        List<Line> lines = new ArrayList<>();
        String[] raw = text.split("\n", -1);
        for (int i = 0; i < raw.length; i++) {
            String l = raw[i].endsWith("\r") ? raw[i].substring(0, raw[i].length() - 1) : raw[i];
            int indent = 0;
            while (indent < l.length() && l.charAt(indent) == ' ') {
                indent++;
            }
            String body = withoutComment(l.substring(indent)).stripTrailing();
            if (body.isEmpty() || lines.isEmpty() && indent == 0 && body.equals("---")) {
                continue;
            }
            if (body.startsWith("\t") || body.equals("---") || body.equals("...") || body.startsWith("%")) {
                throw new PassportException(what + ": line " + (i + 1) + ": a tab, a second document or a directive,"
                        + " which cmdgate does not read in YAML");
            }
            lines.add(new Line(i + 1, indent, body));
        }
        if (lines.isEmpty()) {
            return null;
        }
        BundleYaml y = new BundleYaml(lines, what);
        Object v = y.block(lines.get(0).indent());
        if (y.next < lines.size()) {
            throw y.unsupported(lines.get(y.next), "text after the document's value");
        }
        return v;
    }

    private Object block(int indent) {
        Line first = lines.get(next);
        if (++depth > MAX_DEPTH) {
            throw unsupported(first, "nesting deeper than " + MAX_DEPTH + " levels");
        }
        try {
            return blockAt(indent, first);
        } finally {
            depth--;
        }
    }

    private Object blockAt(int indent, Line first) {
        if (first.indent() != indent) {
            throw unsupported(first, "an unexpected indentation");
        }
        if (item(first.text()) != null) {
            return sequence(indent);
        }
        if (keyEnd(first.text()) >= 0) {
            return mapping(indent);
        }
        next++;
        return scalar(first.text(), first);
    }

    private List<Object> sequence(int indent) {
        List<Object> out = new ArrayList<>();
        while (next < lines.size() && lines.get(next).indent() == indent && item(lines.get(next).text()) != null) {
            Line l = lines.get(next);
            String rest = item(l.text());
            if (rest.isEmpty()) {
                next++;
                out.add(next < lines.size() && lines.get(next).indent() > indent ? block(lines.get(next).indent()) : null);
            } else {
                // "- x: 1" or "- - a": the item's content is a block starting two columns further in
                int at = indent + l.text().length() - rest.length();
                lines.set(next, new Line(l.number(), at, rest));
                out.add(block(at));
            }
        }
        return out;
    }

    private Map<String, Object> mapping(int indent) {
        Map<String, Object> out = new LinkedHashMap<>();
        while (next < lines.size() && lines.get(next).indent() == indent) {
            Line l = lines.get(next);
            int colon = keyEnd(l.text());
            if (colon < 0 || item(l.text()) != null) {
                throw unsupported(l, "a line that is not a \"key: value\" of the mapping around it");
            }
            String key = key(l.text().substring(0, colon).strip(), l);
            String rest = l.text().substring(colon + 1).strip();
            next++;
            Object value;
            if (!rest.isEmpty()) {
                value = scalar(rest, l);
            } else if (next < lines.size() && (lines.get(next).indent() > indent
                    || lines.get(next).indent() == indent && item(lines.get(next).text()) != null)) {
                value = block(lines.get(next).indent());
            } else {
                value = null;
            }
            if (out.containsKey(key)) {
                throw unsupported(l, "the key " + key + " twice");
            }
            out.put(key, value);
        }
        return out;
    }

    /** The text after a sequence's "- ", or null when the line is no sequence item. */
    private static String item(String text) {
        if (text.equals("-")) {
            return "";
        }
        return text.startsWith("- ") ? text.substring(2).stripLeading() : null;
    }

    /** Where a mapping line's key ends (its ':'), or -1: a ':' followed by a blank or the end, outside quotes. */
    private static int keyEnd(String text) {
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if ((c == '"' || c == '\'') && i == 0) {
                quote = c;
            } else if (c == ':' && (i + 1 == text.length() || text.charAt(i + 1) == ' ')) {
                return i;
            }
        }
        return -1;
    }

    private String key(String text, Line l) {
        Object k = scalar(text, l);
        if (!(k instanceof String s) || !text.startsWith("\"") && !text.startsWith("'") && !s.equals(text)) {
            throw unsupported(l, "a key that is not a string (" + text + ")");
        }
        return s;
    }

    private Object scalar(String text, Line l) {
        char c = text.charAt(0);
        if (c == '"') {
            return doubleQuoted(text, l);
        }
        if (c == '\'') {
            if (text.length() < 2 || !text.endsWith("'") || text.substring(1, text.length() - 1).replace("''", "").contains("'")) {
                throw unsupported(l, "a single-quoted string that does not end on its line");
            }
            return text.substring(1, text.length() - 1).replace("''", "'");
        }
        if ("[]{}&*!|>%@`,?".indexOf(c) >= 0 || c == '-' && text.length() > 1 && !Character.isDigit(text.charAt(1))
                || text.contains(": ") || text.contains(" #")) {
            throw unsupported(l, "YAML syntax beyond plain values (" + text + ")");
        }
        if (TRUE.contains(text)) {
            return Boolean.TRUE;
        }
        if (FALSE.contains(text)) {
            return Boolean.FALSE;
        }
        if (NULL.contains(text)) {
            return null;
        }
        if (c == '-' || c == '+' || c == '.' || Character.isDigit(c)) {
            if (decimalInteger(text)) {
                return JsonParser.parseKeepingNumbers(text);
            }
            throw unsupported(l, "a number or date that is not a plain decimal integer (" + text + ")");
        }
        return text;
    }

    private static boolean decimalInteger(String t) {
        int i = t.startsWith("-") ? 1 : 0;
        if (i >= t.length() || t.length() - i > 18 || t.charAt(i) == '0' && t.length() - i > 1) {
            return false;
        }
        for (int j = i; j < t.length(); j++) {
            if (!Character.isDigit(t.charAt(j))) {
                return false;
            }
        }
        return true;
    }

    private String doubleQuoted(String text, Line l) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                if (i != text.length() - 1) {
                    throw unsupported(l, "text after a quoted string");
                }
                return b.toString();
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = ++i < text.length() ? text.charAt(i) : 0;
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case 'r' -> b.append('\r');
                case '0' -> b.append('\0');
                case 'u' -> {
                    if (i + 4 >= text.length()) {
                        throw unsupported(l, "a short \\u escape");
                    }
                    try {
                        b.append((char) Integer.parseInt(text.substring(i + 1, i + 5), 16));
                    } catch (NumberFormatException bad) {
                        throw unsupported(l, "a bad \\u escape");
                    }
                    i += 4;
                }
                default -> throw unsupported(l, "the escape \\" + e);
            }
        }
        throw unsupported(l, "a double-quoted string that does not end on its line");
    }

    private static String withoutComment(String s) {
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote == '"') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if ((c == '"' || c == '\'') && (i == 0 || s.charAt(i - 1) == ' ')) {
                quote = c;
            } else if (c == '#' && (i == 0 || s.charAt(i - 1) == ' ')) {
                return s.substring(0, i);
            }
        }
        return s;
    }

    private PassportException unsupported(Line l, String what) {
        return new PassportException(this.what + ": line " + l.number() + ": " + what
                + ", which cmdgate does not read in a YAML data file (it reads block mappings and sequences of strings,"
                + " decimal integers, booleans and null)");
    }
}
