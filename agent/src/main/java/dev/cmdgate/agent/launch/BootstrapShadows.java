package dev.cmdgate.agent.launch;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Finds cmdgate's bootstrap classes where a JVM would look before cmdgate's jar. The JVM loads an agent's
 * {@code Premain-Class} through the system class loader, which asks the application's module path and class
 * path before the agent jar appended to it: a class there with the bootstrap's name (read from cmdgate's own
 * manifest by anyone) would run instead of cmdgate, which then never starts. So a child JVM whose class path or
 * module path holds one — a directory, a jar, a jar a jar's {@code Class-Path} names — is ungateable.
 */
final class BootstrapShadows {

    /** Class path entries looked at for one JVM, at most; a longer path is answered as if it held a copy. */
    private static final int MAX_ENTRIES = 4096;

    /** cmdgate's jar, read for {@link #classes} on first use; null once read (or when they were given). */
    private Path ownJar;
    /** The bootstrap's class files, as jar entries ({@code dev/cmdgate/b…/Premain.class}); null until read. */
    private List<String> classes;

    private BootstrapShadows(Path ownJar, List<String> classes) {
        this.ownJar = ownJar;
        this.classes = classes;
    }

    /** The bootstrap package of cmdgate's jar: its {@code Premain-Class}'s package, read now. */
    static BootstrapShadows of(Path ownJar) throws IOException {
        return new BootstrapShadows(null, read(ownJar));
    }

    /**
     * The same, read when a launch's class or module path is first looked at. Listing the jar walks its ~1,400
     * entries in the interpreter; a JVM whose first launch starts no JVM (most of them) would pay for it in the
     * launch it waits for. A jar that cannot be read then fails that look-up ({@link #classes}), never answers
     * "no copy".
     */
    static BootstrapShadows onFirstUse(Path ownJar) {
        return new BootstrapShadows(ownJar, null);
    }

    /**
     * The bootstrap's class files, read from the jar the first time; an {@link IllegalStateException} when it
     * cannot be read (the review judges that launch as a JVM it could not check, {@link UngatedJvms}), and the
     * next look-up tries again.
     */
    private synchronized List<String> classes() {
        if (classes == null) {
            try {
                classes = read(ownJar);
            } catch (IOException e) {
                throw new IllegalStateException("cmdgate: cannot read its own jar " + ownJar + ": " + e.getMessage(), e);
            }
            ownJar = null;
        }
        return classes;
    }

    private static List<String> read(Path ownJar) throws IOException {
        try (JarFile jar = new JarFile(ownJar.toFile(), false)) {
            Manifest m = jar.getManifest();
            String premain = m == null ? null : m.getMainAttributes().getValue("Premain-Class");
            if (premain == null || premain.lastIndexOf('.') < 0) {
                throw new IOException(ownJar + " names no Premain-Class");
            }
            String dir = premain.substring(0, premain.lastIndexOf('.')).replace('.', '/') + "/";
            List<String> classes = new ArrayList<>();
            jar.stream().forEach(new java.util.function.Consumer<java.util.jar.JarEntry>() {
                @Override
                public void accept(java.util.jar.JarEntry e) {
                    String n = e.getName();
                    if (n.startsWith(dir) && n.endsWith(".class") && n.indexOf('/', dir.length()) < 0) {
                        classes.add(n);
                    }
                }
            });
            return List.copyOf(classes);
        }
    }

    /**
     * Where on a class path ({@code entries} as the JVM splits it, relative ones taken from {@code dir}) a class of
     * cmdgate's bootstrap is, or null when none is. A wildcard entry ({@code lib/*}) stands for the jars in it;
     * each jar's {@code Class-Path} is followed.
     */
    String onClassPath(List<String> entries, Path dir) {
        Deque<Path> todo = new ArrayDeque<>();
        for (String e : entries) {
            Path p = dir == null && !e.startsWith("/") ? null : (dir == null ? Path.of(e) : dir.resolve(e.isEmpty() ? "." : e));
            if (p == null) {
                return e + " (a class path entry relative to a directory only known at run time)";
            }
            if (p.getFileName() != null && p.getFileName().toString().equals("*")) {
                jarsIn(p.getParent(), todo);
            } else {
                todo.add(p);
            }
        }
        return search(todo);
    }

