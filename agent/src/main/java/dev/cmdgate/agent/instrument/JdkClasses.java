package dev.cmdgate.agent.instrument;

import java.lang.module.ResolvedModule;
import java.net.URI;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Which classes are the JDK's own, that no agent but cmdgate may change: a changed JDK class runs with its
 * module's access — java.base's reaches the renamed native launch method and {@code jdk.internal.misc.Unsafe} —
 * so new bytes for any of them are a way around the gate, not only new bytes for the launch path. A class is the
 * JDK's when
 * <ul>
 *   <li>the boot or the platform loader defines it (the JDK's modules on those loaders, and what an agent put on
 *       the boot class path: it is trusted like them, so it is kept as it was loaded too), or</li>
 *   <li>its package is a package of one of the JDK's modules in the boot layer, whichever loader defines it — the
 *       modules the application loader defines (jdk.compiler, jdk.jshell … with java.base's qualified exports),
 *       and the classes the JDK generates into its own packages with loaders of its own (JDK 17's reflection
 *       accessors in {@code jdk.internal.reflect}, whose code skips the JVM's access checks).</li>
 * </ul>
 * Consulted only for other agents (never on cmdgate's own start or on a launch).
 */
final class JdkClasses {

    private JdkClasses() {
    }

    /**
     * Whether the class {@code internalName} (null for a class without a name) that {@code loader} defines is the
     * JDK's.
     */
    static boolean of(String internalName, ClassLoader loader) {
        if (loader == null || loader == ClassLoader.getPlatformClassLoader()) {
            return true;
        }
        if (internalName == null) {
            return false;
        }
        int slash = internalName.lastIndexOf('/');
        return slash > 0 && Packages.INTERNAL_NAMES.contains(internalName.substring(0, slash));
    }

    /** Whether {@code m} is one of the JDK's modules: named, of the boot layer, and from the JDK's run-time image. */
    static boolean module(Module m) {
        if (!m.isNamed() || m.getLayer() != ModuleLayer.boot()) {
            return false;
        }
        ClassLoader l = m.getClassLoader();
        return l == null || l == ClassLoader.getPlatformClassLoader() || fromImage(ModuleLayer.boot().configuration()
                .findModule(m.getName()));
    }

    private static boolean fromImage(Optional<ResolvedModule> resolved) {
        if (resolved.isEmpty()) {
            return false;
        }
        Optional<URI> location = resolved.get().reference().location();
        return location.isPresent() && "jrt".equals(location.get().getScheme());
    }

    /** The packages of the JDK's modules in the boot layer (internal form), gathered when first needed. */
    private static final class Packages {
        static final Set<String> INTERNAL_NAMES = gather();

        private static Set<String> gather() {
            Set<String> names = new HashSet<>();
            for (Module m : ModuleLayer.boot().modules()) {
                if (module(m)) {
                    for (String p : m.getPackages()) {
                        names.add(p.replace('.', '/'));
                    }
                }
            }
            return Set.copyOf(names);
        }
    }
}
