package dev.cmdgate.core.policy;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Classifier-independent option canonicalisation (see {@link OptionCanonicalizer#generic()}).
 * <ul>
 *   <li>{@code -abc} → {@code -a -b -c} (a bundle of short options), then a short option is mapped
 *       to its long name where the table below knows it ({@code rm -R} → {@code --recursive});</li>
 *   <li>{@code --name=value} → {@code --name}; an unambiguous prefix of a known long name
 *       ({@code rm --rec}) → the full name;</li>
 *   <li>everything after {@code --} is an operand; a lone {@code -} is an operand.</li>
 * </ul>
 * It does not know which short options take a value, so {@code grep -e -rf} yields {@code -e -r -f}:
 * over-matching a blocked pattern is the safe direction.
 */
final class GenericOptionCanonicalizer implements OptionCanonicalizer {

    static final GenericOptionCanonicalizer INSTANCE = new GenericOptionCanonicalizer();

    /** program → (short letter or long name → canonical long name). */
    private static final Map<String, Map<String, String>> TABLE = Map.ofEntries(
            Map.entry("rm", table("r --recursive", "R --recursive", "f --force", "i --interactive",
                    "I --interactive", "d --dir", "v --verbose", "--no-preserve-root --no-preserve-root")),
            Map.entry("cp", table("r --recursive", "R --recursive", "f --force", "a --archive", "i --interactive")),
            Map.entry("mv", table("f --force", "i --interactive")),
            Map.entry("chmod", table("R --recursive")),
            Map.entry("chown", table("R --recursive")),
            Map.entry("chgrp", table("R --recursive")),
            Map.entry("curl", table("k --insecure", "o --output", "O --remote-name", "s --silent", "L --location",
                    "X --request", "d --data")),
            Map.entry("wget", table("O --output-document", "q --quiet")),
            Map.entry("git", table("f --force", "--hard --hard")),
            Map.entry("shred", table("u --remove", "z --zero")),
            Map.entry("kill", table("s --signal")));

    /** Entries "x --long": short letter x (or a long name) → canonical long name; long names map to themselves. */
    private static Map<String, String> table(String... rows) {
        Map<String, String> m = new java.util.HashMap<>();
        for (String row : rows) {
            String[] kv = row.split(" ");
            m.put(kv[0], kv[1]);
            m.put(kv[1], kv[1]);
        }
        return Map.copyOf(m);
    }

    @Override
    public Set<String> canonicalOptions(String program, List<String> args) {
        Map<String, String> known = TABLE.getOrDefault(program == null ? "" : program, Map.of());
        Set<String> out = new LinkedHashSet<>();
        for (String a : args) {
            if (a == null) {
                continue;
            }
            if (a.equals("--")) {
                break;
            }
            if (a.startsWith("--")) {
                String name = a.indexOf('=') > 0 ? a.substring(0, a.indexOf('=')) : a;
                out.add(longName(name, known));
            } else if (a.startsWith("-") && a.length() > 1) {
                if ("find".equals(program)) {
                    out.add(a); // find's primaries (-delete, -exec) are single words
                    continue;
                }
                for (int i = 1; i < a.length(); i++) {
                    String letter = a.substring(i, i + 1);
                    out.add(known.getOrDefault(letter, "-" + letter));
                }
            }
        }
        return out;
    }

    private static String longName(String name, Map<String, String> known) {
        if (known.containsKey(name)) {
            return known.get(name);
        }
        List<String> candidates = new ArrayList<>();
        for (Map.Entry<String, String> e : known.entrySet()) {
            if (e.getKey().startsWith("--") && e.getKey().startsWith(name) && !candidates.contains(e.getValue())) {
                candidates.add(e.getValue());
            }
        }
        return candidates.size() == 1 ? candidates.get(0) : name;
    }
}
