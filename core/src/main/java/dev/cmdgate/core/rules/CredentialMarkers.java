package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Words inside a value that announce a credential after them, wherever they stand and in any case: the name of a
 * header, a JSON or YAML member or a {@code KEY=VALUE} pair that carries one ({@code secret-fields}:
 * {@code AuthoriZation: token …}, {@code X-API-Key: …}, {@code "pwd": "…"}, {@code pass=…}, docker's
 * {@code "auth":"…"}), and an HTTP authentication scheme followed by its credential ({@code secret-schemes}:
 * {@code Basic dXNlcjp…}, base64 that need not be decoded to be known).
 */
final class CredentialMarkers {

    /** The fewest characters of a scheme's credential word: {@code Basic} followed by a plain word is prose. */
    private static final int MIN_CREDENTIAL = 16;

    private final List<String> fields = new ArrayList<>();
    private final List<String> schemes = new ArrayList<>();

    void addFields(List<String> names) {
        for (String name : names) {
            fields.add(name.toLowerCase(Locale.ROOT));
        }
    }

    void addSchemes(List<String> names) {
        for (String name : names) {
            schemes.add(name.toLowerCase(Locale.ROOT));
        }
    }

    /** The names in the order the rows gave them (what a dump of the rules compares). */
    @Override
    public String toString() {
        return "fields=" + fields + " schemes=" + schemes;
    }

    boolean matches(String value) {
        if (fields.isEmpty() && schemes.isEmpty()) {
            return false;
        }
        String v = value.toLowerCase(Locale.ROOT);
        // lower-casing kept every index (no letter that lower-cases to two): camel-case words can be told apart
        boolean camelCased = v.length() == value.length();
        for (int k = 0; k < fields.size(); k++) {
            String field = fields.get(k);
            for (int at = v.indexOf(field); at >= 0; at = v.indexOf(field, at + 1)) {
                if ((startsWord(v, at) || camelCased && camelWord(value, at))
                        && fieldValueFollows(v, at + field.length(), at > 0 && v.charAt(at - 1) == '<')) {
                    return true;
                }
            }
        }
        for (int k = 0; k < schemes.size(); k++) {
            String scheme = schemes.get(k);
            for (int at = v.indexOf(scheme); at >= 0; at = v.indexOf(scheme, at + 1)) {
                if (startsWord(v, at) && credentialFollows(v, at + scheme.length())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Not inside a longer word ({@code bypass=} is no {@code pass=}); {@code _ - . "} and blanks begin one. */
    private static boolean startsWord(String v, int at) {
        return at == 0 || !RandomRun.isAlphanumeric(v.charAt(at - 1));
    }

    /**
     * A camel-case word of a longer name ({@code dbPassword}, {@code clientSecret}, {@code xApiKey}): the field starts
     * with a capital after a small letter or a digit, as the second word of a member or property name does.
     */
    private static boolean camelWord(String value, int at) {
        if (at == 0 || !Character.isUpperCase(value.charAt(at))) {
            return false;
        }
        char before = value.charAt(at - 1);
        return before >= 'a' && before <= 'z' || before >= '0' && before <= '9';
    }

    /**
     * A closing quote, blanks, {@code :} or {@code =}, blanks and an opening quote, then a value that is not empty. A
     * quote may be escaped ({@code {\"password\":\"…\"}}: JSON inside a JSON string or a shell word); after an
     * element's opening {@code <NAME} ({@code element}), its {@code >} ends the name as {@code :} does
     * ({@code <password>…</password>}).
     */
    private static boolean fieldValueFollows(String v, int i, boolean element) {
        int n = v.length();
        i = quote(v, i);
        i = blanks(v, i);
        if (i >= n || v.charAt(i) != ':' && v.charAt(i) != '=' && !(element && v.charAt(i) == '>')) {
            return false;
        }
        i = blanks(v, i + 1);
        i = quote(v, i);
        return i < n && ",;&}]<\\".indexOf(v.charAt(i)) < 0 && !isQuote(v.charAt(i)) && !isBlank(v.charAt(i));
    }

    /** After a quote at {@code i}, escaped or not; else {@code i}. */
    private static int quote(String v, int i) {
        int n = v.length();
        if (i + 1 < n && v.charAt(i) == '\\' && isQuote(v.charAt(i + 1))) {
            return i + 2;
        }
        return i < n && isQuote(v.charAt(i)) ? i + 1 : i;
    }

    /** Blanks, then one word of {@link #MIN_CREDENTIAL} or more token characters with a digit or a base64 sign. */
    private static boolean credentialFollows(String v, int i) {
        int n = v.length();
        if (i >= n || !isBlank(v.charAt(i))) {
            return false;
        }
        i = blanks(v, i);
        int start = i;
        boolean encoded = false;
        while (i < n && (RandomRun.isAlphanumeric(v.charAt(i)) || "-._~+/=".indexOf(v.charAt(i)) >= 0)) {
            char c = v.charAt(i);
            encoded |= c >= '0' && c <= '9' || c == '+' || c == '/' || c == '=';
            i++;
        }
        return encoded && i - start >= MIN_CREDENTIAL;
    }

    private static int blanks(String v, int i) {
        while (i < v.length() && isBlank(v.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    private static boolean isQuote(char c) {
        return c == '"' || c == '\'';
    }
}
