package dev.cmdgate.boot;

import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.stream.Stream;

/**
 * cmdgate's own code — the agent, its copy of the core, the libraries it bundles — as a named module in
 * a module layer of its own, defined through the JDK's public module API and loaded by the JDK's own
 * module class loader from cmdgate's jar. The module opens nothing and exports only its entry package,
 * so the application can neither shadow cmdgate's classes on its class path nor reach into their
 * objects by reflection, and the loader itself is a JDK class the application cannot reflect into.
 */
final class AgentModule {

    static final String NAME = "dev.cmdgate.agent";
    static final String ENTRY_PACKAGE = "dev.cmdgate.agent.start";

    private AgentModule() {
    }

    /** Defines the module and returns its class {@code className} (in the entry package, exported to {@code to}). */
    static Class<?> load(JarClasses jar, String className, Module to) throws ClassNotFoundException {
        ModuleDescriptor descriptor = ModuleDescriptor.newModule(NAME)
                .requires("java.instrument")
                .packages(jar.modulePackages())
                .build();
        ModuleReference reference = new JarModule(descriptor, jar);
        Configuration cf = ModuleLayer.boot().configuration().resolve(new OneModule(reference), ModuleFinder.of(), Set.of(NAME));
        ModuleLayer.Controller controller = ModuleLayer.defineModulesWithOneLoader(cf, List.of(ModuleLayer.boot()),
                ClassLoader.getPlatformClassLoader());
        Module module = controller.layer().findModule(NAME).orElseThrow();
        controller.addExports(module, ENTRY_PACKAGE, to);
        return Class.forName(className, true, controller.layer().findLoader(NAME));
    }

    /** Finds the one module. */
    private static final class OneModule implements ModuleFinder {
        private final ModuleReference reference;

        OneModule(ModuleReference reference) {
            this.reference = reference;
        }

        @Override
        public Optional<ModuleReference> find(String name) {
            return NAME.equals(name) ? Optional.of(reference) : Optional.empty();
        }

        @Override
        public Set<ModuleReference> findAll() {
            return Set.of(reference);
        }
    }

    /** The module's content: the jar's entries, read by the JDK's module class loader through {@link #open}. */
    private static final class JarModule extends ModuleReference {
        private final JarClasses jar;

        JarModule(ModuleDescriptor descriptor, JarClasses jar) {
            super(descriptor, jar.path().toUri());
            this.jar = jar;
        }

        @Override
        public ModuleReader open() {
            return new Reader(jar);
        }
    }

    private static final class Reader implements ModuleReader {
        private final JarClasses jar;

        Reader(JarClasses jar) {
            this.jar = jar;
        }

        @Override
        public Optional<URI> find(String name) {
            JarEntry e = jar.jar().getJarEntry(name);
            return e == null ? Optional.empty() : Optional.of(URI.create("jar:" + jar.path().toUri() + "!/" + name));
        }

        @Override
        public Optional<ByteBuffer> read(String name) throws IOException {
            byte[] bytes = jar.read(name);
            return bytes == null ? Optional.empty() : Optional.of(ByteBuffer.wrap(bytes));
        }

        @Override
        public Stream<String> list() {
            return jar.jar().stream().map(JarEntry::getName);
        }

        @Override
        public void close() {
            // the jar stays open: the module's classes are read from it for the JVM's whole life
        }
    }
}
