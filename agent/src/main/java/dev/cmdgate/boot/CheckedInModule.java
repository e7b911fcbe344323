package dev.cmdgate.boot;

import java.util.HashMap;
import java.util.Map;

/**
 * The configurations premain does not check with cmdgate's classes in a throwaway loader (milliseconds of
 * reading and verifying classes on the JVM's start-up path, see docs/performance.md, cause F), handing them to
 * cmdgate's module, marked unchecked, to be checked there when it starts — as any other configuration is
 * checked; a failure there still stops the JVM before any process starts:
 * <ul>
 *   <li>none at all: no agent arguments and no {@code cmdgate.*} system property (a configuration file is named
 *       by one of those, and cmdgate reads no other source). It cannot be bad.</li>
 *   <li>what a gated JVM hands the JVMs it launches: agent arguments marked {@code sealed=true}, and no
 *       {@code cmdgate.*} system property to report. The parent checked that configuration before its own
 *       {@code main}; what could make it bad since (a file it names deleted or rewritten) could as well happen
 *       while either JVM runs, and is dealt with there (docs/threat-model.md, "A child JVM's configuration").</li>
 * </ul>
 * Anything else — a user's arguments or properties, a sealed configuration with properties to report — is
 * checked in premain, so a bad one stops the JVM with one line before {@code main}.
 */
final class CheckedInModule {

    /** The key the module's {@code ConfigCheck.UNCHECKED} names; {@code CheckedInModuleTest} holds the two equal. */
    static final String UNCHECKED = "\0unchecked";
    /** The key the module's {@code ConfigCheck.ARGS} names: the agent arguments, to be checked with the properties. */
    static final String ARGS = "\0args";
    private static final String SEALED = "sealed=true";

    private CheckedInModule() {
    }

    /** Whether the start-up properties ({@code Bootstrap.settings()}) and the agent arguments may be checked later. */
    static boolean suffices(Map<String, String> settings, String args) {
        for (String name : settings.keySet()) {
            if (name.startsWith("cmdgate.")) {
                return false;
            }
        }
        return args == null || args.isBlank() || sealed(args);
    }

    /** Whether the arguments are a parent's: {@code sealed=true} among them (the parent writes it last). */
    private static boolean sealed(String args) {
        return args.endsWith("," + SEALED) || args.equals(SEALED);
    }

    /** The start-up properties and the agent arguments, marked for the module to check. */
    static Map<String, String> handOver(Map<String, String> settings, String args) {
        Map<String, String> out = new HashMap<>(settings);
        out.put(UNCHECKED, "");
        if (args != null) {
            out.put(ARGS, args);
        }
        return Map.copyOf(out);
    }
}
