package dev.cmdgate.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The launcher classes must end up hooked even when the JVM first defined them without the hook (it
 * does so when it cannot copy their bytes on an exhausted heap): LauncherHooks retransforms them until
 * the transformer has woven them, and reports a launcher it can never hook so that the JVM is stopped.
 */
class LauncherHooksTest {

    private final LaunchHookTransformer transformer = new LaunchHookTransformer(null);
    private final List<String> retransformed = new ArrayList<>();

    /** An Instrumentation whose retransformClasses fails {@code failures} times per call sequence, then weaves. */
    private Instrumentation instrumentation(int failures) {
        return instrumentation(failures, new OutOfMemoryError("test: no memory to copy the class bytes"), true);
    }

    /**
     * An Instrumentation with both launcher classes loaded, whose retransformClasses throws {@code failure}
     * {@code failures} times, then runs the transformer when {@code weave}, else changes nothing.
     */
    private Instrumentation instrumentation(int failures, Throwable failure, boolean weave) {
        return (Instrumentation) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Instrumentation.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getAllLoadedClasses")) {
                        return new Class<?>[] {String.class, ProcessBuilder.class, Class.forName("java.lang.ProcessImpl")};
                    }
                    if (!method.getName().equals("retransformClasses")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    for (Class<?> c : (Class<?>[]) args[0]) {
                        retransformed.add(c.getName());
                        if (retransformed.size() <= failures) {
                            throw failure;
                        }
                        String internal = c.getName().replace('.', '/');
                        if (weave) {
                            transformer.transform(null, null, internal, c, null, bytesOf(internal));
                        }
                    }
                    return null;
                });
    }

    private static byte[] bytesOf(String internalName) {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aLauncherLoadedWithoutItsHookIsHookedOnceMemoryAllowsIt() throws Exception {
        LauncherHooks hooks = new LauncherHooks(instrumentation(2), transformer, 10, 1);

        assertThat(hooks.hookAll()).isNull();
        assertThat(transformer.hooked(LaunchHookTransformer.PROCESS_BUILDER)).isTrue();
        assertThat(transformer.hooked(LaunchHookTransformer.PROCESS_IMPL)).isTrue();
        assertThat(retransformed).containsExactly("java.lang.ProcessBuilder", "java.lang.ProcessBuilder",
                "java.lang.ProcessBuilder", "java.lang.ProcessImpl");
    }

    @Test
    void aLauncherThatCanNeverBeHookedIsReported() throws Exception {
        LauncherHooks hooks = new LauncherHooks(instrumentation(Integer.MAX_VALUE), transformer, 3, 1);

        assertThat(hooks.hookAll()).contains("java.lang.ProcessBuilder").contains("could not be hooked");
        assertThat(retransformed).hasSize(3);
    }

    @Test
    void launchersHookedWhenTheyWereLoadedAreLeftAlone() throws Exception {
        for (String internal : List.of(LaunchHookTransformer.PROCESS_BUILDER, LaunchHookTransformer.PROCESS_IMPL)) {
            transformer.transform(null, null, internal, null, null, bytesOf(internal));
        }
        LauncherHooks hooks = new LauncherHooks(instrumentation(0), transformer, 3, 1);

        assertThat(hooks.hookAll()).isNull();
        assertThat(retransformed).isEmpty();
    }

    @Test
    void aLateAttachHooksTheLaunchersAlreadyLoaded() {
        LauncherHooks hooks = new LauncherHooks(instrumentation(0), transformer, 3, 1);

        assertThat(hooks.retransformLoaded()).isNull();
        assertThat(retransformed).containsExactly("java.lang.ProcessBuilder", "java.lang.ProcessImpl");
        assertThat(transformer.hooked(LaunchHookTransformer.PROCESS_IMPL)).isTrue();
    }

    @Test
    void aLateAttachWhoseRetransformIsRejectedIsReported() {
        LauncherHooks hooks = new LauncherHooks(instrumentation(1, new VerifyError("test: bad woven class"), true), transformer, 3, 1);

        assertThat(hooks.retransformLoaded()).contains("cannot hook").contains("VerifyError");
    }

    @Test
    void aLateAttachWhoseTransformerDidNotWeaveIsReported() {
        LauncherHooks hooks = new LauncherHooks(instrumentation(0, new AssertionError("unused"), false), transformer, 3, 1);

        assertThat(hooks.retransformLoaded()).isEqualTo("the JDK's class java.lang.ProcessBuilder could not be hooked");
    }
}
