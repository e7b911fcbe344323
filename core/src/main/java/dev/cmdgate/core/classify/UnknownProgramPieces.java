package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The words an unknown program may take as values beside its operands: with none of its options known, an option's
 * value may be glued to it after {@code =} ({@code --url=https://h/x}) or after any letter of a short option's
 * cluster ({@code -uhttps://h/x}, {@code -vd/dev/sda}); and a URL written with its scheme or host in capitals
 * ({@code HTTPS://H/x}), which every client reads as the small-letter one. {@code unknown-when} rows made only of
 * {@code operand=} conditions are tried on these too.
 */
final class UnknownProgramPieces {

    /** Past this length a short option's cluster is tried at its first positions only. */
    private static final int MAX_CLUSTER = 24;

    private UnknownProgramPieces() {
    }

    /** The extra words: option values and URL spellings in small letters; empty when there are none. */
    static List<Arg> of(List<Arg> args, List<Arg> operands) {
        List<Arg> out = new ArrayList<>(0);
        for (Arg a : args) {
            String t = a.text;
            if (t.equals("--")) {
                break;
            }
            if (t.length() < 3 || t.charAt(0) != '-') {
                continue;
            }
            int eq = t.indexOf('=');
            if (eq > 0) {
                add(out, a, t.substring(eq + 1));
            } else if (t.charAt(1) != '-') {
                int end = Math.min(t.length(), MAX_CLUSTER);
                for (int k = 2; k < end; k++) {
                    add(out, a, t.substring(k));
                }
            }
        }
        for (Arg a : operands) {
            addSpellings(out, a, a.text);
        }
        for (Arg a : args) {
            for (String url : embeddedUrls(a.text)) {
                add(out, a, url);
            }
        }
        return out;
    }

    /** Past this many, the addresses inside one word are not looked for. */
    private static final int MAX_EMBEDDED = 8;

    /**
     * The URLs written inside a word rather than at its start: in a JSON or other structured argument
     * ({@code '{"url":"http://h/x"}'}), after a key ({@code url=https://h}, {@code -Dhost=a,url=https://h}). Each
     * runs from its scheme to the first character that ends a value in such syntax (a quote, a blank, a comma,
     * a closing bracket or brace, {@code ;}, {@code <}, {@code >}, {@code |}).
     */
    static List<String> embeddedUrls(String t) {
        List<String> out = new ArrayList<>(0);
        int from = 0;
        while (out.size() < MAX_EMBEDDED) {
            int sep = t.indexOf("://", from);
            if (sep < 0) {
                break;
            }
            int start = sep;
            while (start > 0 && schemeChar(t.charAt(start - 1))) {
                start--;
            }
            while (start < sep && !Character.isLetter(t.charAt(start))) {
                start++;    // a scheme starts with a letter
            }
            int end = sep + 3;
            while (end < t.length() && "\"' \t\n,}]);<>|`".indexOf(t.charAt(end)) < 0) {
                end++;
            }
            if (start > 0 && start < sep) {
                out.add(t.substring(start, end));
            }
            from = sep + 3;
        }
        return out;
    }

    private static boolean schemeChar(char c) {
        return Character.isLetterOrDigit(c) || c == '+' || c == '.' || c == '-';
    }

    private static void add(List<Arg> out, Arg from, String value) {
        if (value.isEmpty()) {
            return;
        }
        out.add(new Arg(value, from.dynamic, false, from.start, from.end));
        addSpellings(out, from, value);
    }

    /** The value's other spellings as a URL: small letters, and the address a URL parser reads. */
    private static void addSpellings(List<Arg> out, Arg from, String value) {
        String lower = smallScheme(value);
        if (!lower.equals(value)) {
            out.add(new Arg(lower, from.dynamic, false, from.start, from.end));
        }
        // every reading a client may take: a remote host in any of them is reached by some
        String parsed = UrlAuthority.canonical(value);
        String kept = UrlAuthority.literalBackslash(value);
        if (parsed != null && !parsed.equals(value) && !parsed.equals(lower)) {
            out.add(new Arg(parsed, from.dynamic, false, from.start, from.end));
        }
        if (kept != null && !kept.equals(parsed) && !kept.equals(value) && !kept.equals(lower)) {
            out.add(new Arg(kept, from.dynamic, false, from.start, from.end));
        }
    }

    /**
     * A URL with its scheme and host in small letters ({@code HTTPS://Example.COM/Path} is
     * {@code https://example.com/Path}); any other text as it is.
     */
    static String smallScheme(String t) {
        int sep = t.indexOf("://");
        if (sep <= 0 || !Character.isLetter(t.charAt(0))) {
            return t;
        }
        for (int i = 1; i < sep; i++) {
            char c = t.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '+' && c != '.' && c != '-') {
                return t;
            }
        }
        int slash = t.indexOf('/', sep + 3);
        int hostEnd = slash < 0 ? t.length() : slash;
        return t.substring(0, hostEnd).toLowerCase(Locale.ROOT) + t.substring(hostEnd);
    }
}
