package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.ForkedJvm;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
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
 * an application's SLF4J could discover, and Logback's configuration names renamed. Of Logback it carries
 * only what its classes can reach.
 */
class AgentJarTest {

    private static final List<String> FOREIGN = List.of("org/slf4j/", "ch/qos/logback/", "org/objectweb/asm/", "picocli/",
            "net/bytebuddy/");
    private static final String BRIDGE_RESOURCE = "META-INF/cmdgate/java/lang/CmdgateBridge.class";
    private static final Pattern VERSIONED = Pattern.compile("META-INF/versions/\\d+/(.*)");
    private static final String LOGBACK = "dev/cmdgate/shaded/logback/";
    private static final Pattern BUNDLED_NAME = Pattern.compile("dev[/.]cmdgate[/.]shaded[/.][A-Za-z0-9_$/.]+");

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

    /**
     * The jar carries only the parts of Logback that cmdgate's log reaches. Following every name of a bundled
     * class that a class file mentions (class references, descriptors, signatures and string constants, which
     * is how a library loads a class by name), from every class of the jar outside Logback, must never lead to
     * a Logback class that was left out.
     */
    @Test
    void the_parts_of_logback_left_out_are_never_reached() throws IOException {
        Map<String, byte[]> classes = new HashMap<>();
        try (JarFile jar = new JarFile(ForkedJvm.AGENT_JAR.toFile())) {
            for (JarEntry e : jar.stream().toList()) {
                String name = e.getName();
                if (name.endsWith(".class") && name.startsWith("dev/cmdgate/")) {
                    try (InputStream in = jar.getInputStream(e)) {
                        classes.put(name.substring(0, name.length() - ".class".length()), in.readAllBytes());
                    }
                }
            }
        }
        Deque<String> todo = new ArrayDeque<>();
        Set<String> reached = new HashSet<>();
        for (String c : classes.keySet()) {
            if (!c.startsWith(LOGBACK)) {
                reached.add(c);
                todo.add(c);
            }
        }
        Set<String> missing = new TreeSet<>();
        while (!todo.isEmpty()) {
            String from = todo.poll();
            for (String text : utf8Constants(classes.get(from))) {
                Matcher m = BUNDLED_NAME.matcher(text);
                while (m.find()) {
                    String name = m.group().replace('.', '/');
                    String cls = name;
                    // the name may run on into a member or a property: the longest prefix that is a class
                    while (!classes.containsKey(cls) && cls.lastIndexOf('/') > 0) {
                        cls = cls.substring(0, cls.lastIndexOf('/'));
                    }
                    if (classes.containsKey(cls)) {
                        if (reached.add(cls)) {
                            todo.add(cls);
                        }
                    } else if (name.startsWith(LOGBACK)) {
                        missing.add(m.group() + " (named in " + from + ")");
                    }
                }
            }
        }
        assertThat(reached).as("Logback is reached at all: AgentLog uses it").anyMatch(c -> c.startsWith(LOGBACK));
        assertThat(missing).as("Logback classes left out of " + ForkedJvm.AGENT_JAR + " but named by classes it keeps").isEmpty();
    }

    /**
     * The module's package list the build writes into the jar (the start-up defines the module from it instead of
     * scanning the jar) names exactly the packages of the jar's classes outside the API, the bootstrap and META-INF:
     * one missing would leave its classes unloadable, one too many would put a package in the module that is not
     * cmdgate's.
     */
    @Test
    void the_module_package_list_matches_the_classes() throws IOException {
        Set<String> packages = new TreeSet<>();
        String listed;
        try (JarFile jar = new JarFile(ForkedJvm.AGENT_JAR.toFile())) {
            String premain = jar.getManifest().getMainAttributes().getValue("Premain-Class");
            String bootstrap = premain.substring(0, premain.lastIndexOf('.'));
            for (JarEntry e : jar.stream().toList()) {
                String name = e.getName();
                int slash = name.lastIndexOf('/');
                if (name.endsWith(".class") && slash > 0 && !name.startsWith("META-INF/")) {
                    String pkg = name.substring(0, slash).replace('/', '.');
                    if (!pkg.equals("dev.cmdgate.api") && !pkg.startsWith("dev.cmdgate.api.") && !pkg.equals(bootstrap)) {
                        packages.add(pkg);
                    }
                }
            }
            JarEntry list = jar.getJarEntry("META-INF/cmdgate/module-packages");
            assertThat(list).as("the module's package list in " + ForkedJvm.AGENT_JAR).isNotNull();
            try (InputStream in = jar.getInputStream(list)) {
                listed = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        assertThat(packages).contains("dev.cmdgate.agent.start", "dev.cmdgate.core", "dev.cmdgate.shaded.asm");
        assertThat(listed).isEqualTo(String.join("\n", packages) + "\n");
    }

    /** Every CONSTANT_Utf8 of a class file, read from its constant pool. */
    private static List<String> utf8Constants(byte[] cls) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(cls));
        in.skipBytes(8);   // magic, minor and major version
        int count = in.readUnsignedShort();
        List<String> out = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> out.add(in.readUTF());
                case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                case 15 -> in.skipBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                case 5, 6 -> {
                    in.skipBytes(8);
                    i++;   // a long or double takes two entries
                }
                default -> throw new IOException("constant pool tag " + tag);
            }
        }
        return out;
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
