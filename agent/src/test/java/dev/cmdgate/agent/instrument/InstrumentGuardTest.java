package dev.cmdgate.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.agent.bridge.BridgeOps;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.ClassDefinition;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.zip.Adler32;
import org.junit.jupiter.api.Test;

/** What another agent may change: application classes, never the JDK's or cmdgate's. */
class InstrumentGuardTest {

    private final Instrumentation own = instrumentation();
    private final Instrumentation other = instrumentation();
    private final InstrumentGuard guard = new InstrumentGuard(own, InstrumentGuardTest.class);
    /** A loader of application classes that is not this test's (whose loader stands for cmdgate's here). */
    private final ClassLoader application = new URLClassLoader(new URL[0], null);

    @Test
    void the_jdks_classes_are_those_of_its_loaders_and_of_its_modules_packages() {
        assertThat(JdkClasses.of("java/util/zip/Adler32", null)).isTrue();
        assertThat(JdkClasses.of("java/sql/Driver", ClassLoader.getPlatformClassLoader())).isTrue();
        assertThat(JdkClasses.of("anything/OnTheBootClassPath", null)).as("what an agent appended to the boot class path").isTrue();
        // JDK 17's reflection accessors: generated into java.base's package by a loader of the JDK's own
        assertThat(JdkClasses.of("jdk/internal/reflect/GeneratedMethodAccessor1", application)).isTrue();
        assertThat(JdkClasses.of("com/example/App", application)).isFalse();
        assertThat(JdkClasses.of("jdk/example/NotTheJdks", application)).as("a package no JDK module has").isFalse();
        assertThat(JdkClasses.of("App", application)).as("the unnamed package").isFalse();
        assertThat(JdkClasses.of(null, application)).isFalse();
    }

    @Test
    void the_jdks_modules_are_the_boot_layers_modules_from_its_image() {
        assertThat(JdkClasses.module(Object.class.getModule())).isTrue();
        assertThat(JdkClasses.module(java.sql.Driver.class.getModule())).isTrue();
        assertThat(JdkClasses.module(application.getUnnamedModule())).isFalse();
        ModuleLayer.boot().findModule("jdk.compiler").ifPresent(m ->
                assertThat(JdkClasses.module(m)).as("a JDK module the application loader defines").isTrue());
    }

    @Test
    void cmdgates_own_agent_may_transform_every_class() {
        assertThat(guard.check(BridgeOps.GUARD_TRANSFORM, new Object[] {own, "java/lang/ProcessImpl"})).isEqualTo(Boolean.FALSE);
        assertThat(guard.check(BridgeOps.GUARD_TRANSFORM_ORIGIN, new Object[] {own, "java/util/zip/Adler32", null}))
                .isEqualTo(Boolean.FALSE);
    }

    @Test
    void another_agents_transformers_get_neither_the_launch_path_nor_the_jdk_nor_cmdgate() {
        assertThat(guard.check(BridgeOps.GUARD_TRANSFORM, new Object[] {other, "java/lang/ProcessImpl"})).isEqualTo(Boolean.TRUE);
        assertThat(guard.check(BridgeOps.GUARD_TRANSFORM, new Object[] {other, "java/util/zip/Adler32"}))
                .as("asked again with the loader").isNull();
        assertThat(origin("java/util/zip/Adler32", null)).isEqualTo(Boolean.TRUE);
        assertThat(origin("jdk/internal/reflect/GeneratedMethodAccessor7", application)).isEqualTo(Boolean.TRUE);
        String cmdgate = InstrumentGuardTest.class.getName().replace('.', '/');
        assertThat(origin(cmdgate, InstrumentGuardTest.class.getClassLoader())).as("cmdgate's module's loader").isEqualTo(Boolean.TRUE);
        assertThat(origin(cmdgate.substring(0, cmdgate.lastIndexOf('/')) + "/Other", application)).isEqualTo(Boolean.FALSE);
        assertThat(origin("com/example/App", application)).isEqualTo(Boolean.FALSE);
    }

    @Test
    void the_bootstrap_package_on_the_class_path_is_cmdgates_too() throws Exception {
        try (URLClassLoader boot = new URLClassLoader(new URL[] {classesOf(InstrumentGuardTest.class)}, null)) {
            Class<?> bootstrap = boot.loadClass(InstrumentGuardTest.class.getName());
            InstrumentGuard g = new InstrumentGuard(own, bootstrap);
            String pkg = InstrumentGuardTest.class.getPackageName().replace('.', '/');
            assertThat(g.keptFromOthers(pkg + "/Forwarder", boot)).isTrue();
            assertThat(g.keptFromOthers(pkg + "/sub/Other", boot)).as("another package").isFalse();
            assertThat(g.keptFromOthers("com/example/App", boot)).isFalse();
            assertThat(g.keptFromOthers(pkg + "/Forwarder", application)).as("another loader").isFalse();
        }
    }

    @Test
    void another_agent_may_not_redefine_a_jdk_class() throws IOException {
        ClassDefinition adler = new ClassDefinition(Adler32.class, bytesOf(Adler32.class));

        assertThatThrownBy(() -> guard.check(BridgeOps.GUARD_REDEFINE, new Object[] {other, new ClassDefinition[] {adler}}))
                .isInstanceOf(UnmodifiableClassException.class)
                .hasMessageContaining("refused another agent's request to redefine java.util.zip.Adler32");
        assertThat(guard.check(BridgeOps.GUARD_REDEFINE, new Object[] {own, new ClassDefinition[] {adler}})).isNull();
    }

    @Test
    void another_agent_may_retransform_jdk_classes_whose_bytes_its_transformers_never_get() {
        // Mockito retransforms java.lang.Object with every class it mocks: the call goes on, the class stays as it is
        assertThat(guard.check(BridgeOps.GUARD_RETRANSFORM, new Object[] {other, new Class<?>[] {Object.class, Adler32.class}}))
                .isNull();
        assertThatThrownBy(() -> guard.check(BridgeOps.GUARD_RETRANSFORM, new Object[] {other, new Class<?>[] {ProcessBuilder.class}}))
                .isInstanceOf(UnmodifiableClassException.class);
    }

    private Object origin(String internalName, ClassLoader loader) {
        return guard.check(BridgeOps.GUARD_TRANSFORM_ORIGIN, new Object[] {other, internalName, loader});
    }

    private static byte[] bytesOf(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }

    private static URL classesOf(Class<?> c) {
        return c.getProtectionDomain().getCodeSource().getLocation();
    }

    private static Instrumentation instrumentation() {
        return (Instrumentation) Proxy.newProxyInstance(InstrumentGuardTest.class.getClassLoader(),
                new Class<?>[] {Instrumentation.class}, (proxy, method, args) -> {
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
