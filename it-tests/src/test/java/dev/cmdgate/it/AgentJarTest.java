package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.ForkedJvm;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The shaded agent jar hides everything it bundles: no unrelocated SLF4J, Logback,
 * ASM, picocli or Byte Buddy class anywhere in it (multi-release directories included), no service file
 * an application's SLF4J could discover, and Logback's configuration names renamed.
 */
class AgentJarTest {

    private static final List<String> FOREIGN = List.of("org/slf4j/", "ch/qos/logback/", "org/objectweb/asm/", "picocli/",
            "net/bytebuddy/");
    private static final String BRIDGE_RESOURCE = "META-INF/cmdgate/java/lang/CmdgateBridge.class";
    private static final Pattern VERSIONED = Pattern.compile("META-INF/versions/\\d+/(.*)");

    @Test
    void bundled_libraries_are_relocated() throws IOException {
        List<String> unrelocated = new ArrayList<>();
        List<String> outside = new ArrayList<>();
        List<String> services = new ArrayList<>();
        try (JarFile jar = new JarFile(ForkedJvm.AGENT_JAR.toFile())) {
            for (JarEntry e : jar.stream().toList()) {
                String name = e.getName();
                Matcher m = VERSIONED.matcher(name);
                String path = m.matches() ? m.group(1) : name;
                if (FOREIGN.stream().anyMatch(path::startsWith)) {
                    unrelocated.add(name);
                }
                // the JDK-side bridge is carried as a resource, never on a class path: see JdkBridge
                if (path.endsWith(".class") && !path.startsWith("dev/cmdgate/") && !path.equals(BRIDGE_RESOURCE)) {
                    outside.add(name);
                }
                if (name.startsWith("META-INF/services/") && !name.endsWith("/")
                        && !name.startsWith("META-INF/services/dev.cmdgate.")) {
                    services.add(name);
                }
            }
            Attributes main = jar.getManifest().getMainAttributes();
            assertThat(main.getValue("Premain-Class")).as("a bootstrap package unique to the build")
                    .matches("dev\\.cmdgate\\.b\\d{17}\\.Premain");
            assertThat(jar.getEntry(BRIDGE_RESOURCE)).as("the bridge into java.base").isNotNull();
        }
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(unrelocated).as("unrelocated entries in " + ForkedJvm.AGENT_JAR).isEmpty();
        soft.assertThat(outside).as("classes outside dev/cmdgate/ in " + ForkedJvm.AGENT_JAR).isEmpty();
        soft.assertThat(services).as("service files an application's ServiceLoader would find").isEmpty();
        soft.assertAll();
    }

    /** The relocation rule: "rename Logback's configuration names" — the relocated copy must not answer to the app's. */
    @Test
    void relocated_logback_does_not_use_the_applications_configuration_names() throws IOException {
        List<String> names = List.of("logback.xml", "logback-test.xml", "logback.configurationFile", "logback.ContextSelector",
                "slf4j.provider");
        List<String> found = new ArrayList<>();
        try (JarFile jar = new JarFile(ForkedJvm.AGENT_JAR.toFile())) {
            for (JarEntry e : jar.stream().toList()) {
                if (!e.getName().endsWith(".class")) {
                    continue;
                }
                byte[] bytes;
                try (InputStream in = jar.getInputStream(e)) {
                    bytes = in.readAllBytes();
                }
                for (String n : names) {
                    if (hasUtf8Constant(bytes, n)) {
                        found.add(e.getName() + " uses \"" + n + "\"");
                    }
                }
            }
        }
        assertThat(found).as("constants naming the application's own Logback/SLF4J configuration").isEmpty();
    }

    /** True when the class file has a CONSTANT_Utf8 entry exactly equal to s (tag 1, u2 length, bytes). */
    static boolean hasUtf8Constant(byte[] cls, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        outer:
        for (int i = 0; i + 3 + b.length <= cls.length; i++) {
            if (cls[i] != 1 || cls[i + 1] != (byte) (b.length >> 8) || cls[i + 2] != (byte) b.length) {
                continue;
            }
            for (int k = 0; k < b.length; k++) {
                if (cls[i + 3 + k] != b[k]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
