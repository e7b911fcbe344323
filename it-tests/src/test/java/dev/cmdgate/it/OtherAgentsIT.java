package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.BorrowsInstrumentation;
import dev.cmdgate.it.apps.LendingAgent;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second agent on the command line, after cmdgate's, that lends its Instrumentation to any code (as Byte Buddy's
 * agent jar does, and so Mockito's): the code may change application classes with it, never a class of the JDK —
 * whose new bytes would run with the JDK's access and call the renamed native launch method — nor cmdgate's.
 */
class OtherAgentsIT {

    @TempDir
    Path tmp;

    @OnEachJdk
    void borrowed_instrumentation_changes_application_classes_but_no_jdk_class_nor_cmdgates(Jdk jdk) throws IOException {
        Path files = Dirs.mkdir(tmp, "files");
        Path app = Dirs.mkdir(tmp, "app");
        Path greeting = compile("greeting-v2", "app/Greeting.java", greeting("transformed"));
        compileTo(app, "greeting-v1", "app/Greeting.java", greeting("original"));
        Path adler = compile("adler", "java/util/zip/Adler32.java", ADLER, "--patch-module", "java.base=" + tmp.resolve("adler-src"));

        Run run = ForkedJvm.on(jdk).in(tmp).withAgent("autonomy=readonly").cmdgate("audit", tmp.resolve("audit.jsonl"))
                .jvmArg("-javaagent:" + lendingAgentJar()).classPath(app)
                .main(BorrowsInstrumentation.class, files, adler, greeting).run();

        Blocked.assertBlocked(run.result("control"));
        assertThat(run.tagged("LENT")).as(run.describe()).containsExactly("true");
        assertThat(run.tagged("PRELOADED")).as("both classes are first loaded under the transformer").containsExactly("false");
        // the red team's transform: the JDK class keeps its bytes, so nothing calls the launcher around the gate
        assertThat(run.tagged("ADLER")).as(run.describe()).containsExactly("kept java.lang.NoSuchMethodException");
        assertThat(run.tagged("ADLER32")).containsExactly("abc 24d0127");
        assertThat(files.resolve("pwned")).as(run.describe()).doesNotExist();
        // an application class is changed as before, at load and at retransform
        assertThat(run.tagged("GREETING")).containsExactly("transformed");
        if (jdk.feature() < 18) {
            assertThat(run.tagged("ACCESSORS")).as("JDK 17 generated reflection accessors").noneMatch("0"::equals);
        }
        assertThat(run.tagged("RETRANSFORM")).as("Mockito retransforms java.lang.Object with every mocked class").containsExactly("ok");
        assertThat(run.tagged("OFFERED")).as("no JDK class nor cmdgate's reached the transformer\n" + run.describe())
                .containsExactly("[app/Greeting at load, app/Greeting at retransform]");
        assertThat(run.tagged("REDEFINE-JDK")).singleElement().asString()
                .startsWith("refused java.lang.instrument.UnmodifiableClassException: cmdgate: refused another agent's request to redefine java.util.zip.CRC32");
        assertThat(run.tagged("REDEFINE-CMDGATE")).singleElement().asString()
                .startsWith("refused java.lang.instrument.UnmodifiableClassException: cmdgate: refused another agent's request to redefine dev.cmdgate.agent.");
        Blocked.assertBlocked(run.result("touch_after"));
        assertThat(run.tagged("OPEN-CMDGATE")).as(run.describe())
                .containsExactly("refused java.lang.instrument.UnmodifiableModuleException");
        assertThat(files.resolve("touched")).doesNotExist();
        assertThat(files.resolve("control")).doesNotExist();
    }

    private static String greeting(String text) {
        return "package app;\npublic final class Greeting {\n    public static String text() {\n        return \"" + text + "\";\n    }\n}\n";
    }

    /**
     * New bytes for a JDK class no one has loaded yet: as part of java.base it may open {@code ProcessImpl} and call
     * the renamed native launch method on an instance made without its constructor (where cmdgate's hooks are).
     */
    private static final String ADLER = """
            package java.util.zip;

            import java.lang.reflect.Field;
            import java.lang.reflect.Method;
            import java.lang.reflect.Modifier;
            import java.util.Arrays;

            public class Adler32 {
                public static String pwn(String dir) throws Throwable {
                    Class<?> impl = Class.forName("java.lang.ProcessImpl");
                    Method fork = null;
                    for (Method m : impl.getDeclaredMethods()) {
                        if (Modifier.isNative(m.getModifiers()) && m.getName().endsWith("forkAndExec")) {
                            fork = m;
                        }
                    }
                    fork.setAccessible(true);
                    Field mechanism = impl.getDeclaredField("launchMechanism");
                    mechanism.setAccessible(true);
                    Field helper = impl.getDeclaredField("helperpath");
                    helper.setAccessible(true);
                    Object process = jdk.internal.misc.Unsafe.getUnsafe().allocateInstance(impl);
                    int mode = ((Enum<?>) mechanism.get(null)).ordinal() + 1;
                    Object pid = fork.invoke(process, mode, helper.get(null), cString("/usr/bin/touch"), cString(dir + "/pwned"),
                            1, null, 0, null, new int[] {0, 1, 2}, false);
                    Thread.sleep(500);
                    return fork.getName() + " " + pid;
                }

                private static byte[] cString(String s) {
                    byte[] b = s.getBytes();
                    return Arrays.copyOf(b, b.length + 1);
                }
            }
            """;

    /** Compiles one source file (written under {@code <name>-src}) and returns its class file. */
    private Path compile(String name, String file, String source, String... options) throws IOException {
        return compileTo(Dirs.mkdir(tmp, name), name, file, source, options);
    }

    private Path compileTo(Path out, String name, String file, String source, String... options) throws IOException {
        Path src = tmp.resolve(name + "-src").resolve(file);
        Files.createDirectories(src.getParent());
        Files.writeString(src, source);
        String[] args = new String[options.length + 3];
        System.arraycopy(options, 0, args, 0, options.length);
        args[options.length] = "-d";
        args[options.length + 1] = out.toString();
        args[options.length + 2] = src.toString();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, args)).as("%s compiles", file).isZero();
        return out.resolve(file.replace(".java", ".class"));
    }

    /** {@link LendingAgent} as a command-line agent that may retransform and redefine classes. */
    private Path lendingAgentJar() throws IOException {
        Path jar = tmp.resolve("lending-agent.jar");
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Premain-Class", LendingAgent.class.getName());
        a.putValue("Can-Retransform-Classes", "true");
        a.putValue("Can-Redefine-Classes", "true");
        String classFile = LendingAgent.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m)) {
            out.putNextEntry(new JarEntry(classFile));
            Files.copy(ForkedJvm.APP_CLASSES.resolve(classFile), (OutputStream) out);
            out.closeEntry();
        }
        return jar;
    }
}
