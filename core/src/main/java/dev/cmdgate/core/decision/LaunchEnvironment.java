package dev.cmdgate.core.decision;

import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonWritable;
import dev.cmdgate.core.rules.RuleSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a launch changed in its environment, as the audit line records it: the names of every variable
 * set or changed (values are not recorded: they may be secrets), and the values of those the rules know
 * as hooks — the variables that change what code runs, whose value is what an auditor needs to see.
 *
 * @param changed the names of the variables the launch sets or changes, sorted
 * @param hooks   the hook variables among them, with their values, sorted by name
 */
public record LaunchEnvironment(List<String> changed, Map<String, String> hooks) implements JsonWritable {

    public LaunchEnvironment {
        changed = List.copyOf(changed);
        hooks = Collections.unmodifiableMap(new TreeMap<>(hooks));
    }

    /** The record of {@code changes}, or null when the launch changes nothing. */
    public static LaunchEnvironment of(Map<String, String> changes, RuleSet rules) {
        if (changes.isEmpty()) {
            return null;
        }
        List<String> names = new ArrayList<>(changes.keySet());
        Collections.sort(names);
        Map<String, String> hooks = new TreeMap<>();
        for (String name : names) {
            if (rules.isEnvHook(name)) {
                hooks.put(name, changes.get(name));
            }
        }
        return new LaunchEnvironment(names, hooks);
    }

    /** {@code {"changed":[…],"hooks":{…}}}. */
    @Override
    public void writeJson(StringBuilder out) {
        out.append("{\"changed\":");
        Json.write(changed, out);
        out.append(",\"hooks\":");
        Json.write(hooks, out);
        out.append('}');
    }
}
