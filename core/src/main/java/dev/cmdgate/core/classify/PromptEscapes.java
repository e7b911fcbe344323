package dev.cmdgate.core.classify;

/**
 * bash decodes a prompt string's backslash escapes (man bash, "PROMPTING") before it expands the result: an octal
 * escape becomes any character, so {@code \044(cmd)} is {@code $(cmd)} and {@code \140cmd\140} a backquoted command by
 * the time parameters and command substitutions are expanded. The prompt is judged as what that decoding gives.
 * Escapes that insert the shell's own facts (the user, the working directory, the host, the date …) become a plain letter:
 * bash quotes what they insert, so it is never expanded again. {@code \$} is {@code $} only for a user other than
 * root, and bash quotes it then; it stays inert here too.
 */
final class PromptEscapes {

    /** Escapes that insert text bash quotes (or that is a fixed control character): replaced by a plain letter. */
    private static final String INSERTS = "adehHjlnrstTuvVwW@A!#[]";

    private PromptEscapes() {
    }

    static String decode(String prompt) {
        if (prompt.indexOf('\\') < 0) {
            return prompt;
        }
        StringBuilder out = new StringBuilder(prompt.length());
        int n = prompt.length();
        for (int i = 0; i < n; i++) {
            char c = prompt.charAt(i);
            if (c != '\\' || i + 1 >= n) {
                out.append(c);
                continue;
            }
            char e = prompt.charAt(i + 1);
            if (e >= '0' && e <= '7') {
                int v = 0;
                int j = i + 1;
                while (j < n && j < i + 4 && prompt.charAt(j) >= '0' && prompt.charAt(j) <= '7') {
                    v = v * 8 + (prompt.charAt(j) - '0');
                    j++;
                }
                out.append((char) (v & 0xFF));
                i = j - 1;
            } else if (e == '\\') {
                out.append('\\');
                i++;
            } else if (e == 'D' && i + 2 < n && prompt.charAt(i + 2) == '{') {
                int close = prompt.indexOf('}', i + 3);
                out.append('x');   // a date in a strftime format: text bash does not expand again
                i = close < 0 ? n : close;
            } else if (e == '$') {
                out.append('x');
                i++;
            } else if (INSERTS.indexOf(e) >= 0) {
                out.append('x');
                i++;
            } else {
                out.append(c);   // not an escape: the backslash stays, and the expansion sees it
            }
        }
        return out.toString();
    }
}
