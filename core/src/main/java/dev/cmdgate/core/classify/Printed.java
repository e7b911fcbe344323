package dev.cmdgate.core.classify;

import java.util.List;

/**
 * What a command whose output follows from its words prints ({@code prints} rows): echo's operands,
 * printf's format applied to its arguments, cat's literal here-document. Null whenever any part is
 * only known at run time or the reading does not know a feature it meets (a printf conversion
 * {@link PrintfConversion} does not evaluate): the text is then not remembered.
 */
final class Printed {

    private Printed() {
    }

    /** What a command of a section with a {@code prints} row prints, when its conditions hold; null otherwise. */
    static String output(Analysis a, dev.cmdgate.core.rules.Section s, List<Arg> words, Analysis.Stdin in) {
        if (!s.printsIf().isEmpty()
                && !a.conditions.holds(s.printsIf(), OptionParser.parse(s, words), new java.util.LinkedHashSet<>())) {
            return null;
        }
        return output(s.prints(), words, in);
    }

    static String output(String reading, List<Arg> words, Analysis.Stdin in) {
        for (Arg w : words) {
            if (w.dynamic) {
                return null;
            }
        }
        return switch (reading) {
            case "echo" -> echo(words);
            case "printf" -> printf(words);
            case "input" -> input(words, in);
            case "awk-begin" -> AwkBeginPrint.apply(words);
            default -> filter(reading, words, literalInput(in));
        };
    }

    /** The readings whose output is a pure function of their input (a decoder, a transformation). */
    static boolean isFilter(String reading) {
        return switch (reading) {
            case "base64-decode", "hex-decode", "reverse", "translate" -> true;
            default -> false;
        };
    }

    private static String literalInput(Analysis.Stdin in) {
        return in != null && in.kind() == Analysis.StdinKind.HEREDOC && in.literal() ? in.text() : null;
    }

    /**
     * A filter's output from its literal input; null when the input is not known, an option or operand this
     * reading does not read is given (tr's are its two sets only), or the input does not decode.
     */
    private static String filter(String reading, List<Arg> words, String input) {
        if (input == null) {
            return null;
        }
        switch (reading) {
            case "base64-decode" -> {
                try {
                    return latin1(java.util.Base64.getMimeDecoder().decode(input.trim()));
                } catch (IllegalArgumentException e) {
                    return null; // not base64: what it prints is not followed
                }
            }
            case "hex-decode" -> {
                return hex(input);
            }
            case "reverse" -> {
                StringBuilder out = new StringBuilder(input.length());
                int from = 0;
                while (from < input.length()) {
                    int nl = input.indexOf('\n', from);
                    int end = nl < 0 ? input.length() : nl;
                    out.append(new StringBuilder(input.substring(from, end)).reverse());
                    if (nl >= 0) {
                        out.append('\n');
                    }
                    from = end + 1;
                }
                return out.toString();
            }
            case "cut" -> {
                return CutFilter.apply(words, input);
            }
            case "lines" -> {
                return LineFilter.apply(words, input);
            }
            case "substitute" -> {
                return SedSubstitution.apply(words, input);
            }
            case "translate" -> {
                if (words.size() == 3 && words.get(1).text.equals("-d")) {
                    // tr -d SET: each character of SET deleted
                    String gone = trSet(words.get(2).text);
                    if (gone == null) {
                        return null;
                    }
                    StringBuilder out = new StringBuilder(input.length());
                    for (int i = 0; i < input.length(); i++) {
                        if (gone.indexOf(input.charAt(i)) < 0) {
                            out.append(input.charAt(i));
                        }
                    }
                    return out.toString();
                }
                if (words.size() != 3 || words.get(1).text.startsWith("-")) {
                    return null;
                }
                String from = trSet(words.get(1).text);
                String to = trSet(words.get(2).text);
                if (from == null || to == null || to.isEmpty()) {
                    return null;
                }
                StringBuilder out = new StringBuilder(input.length());
                for (int i = 0; i < input.length(); i++) {
                    char c = input.charAt(i);
                    int at = from.lastIndexOf(c);
                    // SET2 shorter than SET1 is padded with its last character, as GNU tr does
                    out.append(at < 0 ? c : to.charAt(Math.min(at, to.length() - 1)));
                }
                return out.toString();
            }
            default -> {
                return null;
            }
        }
    }

