package dev.cmdgate.it.support;

/**
 * One {@code RESULT <name> <status> <detail>} line printed by a test application: status {@code ok}
 * (detail {@code exit=N out=ESCAPED}), {@code blocked} (a SecurityException; detail
 * {@code class: message}) or {@code error} (any other exception).
 */
public record AppResult(String name, String status, String detail) {

    static AppResult parse(String line) {
        if (!line.startsWith("RESULT ")) {
            return null;
        }
        String[] p = line.split(" ", 4);
        return new AppResult(p[1], p.length > 2 ? p[2] : "", p.length > 3 ? p[3] : "");
    }

    public boolean ok() {
        return status.equals("ok");
    }

    public boolean blocked() {
        return status.equals("blocked");
    }

    /** The exception class name of a blocked/error result. */
    public String exceptionClass() {
        int i = detail.indexOf(": ");
        return i < 0 ? detail : detail.substring(0, i);
    }

    /** The exception message of a blocked/error result (unescaped). */
    public String message() {
        int i = detail.indexOf(": ");
        return i < 0 ? "" : unescape(detail.substring(i + 2));
    }

    /** The launched process's exit status, for an ok result. */
    public int exitStatus() {
        String s = detail.substring("exit=".length(), detail.indexOf(' '));
        return Integer.parseInt(s);
    }

    /** The launched process's standard output, for an ok result (unescaped). */
    public String output() {
        int i = detail.indexOf(" out=");
        return i < 0 ? "" : unescape(detail.substring(i + 5));
    }

    static String unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                out.append(n == 'n' ? '\n' : n == 'r' ? '\r' : n);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return "RESULT " + name + " " + status + " " + detail;
    }
}
