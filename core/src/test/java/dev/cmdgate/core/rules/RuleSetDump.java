package dev.cmdgate.core.rules;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A canonical text of what a rules text says, independent of where its rows are written: every section
 * ({@link LazyBuiltinTest#dump}: every field, lists in row order, maps and sets and sub-commands by key),
 * every language, every setting, and the example rows as a sorted list. Row line numbers are left out
 * ({@code builtin.rules:_}); everything else a row says, and the order of rows within a section, is in.
 */
final class RuleSetDump {

    /** RuleSet fields that are not what the rules say: the lazy reader's state and caches built from the rest. */
    private static final Set<String> NOT_RULES = Set.of("programs", "prefixPrograms", "languages", "examples", "lazy", "read",
            "readLanguages", "builtinEnvArgs", "trustView", "envVars", "pathIndex", "secretGlobs", "userTexts");

    private RuleSetDump() {
    }

    /** The rules text read whole, as the built-in rules are (its rows name {@code builtin.rules:LINE}). */
    static RuleSet parse(String text) {
        RuleSet r = new RuleSet();
        new RulesParser(r, RuleSet.BUILTIN_NAME, false).parse(text);
        RulesParser.checkComplete(r);
        return r;
    }

    /** One entry per program, prefix program and language, then the settings and the examples, in key order. */
    static Map<String, String> of(RuleSet r) {
        Map<String, String> out = new TreeMap<>();
        for (Map.Entry<String, Section> e : r.programs.entrySet()) {
            out.put("[" + e.getKey() + "]", lineless(LazyBuiltinTest.dump(e.getValue())));
        }
        for (Section s : r.prefixPrograms) {
            out.put("[" + s.key + "]", lineless(LazyBuiltinTest.dump(s)));
        }
        for (Map.Entry<String, Language> e : r.languages.entrySet()) {
            out.put("[@lang " + e.getKey() + "]", lineless(LazyBuiltinTest.dump(e.getValue())));
        }
        StringBuilder settings = new StringBuilder();
        for (Field f : RuleSet.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || NOT_RULES.contains(f.getName())) {
                continue;
            }
            try {
                f.setAccessible(true);
                Object v = f.get(r);
                Object shown = v instanceof Map<?, ?> m ? new TreeMap<>(m) : v instanceof Set<?> set ? new java.util.TreeSet<>(set) : v;
                settings.append(f.getName()).append(" = ").append(shown).append('\n');
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
        out.put("[@settings]", lineless(settings.toString()));
        List<String> examples = new ArrayList<>();
        for (RuleExample e : r.examples) {
            examples.add("[" + e.section() + "] " + e.command() + " -> " + e.expected());
        }
        examples.sort(null);
        out.put("examples", String.join("\n", examples));
        return out;
    }

    /** The text without the line numbers of rows ({@code builtin.rules:123}, {@code builtin.rules line 123}). */
    static String lineless(String s) {
        return s.replaceAll(java.util.regex.Pattern.quote(RuleSet.BUILTIN_NAME) + "(:| line )\\d+", RuleSet.BUILTIN_NAME + ":_");
    }
}