    private static String latin1(byte[] bytes) {
        return new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** xxd -r -p: pairs of hex digits, blanks and newlines ignored; null at any other character. */
    private static String hex(String input) {
        StringBuilder out = new StringBuilder(input.length() / 2);
        int high = -1;
        for (int i = 0; i < input.length(); i++) {
            char c = input.charAt(i);
            int d = Character.digit(c, 16);
            if (d < 0) {
                if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
                    continue;
                }
                return null;
            }
            if (high < 0) {
                high = d;
            } else {
                out.append((char) (high * 16 + d));
                high = -1;
            }
        }
        return out.toString();
    }

    /** A tr set: its ranges ({@code a-z}) and escapes expanded; null for classes and repeats it does not read. */
    private static String trSet(String set) {
        StringBuilder raw = new StringBuilder();
        if (!unescape(set, raw, true)) {
            return null;
        }
        String s = raw.toString();
        if (s.indexOf('[') >= 0) {
            return null; // [:alpha:], [c*n]: not read
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char a = s.charAt(i);
            if (i + 2 < s.length() && s.charAt(i + 1) == '-' && s.charAt(i + 2) >= a) {
                char b = s.charAt(i + 2);
                if (b - a > ScriptFiles.MAX_TEXT) {
                    return null;
                }
                for (char c = a; c <= b; c++) {
                    out.append(c);
                }
                i += 2;
            } else {
                out.append(a);
            }
        }
        return out.toString();
    }

    /**
     * echo [-neE]… WORDS: the words joined with blanks and a newline (not with -n); backslash escapes are
     * interpreted unless -E is the last of them (as with -e, and as dash's echo always does).
     */
    private static String echo(List<Arg> words) {
        int k = 1;
        boolean newline = true;
        boolean escapes = true;
        while (k < words.size() && isEchoOptions(words.get(k).text)) {
            for (char c : words.get(k).text.substring(1).toCharArray()) {
                if (c == 'n') {
                    newline = false;
                } else {
                    escapes = c == 'e';
                }
            }
            k++;
        }
        StringBuilder b = new StringBuilder();
        for (int i = k; i < words.size(); i++) {
            if (i > k) {
                b.append(' ');
            }
            b.append(words.get(i).text);
        }
        if (newline) {
            b.append('\n');
        }
        if (!escapes) {
            return b.toString();
        }
        StringBuilder out = new StringBuilder();
        unescape(b.toString(), out, false); // \c ends the output, the newline too
        return out.toString();
    }

    /** {@code -[neE]+}: a word echo reads as its options. */
    static boolean isEchoOptions(String word) {
        return word.length() > 1 && word.charAt(0) == '-' && Chars.onlyWithOne(word.substring(1), "neE", "neE");
    }

