import java.io.*;
import java.lang.module.*;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.jar.*;
import java.util.stream.Stream;

/**
 * Replays the phases of cmdgate's AgentModule.load in a fresh JVM without an agent, one variant per JVM, and prints
 * the thread's CPU time (ms) for each: finding the packages, building the descriptor, Configuration.resolve, defining
 * the layer, its first class (loaded and initialised), and the total. Variants, joined with '+':
 *   base      as the agent did before the package list: the jar's central directory is walked
 *   list      the packages from the list the build writes into the jar (META-INF/cmdgate/module-packages)
 *   noloc     the module without a location (its code source has none)
 *   noreq     no `requires java.instrument`; the read is added after the layer is defined
 *   custom    a class loader of the replay's own for the layer instead of the JDK's
 *   internal  no resolver and no layer: jdk.internal.module.Modules.defineModule into that loader
 * Alternate the variants round by round, e.g. for 25 rounds:
 *   X="--add-exports java.base/jdk.internal.module=ALL-UNNAMED"; javac $X -d /tmp/replay scripts/bench/ModuleLayerReplay.java
 *   for i in $(seq 25); do for v in base list internal; do java $X -cp /tmp/replay ModuleLayerReplay $v agent/target/cmdgate.jar; done; done
 */
public class ModuleLayerReplay {
    static final String NAME = "dev.cmdgate.agent";
    static final String ENTRY = "dev.cmdgate.agent.start.AgentStart";

    // schedstat's runtime is brought up to date when the thread is switched out: sleep first
    static long cpu() throws Exception {
        Thread.sleep(1);
        try (FileInputStream in = new FileInputStream("/proc/thread-self/schedstat")) {
            byte[] b = in.readAllBytes();
            long v = 0;
            for (int i = 0; i < b.length && b[i] != ' '; i++) v = v * 10 + (b[i] - '0');
            return v;
        }
    }

