package dev.cmdgate.boot;

import java.util.HashMap;
import java.util.Map;

/**
 * A JVM given cmdgate with no configuration at all: no agent arguments and no {@code cmdgate.*} system property
 * (a configuration file is named by one of those, and cmdgate reads no other source). Such a configuration
 * cannot be bad, so premain does not check it with cmdgate's classes in a throwaway loader (milliseconds of
 * reading and verifying classes on the JVM's start-up path, see docs/performance.md, cause F): it hands the
 * start-up properties on, marked unchecked, and cmdgate's module checks them when it starts, as any other
 * configuration is checked — a failure there still stops the JVM before any process starts.
 */
final class NoConfiguration {

    /** The key the module's {@code ConfigCheck.UNCHECKED} names; {@code NoConfigurationTest} holds the two equal. */
    static final String UNCHECKED = "\0unchecked";

    private NoConfiguration() {
    }

    /** Whether the agent arguments and the start-up properties ({@code Bootstrap.settings()}) configure nothing. */
    static boolean in(Map<String, String> settings, String args) {
        if (args != null && !args.isBlank()) {
            return false;
        }
        for (String name : settings.keySet()) {
            if (name.startsWith("cmdgate.")) {
                return false;
            }
        }
        return true;
    }

    /** The start-up properties, marked for the module to check. */
    static Map<String, String> handOver(Map<String, String> settings) {
        Map<String, String> out = new HashMap<>(settings);
        out.put(UNCHECKED, "");
        return Map.copyOf(out);
    }
}
