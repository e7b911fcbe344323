package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.Word;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys of an array's elements as bash reads them: an indexed array's subscript is arithmetic, so only a plain
 * decimal number is a key known here ({@code a[5]}; {@code a[05]} is octal, {@code a[i]} a variable's value); an
 * associative array's ({@code declare -A}) is the literal word itself. {@code NAME=(w [k]=v …)} gives each word
 * the key written before it, or the one after the last for an indexed array.
 */
final class ArrayKeys {

    private ArrayKeys() {
    }

    /** The key a literal subscript names, or null when it is not known here ({@code @}, {@code *}, arithmetic). */
    static String key(String sub, boolean associative) {
        if (sub == null || sub.equals("@") || sub.equals("*")) {
            return null;
        }
        if (associative) {
            return sub;
        }
        if (sub.isEmpty() || sub.length() > 6 || sub.length() > 1 && sub.charAt(0) == '0') {
            return null;
        }
        for (int i = 0; i < sub.length(); i++) {
            if (sub.charAt(i) < '0' || sub.charAt(i) > '9') {
                return null;
            }
        }
        return sub;
    }

    /**
     * The literal elements of {@code NAME=(…)} by key, in the order written: a word {@code [k]=v} (its parts
     * literal) at key k, any other literal word at the next index of an indexed array. A word only known at run
     * time may be several words or none, so the plain words after it have no known index; keyed ones still do.
     * Null when there is no keyed word at all (the plain list is read as before).
     */
    static Map<String, String> keyed(List<Word> words, boolean associative) {
        if (!anyKeyed(words)) {
            return null;   // most arrays: no map built for them
        }
        Map<String, String> out = new LinkedHashMap<>();
        boolean anyKey = false;
        long next = 0;
        boolean indexKnown = true;
        for (Word w : words) {
            String lit = w.literalValue();
            int close = lit == null || !lit.startsWith("[") ? -1 : lit.indexOf("]=");
            if (close > 0) {
                anyKey = true;
                String k = key(lit.substring(1, close), associative);
                if (k != null) {
                    out.put(k, lit.substring(close + 2));
                    if (!associative) {
                        next = Long.parseLong(k) + 1;
                        indexKnown = true;
                    }
                } else if (!associative) {
                    indexKnown = false; // [i]=v: an index only known at run time
                }
                continue;
            }
            if (lit == null || w.hasGlob() || lit.indexOf('{') >= 0) {
                indexKnown = false; // it may be several words, or none
                continue;
            }
            if (!associative && indexKnown) {
                out.put(Long.toString(next), lit);
            }
            next++; // an associative array's plain words are key-value pairs (bash 5.1): not read here
        }
        return anyKey ? out : null;
    }

    /** Whether a word of the list is a literal {@code [k]=v}. */
    private static boolean anyKeyed(List<Word> words) {
        for (Word w : words) {
            String lit = w.literalValue();
            if (lit != null && lit.startsWith("[") && lit.indexOf("]=") > 0) {
                return true;
            }
        }
        return false;
    }
}
