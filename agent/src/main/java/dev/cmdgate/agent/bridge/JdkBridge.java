package dev.cmdgate.agent.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BiFunction;

/**
 * Defines {@code java.lang.CmdgateBridge} — cmdgate's one bridge into the JDK (source in
 * {@code src/main/jdk}) — inside {@code java.base}, holding the given gate in a {@code static final}
 * field. {@code java.lang} is opened to cmdgate's own module only, to define the class; cmdgate's
 * module opens nothing to anyone, so that opening is of no use to the application.
 *
 * <p>The gate is handed to the class's initialiser through a system property whose name is a random
 * key patched into the class's bytes just before they are defined; the property is gone once the class
 * is initialised, and the field is checked to hold this very gate afterwards.
 */
public final class JdkBridge {

    public static final String CLASS_NAME = "java.lang.CmdgateBridge";
    /** The bridge's bytes, compiled against java.base, carried as a resource (see the agent's pom). */
    private static final String RESOURCE = "/META-INF/cmdgate/java/lang/CmdgateBridge.class";
    /** The JDK's internal copy of ASM (JDK 17 to 23). */
    private static final String JDK_ASM = "jdk.internal.org.objectweb.asm";
    private static final String PLACEHOLDER = "cmdgate.bridge.key.00000000000000000000000000000000";

    private JdkBridge() {
    }

    /** True when a bridge is defined in this JVM already (by this cmdgate or another one). */
    public static boolean exists() {
        try {
            Class.forName(CLASS_NAME, false, null);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /**
     * Defines the bridge with {@code gate}.
     *
     * @throws IllegalStateException when a bridge exists already, cmdgate does not run from its own
     *                               module, or the bridge did not take this gate
     */
    public static void define(Instrumentation inst, BiFunction<String, Object[], Object> gate) {
        if (exists()) {
            throw new IllegalStateException("the launch gate is already installed (is cmdgate given twice?)");
        }
        Module self = JdkBridge.class.getModule();
        if (!self.isNamed()) {
            // Opening java.lang to an unnamed module would open it to the whole class path.
            throw new IllegalStateException("cmdgate's classes must be loaded from its own jar, not from the class path");
        }
        Module javaBase = Object.class.getModule();
        // java.lang opened to define the bridge; jdk.internal.misc exported to read the native memory of
        // foreign function calls (Unsafe) without the restricted methods' warnings; the JDK's own ASM (JDK 17
        // to 23), already in its class-data archive, to weave the launcher with (JdkAsmWeaving): to cmdgate's
        // module only
        Map<String, Set<Module>> exports = javaBase.getPackages().contains(JDK_ASM)
                ? Map.of("jdk.internal.misc", Set.of(self), JDK_ASM, Set.of(self))
                : Map.of("jdk.internal.misc", Set.of(self));
        inst.redefineModule(javaBase, Set.of(), exports, Map.of("java.lang", Set.of(self)), Set.of(), Map.of());
        String key = randomKey();
        byte[] bytes = withKey(template(), key);
        System.getProperties().put(key, gate);
        Class<?> bridge;
        try {
            MethodHandles.Lookup javaLang = MethodHandles.privateLookupIn(Object.class, MethodHandles.lookup());
            bridge = javaLang.defineClass(bytes);
            javaLang.ensureInitialized(bridge);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot define cmdgate's bridge in java.base (" + e + ")", e);
        } finally {
            System.getProperties().remove(key);
        }
        if (held(bridge) != gate) {
            throw new IllegalStateException("cmdgate's bridge was handed another gate than cmdgate's own");
        }
    }

    private static Object held(Class<?> bridge) {
        try {
            Field f = bridge.getDeclaredField("GATE");
            f.setAccessible(true);
            return f.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot check cmdgate's bridge (" + e + ")", e);
        }
    }

    private static byte[] template() {
        try (InputStream in = JdkBridge.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("cmdgate's jar lacks " + RESOURCE);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE + " (" + e + ")", e);
        }
    }

    /** Replaces the placeholder key (one UTF-8 constant of the class) by {@code key}, of the same length. */
    static byte[] withKey(byte[] classBytes, String key) {
        byte[] from = PLACEHOLDER.getBytes(StandardCharsets.US_ASCII);
        byte[] to = key.getBytes(StandardCharsets.US_ASCII);
        if (from.length != to.length) {
            throw new IllegalArgumentException("key length " + to.length + " != " + from.length);
        }
        byte[] out = classBytes.clone();
        int found = 0;
        outer:
        for (int i = 0; i + from.length <= out.length; i++) {
            for (int j = 0; j < from.length; j++) {
                if (out[i + j] != from[j]) {
                    continue outer;
                }
            }
            System.arraycopy(to, 0, out, i, to.length);
            found++;
        }
        if (found != 1) {
            throw new IllegalStateException("cmdgate's bridge template holds its key " + found + " times, not once");
        }
        return out;
    }

    static String randomKey() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        String hex = Long.toHexString(r.nextLong() | Long.MIN_VALUE) + Long.toHexString(r.nextLong() | Long.MIN_VALUE);
        return PLACEHOLDER.substring(0, PLACEHOLDER.length() - hex.length()) + hex;
    }
}
