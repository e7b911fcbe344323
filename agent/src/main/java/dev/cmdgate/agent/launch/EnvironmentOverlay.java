package dev.cmdgate.agent.launch;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * This JVM's environment with a few variables set: what a child that would inherit gets once cmdgate adds
 * its own variables (the parent decision, the agent for JVMs below it). Every allowed launch gets one; it
 * names the few changes instead of copying the few dozen inherited variables, so the launch path can judge
 * and hand on just the changes ({@link #changes}). Immutable; the whole map is built only if someone
 * iterates it.
 */
final class EnvironmentOverlay extends AbstractMap<String, String> {

    private final Map<String, String> inherited;
    private final Map<String, String> changes;
    private Set<Entry<String, String>> entries;

    /** @param set variables to set over this JVM's environment (those equal to it change nothing) */
    EnvironmentOverlay(Map<String, String> set) {
        this.inherited = OwnEnvironment.get();
        Map<String, String> c = new HashMap<>(set.size() * 2);
        for (Map.Entry<String, String> e : set.entrySet()) {   // a loop, not a lambda: nothing spun on the launch path
            if (!e.getValue().equals(inherited.get(e.getKey()))) {
                c.put(e.getKey(), e.getValue());
            }
        }
        this.changes = Collections.unmodifiableMap(c);
    }

    /** The variables whose values differ from this JVM's. */
    Map<String, String> changes() {
        return changes;
    }

    @Override
    public String get(Object name) {
        String v = changes.get(name);
        return v != null ? v : inherited.get(name);
    }

    @Override
    public boolean containsKey(Object name) {
        return changes.containsKey(name) || inherited.containsKey(name);
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
        if (entries == null) {
            Map<String, String> all = new HashMap<>(inherited);
            all.putAll(changes);
            entries = Collections.unmodifiableMap(all).entrySet();
        }
        return entries;
    }
}
