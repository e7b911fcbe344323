package dev.cmdgate.core.classify;

import java.util.List;

/**
 * What {@code awk 'BEGIN{…}'} prints ({@code prints awk-begin}) when the program is one {@code BEGIN} block of
 * {@code print} and {@code printf} statements whose arguments are string literals: {@code BEGIN{printf "rm"}},
 * {@code BEGIN{print "sha" "dow"}}, {@code BEGIN{print "a", "b"}} (a blank between, as the default OFS). No input
 * is read, so the output is a pure function of the program. Null for anything else (a variable, a number, a
 * function, a second pattern, an option, a {@code printf} format with a conversion): then it stays only known at
 * run time.
 */
final class AwkBeginPrint {

    private AwkBeginPrint() {
    }

    static String apply(List<Arg> words) {
        if (words.size() != 2) {
            return null;
        }
        String p = words.get(1).text.strip();
        if (!p.startsWith("BEGIN")) {
            return null;
        }
        p = p.substring(5).strip();
        if (!p.startsWith("{") || !p.endsWith("}")) {
            return null;
        }
        String body = p.substring(1, p.length() - 1);
        StringBuilder out = new StringBuilder();
        int i = 0;
        int n = body.length();
        while (true) {
            i = skip(body, i, true);
            if (i >= n) {
                return out.toString();
            }
            boolean printf;
            if (body.startsWith("printf", i)) {
                printf = true;
                i += 6;
            } else if (body.startsWith("print", i)) {
                printf = false;
                i += 5;
            } else {
                return null;
            }
            StringBuilder stmt = new StringBuilder();
            int items = 0;
            boolean needString = true;
            while (true) {
                i = skip(body, i, false);
                if (i < n && body.charAt(i) == '"') {
                    StringBuilder lit = new StringBuilder();
                    i = string(body, i + 1, lit);
                    if (i < 0) {
                        return null;
                    }
                    stmt.append(lit);
                    needString = false;
                    continue;
                }
                if (needString) {
                    return null; // print alone ($0), a number, a variable, a parenthesis: not read
                }
                if (i < n && body.charAt(i) == ',' && !printf) {
                    stmt.append(' ');
                    items++;
                    i++;
                    needString = true;
                    continue;
                }
                if (i >= n || body.charAt(i) == ';' || body.charAt(i) == '\n' || body.charAt(i) == '}') {
                    break;
                }
                return null;
            }
            if (printf) {
                String f = format(stmt.toString());
                if (f == null) {
                    return null;
                }
                out.append(f);
            } else {
                out.append(stmt).append('\n');
            }
            if (out.length() > SubstitutionOutput.MAX_OUTPUT || items > 64) {
                return null;
            }
        }
    }

    private static int skip(String s, int i, boolean separators) {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || separators && (c == ';' || c == '\n')) {
                i++;
            } else {
                break;
            }
        }
        return i;
    }

    /** Reads a string literal after its opening quote; returns the index after the closing one, -1 if not read. */
    private static int string(String s, int i, StringBuilder out) {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c == '\n') {
                return -1;
            }
            if (c == '\\') {
                if (i + 1 >= s.length()) {
                    return -1;
                }
                char d = s.charAt(++i);
                switch (d) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case '\\' -> out.append('\\');
                    case '"' -> out.append('"');
                    case '/' -> out.append('/');
                    default -> {
                        if (d >= '0' && d <= '7') {
                            int v = 0;
                            int end = Math.min(s.length(), i + 3);
                            while (i < end && s.charAt(i) >= '0' && s.charAt(i) <= '7') {
                                v = v * 8 + (s.charAt(i) - '0');
                                i++;
                            }
                            out.append((char) (v & 0xff));
                            continue;
                        }
                        return -1; // \x…, \a …: the awks differ
                    }
                }
                i++;
                continue;
            }
            out.append(c);
            i++;
        }
        return -1;
    }

    /** A printf format without arguments: only {@code %%} is read. */
    private static String format(String f) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < f.length(); i++) {
            char c = f.charAt(i);
            if (c == '%') {
                if (i + 1 < f.length() && f.charAt(i + 1) == '%') {
                    out.append('%');
                    i++;
                    continue;
                }
                return null;
            }
            out.append(c);
        }
        return out.toString();
    }
}
