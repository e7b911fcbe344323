package dev.cmdgate.core.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The shared table of wildcard cases ({@code /wildcards.txt}): the three matchers that implement one algorithm,
 * each written out for its own speed — {@code rules.Glob} over strings and over character arrays, and the trust
 * rows' matcher over words ({@code classify.Trust}) — are each held to it.
 */
public final class WildcardCases {

    /** One case: the pattern, the text, and whether the one matches the other. */
    public record Case(String pattern, String text, boolean matches, int line) {
        @Override
        public String toString() {
            return "wildcards.txt line " + line + ": '" + pattern + "' against '" + text + "'";
        }
    }

    private WildcardCases() {
    }

    public static List<Case> all() {
        String text;
        try (InputStream in = WildcardCases.class.getResourceAsStream("/wildcards.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        List<Case> out = new ArrayList<>();
        String[] lines = text.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].trim();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] f = l.split("\\s+");
            if (f.length != 3 || !f[2].equals("yes") && !f[2].equals("no")) {
                throw new AssertionError("wildcards.txt line " + (i + 1) + ": expected PATTERN TEXT yes|no");
            }
            out.add(new Case(empty(f[0]), empty(f[1]), f[2].equals("yes"), i + 1));
        }
        return out;
    }

    /** A random text of up to {@code max} characters from {@code alphabet}, for comparing two matchers. */
    public static String random(Random random, char[] alphabet, int max) {
        StringBuilder b = new StringBuilder();
        for (int n = random.nextInt(max + 1); n > 0; n--) {
            b.append(alphabet[random.nextInt(alphabet.length)]);
        }
        return b.toString();
    }

    private static String empty(String s) {
        return s.equals("''") ? "" : s;
    }
}
