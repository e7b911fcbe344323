package dev.cmdgate.boot;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * The packages of cmdgate's module: every package with a class in the jar except the application API's and the
 * bootstrap's. The build writes them into the shaded jar ({@link #main}), because finding them at start-up means
 * reading the jar's central directory and walking its ~1,400 entries, interpreted, on the thread the first launch
 * waits for; a jar without the list (classes repackaged by hand) is scanned instead. Public only for the build's
 * {@link #main}, which writes into the jar it is given and nothing else.
 */
public final class ModulePackages {

    /** The list in the jar: one package name a line. */
    static final String ENTRY = "META-INF/cmdgate/module-packages";
    /** Packages that stay with the application's class loader: the public API. */
    static final String API_PREFIX = "dev/cmdgate/api/";

    private ModulePackages() {
    }

    /** The module's packages in {@code jar}, whose bootstrap package is the directory {@code bootstrap} (ending in '/'). */
    static Set<String> of(JarFile jar, Path path, String bootstrap) throws IOException {
        JarEntry listed = jar.getJarEntry(ENTRY);
        return listed == null ? scan(path, bootstrap) : read(jar, listed);
    }

    /** Every class directory of the jar that belongs to the module, as a package name. */
    static Set<String> scan(Path path, String bootstrap) throws IOException {
        Set<String> packages = new HashSet<>();
        for (String dir : CentralDirectory.classDirectories(path)) {
            if (!dir.startsWith("META-INF/") && !(dir + "/").startsWith(API_PREFIX) && !(dir + "/").equals(bootstrap)) {
                packages.add(dir.replace('/', '.'));
            }
        }
        return packages;
    }

    private static Set<String> read(JarFile jar, JarEntry listed) throws IOException {
        Set<String> packages = new HashSet<>();
        try (InputStream in = jar.getInputStream(listed)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int from = 0;
            for (int nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
                if (nl > from) {
                    packages.add(text.substring(from, nl));
                }
                from = nl + 1;
            }
            if (from < text.length()) {
                packages.add(text.substring(from));
            }
        }
        if (packages.isEmpty()) {
            throw new IOException(ENTRY + " in cmdgate's jar names no package");
        }
        return packages;
    }

    /**
     * Build step, after the shade: writes the list into the jar {@code args[0]}, whose bootstrap package is
     * {@code args[1]} (the relocated name), replacing a list already there. The jar is copied entry by entry with
     * nothing added to the entries' fields (the zip file system would give each an extra field, which every JVM that opens
     * the jar would then read).
     */
    public static void main(String[] args) throws IOException {
        Path jar = Path.of(args[0]).toAbsolutePath();
        String bootstrap = args[1].replace('.', '/') + "/";
        StringBuilder text = new StringBuilder();
        for (String p : new TreeSet<>(scan(jar, bootstrap))) {
            text.append(p).append('\n');
        }
        Path copy = jar.resolveSibling(jar.getFileName() + ".tmp");
        try (ZipFile in = new ZipFile(jar.toFile()); ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(copy))) {
            for (Enumeration<? extends ZipEntry> all = in.entries(); all.hasMoreElements(); ) {
                ZipEntry e = all.nextElement();
                if (!e.getName().equals(ENTRY)) {
                    out.putNextEntry(copyOf(e));
                    try (InputStream data = in.getInputStream(e)) {
                        data.transferTo(out);
                    }
                    out.closeEntry();
                }
            }
            ZipEntry list = new ZipEntry(ENTRY);
            out.putNextEntry(list);
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        Files.move(copy, jar, StandardCopyOption.REPLACE_EXISTING);
    }

    /** A new entry of the same name, time, method and extra fields (deflated again: a compressed size is not copied). */
    private static ZipEntry copyOf(ZipEntry e) {
        ZipEntry c = new ZipEntry(e.getName());
        c.setTime(e.getTime());
        c.setMethod(e.getMethod());
        c.setExtra(e.getExtra());
        if (e.getMethod() == ZipEntry.STORED) {
            c.setSize(e.getSize());
            c.setCompressedSize(e.getCompressedSize());
            c.setCrc(e.getCrc());
        }
        return c;
    }
}