    /** As {@link #onClassPath} for a module path: its directories hold modular jars and exploded modules. */
    String onModulePath(List<String> entries, Path dir) {
        Deque<Path> todo = new ArrayDeque<>();
        for (String e : entries) {
            Path p = dir == null && !e.startsWith("/") ? null : (dir == null ? Path.of(e) : dir.resolve(e));
            if (p == null) {
                return e + " (a module path entry relative to a directory only known at run time)";
            }
            if (Files.isDirectory(p) && !Files.exists(p.resolve("module-info.class"))) {
                try (DirectoryStream<Path> ds = Files.newDirectoryStream(p)) {
                    for (Path c : ds) {
                        todo.add(c);
                    }
                } catch (IOException | RuntimeException x) {
                    return p + " (cannot be listed: " + x.getMessage() + ")";
                }
            } else {
                todo.add(p);
            }
        }
        return search(todo);
    }

    private String search(Deque<Path> todo) {
        List<String> classes = classes();   // outside inJar's catch: a failure to read them is no "not found"
        Set<Path> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            Path p = todo.removeFirst().toAbsolutePath().normalize();
            if (!seen.add(p)) {
                continue;
            }
            if (seen.size() > MAX_ENTRIES) {
                return "more than " + MAX_ENTRIES + " class path entries";
            }
            if (Files.isDirectory(p)) {
                for (String c : classes) {
                    if (Files.exists(p.resolve(c))) {
                        return p.resolve(c).toString();
                    }
                }
            } else if (Files.isRegularFile(p)) {
                String found = inJar(p, classes, todo);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /**
     * A bootstrap class in this jar, else null; its Class-Path entries go on {@code todo}. Every Java version's entry
     * counts ({@code META-INF/versions/N/…}): the child may run a newer JDK than this one, which picks another.
     */
    private static String inJar(Path p, List<String> classes, Deque<Path> todo) {
        try (JarFile jar = new JarFile(p.toFile(), false)) {
            for (java.util.Enumeration<JarEntry> es = jar.entries(); es.hasMoreElements(); ) {
                String name = es.nextElement().getName();
                if (classes.contains(unversioned(name))) {
                    return p + "!/" + name;
                }
            }
            Manifest m = jar.getManifest();
            String cp = m == null ? null : m.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (cp != null) {
                for (String u : JvmOptionWords.split(cp)) {
                    Path q = classPathUrl(p.getParent(), u);
                    if (q != null) {
                        todo.add(q);
                    }
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return null;   // not a jar the JVM could read classes from either
        }
    }

    /** An entry's name without its {@code META-INF/versions/N/} prefix. */
    private static String unversioned(String name) {
        String prefix = "META-INF/versions/";
        if (!name.startsWith(prefix)) {
            return name;
        }
        int slash = name.indexOf('/', prefix.length());
        return slash < 0 ? name : name.substring(slash + 1);
    }

    /** A manifest Class-Path entry: a URL relative to the jar's directory, or a file: URL. */
    private static Path classPathUrl(Path base, String url) {
        try {
            URI u = base == null ? new URI(url) : base.toUri().resolve(url);
            return "file".equals(u.getScheme()) ? Path.of(u) : null;
        } catch (Exception e) {
            return null;
        }
    }

    private static void jarsIn(Path dir, Deque<Path> todo) {
        if (dir == null) {
            return;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path c : ds) {
                String n = c.getFileName().toString();
                if (n.endsWith(".jar") || n.endsWith(".JAR")) {
                    todo.add(c);
                }
            }
        } catch (IOException | RuntimeException e) {
            // a wildcard over a directory that is not there stands for nothing
        }
    }

    /** A class path value split as the JVM splits it. */
    static List<String> split(String value) {
        List<String> out = new ArrayList<>();
        int start = 0;
        while (true) {
            int sep = value.indexOf(File.pathSeparatorChar, start);
            out.add(value.substring(start, sep < 0 ? value.length() : sep));
            if (sep < 0) {
                return out;
            }
            start = sep + 1;
        }
    }
}
