package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The variables whose values are, or hold, a secret variable's value ({@code API_KEY=V HELPER_ARG=V}): once a value is
 * known to be a secret, by its name or by its shape, every copy of it under another name is that secret too. A value
 * counts from {@link #MIN_LENGTH} characters on, and inside a longer value only when it is one word that is no path:
 * a short or plain value ({@code 1}, {@code true}, {@code production}, a timestamp) and a path a secret name points
 * at would make copies of half the environment ({@code PATH} holds every directory).
 */
final class SecretCopies {

    /** The shortest secret value whose copies are followed (below it, equal values are coincidences). */
    static final int MIN_LENGTH = 8;

    private SecretCopies() {
    }

    /** The names in {@code environment}, not among {@code secrets}, whose value is or holds one of theirs. Sorted. */
    static Set<String> of(Map<String, String> environment, Collection<String> secrets) {
        List<String> values = new ArrayList<>();
        List<Boolean> contained = new ArrayList<>();
        for (String name : secrets) {
            String v = environment.get(name);
            if (v != null && followed(v)) {
                values.add(v);
                contained.add(isWord(v));
            }
        }
        Set<String> out = new TreeSet<>();
        if (values.isEmpty()) {
            return out;
        }
        for (Map.Entry<String, String> e : environment.entrySet()) {
            String value = e.getValue();
            if (value == null || value.length() < MIN_LENGTH || secrets.contains(e.getKey())) {
                continue;
            }
            for (int k = 0; k < values.size(); k++) {
                if (value.equals(values.get(k)) || contained.get(k) && value.contains(values.get(k))) {
                    out.add(e.getKey());
                    break;
                }
            }
        }
        return out;
    }

    /** A value long enough and not a plain word of small letters or a number, which equal by chance. */
    private static boolean followed(String v) {
        if (v.length() < MIN_LENGTH) {
            return false;
        }
        boolean lettersOnly = true;
        boolean digitsOnly = true;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            lettersOnly &= c >= 'a' && c <= 'z';
            digitsOnly &= c >= '0' && c <= '9';
        }
        return !lettersOnly && !digitsOnly;
    }

    /** One word without blanks that is no path: such a value is looked for inside others. */
    private static boolean isWord(String v) {
        char first = v.charAt(0);
        if (first == '/' || first == '~' || first == '.') {
            return false;
        }
        for (int i = 0; i < v.length(); i++) {
            if (Character.isWhitespace(v.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
