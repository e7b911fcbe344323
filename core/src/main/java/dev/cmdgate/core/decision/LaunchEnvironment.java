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
 * as hooks — the variables that change what code runs, whose value is what an auditor needs to see, unless the
 * value is itself a secret.
 *
 * @param changed the names of the variables the launch sets or changes, sorted
 * @param hooks   the hook variables among them, with their values, sorted by name
 */
public record LaunchEnvironment(List<String> changed, Map<String, String> hooks) implements JsonWritable {

    /** What is recorded for a hook whose value is a secret (git's GIT_CONFIG_VALUE_n holding a token). */
    public static final String SECRET_VALUE = "\u2026 (a secret: not recorded)";

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
                String value = changes.get(name);
                hooks.put(name, rules.isSecretVariable(name, value) ? SECRET_VALUE : value);
            }
        }
        return new LaunchEnvironment(names, hooks);
    }

    /** {@code {"changed":[…],"hooks":{…}}}. */
    @Override
    public void writeJson(StringBuilder out) {
        out.append("{\"" + AuditFields.ENV_CHANGED + "\":");
        Json.write(changed, out);
        out.append(",\"" + AuditFields.ENV_HOOKS + "\":");
        Json.write(hooks, out);
        out.append('}');
    }
}
