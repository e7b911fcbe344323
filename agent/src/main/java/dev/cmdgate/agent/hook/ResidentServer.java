package dev.cmdgate.agent.hook;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The resident decider: one JVM per user, jar build and JDK that decides hook calls with the same code and
 * configuration as a JVM started per call ({@link HookMain#decide}), so that a call costs the launcher's bash and a
 * few milliseconds instead of a JVM start (docs/coding-agents.md, <i>Latency</i>; docs/threat-model.md).
 *
 * <p>Its files, in a directory only its user can enter (the launcher checks it before every use), are named after the
 * launcher's key of the jar and JDK: {@code KEY.lock} (held while it runs: one per key), {@code KEY.in} (a FIFO
 * carrying only the names of calls, each line far below {@code PIPE_BUF}, so concurrent writers never mix),
 * {@code KEY.pid}, {@code KEY.log}. A call {@code PID-NONCE} brings {@code PID-NONCE.q} (its arguments and context),
 * {@code PID-NONCE.b} (the host's input) and {@code PID-NONCE.r} (a FIFO the caller reads the answer from, which
 * echoes the nonce). See {@link ResidentRequest}.
 *
 * <p>It ends after {@code hook.resident.idle} seconds without a call, when the jar it was started from changes, when
 * its files are taken away or replaced, when its working directory is gone, and after a run of calls from another
 * context (then the next call's JVM starts one for that context).
 */
public final class ResidentServer {

    /** Calls in a row from another context after which this decider ends, to make room for one of theirs. */
    static final int FOREIGN_CALLS = 3;
    /** How long the files of a call whose launcher no longer runs are left (another process id namespace's). */
    static final long DEAD_CALLER_MILLIS = 60_000;
    /** How often calls left behind are looked for while the decider runs. */
    private static final long SWEEP_NANOS = 60_000_000_000L;
    private static final Pattern CALL_FILE = Pattern.compile("([0-9]{1,10})-[0-9]{1,40}\\.[bqr]");

    private final Path prefix;
    private final ResidentContext context;
    private final long idleNanos;
    private final AtomicLong lastCall = new AtomicLong(System.nanoTime());
    private final AtomicInteger foreign = new AtomicInteger();
    private final ExecutorService requests = Executors.newCachedThreadPool(new Daemons("cmdgate-resident-call"));
    private final ExecutorService decisions = Executors.newCachedThreadPool(new Daemons("cmdgate-resident-decide"));

    private ResidentServer(Path prefix, ResidentContext context, long idleSeconds) {
        this.prefix = prefix;
        this.context = context;
        this.idleNanos = idleSeconds * 1_000_000_000L;
    }

    /** {@code ResidentServer PREFIX IDLE_SECONDS}, the context on standard input ({@link ResidentStart}). */
    public static void main(String[] args) throws Exception {
        Path prefix = Path.of(args[0]);
        ResidentContext context = ResidentContext.parse(System.in.readAllBytes());
        if (!context.cwd().equals(System.getProperty("user.dir")) || !PrivateDir.check(prefix.getParent())) {
            System.exit(1);
        }
        try (FileChannel lock = FileChannel.open(file(prefix, ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)) {
            FileLock held = lock.tryLock();
            if (held == null) {
                System.exit(0);   // another one runs
            }
            new ResidentServer(prefix, context, Long.parseLong(args[1])).serve();
        }
    }

    /** Whether a resident decider holds the lock of {@code prefix}. */
    static boolean running(Path prefix) {
        try (FileChannel lock = FileChannel.open(file(prefix, ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)) {
            FileLock l = lock.tryLock();
            if (l == null) {
                return true;
            }
            l.release();
            return false;
        } catch (IOException | RuntimeException e) {
            return true;   // cannot tell: start none
        }
    }

    private void serve() throws IOException, InterruptedException {
        // warm before it takes calls: a first call decided in cold code could miss the caller's wait
        for (int i = 0; i < 3; i++) {
            new ArchiveTraining().run();
        }
        Path in = file(prefix, ".in");
        Files.deleteIfExists(in);
        Process mkfifo = new ProcessBuilder("mkfifo", "-m", "600", in.toString()).start();
        if (mkfifo.waitFor() != 0) {
            System.exit(1);
        }
        Object inode = Files.getAttribute(in, "unix:ino", LinkOption.NOFOLLOW_LINKS);
        JarStamp jar = JarStamp.of(HookFiles.jar());
        long pid = ProcessHandle.current().pid();
        Path pidTmp = file(prefix, ".pid." + pid);
        Files.writeString(pidTmp, pid + "\n");
        Files.move(pidTmp, file(prefix, ".pid"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        sweep();
        Thread watch = new Thread(new Watch(jar, in, inode, pid), "cmdgate-resident-watch");
        watch.setDaemon(true);
        watch.start();
        // read and write: opening never waits for a writer, and the FIFO never reads as ended
        try (RandomAccessFile fifo = new RandomAccessFile(in.toFile(), "rw")) {
            BufferedReader names = new BufferedReader(new InputStreamReader(new FileInputStream(fifo.getFD()),
                    StandardCharsets.US_ASCII));
            for (String name; (name = names.readLine()) != null; ) {
                lastCall.set(System.nanoTime());
                requests.execute(new ResidentRequest(this, prefix.getParent(), name.trim()));
            }
        }
        end();
    }

    /**
     * Takes away what no one uses any more: the files of deciders of other jars or JDKs that no longer run (their
     * lock is free), and the calls {@link #sweepCalls} finds left behind.
     */
    private void sweep() {
        String own = prefix.getFileName().toString();
        try (var files = Files.list(prefix.getParent())) {
            for (Path f : files.toList()) {
                String n = f.getFileName().toString();
                if (n.endsWith(".lock") && !n.equals(own + ".lock")) {
                    Path other = f.resolveSibling(n.substring(0, n.length() - ".lock".length()));
                    if (!running(other)) {
                        for (String suffix : new String[] {".in", ".pid", ".log", ".lock"}) {
                            Files.deleteIfExists(file(other, suffix));
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // left for the next decider
        }
        sweepCalls(prefix.getParent(), System.currentTimeMillis());
    }

    /**
     * Takes away the files of calls whose launcher was killed (a caller that gave up leaves its files to the JVM it
     * started, which removes them, unless it was killed too): those of a launcher no longer running, untouched for
     * {@link #DEAD_CALLER_MILLIS} (a process id in use is never taken for dead, whoever has it now), and any untouched
     * for a day (its process id taken by another process since). A live call's files stay: its launcher runs, and
     * lasts at most two and a half times the call's deadline, which is at most an hour.
     */
    static void sweepCalls(Path dir, long now) {
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                var m = CALL_FILE.matcher(f.getFileName().toString());
                if (!m.matches()) {
                    continue;
                }
                long age = now - Files.getLastModifiedTime(f, LinkOption.NOFOLLOW_LINKS).toMillis();
                boolean dead = ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty();
                if (age > 86_400_000 || (age > DEAD_CALLER_MILLIS && dead)) {
                    Files.deleteIfExists(f);
                }
            }
        } catch (IOException | RuntimeException e) {
            // left for the next sweep
        }
    }

    ResidentContext context() {
        return context;
    }

    ExecutorService decisions() {
        return decisions;
    }

    /**
     * Counts calls from another context in a row: true after {@link #FOREIGN_CALLS}, when this decider is to end once
     * that call has its answer (ending first would leave its caller waiting for half its deadline).
     */
    boolean foreign(boolean isForeign) {
        if (!isForeign) {
            foreign.set(0);
            return false;
        }
        return foreign.incrementAndGet() >= FOREIGN_CALLS;
    }

    /** Takes its name away (only what is still its own), then ends: a caller that finds no name starts a JVM. */
    void end() {
        try {
            Path pidFile = file(prefix, ".pid");
            if (Files.exists(pidFile) && Files.readString(pidFile).trim().equals(Long.toString(ProcessHandle.current().pid()))) {
                Files.deleteIfExists(file(prefix, ".in"));
                Files.deleteIfExists(pidFile);
            }
        } catch (IOException | RuntimeException e) {
            // ending anyway: a caller that finds a stale name waits for no answer and starts a JVM
        }
        Runtime.getRuntime().halt(0);
    }

    static Path file(Path prefix, String suffix) {
        return prefix.resolveSibling(prefix.getFileName() + suffix);
    }

    /** Ends the decider when it is idle, its jar changed or its FIFO was replaced; sweeps the calls left behind. */
    private final class Watch implements Runnable {
        private final JarStamp jar;
        private final Path in;
        private final Object inode;
        private final long pid;

        Watch(JarStamp jar, Path in, Object inode, long pid) {
            this.jar = jar;
            this.in = in;
            this.inode = inode;
            this.pid = pid;
        }

        @Override
        public void run() {
            long swept = System.nanoTime();
            while (true) {
                try {
                    Thread.sleep(500);
                    if (System.nanoTime() - swept > SWEEP_NANOS) {
                        swept = System.nanoTime();
                        sweepCalls(prefix.getParent(), System.currentTimeMillis());
                    }
                    boolean idle = System.nanoTime() - lastCall.get() > idleNanos;
                    boolean mine = inode.equals(Files.getAttribute(in, "unix:ino", LinkOption.NOFOLLOW_LINKS))
                            && Files.readString(file(prefix, ".pid")).trim().equals(Long.toString(pid));
                    // a context whose directory is gone sends no more calls
                    boolean gone = !Files.isDirectory(Path.of(context.cwd()));
                    if (idle || !mine || gone || !jar.equals(JarStamp.of(HookFiles.jar()))) {
                        end();
                    }
                } catch (IOException | RuntimeException e) {
                    end();
                } catch (InterruptedException e) {
                    end();
                }
            }
        }
    }

    /** The jar's size, modification and change time and inode: what the launcher's key is made of. */
    record JarStamp(long size, Object modified, Object changed, Object inode) {
        static JarStamp of(Path jar) throws IOException {
            if (jar == null) {
                throw new IOException("not run from a jar");
            }
            return new JarStamp(Files.size(jar), Files.getLastModifiedTime(jar), Files.getAttribute(jar, "unix:ctime"),
                    Files.getAttribute(jar, "unix:ino"));
        }
    }

    private static final class Daemons implements ThreadFactory {
        private final String name;

        Daemons(String name) {
            this.name = name;
        }

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        }
    }
}
