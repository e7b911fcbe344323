package dev.cmdgate.core.rules;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A canonical text of what a rule set holds ({@link #whole}, or {@link #of} by section): every field of every section
 * (sub-commands below their parents), of every language and of the rule set itself, maps and sets in key order,
 * lists in their own
 * order (which matters: the first matching {@code when} row, the longest prefix first); a field is left out
 * while it holds what a section, language or rule set holds before any row is read. Fields are found by
 * reflection, so a field added later is in the dump without a change here. Two reads that give equal dumps
 * gave the classifier the same rules.
 */
final class RuleSetDump {

    /**
     * Fields of a rule set dumped otherwise (sections, languages, examples) or that are not rules: how it was
     * read, the texts it was read from, a view of another field and caches filled by queries.
     */
    private static final Set<String> NOT_RULES = Set.of("programs", "prefixPrograms", "languages", "examples",
            "userTexts", "lazy", "read", "readLanguages", "builtinEnvArgs", "trustView", "envVars", "pathIndex",
            "secretGlobs");

    private RuleSetDump() {
    }

    /** The rules text read whole, as the built-in rules are (its rows name {@code builtin.rules:LINE}). */
    static RuleSet parse(String text) {
        RuleSet r = new RuleSet();
        new RulesParser(r, RuleSet.BUILTIN_NAME, false).parse(text);
        RulesParser.checkComplete(r);
        return r;
    }

    /**
     * What a rules text says independent of where its rows are written: one entry per program, prefix program
     * and language, then the settings and the examples (sorted), in key order, without the rows' line numbers
     * ({@code builtin.rules:_}); the order of rows within a section is in.
     */
    static Map<String, String> of(RuleSet r) {
        Map<String, String> out = new TreeMap<>();
        for (Map.Entry<String, Section> e : r.programs.entrySet()) {
            out.put("[" + e.getKey() + "]", lineless(of(e.getValue())));
        }
        for (Section s : r.prefixPrograms) {
            out.put("[" + s.key + "]", lineless(of(s)));
        }
        for (Map.Entry<String, Language> e : r.languages.entrySet()) {
            out.put("[@lang " + e.getKey() + "]", lineless(of(e.getValue())));
        }
        StringBuilder settings = new StringBuilder();
        RuleSet empty = new RuleSet();
        for (Field f : RuleSet.class.getDeclaredFields()) {
            if (!NOT_RULES.contains(f.getName())) {
                field(f, r, empty, settings);
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

    /** The whole rule set (a lazily read one is read whole first). */
    static String whole(RuleSet r) {
        StringBuilder b = new StringBuilder();
        List<Section> tops = new ArrayList<>();
        for (Section s : r.allSections()) {
            if (s.parent == null) {
                tops.add(s);
            }
        }
        tops.sort((x, y) -> x.key.compareTo(y.key));
        for (Section s : tops) {
            b.append(of(s));
        }
        List<String> prefixes = new ArrayList<>();
        for (Section s : r.prefixPrograms) {
            prefixes.add(s.key);
        }
        b.append("prefix programs, longest first: ").append(prefixes).append('\n');
        TreeSet<String> languages = new TreeSet<>(r.languages.keySet());
        languages.addAll(BuiltinIndex.builtin().languageNames());
        for (String name : languages) {
            Language l = r.language(name);
            if (l != null) {
                b.append(of(l));
            }
        }
        b.append("[rule set]\n");
        RuleSet empty = new RuleSet();
        for (Field f : RuleSet.class.getDeclaredFields()) {
            if (!NOT_RULES.contains(f.getName())) {
                field(f, r, empty, b);
            }
        }
        for (RuleExample e : r.examples()) {
            b.append("  example ").append(e).append('\n');
        }
        // a trust row's "..." is held as a word with a NUL, which no argument can hold: written out, the dump stays text
        return b.toString().replace("\u0000", "\\u0000");
    }

    /** Every field of a section and, below it, of its sub-command sections. */
    static String of(Section s) {
        StringBuilder b = new StringBuilder();
        of(s, b);
        return b.toString();
    }

    /** The fields of a section itself (not of its sub-command sections) that differ from a fresh section's. */
    static String ownFields(Section s) {
        StringBuilder b = new StringBuilder();
        Section fresh = new Section(s.key, s.word, s.parent);
        for (Field f : Section.class.getDeclaredFields()) {
            if (!f.getName().equals("subs") && !f.getName().equals("optSubs")) {
                field(f, s, fresh, b);
            }
        }
        return b.toString();
    }

    private static void of(Section s, StringBuilder b) {
        b.append("[").append(s.key).append("]\n").append(ownFields(s));
        for (Map.Entry<String, Section> e : new TreeMap<>(s.subs).entrySet()) {
            b.append(" sub ").append(e.getKey()).append(":\n");
            of(e.getValue(), b);
        }
        for (Map.Entry<String, Section> e : new TreeMap<>(s.optSubs).entrySet()) {
            b.append(" opt-sub ").append(e.getKey()).append(":\n");
            of(e.getValue(), b);
        }
    }

    /** Every field of a language. */
    static String of(Language l) {
        StringBuilder b = new StringBuilder("[@lang ").append(l.name).append("]\n");
        Language fresh = new Language(l.name);
        for (Field f : Language.class.getDeclaredFields()) {
            field(f, l, fresh, b);
        }
        return b.toString();
    }

    /** One line for a field, unless it is static or holds what it holds in {@code fresh}. */
    private static void field(Field f, Object o, Object fresh, StringBuilder b) {
        if (Modifier.isStatic(f.getModifiers())) {
            return;
        }
        String value = render(get(f, o));
        if (!value.equals(render(get(f, fresh)))) {
            b.append("  ").append(f.getName()).append(" = ").append(value).append('\n');
        }
    }

    private static Object get(Field f, Object o) {
        try {
            f.setAccessible(true);
            return f.get(o);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static String render(Object v) {
        if (v instanceof Section p) {
            return "section " + p.key;
        }
        if (v instanceof Map<?, ?> m) {
            TreeMap<String, String> sorted = new TreeMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                sorted.put(String.valueOf(e.getKey()), render(e.getValue()));
            }
            return sorted.toString();
        }
        if (v instanceof Set<?> set) {
            TreeSet<String> sorted = new TreeSet<>();
            for (Object x : set) {
                sorted.add(render(x));
            }
            return sorted.toString();
        }
        return String.valueOf(v);
    }
}
