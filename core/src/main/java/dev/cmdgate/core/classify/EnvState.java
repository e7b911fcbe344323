package dev.cmdgate.core.classify;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
    /** Nameref chains longer than this resolve to "only known at run time". */
    private static final int MAX_NAMEREF_HOPS = 16;

    /** A variable's value as the classifier knows it. */
    record Value(String text, boolean dynamic) {
    }

    /** {@code set -a}: every variable assigned from now on is exported. */
    boolean allexport;
    /** {@code set -k}: {@code NAME=value} words anywhere in a command are assignments for it. */
    boolean keyword;
    private boolean overflow;
    // created on first use: most classifications set no variable at all
    private Set<String> exported = Set.of();
    private Map<String, Value> values = Map.of();
    /** {@code declare -n NAME=TARGET}: NAME → TARGET; "" when the target is only known at run time. */
    private Map<String, String> namerefs = Map.of();

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
        if (values.isEmpty()) {
            values = new LinkedHashMap<>();
        }
        if (values.size() < MAX_TRACKED || values.containsKey(name)) {
            values.put(name, new Value(text, dynamic));
        } else {
            overflow = true;
        }
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
