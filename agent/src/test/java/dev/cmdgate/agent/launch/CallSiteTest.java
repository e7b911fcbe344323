package dev.cmdgate.agent.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.boot.ThreadOriginSlot;
import java.util.List;
import org.example.app.App;
import org.junit.jupiter.api.Test;

/** The audit's caller is the user's code, past the launcher libraries (reviewed list and cmdgate.caller.skip). */
class CallSiteTest {

    @Test
    void aReviewedLauncherLibraryIsPassedOver() {
        CallSite sites = new CallSite(List.of());
        // the walk happens on first use, on the launching thread, as a launch's does
        String caller = App.throughCommonsExec(() -> sites.walk().caller());
        assertThat(caller).startsWith("org.example.app.App.throughCommonsExec(App.java:");
        List<String> frames = App.throughCommonsExec(() -> sites.walk().frames());
        assertThat(frames).containsSubsequence("org.apache.commons.exec.FakeExecutor", "org.example.app.App")
                .noneMatch(f -> f.startsWith("dev.cmdgate.")).last().isEqualTo("org.example.app.App");
    }

    @Test
    void anUnlistedLibraryIsTheCallerUnlessConfiguredToBeSkipped() {
        assertThat(App.throughLibrary(() -> new CallSite(List.of()).caller()))
                .startsWith("org.example.lib.Launcher.launch(Launcher.java:");
        CallSite skipping = new CallSite(List.of("org.example.lib"));
        assertThat(App.throughLibrary(skipping::caller)).startsWith("org.example.app.App.throughLibrary(App.java:");
        assertThat(App.throughLibrary(() -> skipping.walk().frames()))
                .containsSubsequence("org.example.lib.Launcher", "org.example.app.App").last().isEqualTo("org.example.app.App");
    }

    @Test
    void eachFrameSaysWhereItsCodeComesFrom() throws Exception {
        CallSite sites = new CallSite(List.of());
        CallSite.Walk walk = App.throughCommonsExec(() -> {
            CallSite.Walk w = sites.walk();
            w.frames();
            return w;
        });
        List<String> frames = walk.frames();
        List<String> origins = walk.origins();
        assertThat(origins).hasSameSizeAs(frames);
        String app = origins.get(frames.indexOf("org.example.app.App"));
        assertThat(app).startsWith("/").endsWith("test-classes");
        // the JDK's own frames (the stream machinery of the walk, java.util here) come from its runtime image
        assertThat(CodeOrigin.of(java.util.ArrayList.class)).isEqualTo("jrt:/java.base");
        assertThat(CodeOrigin.of(Class.forName("jdk.jshell.execution.RemoteExecutionControl"))).isEqualTo("jrt:/jdk.jshell");
    }

    @Test
    void aClassTheApplicationNamesIntoAJdkPackageIsNotTheJdksCode(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        // a loader of the application may define a class in jdk.jshell.execution, claiming any code source it likes;
        // its module is the loader's own unnamed one, never the JDK's jdk.jshell
        org.objectweb.asm.ClassWriter w = new org.objectweb.asm.ClassWriter(0);
        w.visit(org.objectweb.asm.Opcodes.V17, org.objectweb.asm.Opcodes.ACC_PUBLIC, "jdk/jshell/execution/Fake", null,
                "java/lang/Object", null);
        w.visitEnd();
        byte[] bytes = w.toByteArray();
        java.net.URL claimed = java.nio.file.Path.of(System.getProperty("java.home"), "lib", "modules").toUri().toURL();
        Class<?> fake = new ClassLoader(null) {
            Class<?> define() {
                return defineClass("jdk.jshell.execution.Fake", bytes, 0, bytes.length,
                        new java.security.ProtectionDomain(new java.security.CodeSource(claimed,
                                (java.security.cert.Certificate[]) null), null));
            }
        }.define();
        assertThat(fake.getPackageName()).isEqualTo("jdk.jshell.execution");
        assertThat(CodeOrigin.of(fake)).doesNotStartWith("jrt:").isEqualTo(java.nio.file.Path.of(claimed.toURI()).toString());
    }

    @Test
    void aLaunchOnALibrarysOwnThreadNamesWhereTheThreadWasCreatedButTrustSeesOnlyItsStack() {
        CallSite sites = CallSite.forThisJvm(List.of("org.example.lib"), new ThreadOriginSlot().markCurrentThread());
        for (int hops : new int[] {1, 3}) {   // threads created by the library's own threads inherit the origin
            String caller = App.throughLibraryThread(hops, () -> sites.walk().caller());
            assertThat(caller).as("%d hops", hops).startsWith("org.example.lib.Launcher.")
                    .contains(CallSite.ORIGIN + "org.example.app.App.throughLibraryThread(App.java:");
            List<String> frames = App.throughLibraryThread(hops, () -> sites.walk().frames());
            assertThat(frames).as("a trust row's caller= sees the launching thread's frames alone")
                    .contains("org.example.lib.Launcher", "java.lang.Thread").doesNotContain("org.example.app.App");
        }
    }

    @Test
    void aThreadOriginIsNamedOnlyWhenTheStackHasNoApplicationFrame() {
        CallSite sites = CallSite.forThisJvm(List.of("org.example.lib"), new ThreadOriginSlot().markCurrentThread());
        String caller = App.throughLibraryThread(1, () -> App.throughLibrary(() -> sites.walk().caller()));
        assertThat(caller).startsWith("org.example.app.App.throughLibrary(App.java:").doesNotContain(CallSite.ORIGIN);
        assertThat(App.throughLibraryThread(1, () -> new CallSite(List.of("org.example.lib")).caller()))
                .as("call sites that keep no origins").startsWith("org.example.lib.Launcher.").doesNotContain(CallSite.ORIGIN);
    }

    @Test
    void theReviewedListIsReadableData() {
        List<String> reviewed = CallSite.reviewed();
        assertThat(reviewed).contains("org.apache.tools.ant.", "org.codehaus.groovy.runtime.", "org.apache.commons.exec.",
                "org.zeroturnaround.exec.", "org.apache.maven.surefire.shared.utils.cli.", "org.codehaus.plexus.util.cli.",
                "io.modelcontextprotocol.", "reactor.core.");
        assertThat(reviewed).allSatisfy(e -> assertThat(e).matches("[A-Za-z_$][A-Za-z0-9_$.]*"));
    }
}
