package dev.cmdgate.agent.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVM options this JVM was started with, as words: those of its command line before the main class, and those
 * of the variables the launcher, the JVM and the AOT cache assembly JVM the JDK starts from this one read. They were
 * judged when this JVM was launched (by the gate that launched it, or chosen by the operator), so they are the
 * gate's, not the application's.
 */
public final class ThisJvmOptions {

    /** The variables read, in the order the launcher and the JVM read them. */
    public static final List<String> VARIABLES = List.of("JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS",
            "JDK_AOT_VM_OPTIONS");

    private ThisJvmOptions() {
    }

    /** The words; without {@code /proc} (macOS) only those of the variables. */
    public static List<String> words() {
        List<String> words = new ArrayList<>();
        try {
            // a FileInputStream, not Files: the JVM has its classes already, NIO's channels it would load on the first launch
            String cmdline;
            try (java.io.FileInputStream in = new java.io.FileInputStream("/proc/self/cmdline")) {
                cmdline = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            words.addAll(launcherOptions(List.of(cmdline.split("\0"))));
        } catch (IOException | RuntimeException e) {
            // no /proc: the environment variables below still count
        }
        for (String var : VARIABLES) {
            String v = System.getenv(var);
            if (v != null) {
                words.addAll(JvmOptionWords.split(v));   // as the JVM reads it: a quoted option may hold a blank
            }
        }
        return words;
    }

    /**
     * The words of a {@code java} command line before its main class, {@code -jar FILE} or {@code -m MODULE}: the
     * application's own arguments after them are not the launcher's, whatever they look like.
     */
    public static List<String> launcherOptions(List<String> cmdline) {
        return JvmOptionWords.launcherOptions(cmdline.subList(Math.min(1, cmdline.size()), cmdline.size()));
    }
}
