package dev.cmdgate.core.classify;

import dev.cmdgate.core.DotSegments;

/** Path normalisation for matching rules: {@code $HOME}/{@code ${HOME}} → {@code ~}, slashes tidied. */
final class PathText {

    private PathText() {
    }

    /**
     * Resolves {@code .} and {@code ..} components of an absolute path lexically
     * ({@code /bin/../bin} → {@code /bin}); other paths are returned unchanged.
     */
    static String resolveDots(String p) {
        return !p.startsWith("/") || p.indexOf("/.") < 0 ? p : DotSegments.resolve(p);
    }

    static String normalize(String p) {
        if (p.isEmpty() || p.indexOf('/') < 0 && p.charAt(0) != '$' && p.charAt(0) != '~') {
            return p; // a plain name (most operands): nothing to do
        }
        if (p.startsWith("$HOME")) {
            p = "~" + p.substring(5);
        } else if (p.startsWith("${HOME}")) {
            p = "~" + p.substring(7);
        } else if (p.length() > 1 && p.charAt(0) == '~' && isUserStart(p.charAt(1))) {
            // ~user is another user's home directory: as sensitive as ~
            int i = 1;
            while (i < p.length() && p.charAt(i) != '/' && isUserChar(p.charAt(i))) {
                i++;
            }
            if (i == p.length() || p.charAt(i) == '/') {
                p = "~" + p.substring(i);
            }
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

    /**
     * P (normalised) with its {@code ..} components resolved as text: {@code /tmp/../srv} is {@code /srv},
     * {@code a/../../x} is {@code ../x} (above the working directory), {@code /..} is {@code /}. A {@code ..} above
     * {@code ~} leaves the home directory: the rest is read as an absolute path elsewhere. The text before a
     * leading {@code NAME=} (dd's {@code of=}) is kept as it is.
     */
    static String dotsResolved(String p) {
        int eq = p.indexOf('=');
        if (eq > 0 && eq + 1 < p.length() && (p.charAt(eq + 1) == '/' || p.charAt(eq + 1) == '~' || p.charAt(eq + 1) == '.')
                && p.lastIndexOf('/', eq) < 0) {
            return p.substring(0, eq + 1) + dotsResolved(p.substring(eq + 1));
        }
        if (!(p.equals("..") || p.startsWith("../") || p.contains("/../") || p.endsWith("/.."))) {
            return p;
        }
        if (!p.startsWith("~/")) {
            return DotSegments.resolve(p);
        }
        String r = DotSegments.resolve(p.substring(2));
        if (!r.equals("..") && !r.startsWith("../")) {
            return r.equals(".") ? "~" : "~/" + r;
        }
        while (r.startsWith("../")) {
            r = r.substring(3); // above the home directory: some other absolute place
        }
        return r.equals("..") ? "/" : "/" + r;
    }

    /** The part of a (normalised) word before its first expansion. */
    static String staticPrefix(String text) {
        int end = 0;
        while (end < text.length() && !isRunTimeMarker(text.charAt(end))) {
            end++;
        }
        return text.substring(0, end);
    }

    /** Whether the character starts a part of a word only known at run time: an expansion, or the parser's {@code …}. */
    static boolean isRunTimeMarker(char c) {
        return c == '$' || c == '`' || c == '\u2026';
    }

    private static boolean isUserStart(char c) {
        return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isUserChar(char c) {
        return isUserStart(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
    }
}
