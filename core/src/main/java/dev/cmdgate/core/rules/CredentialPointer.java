package dev.cmdgate.core.rules;

/**
 * A value that points at a credential rather than holding it: an absolute file path ({@code /home/ci/gcp/sa.json},
 * {@code ~/.keys/app.pem}) or a URL with no user part, query or fragment ({@code https://sso.example/auth}). Reading
 * what a path points at is judged as a credential-store read; a URL with a user part ({@code https://u:pw@host}) or
 * a query ({@code ?sig=…}) may carry the secret itself and is no pointer.
 */
final class CredentialPointer {

    private CredentialPointer() {
    }

    static boolean is(String value) {
        int n = value.length();
        if (n < 2) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c <= ' ' || c == 0x7f) {
                return false; // blanks or a line: more than one word, not a single path or URL
            }
        }
        if (value.charAt(0) == '/' && value.charAt(1) != '/' || value.startsWith("~/")) {
            return true;
        }
        int scheme = value.indexOf("://");
        if (scheme <= 0) {
            return false;
        }
        for (int i = 0; i < scheme; i++) {
            char c = value.charAt(i);
            if (!RandomRun.isAlphanumeric(c) && c != '+' && c != '-' && c != '.') {
                return false;
            }
        }
        int path = value.indexOf('/', scheme + 3);
        String authority = value.substring(scheme + 3, path < 0 ? n : path);
        return !authority.isEmpty() && authority.indexOf('@') < 0 && value.indexOf('?') < 0 && value.indexOf('#') < 0;
    }
}
