package dev.cmdgate.agent.instrument;

/**
 * Weaves the JDK's classes that cmdgate hooks at start-up: the launch funnel ({@link LaunchHookWeaver}) and the
 * guards that keep other agents off it ({@link GuardWeaver}). Two implementations run the same weaving code with
 * different copies of ASM (see {@link JdkAsmWeaving}); each method answers null where its weaver does.
 */
public interface LauncherWeaving {

    /**
     * The weaving for this JVM: with the JDK's own ASM where java.base has it and exports it to cmdgate
     * ({@link JdkAsmWeaving}), else with cmdgate's. Decided here so that a JDK without it (24 and later) does not
     * even load the class that would choose.
     */
    static LauncherWeaving forThisJvm() {
        if (Object.class.getModule().isExported(JdkAsmWeaving.JDK_ASM_PACKAGE, LauncherWeaving.class.getModule())) {
            return JdkAsmWeaving.choose(true);
        }
        return new AsmLauncherWeaving();
    }

    /** {@code ProcessImpl} or {@code ProcessBuilder}, woven; null when the class is not of the expected shape. */
    byte[] launcher(byte[] bytes, String nativePrefix);

    /** {@code InstrumentationImpl} or the diagnostic-command runner, woven; null when not of the expected shape. */
    byte[] guard(byte[] bytes);
}
