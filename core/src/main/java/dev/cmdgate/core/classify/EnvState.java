package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one classification has seen of the shell's variables so far, in the order the script runs:
 * which are exported, their latest values, namerefs, and the two shell options that change which
 * words set variables ({@code set -a}, {@code set -k}). It is flow-insensitive where that is the safe
 * direction: an option once turned on stays on, a variable once exported stays exported, whatever
 * branch or subshell did it. Bounded: past {@link #MAX_TRACKED} names nothing more is remembered, and
 * every later assignment counts as exported (fail closed).
 */
final class EnvState {

    static final int MAX_TRACKED = 1000;
    /** Distinct literal values remembered per variable (the worst of them is judged where it is used). */
    static final int MAX_VALUES = 8;
    /** Nameref chains longer than this resolve to "only known at run time". */
    private static final int MAX_NAMEREF_HOPS = 16;

    /** A variable's value as the classifier knows it. */
    record Value(String text, boolean dynamic) {
    }

    /**
     * A value known only in part: a for loop's list word with an expansion or a glob ({@code /proc/$PPID/e*}), one
     * of whose expansions the variable holds. {@code text} keeps the expansions as written, {@code pattern} is the
     * names it may be as a {@link ShellPattern} (each expansion a {@code *}), and {@code glob} says whether the word
     * had a glob of its own. A class, not a record: a record's equals is spun up at first use, which a JVM's first
     * launch decision must not pay for (the values are only ever compared by identity).
     */
    static final class Partial {
        private final String text;
        private final String pattern;
        private final boolean glob;

        Partial(String text, String pattern, boolean glob) {
            this.text = text;
            this.pattern = pattern;
            this.glob = glob;
        }

        String text() {
            return text;
        }

        String pattern() {
            return pattern;
        }

        boolean glob() {
            return glob;
        }
    }

    /** {@code set -a}: every variable assigned from now on is exported. */
    boolean allexport;
    /** {@code set -k}: {@code NAME=value} words anywhere in a command are assignments for it. */
    boolean keyword;
    private boolean overflow;
    // created on first use: most classifications set no variable at all
    private Set<String> exported = Set.of();
    private Map<String, Value> values = Map.of();
    /** Every literal value each variable was given so far, in script order, at most {@link #MAX_VALUES}. */
    private Map<String, List<String>> literals = Map.of();
    /** Every value known in part each variable was given, at most {@link #MAX_VALUES}. */
    private Map<String, List<Partial>> partials = Map.of();
    /** {@code declare -n NAME=TARGET}: NAME → TARGET; "" when the target is only known at run time. */
    private Map<String, String> namerefs = Map.of();
    /** {@code declare -l}/{@code -u NAME}: NAME → whether its values are lowercased (else uppercased). */
    private Map<String, Boolean> caseConverted = Map.of();
    /**
     * Variables whose literal value held a command substitution, with that value: bash evaluates a variable used
     * in arithmetic as an expression, which runs the substitutions in it. Kept when the variable changes again
     * (flow-insensitive, the safe direction); at most {@link #MAX_TRACKED}.
     */
    private Map<String, String> codeValues = Map.of();
    private boolean dynamicValues;
    /** Variables given more distinct literal values than are remembered, one of them not a plain number. */
    private Set<String> untoldLiterals = Set.of();
    /** NAME → the text, as written, of the words that gave it its value only known at run time ({@code $(wc -l < f)}). */
    private Map<String, String> producers = Map.of();
    /**
     * Names given the integer attribute ({@code declare -i}, {@code local -i}, {@code typeset -i}): bash evaluates
     * every value assigned to them as arithmetic. Never taken away (a {@code +i} or a function's scope ending is not
     * followed): evaluating one assignment too many only judges more.
     */
    private Set<String> integers = Set.of();

    /**
     * {@code NAME=(w1 w2 …)} with every element a literal word: the elements; null for an array whose elements are
     * not all known (an element with an expansion, a glob or a key, {@code NAME+=(…)}, {@code NAME[k]=v}, two
     * different arrays).
     */
    private Map<String, List<String>> arrays = Map.of();

    /**
     * Every literal value each element of an array was given, by key — its index in decimal, or an associative
     * array's key — in any order, at most {@link #MAX_VALUES} a key and 64 keys an array: {@code a=([5]=P)},
     * {@code a[3]=P}, {@code declare -A m=([k]=P)}, {@code m[k]=P}, and each element of a whole array. Like a
     * variable's literal values, flow-insensitive: an element may hold any of them (the safe direction).
     */
    private Map<String, Map<String, List<String>>> elements = Map.of();
    /** {@code declare -A NAME}: arrays whose subscripts are keys, not arithmetic. */
    private Set<String> associative = Set.of();

    /** One more literal value element {@code key} of array {@code name} may hold. */
    void element(String name, String key, String value) {
        if (elements.isEmpty()) {
            elements = new HashMap<>();
        }
        if (!elements.containsKey(name) && elements.size() >= MAX_TRACKED) {
            return;
        }
        Map<String, List<String>> keys = elements.computeIfAbsent(name, k -> new HashMap<>());
        if (!keys.containsKey(key) && keys.size() >= 64) {
            return;
        }
        List<String> vs = keys.computeIfAbsent(key, k -> new ArrayList<>(1));
        if (!vs.contains(value) && vs.size() < MAX_VALUES) {
            vs.add(value);
        }
    }

    /** Whether some element of array {@code name} was given a literal value ({@code a=([5]=x)}, {@code a[1]=y}). */
    boolean hasElements(String name) {
        return elements.containsKey(name);
    }

    /** The literal values element {@code key} of array {@code name} was given; empty when none. */
    List<String> elementValues(String name, String key) {
        Map<String, List<String>> keys = elements.get(name);
        List<String> vs = keys == null ? null : keys.get(key);
        return vs == null ? List.of() : vs;
    }

    void associative(String name) {
        if (associative.isEmpty()) {
            associative = new HashSet<>();
        }
        if (associative.size() < MAX_TRACKED) {
            associative.add(name);
        }
    }

    boolean isAssociative(String name) {
        return associative.contains(name);
    }

    /** Records an array assignment; null elements: not known. */
    void array(String name, List<String> elements) {
        if (arrays.isEmpty()) {
            arrays = new HashMap<>();
        }
        if (!arrays.containsKey(name) && arrays.size() >= MAX_TRACKED) {
            return;
        }
        for (int i = 0, n = elements == null ? 0 : Math.min(elements.size(), 64); i < n; i++) {
            element(name, Integer.toString(i), elements.get(i));
        }
        List<String> before = arrays.get(name);
        boolean seen = arrays.containsKey(name);
        arrays.put(name, elements == null || seen && !elements.equals(before) ? null : List.copyOf(elements));
    }

    /** {@code NAME+=(…)}: the array it now is, null when not known. */
    void appendArray(String name, List<String> elements) {
        for (int i = 0, n = elements == null ? 0 : Math.min(elements.size(), 64); i < n; i++) {
            element(name, Integer.toString(i), elements.get(i));
        }
        if (arrays.isEmpty()) {
            arrays = new HashMap<>();
        }
        if (arrays.containsKey(name) || arrays.size() < MAX_TRACKED) {
            arrays.put(name, elements == null ? null : List.copyOf(elements));
        }
    }

    /** The elements of the one literal array the variable was given, or null. */
    List<String> array(String name) {
        return arrays.get(name);
    }

    /** Whether assigning this (resolved) name changes the environment of the programs run later. */
    boolean exports(String name) {
        return allexport || overflow || exported.contains(name);
    }

    void export(String name) {
        if (exported.isEmpty()) {
            exported = new HashSet<>();
        }
        if (exported.size() < MAX_TRACKED) {
            exported.add(name);
        } else {
            overflow = true;
        }
    }

    void remember(String name, String text, boolean dynamic) {
        dynamicValues |= dynamic;
        if (!producers.isEmpty()) {
            producers.remove(name);
        }
        if (!dynamic && (text.contains("$(") || text.contains("`")) && codeValues.size() < MAX_TRACKED) {
            if (codeValues.isEmpty()) {
                codeValues = new LinkedHashMap<>();
            }
            codeValues.put(name, text);
        }
        if (values.isEmpty()) {
            values = new LinkedHashMap<>();
        }
        if (values.size() < MAX_TRACKED || values.containsKey(name)) {
            values.put(name, new Value(text, dynamic));
        } else {
            overflow = true;
            return;
        }
        if (!dynamic && text != null) {
            literal(name, text);
        }
    }

    /**
     * Records one more literal value the variable may hold (an assignment, or an assignment's value with
     * the variables in it resolved). A value only known at run time is never recorded: the word that uses
     * the variable is judged as written too.
     */
    void literal(String name, String text) {
        if (text != null && (text.contains("$(") || text.contains("`")) && codeValues.size() < MAX_TRACKED
                && !codeValues.containsKey(name)) {
            // mapfile, read <<< 'a[$(cmd)]': a value that holds a substitution runs it when evaluated as arithmetic
            if (codeValues.isEmpty()) {
                codeValues = new LinkedHashMap<>();
            }
            codeValues.put(name, text);
        }
        List<String> had = literals.get(name);
        if (had != null && had.size() >= MAX_VALUES && !had.contains(text) && !text.strip().matches("[-+]?[0-9]+")) {
            // for v in 1 2 … 8 y: a value past the bound is not remembered, yet arithmetic on v evaluates it
            if (untoldLiterals.isEmpty()) {
                untoldLiterals = new HashSet<>();
            }
            untoldLiterals.add(name);
        }
        literals = add(literals, name, text);
        Boolean lower = caseConverted.get(name);
        if (lower != null) {
            // declare -l NAME earlier: bash stores the value converted
            literals = add(literals, name, lower ? text.toLowerCase(java.util.Locale.ROOT)
                    : text.toUpperCase(java.util.Locale.ROOT));
        }
    }

    /** {@code declare -l NAME} (lower) or {@code -u}: values assigned from now on are stored converted. */
    void convertsCase(String name, boolean lower) {
        if (caseConverted.isEmpty()) {
            caseConverted = new HashMap<>();
        }
        if (caseConverted.size() < MAX_TRACKED) {
            caseConverted.put(name, lower);
        }
    }

    /**
     * {@code values} with one more value for {@code name} (a new map in place of the shared empty one), bounded:
     * at most {@link #MAX_TRACKED} names and {@link #MAX_VALUES} distinct values a name.
     */
    private static <T> Map<String, List<T>> add(Map<String, List<T>> values, String name, T value) {
        Map<String, List<T>> m = values.isEmpty() ? new HashMap<>() : values;
        List<T> l = m.get(name);
        if (l == null) {
            if (m.size() >= MAX_TRACKED) {
                return m;
            }
            l = new ArrayList<>(2);
            m.put(name, l);
        }
        if (l.size() < MAX_VALUES && !l.contains(value)) {
            l.add(value);
        }
        return m;
    }

    /**
     * The literal values this classification gave the variable anywhere so far (in a branch, a loop, a
     * function body, or twice in a row: any of them may be its value where it is used), or an empty list.
     */
    List<String> literals(String name) {
        List<String> l = literals.get(name);
        return l == null ? List.of() : l;
    }

    /**
     * Records one more value known in part the variable may hold (see {@link Partial}): where it is used, the word
     * is judged again with that value standing for the variable.
     */
    void partial(String name, Partial value) {
        partials = add(partials, name, value);
    }

    /** The values known in part this classification gave the variable so far, or an empty list. */
    List<Partial> partials(String name) {
        List<Partial> l = partials.get(name);
        return l == null ? List.of() : l;
    }

    /** Whether some variable has a literal value, or one known in part, recorded (a cheap test before resolving words). */
    boolean hasLiterals() {
        return !literals.isEmpty() || !partials.isEmpty();
    }

    /** Whether some variable was given a literal value holding a command substitution. */
    /** Records the text as written that gave NAME its value only known at run time (after {@link #remember}). */
    void producer(String name, String text) {
        if (producers.isEmpty()) {
            producers = new HashMap<>();
        }
        if (producers.size() < MAX_TRACKED || producers.containsKey(name)) {
            producers.put(name, text);
        }
    }

    /** The text as written that gave NAME its current value only known at run time, or null. */
    /** Whether any variable holds a command's output ({@link #producer}). */
    boolean hasProducers() {
        return !producers.isEmpty();
    }

    String producer(String name) {
        return producers.get(name);
    }

    /** Whether a variable was given a value only known at run time (arithmetic on it may run code). */
    boolean hasDynamicValues() {
        return dynamicValues;
    }

    /** Gives NAME the integer attribute. */
    void integer(String name) {
        if (integers.isEmpty()) {
            integers = new HashSet<>();
        }
        if (integers.size() < MAX_TRACKED) {
            integers.add(name);
        } else {
            overflow = true;
        }
    }

    /** Whether NAME has the integer attribute; past the tracked bound, any name may. */
    boolean isInteger(String name) {
        return integers.contains(name) || overflow && !integers.isEmpty();
    }

    boolean hasCodeValues() {
        return !codeValues.isEmpty();
    }

    /** The literal value holding a command substitution that the variable was given, or null. */
    String codeValue(String name) {
        return codeValues.get(name);
    }

    /** Whether the variable was given a literal value that is neither remembered nor a plain number. */
    boolean hasUntoldLiterals(String name) {
        return untoldLiterals.contains(name);
    }

    /** The variables whose latest value is only known at run time, in the order first set. */
    List<String> dynamicNames() {
        List<String> out = new ArrayList<>(0);
        for (Map.Entry<String, Value> e : values.entrySet()) {
            if (e.getValue().dynamic()) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    /** Whether some nameref's target is only known at run time. */
    boolean hasRuntimeNamerefs() {
        return namerefs.containsValue("");
    }

    /** The value this classification last gave the variable, or null when it has not set it. */
    Value value(String name) {
        return values.get(name);
    }

    /** {@code declare -n NAME=TARGET}; a null target is one only known at run time. */
    void nameref(String name, String target) {
        if (namerefs.isEmpty()) {
            namerefs = new HashMap<>();
        }
        if (namerefs.size() < MAX_TRACKED) {
            namerefs.put(name, target == null ? "" : target);
        } else {
            overflow = true;
            namerefs.put(name, "");
        }
    }

    /**
     * The variable an assignment to {@code name} really sets, through namerefs; null when that is
     * only known at run time (a nameref whose target is computed, or a chain too long to follow).
     */
    String resolve(String name) {
        String n = name;
        for (int hops = 0; hops < MAX_NAMEREF_HOPS; hops++) {
            String t = namerefs.get(n);
            if (t == null) {
                return n;
            }
            if (t.isEmpty()) {
                return null;
            }
            n = t;
        }
        return null;
    }
}
