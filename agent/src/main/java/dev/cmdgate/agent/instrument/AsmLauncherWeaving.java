package dev.cmdgate.agent.instrument;

/**
 * The weavers as compiled: with the ASM that cmdgate's jar carries (relocated). The build writes a copy of this
 * class, and of the weavers it calls, that uses the JDK's own ASM instead ({@link JdkAsmWeaving}).
 */
final class AsmLauncherWeaving implements LauncherWeaving {

    @Override
    public byte[] launcher(byte[] bytes, String nativePrefix) {
        return LaunchHookWeaver.instrument(bytes, nativePrefix);
    }

    @Override
    public byte[] guard(byte[] bytes) {
        return GuardWeaver.instrument(bytes);
    }
}
