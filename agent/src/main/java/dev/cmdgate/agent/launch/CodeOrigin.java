package dev.cmdgate.agent.launch;

import java.lang.module.ResolvedModule;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Optional;

/**
 * Where a class's code comes from, for trust rows' {@code caller=}: its name says nothing (any loader can define a
 * class in any package but {@code java.*}). {@code jrt:/MODULE} for a class of a module of the JDK's runtime image
 * resolved at start-up (a loader of the application cannot define one: its classes are in its own unnamed
 * module); else the absolute path of the jar or directory of its code source; else the empty string.
 */
final class CodeOrigin {

    private CodeOrigin() {
    }

    static String of(Class<?> c) {
        try {
            Module m = c.getModule();
            if (m.isNamed() && m.getLayer() == ModuleLayer.boot()) {
                Optional<ResolvedModule> r = ModuleLayer.boot().configuration().findModule(m.getName());
                if (r.isPresent() && r.get().reference().location().isPresent()) {
                    URI at = r.get().reference().location().get();
                    if ("jrt".equals(at.getScheme())) {
                        return "jrt:/" + m.getName();
                    }
                }
            }
            CodeSource source = c.getProtectionDomain().getCodeSource();
            URL at = source == null ? null : source.getLocation();
            if (at != null && "file".equals(at.getProtocol())) {
                return Path.of(at.toURI()).toAbsolutePath().normalize().toString();
            }
        } catch (Exception | LinkageError e) {
            // unknown: no caller= condition holds for it
        }
        return "";
    }
}
