package dev.cmdgate.core.classify;

import java.util.Locale;
import java.util.Set;

/**
 * The address a URL reaches as a URL parser reads it (RFC 3986, and WHATWG for the schemes browsers and most
 * HTTP clients treat as special), written back as {@code scheme://host[:port]/}. A glob over the text as
 * written takes a remote authority for a local one when the host is hidden behind what only looks like one:
 * {@code http://evil.example#@localhost} (the fragment starts before the {@code @}), {@code
 * http://localhost:80@evil.example/} (user and password before the last {@code @}), {@code
 * http://evil.example\@localhost/} (a backslash ends a special URL's authority as {@code /} does), {@code
 * http:/\evil.example} and {@code https:evil.example} (any run of slashes, or none, after a special scheme).
 */
final class UrlAuthority {

    /** WHATWG's special schemes but file: any run of / and \ after the colon, and \ ends the authority. */
    private static final Set<String> SPECIAL = Set.of("http", "https", "ws", "wss", "ftp");

    private UrlAuthority() {
    }

    /**
     * The scheme and the host and port the URL reaches, or null for text that is not one. A
     * special URL's backslash is read as browsers read it, a {@code /}; {@link #literalBackslash} gives the reading
     * of clients that keep it in the authority.
     */
    static String canonical(String text) {
        return canonical(text, true);
    }

    /** As {@link #canonical}, a backslash being an ordinary character of the authority (RFC 3986 parsers). */
    static String literalBackslash(String text) {
        return canonical(text, false);
    }

    private static String canonical(String text, boolean backslashIsSlash) {
        int colon = text.indexOf(':');
        if (colon <= 0 || !Character.isLetter(text.charAt(0))) {
            return null;
        }
        for (int i = 1; i < colon; i++) {
            char c = text.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '+' && c != '.' && c != '-') {
                return null;
            }
        }
        String scheme = text.substring(0, colon).toLowerCase(Locale.ROOT);
        boolean special = SPECIAL.contains(scheme);
        boolean backslash = special && backslashIsSlash;
        int from = colon + 1;
        if (special) {
            while (from < text.length() && (text.charAt(from) == '/' || backslash && text.charAt(from) == '\\')) {
                from++;
            }
            if (from == colon + 1 && (from >= text.length() || !Character.isLetterOrDigit(text.charAt(from)))) {
                return null;
            }
        } else if (text.startsWith("//", from)) {
            from += 2;
        } else {
            return null;
        }
        int end = from;
        while (end < text.length() && "/?#".indexOf(text.charAt(end)) < 0 && !(backslash && text.charAt(end) == '\\')) {
            end++;
        }
        String authority = text.substring(from, end);
        String hostPort = authority.substring(authority.lastIndexOf('@') + 1).toLowerCase(Locale.ROOT);
        if (hostPort.isEmpty()) {
            return null;
        }
        // the path, query and fragment do not change the host: left out, nothing after it can look like one
        return scheme + "://" + hostPort + "/";
    }
}
