package dev.cmdgate.boot;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/** cmdgate's own jar, read directly: never through the class path, where another jar could come first. */
final class JarClasses {

    private final JarFile jar;
    private final Path path;
    private final String bootstrap;

    private JarClasses(JarFile jar, Path path, String bootstrap) {
        this.jar = jar;
        this.path = path;
        this.bootstrap = bootstrap;
    }

    /** The jar {@code anchor} was loaded from. */
    static JarClasses of(Class<?> anchor) throws IOException {
        URL location = anchor.getProtectionDomain().getCodeSource().getLocation();
        try {
            Path path = Path.of(location.toURI());
            return new JarClasses(new JarFile(path.toFile(), false), path, anchor.getPackageName().replace('.', '/') + "/");
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IOException("cannot locate cmdgate's jar (" + location + ")", e);
        }
    }

    Path path() {
        return path;
    }

    JarFile jar() {
        return jar;
    }

    /** The bytes of entry {@code name}, or null when there is none. */
    byte[] read(String name) throws IOException {
        JarEntry e = jar.getJarEntry(name);
        if (e == null || e.isDirectory()) {
            return null;
        }
        long size = e.getSize();
        try (InputStream in = jar.getInputStream(e)) {
            if (size < 0 || size > Integer.MAX_VALUE - 8) {
                return in.readAllBytes();
            }
            // read straight into an array of the recorded size: readAllBytes would gather 8 KiB pieces and
            // copy them, doubling what the first launch allocates for each of the ~200 classes it loads
            byte[] bytes = new byte[(int) size];
            if (in.readNBytes(bytes, 0, bytes.length) != bytes.length || in.read() >= 0) {
                throw new IOException(name + " in cmdgate's jar does not have its recorded size");
            }
            return bytes;
        }
    }

    /** The packages of cmdgate's module in this jar (see {@link ModulePackages}). */
    Set<String> modulePackages() throws IOException {
        return ModulePackages.of(jar, path, bootstrap);
    }

    /** True for a class that belongs to cmdgate's module (not the API, not this bootstrap, not the JDK's). */
    boolean isModuleClass(String className) {
        String path = className.replace('.', '/');
        return path.startsWith("dev/cmdgate/") && !path.startsWith(ModulePackages.API_PREFIX) && !path.startsWith(bootstrap);
    }
}
