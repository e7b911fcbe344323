package dev.cmdgate.core.rules;

/**
 * Whether decoded text is a {@code user:password} pair, what HTTP Basic authentication and many tools' {@code auth}
 * members carry in base64 ({@code dXNlcjpTM2NyZXRQdzk=} is {@code user:S3cretPw9}). Only decoded text is judged so: in
 * plain text {@code name:value} is everywhere (hosts and ports, times, path lists). A pair is one line without
 * blanks: a user of name characters, a {@code :}, and a password of {@link #MIN_PASSWORD} or more characters that is
 * no URL's or path's rest ({@code https://…}, {@code jdbc:postgresql://…}, {@code host:/dir}).
 */
final class CredentialPair {

    /** Below this a password is a port, a count or a word ({@code localhost:8080}, {@code hello:world}). */
    static final int MIN_PASSWORD = 6;

    private CredentialPair() {
    }

    static boolean is(String text) {
        int colon = text.indexOf(':');
        if (colon <= 0 || text.length() - colon - 1 < MIN_PASSWORD) {
            return false;
        }
        for (int i = 0; i < colon; i++) {
            char c = text.charAt(i);
            if (!RandomRun.isAlphanumeric(c) && "._@+-\\".indexOf(c) < 0) {
                return false;
            }
        }
        String password = text.substring(colon + 1);
        if (password.startsWith("/") || password.contains("://")) {
            return false;
        }
        for (int i = 0; i < password.length(); i++) {
            char c = password.charAt(i);
            if (c <= ' ' || c > '~') {
                return false;
            }
        }
        return true;
    }
}
