package dev.cmdgate.core.classify;

/** Path normalisation for matching rules: {@code $HOME}/{@code ${HOME}} → {@code ~}, slashes tidied. */
final class Paths {

    private Paths() {
    }

    static String normalize(String p) {
        if (p.startsWith("$HOME")) {
            p = "~" + p.substring(5);
        } else if (p.startsWith("${HOME}")) {
            p = "~" + p.substring(7);
        }
        if (p.indexOf("//") < 0 && p.indexOf("/.") < 0 && !(p.length() > 1 && p.endsWith("/"))) {
            return p;
        }
        StringBuilder b = new StringBuilder(p.length());
        int i = 0;
        int n = p.length();
        while (i < n) {
            char c = p.charAt(i);
            if (c == '/') {
                // skip "//" and "/./"
                if (b.length() > 0 && b.charAt(b.length() - 1) == '/') {
                    i++;
                    continue;
                }
                if (i + 1 < n && p.charAt(i + 1) == '.' && (i + 2 == n || p.charAt(i + 2) == '/')) {
                    if (b.length() == 0) {
                        b.append('/');
                    }
                    i += 2;
                    continue;
                }
            }
            b.append(c);
            i++;
        }
        while (b.length() > 1 && b.charAt(b.length() - 1) == '/') {
            b.setLength(b.length() - 1);
        }
        return b.toString();
    }
}
