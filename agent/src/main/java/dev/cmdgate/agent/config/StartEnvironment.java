package dev.cmdgate.agent.config;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The environment variables the configuration check looks at, read without {@code System.getenv}: on JDK 18 and
 * later that loads the JDK's process launcher ({@code ProcessImpl}), and premain's check runs before cmdgate's hook
 * is registered, so the launcher would be defined without it. Reads {@code /proc/self/environ} instead (the
 * environment the JVM started with, which is what {@code System.getenv} answers too); where there is none,
 * {@code System.getenv}, and the bootstrap stops the JVM if that loaded the launcher.
 */
final class StartEnvironment {

    private static final String ENVIRON = "/proc/self/environ";

    private StartEnvironment() {
    }

    /** The value of variable {@code name} in this JVM's environment, or null when it is not set. */
    static String get(String name) {
        byte[] environ;
        try (FileInputStream in = new FileInputStream(ENVIRON)) {
            environ = in.readAllBytes();
        } catch (IOException | SecurityException e) {
            return System.getenv(name);
        }
        return lookup(environ, name);
    }

    /** The value of {@code name} in an environment block ({@code NAME=VALUE} entries, each ended by a NUL byte). */
    static String lookup(byte[] environ, String name) {
        String block = new String(environ, StandardCharsets.ISO_8859_1);
        String prefix = name + '=';
        int from = 0;
        while (from < block.length()) {
            int end = block.indexOf('\0', from);
            if (end < 0) {
                end = block.length();
            }
            if (block.startsWith(prefix, from)) {
                byte[] value = block.substring(from + prefix.length(), end).getBytes(StandardCharsets.ISO_8859_1);
                return new String(value, StandardCharsets.UTF_8);
            }
            from = end + 1;
        }
        return null;
    }
}