    public static void main(String[] a) throws Exception {
        String variant = a[0];
        Path jarPath = Path.of(a[1]);
        Set<String> opts = new HashSet<>(Arrays.asList(variant.split("\\+")));
        JarFile jar = new JarFile(jarPath.toFile(), false);
        jar.getJarEntry("META-INF/MANIFEST.MF");
        cpu(); cpu();
        long t0 = cpu();
        Set<String> packages;
        if (opts.contains("list")) {
            // a package list written at build time, read from the open jar
            packages = new HashSet<>();
            try (InputStream in = jar.getInputStream(jar.getJarEntry("META-INF/cmdgate/module-packages"))) {
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    if (!line.isEmpty()) packages.add(line);
                }
            }
        } else {
            packages = new HashSet<>();
            for (String dir : classDirectories(jarPath)) {
                if (!dir.startsWith("META-INF/") && !(dir + "/").startsWith("dev/cmdgate/api/") && !dir.matches("dev/cmdgate/b[0-9]+")) {
                    packages.add(dir.replace('/', '.'));
                }
            }
        }
        long tp = cpu();
        ModuleDescriptor.Builder b = ModuleDescriptor.newModule(NAME);
        if (!opts.contains("noreq")) b.requires("java.instrument");
        ModuleDescriptor d = b.packages(packages).build();
        long t1 = cpu();
        if (opts.contains("internal")) {
            ClassLoader l = new JarLoader(jar);
            Module m = jdk.internal.module.Modules.defineModule(l, d, jarPath.toUri());
            long t2 = cpu();
            jdk.internal.module.Modules.addReads(m, ModuleLayer.boot().findModule("java.instrument").orElseThrow());
            jdk.internal.module.Modules.addExports(m, "dev.cmdgate.agent.start", ModuleLayerReplay.class.getModule());
            long t3 = cpu();
            Class<?> e = Class.forName(ENTRY, true, l);
            long t4 = cpu();
            System.out.printf("%s %.3f %.3f %.3f %.3f %.3f %.3f%n", variant, (tp - t0) / 1e6, (t1 - tp) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, (t4 - t3) / 1e6, (t4 - t0) / 1e6);
            return;
        }
        URI loc = opts.contains("noloc") ? null : jarPath.toUri();
        ModuleReference ref = new JarModule(d, loc, jar, jarPath);
        Configuration cf = ModuleLayer.boot().configuration().resolve(new OneModule(ref), ModuleFinder.of(), Set.of(NAME));
        long t2 = cpu();
        ModuleLayer.Controller c;
        if (opts.contains("custom")) {
            ClassLoader l = new JarLoader(jar);
            c = ModuleLayer.defineModules(cf, List.of(ModuleLayer.boot()), n -> l);
        } else {
            c = ModuleLayer.defineModulesWithOneLoader(cf, List.of(ModuleLayer.boot()), ClassLoader.getPlatformClassLoader());
        }
        Module m = c.layer().findModule(NAME).orElseThrow();
        if (opts.contains("noreq")) c.addReads(m, ModuleLayer.boot().findModule("java.instrument").orElseThrow());
        c.addExports(m, "dev.cmdgate.agent.start", ModuleLayerReplay.class.getModule());
        long t3 = cpu();
        Class<?> e = Class.forName(ENTRY, true, c.layer().findLoader(NAME));
        long t4 = cpu();
        System.out.printf("%s %.3f %.3f %.3f %.3f %.3f %.3f%n", variant, (tp - t0) / 1e6, (t1 - tp) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, (t4 - t3) / 1e6, (t4 - t0) / 1e6);
    }

    static final class JarLoader extends ClassLoader {
        final JarFile jar;
        JarLoader(JarFile jar) { super("cmdgate", ClassLoader.getPlatformClassLoader()); this.jar = jar; }
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("dev.cmdgate.")) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try {
                        JarEntry e = jar.getJarEntry(name.replace('.', '/') + ".class");
                        if (e == null) throw new ClassNotFoundException(name);
                        byte[] bytes = new byte[(int) e.getSize()];
                        try (InputStream in = jar.getInputStream(e)) { in.readNBytes(bytes, 0, bytes.length); }
                        c = defineClass(name, bytes, 0, bytes.length);
                    } catch (IOException x) { throw new ClassNotFoundException(name, x); }
                }
                return c;
            }
        }
    }

    static final class OneModule implements ModuleFinder {
        final ModuleReference r;
        OneModule(ModuleReference r) { this.r = r; }
        public Optional<ModuleReference> find(String n) { return NAME.equals(n) ? Optional.of(r) : Optional.empty(); }
        public Set<ModuleReference> findAll() { return Set.of(r); }
    }

    static final class JarModule extends ModuleReference {
        final JarFile jar; final Path path;
        JarModule(ModuleDescriptor d, URI loc, JarFile jar, Path path) { super(d, loc); this.jar = jar; this.path = path; }
        public ModuleReader open() {
            return new ModuleReader() {
                public Optional<URI> find(String name) {
                    JarEntry e = jar.getJarEntry(name);
                    return e == null ? Optional.empty() : Optional.of(URI.create("jar:" + path.toUri() + "!/" + name));
                }
                public Optional<ByteBuffer> read(String name) throws IOException {
                    JarEntry e = jar.getJarEntry(name);
                    if (e == null) return Optional.empty();
                    byte[] bytes = new byte[(int) e.getSize()];
                    try (InputStream in = jar.getInputStream(e)) { in.readNBytes(bytes, 0, bytes.length); }
                    return Optional.of(ByteBuffer.wrap(bytes));
                }
                public Stream<String> list() { return jar.stream().map(JarEntry::getName); }
                public void close() { }
            };
        }
    }

    // copy of CentralDirectory.scan (plain zip only)
    static Set<String> classDirectories(Path zip) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(zip.toFile(), "r")) {
            long length = f.length();
            int tail = (int) Math.min(length, 22 + 0xFFFF);
            byte[] end = new byte[tail];
            f.seek(length - tail);
            f.readFully(end);
            int eocd = -1;
            for (int i = tail - 22; i >= 0; i--) {
                if (end[i] == 'P' && end[i + 1] == 'K' && end[i + 2] == 5 && end[i + 3] == 6) { eocd = i; break; }
            }
            long size = u32(end, eocd + 12), offset = u32(end, eocd + 16);
            byte[] cen = new byte[(int) size];
            f.seek(offset);
            f.readFully(cen);
            Set<String> dirs = new LinkedHashSet<>();
            int lastStart = -1, lastLength = -1;
            for (int p = 0; p < cen.length; ) {
                int nameLength = u16(cen, p + 28);
                int next = p + 46 + nameLength + u16(cen, p + 30) + u16(cen, p + 32);
                int name = p + 46;
                if (endsWithClass(cen, name, nameLength)) {
                    int slash = name + nameLength - 1;
                    while (slash > name && cen[slash] != '/') slash--;
                    int dirLength = slash - name;
                    if (dirLength > 0 && !(dirLength == lastLength && same(cen, name, lastStart, dirLength))) {
                        dirs.add(new String(cen, name, dirLength, StandardCharsets.UTF_8));
                        lastStart = name; lastLength = dirLength;
                    }
                }
                p = next;
            }
            return dirs;
        }
    }
    static boolean endsWithClass(byte[] b, int s, int l) {
        return l > 6 && b[s + l - 6] == '.' && b[s + l - 5] == 'c' && b[s + l - 4] == 'l' && b[s + l - 3] == 'a' && b[s + l - 2] == 's' && b[s + l - 1] == 's';
    }
    static boolean same(byte[] b, int a, int c, int l) { for (int i = 0; i < l; i++) if (b[a + i] != b[c + i]) return false; return true; }
    static int u16(byte[] b, int i) { return (b[i] & 0xff) | (b[i + 1] & 0xff) << 8; }
    static long u32(byte[] b, int i) { return (b[i] & 0xffL) | (b[i + 1] & 0xffL) << 8 | (b[i + 2] & 0xffL) << 16 | (b[i + 3] & 0xffL) << 24; }
}
