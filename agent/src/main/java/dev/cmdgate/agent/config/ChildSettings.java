package dev.cmdgate.agent.config;

import java.util.Map;
import java.util.TreeMap;

/**
 * The configuration a gated JVM hands to the JVMs it launches, as agent arguments: every setting it runs
 * with (paths absolute), marked {@code sealed=true} so that the child takes them from its agent arguments
 * only. The values of the start-up properties are left out: a child reads its own.
 */
public final class ChildSettings {

    private ChildSettings() {
    }

    /** {@code key=value,…,sealed=true}, keys sorted. */
    public static String agentArguments(AgentConfig config) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, String> e : new TreeMap<>(config.settings()).entrySet()) {
            if (e.getKey().startsWith(ConfigParser.START_PROPERTY)) {
                continue;
            }
            out.append(e.getKey()).append('=').append(e.getValue()).append(',');
        }
        return out.append("sealed=true").toString();
    }

    /**
     * Why this configuration cannot be written as a child's agent arguments (a value with a comma, which
     * separates the arguments; a path holding both kinds of quote, which {@code JAVA_TOOL_OPTIONS} cannot
     * quote), or null when it can.
     */
    static String unpassable(AgentConfig config) {
        for (Map.Entry<String, String> e : config.settings().entrySet()) {
            String k = e.getKey();
            String v = e.getValue();
            if (k.startsWith(ConfigParser.START_PROPERTY) || k.equals("caller.skip")) {
                continue;
            }
            if (v.indexOf(',') >= 0) {
                return "the value of " + ConfigParser.PREFIX + k + " (" + v + ") holds a comma, which cannot be passed to"
                        + " child JVMs as an agent argument";
            }
            if (v.indexOf('\'') >= 0 && v.indexOf('"') >= 0) {
                return "the value of " + ConfigParser.PREFIX + k + " (" + v + ") holds both kinds of quote, which cannot be"
                        + " passed to child JVMs in JAVA_TOOL_OPTIONS";
            }
        }
        return null;
    }
}