    /** printf FORMAT ARGS…: the format is used again while arguments are left. */
    private static String printf(List<Arg> words) {
        int k = 1;
        if (k < words.size() && words.get(k).text.equals("--")) {
            k++;
        }
        if (k >= words.size() || words.get(k).text.startsWith("-")) {
            return null; // printf -v NAME: nothing printed; another option: not read
        }
        String format = words.get(k++).text;
        StringBuilder out = new StringBuilder();
        int guard = 0;
        do {
            int used = 0;
            for (int i = 0; i < format.length(); i++) {
                char c = format.charAt(i);
                if (c == '\\' && i + 1 < format.length()) {
                    i = escape(format, i + 1, out, true);
                    if (i < 0) {
                        return out.toString();
                    }
                } else if (c == '%') {
                    char d = i + 1 < format.length() ? format.charAt(i + 1) : '\0';
                    i++;
                    if (d == '%') {
                        out.append('%');
                    } else if (d == 's' || d == 'b') {
                        String arg = k < words.size() ? words.get(k++).text : "";
                        used++;
                        if (d == 's') {
                            out.append(arg);
                        } else if (!unescape(arg, out, false)) {
                            return out.toString(); // %b's \c stops all output
                        }
                    } else {
                        // %-12s, %.6s, %05x, %.2f, %*s, %q, %c: flags, width and precision
                        PrintfConversion conv = PrintfConversion.at(format, i - 1);
                        if (conv == null) {
                            return null;
                        }
                        if (conv.widthStar() || conv.precisionStar()) {
                            // %*s, %.*f: the width and the precision are the arguments before the value
                            String w = !conv.widthStar() ? null : k < words.size() ? words.get(k++).text : "";
                            String p = !conv.precisionStar() ? null : k < words.size() ? words.get(k++).text : "";
                            used++;
                            conv = conv.withStars(w, p);
                            if (conv == null) {
                                return null;
                            }
                        }
                        String arg = k < words.size() ? words.get(k++).text : "";
                        used++;
                        boolean stop = false;
                        if (conv.conversion() == 'b') {
                            StringBuilder u = new StringBuilder();
                            stop = !unescape(arg, u, false);
                            arg = u.toString();
                        }
                        String v = conv.apply(arg);
                        if (v == null) {
                            return null;
                        }
                        out.append(v);
                        if (stop) {
                            return out.toString();
                        }
                        i = conv.end();
                    }
                } else {
                    out.append(c);
                }
                if (out.length() > ScriptFiles.MAX_TEXT) {
                    return null;
                }
            }
            if (used == 0) {
                break;
            }
        } while (k < words.size() && ++guard < 10_000);
        return out.toString();
    }

    /** cat with no file operand (or {@code -}) prints its input: a literal here-document or here-string. */
    private static String input(List<Arg> words, Analysis.Stdin in) {
        boolean readsInput = words.size() == 1;
        for (int i = 1; i < words.size(); i++) {
            String t = words.get(i).text;
            if (t.equals("-")) {
                readsInput = true;
            } else if (!t.equals("/dev/null")) {
                return null;
            }
        }
        if (!readsInput) {
            return "";   // cat /dev/null: every file it prints is empty
        }
        return in != null && in.kind() == Analysis.StdinKind.HEREDOC && in.literal() && in.text() != null ? in.text() : null;
    }

    /**
     * Appends {@code s} with backslash escapes interpreted (\n \t \\ \a \b \e \f \r \v, \0NNN or, in a
     * printf format, \NNN octal, \xHH); false when \c ends the output.
     */
    private static boolean unescape(String s, StringBuilder out, boolean format) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= n) {
                out.append(c);
                continue;
            }
            i = escape(s, i + 1, out, format);
            if (i < 0) {
                return false;
            }
        }
        return true;
    }

    /** Appends the escape whose letter is at {@code i}; returns the index of its last character, or -1 for \c. */
    private static int escape(String s, int i, StringBuilder out, boolean format) {
        int n = s.length();
        char d = s.charAt(i);
        switch (d) {
            case 'n' -> out.append('\n');
            case 't' -> out.append('\t');
            case '\\' -> out.append('\\');
            case 'a' -> out.append('\u0007');
            case 'b' -> out.append('\b');
            case 'e', 'E' -> out.append('\u001b');
            case 'f' -> out.append('\f');
            case 'r' -> out.append('\r');
            case 'v' -> out.append('\u000b');
            case 'c' -> {
                return -1;
            }
            case 'x' -> {
                int v = 0;
                int j = i + 1;
                while (j < n && j < i + 3 && Character.digit(s.charAt(j), 16) >= 0) {
                    v = v * 16 + Character.digit(s.charAt(j), 16);
                    j++;
                }
                if (j == i + 1) {
                    out.append("\\x");
                    return i;
                }
                out.append((char) v);
                return j - 1;
            }
            default -> {
                if (d >= '0' && d <= '7' && (format || d == '0')) {
                    // echo: \0NNN; a printf format: \NNN
                    int j = format ? i : i + 1;
                    int end = Math.min(n, j + 3);
                    int v = 0;
                    while (j < end && s.charAt(j) >= '0' && s.charAt(j) <= '7') {
                        v = v * 8 + (s.charAt(j) - '0');
                        j++;
                    }
                    out.append((char) (v & 0xff));
                    return j - 1;
                }
                if (format && d == '"') {
                    out.append('"');
                } else {
                    out.append('\\').append(d);
                }
            }
        }
        return i;
    }
}
