package dev.cmdgate.it.apps;

import java.lang.instrument.Instrumentation;

/**
 * A second agent that lends its {@code Instrumentation} to any code through a public static field, as Byte
 * Buddy's agent jar does ({@code Installer.getInstrumentation()}): given on the command line after cmdgate's.
 */
public final class LendingAgent {

    /** Set at premain; read by the application (reflectively, as code that does not link against the agent would). */
    public static volatile Instrumentation instrumentation;

    private LendingAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        instrumentation = inst;
    }
}
