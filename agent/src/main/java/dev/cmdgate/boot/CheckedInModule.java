package dev.cmdgate.boot;

import java.util.HashMap;
import java.util.Map;

/**
 * The one configuration premain does not check with cmdgate's classes in a throwaway loader (milliseconds of
 * reading and verifying classes on the JVM's start-up path, see docs/performance.md, cause F): none at all — no
 * agent arguments and no {@code cmdgate.*} system property (a configuration file is named by one of those, and
 * cmdgate reads no other source: no default file, no environment variable). It cannot be bad, and its check
 * reads no file the application could change first. It is handed to cmdgate's module, marked unchecked, and
 * checked there when it starts.
 *
 * <p>Anything else is checked in premain, a gated parent's sealed settings included: their check reads the rules
 * file, and a child's own {@code main} could rewrite that file before a later check read it.
 */
final class CheckedInModule {

    /** The key the module's {@code ConfigCheck.UNCHECKED} names; {@code CheckedInModuleTest} holds the two equal. */
    static final String UNCHECKED = "\0unchecked";
    /** The key the module's {@code ConfigCheck.ARGS} names: the agent arguments, to be checked with the properties. */
    static final String ARGS = "\0args";

    private CheckedInModule() {
    }

    /** Whether the start-up properties ({@code Bootstrap.settings()}) and the agent arguments may be checked later. */
    static boolean suffices(Map<String, String> settings, String args) {
        for (String name : settings.keySet()) {
            if (name.startsWith("cmdgate.")) {
                return false;
            }
        }
        return args == null || args.isBlank();
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
