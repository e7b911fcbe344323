package dev.cmdgate.agent.instrument;

import java.util.List;

/**
 * Runs the launcher weavers with the copy of ASM that JDK 17 to 23 carry inside java.base
 * ({@code jdk.internal.org.objectweb.asm}) where that is possible, and with cmdgate's own (relocated) ASM otherwise.
 *
 * <p>Why: the JDK's copy is in its class-data archive, so a JVM loads it without reading, parsing or verifying it,
 * where cmdgate's ASM (28 classes for the launcher) is read from its jar into cmdgate's module and verified class
 * by class, on the way to a JVM's first launch (see docs/performance.md, the cold regime).
 *
 * <p>How: the weaving code is not written twice. The build writes copies of {@link AsmLauncherWeaving} and of the
 * weavers it calls whose class files name the JDK's ASM package instead of cmdgate's, each class with the prefix
 * {@value #PREFIX} ({@link JdkAsmCopies}); they run the very same instructions. java.base exports the package to
 * cmdgate's module only ({@code JdkBridge} asks for it with the bridge's other exports). The JDK's copy is ASM 8 on
 * JDK 17 (the weavers ask for no later API) and is gone from JDK 24; where it is missing or not exported, or a copy
 * cannot be loaded, the originals are used: the same weaving either way, so the choice changes only what start-up
 * costs. A failure while weaving is the weavers' own and is handled as before: the class stays unhooked and
 * {@link LauncherHooks} stops the JVM if it stays so.
 */
final class JdkAsmWeaving {

    static final String JDK_ASM_PACKAGE = "jdk.internal.org.objectweb.asm";
    static final String PREFIX = "JdkAsm";
    /** The classes copied: the entry and the two weavers' nests (what {@code getNestMembers} lists; a test checks it). */
    static final List<String> COPIED = List.of("AsmLauncherWeaving",
            "LaunchHookWeaver", "LaunchHookWeaver$HookingVisitor", "LaunchHookWeaver$EntryAndExit",
            "GuardWeaver", "GuardWeaver$Visitor", "GuardWeaver$Visitor$AskFirst", "GuardWeaver$Visitor$TransformGuard");
    /** The class whose super class names the package of the ASM the weavers were compiled against. */
    static final String VISITOR = "LaunchHookWeaver$HookingVisitor";

    private JdkAsmWeaving() {
    }

    /**
     * The weaving with the JDK's ASM when {@code jdkAsm} and its copies load, else with cmdgate's own.
     *
     * @param jdkAsm whether java.base has the JDK's ASM and exports it to cmdgate
     */
    static LauncherWeaving choose(boolean jdkAsm) {
        if (!jdkAsm) {
            return new AsmLauncherWeaving();
        }
        try {
            return withJdkAsm();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return new AsmLauncherWeaving();
        }
    }

    /** The copy of {@link AsmLauncherWeaving} that weaves with the JDK's ASM. */
    static LauncherWeaving withJdkAsm() throws ReflectiveOperationException {
        String name = JdkAsmWeaving.class.getPackageName() + '.' + PREFIX + AsmLauncherWeaving.class.getSimpleName();
        Class<?> copy = Class.forName(name, true, JdkAsmWeaving.class.getClassLoader());
        return (LauncherWeaving) copy.getDeclaredConstructor().newInstance();
    }
}
