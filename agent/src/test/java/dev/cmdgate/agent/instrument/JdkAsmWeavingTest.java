package dev.cmdgate.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The launcher weavers run with the JDK's own ASM where java.base has it (JDK 17 to 23): the copies must weave
 * exactly what the originals weave, and refuse (null) exactly where they refuse.
 */
class JdkAsmWeavingTest {

    private static final String[] LAUNCHER = {LaunchHookTransformer.PROCESS_IMPL, LaunchHookTransformer.PROCESS_BUILDER};
    private static final String[] GUARDED = {GuardWeaver.INSTRUMENTATION_IMPL, GuardWeaver.DCMD_WRAPPER};

    /** The copies the build wrote (into the compiled classes, as into the jar). */
    private static final LauncherWeaving COPY = jdkAsm() ? JdkAsmWeaving.choose(true) : null;

    private static boolean jdkAsm() {
        return Object.class.getModule().isExported(JdkAsmWeaving.JDK_ASM_PACKAGE, JdkAsmWeavingTest.class.getModule());
    }

    private static byte[] bytesOf(String internalName) {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theCopiedClassesAreTheWeaversWholeNests() {
        List<String> nests = new ArrayList<>(List.of("AsmLauncherWeaving"));
        for (Class<?> host : List.of(LaunchHookWeaver.class, GuardWeaver.class)) {
            for (Class<?> member : host.getNestMembers()) {
                nests.add(member.getName().substring(member.getPackageName().length() + 1));
            }
        }
        assertThat(JdkAsmWeaving.COPIED).containsExactlyInAnyOrderElementsOf(nests);
    }

    @Test
    void theCopiesWeaveTheSameBytesAsTheOriginals() throws Exception {
        assumeTrue(jdkAsm(), "this JDK has no internal ASM exported to the test");
        LauncherWeaving copy = COPY;
        LauncherWeaving original = new AsmLauncherWeaving();
        Class<?> visitor = Class.forName(LaunchHookWeaver.class.getName().replace("LaunchHookWeaver", "JdkAsmLaunchHookWeaver")
                + "$HookingVisitor");
        assertThat(visitor.getSuperclass().getName()).isEqualTo(JdkAsmWeaving.JDK_ASM_PACKAGE + ".ClassVisitor");

        for (String launcher : LAUNCHER) {
            for (String prefix : Arrays.asList(null, "cmdgate_")) {
                byte[] bytes = bytesOf(launcher);
                byte[] expected = original.launcher(bytes, prefix);
                byte[] actual = copy.launcher(bytes, prefix);
                if (expected == null) {
                    assertThat(actual).as(launcher + " " + prefix).isNull();
                } else {
                    assertThat(actual).as(launcher + " " + prefix).isEqualTo(expected).isNotEqualTo(bytes);
                }
            }
        }
        for (String guarded : GUARDED) {
            byte[] bytes = bytesOf(guarded);
            assertThat(copy.guard(bytes)).as(guarded).isNotNull().isEqualTo(original.guard(bytes));
        }
    }

    @Test
    void theCopiesLeaveAClassOfUnknownShapeAsTheOriginalsDo() {
        assumeTrue(jdkAsm(), "this JDK has no internal ASM exported to the test");
        LauncherWeaving copy = COPY;
        // ProcessImpl with a native-method prefix it cannot wrap a fork for, and classes that are no launcher
        byte[] notALauncher = bytesOf("java/lang/String");
        assertThat(copy.launcher(notALauncher, null)).isNull();
        assertThat(copy.guard(notALauncher)).isNull();
        assertThat(copy.launcher(bytesOf(GuardWeaver.INSTRUMENTATION_IMPL), "cmdgate_")).isNull();
        assertThat(new AsmLauncherWeaving().launcher(notALauncher, null)).isNull();
    }

    @Test
    void withTheJdksAsmTheCopiesWeave() {
        assumeTrue(jdkAsm(), "this JDK has no internal ASM exported to the test");
        assertThat(COPY.getClass().getSimpleName()).isEqualTo(JdkAsmWeaving.PREFIX + "AsmLauncherWeaving");
    }

    @Test
    void theBuildRenamesTheAsmPackageTheWeaversWereCompiledAgainstAndEachCopiedClass() {
        Map<String, String> renames = JdkAsmCopies.renames(bytesOf("dev/cmdgate/agent/instrument/" + JdkAsmWeaving.VISITOR));
        assertThat(renames).containsEntry("org/objectweb/asm/", "jdk/internal/org/objectweb/asm/")
                .containsEntry("dev/cmdgate/agent/instrument/GuardWeaver", "dev/cmdgate/agent/instrument/JdkAsmGuardWeaver")
                .hasSize(4);
    }

    @Test
    void withoutTheJdksAsmTheOriginalsWeave() {
        assertThat(JdkAsmWeaving.choose(false)).isInstanceOf(AsmLauncherWeaving.class);
    }

}
