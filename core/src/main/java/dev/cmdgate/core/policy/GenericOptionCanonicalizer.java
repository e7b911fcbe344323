package dev.cmdgate.core.policy;

import dev.cmdgate.core.rules.OptionSpec;
import dev.cmdgate.core.rules.RuleSet;
import dev.cmdgate.core.rules.Section;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Option canonicalisation without the classifier's option parser (see {@link OptionCanonicalizer#generic()}),
 * over the option tables of the rules ({@code opt} rows: one source of option knowledge).
 * <ul>
 *   <li>{@code -abc} → {@code -a -b -c} (a bundle of short options), then each short option is mapped
 *       to its canonical name ({@code rm -R} → {@code --recursive}); a single-dash word the rules
 *       know ({@code java -jar}) is one option, and for a program whose rules parse no options
 *       ({@code find -delete}) a single-dash word stays as it is;</li>
 *   <li>{@code --name=value} → {@code --name}'s canonical name; a prefix of known long names
 *       ({@code rm --rec}) → the name it abbreviates;</li>
 *   <li>everything after {@code --} is an operand; a lone {@code -} is an operand.</li>
 * </ul>
 * A program's table is the union of its section and all its sub-command sections (the sub-command is
 * not looked for), so a spelling may map to several canonical names ({@code git -f} is {@code --force}
 * for push and {@code --file} for config), and an ambiguous abbreviation to every name it may
 * abbreviate. It does not know which short options take a value, so {@code grep -e -rf} yields
 * {@code -e --recursive …}. Over-matching a blocked pattern is the safe direction.
 */
final class GenericOptionCanonicalizer implements OptionCanonicalizer {

    static final GenericOptionCanonicalizer INSTANCE = new GenericOptionCanonicalizer(RuleSet::builtin);

    /** Spellings ({@code -r}, {@code --recursive}, {@code -name}) → canonical names, per program. */
    private record Table(Map<String, Set<String>> spellings, boolean noOptions) {
        static final Table EMPTY = new Table(Map.of(), false);
    }

    private final Supplier<RuleSet> rules;
    private final Map<String, Table> tables = new ConcurrentHashMap<>();

    GenericOptionCanonicalizer(Supplier<RuleSet> rules) {
        this.rules = rules;
    }

    private Table table(String program) {
        if (program == null || program.isEmpty()) {
            return Table.EMPTY;
        }
        Table t = tables.get(program);
        if (t == null) {
            t = build(rules.get().program(program));
            if (tables.size() < 4096) {
                tables.put(program, t);
            }
        }
        return t;
    }

    private static Table build(Section root) {
        if (root == null) {
            return Table.EMPTY;
        }
        Map<String, Set<String>> spellings = new HashMap<>();
        Deque<Section> todo = new ArrayDeque<>();
        todo.add(root);
        int seen = 0;
        while (!todo.isEmpty() && seen++ < 10_000) {
            Section s = todo.poll();
            for (OptionSpec o : s.options()) {
                for (String n : o.names()) {
                    spellings.computeIfAbsent(n, k -> new LinkedHashSet<>()).add(o.canonical());
                }
            }
            todo.addAll(s.subSections());
        }
        return new Table(Map.copyOf(spellings), root.mode() == Section.ParseMode.NONE);
    }

    @Override
    public Set<String> canonicalOptions(String program, List<String> args) {
        Table known = table(program);
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
                out.addAll(longName(name, known));
            } else if (a.startsWith("-") && a.length() > 1) {
                Set<String> word = a.length() > 2 ? known.spellings().get(a) : null;
                if (word != null) {
                    out.addAll(word);       // a single-dash word option the rules know (java -jar)
                } else if (known.noOptions()) {
                    out.add(a);             // find's primaries (-delete, -exec) are single words
                } else {
                    for (int i = 1; i < a.length(); i++) {
                        String letter = "-" + a.charAt(i);
                        out.addAll(known.spellings().getOrDefault(letter, Set.of(letter)));
                    }
                }
            }
        }
        return out;
    }

    private static Set<String> longName(String name, Table known) {
        Set<String> exact = known.spellings().get(name);
        if (exact != null) {
            return exact;
        }
        Set<String> candidates = new LinkedHashSet<>();
        for (Map.Entry<String, Set<String>> e : known.spellings().entrySet()) {
            if (e.getKey().startsWith("--") && e.getKey().startsWith(name)) {
                candidates.addAll(e.getValue());
            }
        }
        return candidates.isEmpty() ? Set.of(name) : candidates;
    }
}
