package dev.cmdgate.agent.launch;

import java.util.Map;

/**
 * This JVM's own environment, read once. It cannot change while the JVM runs (Java has no {@code setenv},
 * and the JDK reads the native environment once, at its first use), and a lookup in the JDK's map encodes
 * the name anew every time: a launch compares a few dozen variables against it, several times.
 */
public final class OwnEnvironment {

    private OwnEnvironment() {
    }

    private static final class Holder {
        static final Map<String, String> ENV = Map.copyOf(System.getenv());
    }

    /** The variables this JVM has, which a launch without an environment of its own inherits. */
    public static Map<String, String> get() {
        return Holder.ENV;
    }
}
