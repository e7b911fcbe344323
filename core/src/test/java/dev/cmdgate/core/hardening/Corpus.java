package dev.cmdgate.core.hardening;

/** Helpers shared by the hardening tests. */
final class Corpus {

    private Corpus() {
    }

    /** A Java-escaped, length-capped rendering of an input for failure messages. */
    static String show(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder("\"");
        int limit = Math.min(s.length(), 300);
        for (int i = 0; i < limit; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
        if (s.length() > limit) {
            sb.append("…(").append(s.length()).append(" chars)");
        }
        return sb.toString();
    }
}
