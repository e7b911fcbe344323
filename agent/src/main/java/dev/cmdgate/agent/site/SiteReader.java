package dev.cmdgate.agent.site;

import dev.cmdgate.core.DiskSiteFiles;
import dev.cmdgate.core.SiteFiles;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * cmdgate's own reads of the files that steer a Read command ({@code .git/config} …), for one gate: each launch
 * gets a {@link BoundedSiteFiles} with one time limit for all its reads. The reads run on a few daemon threads
 * of their own, so a file that hangs (a FIFO swapped in, a stuck network file system) costs the launch its time
 * limit — it is then not Read — and never hangs the launch itself. Threads are made only when a launch reads.
 */
public final class SiteReader {

    /** The time all the reads of one launch may take together. */
    public static final long LIMIT_MILLIS = 1_000;
    /** Threads that may be reading at once (a hung read keeps its thread). */
    static final int THREADS = 4;
    /**
     * Reads that may wait for a thread. More launches than threads reading at once wait their turn, within
     * their own time limit; only a queue this long — reads hanging on every thread while launches pile up — is
     * refused.
     */
    static final int WAITING = 256;

    private final DiskSiteFiles disk;
    private final long limitNanos;
    private volatile ThreadPoolExecutor pool;

    /**
     * @param environment the environment launches inherit (this JVM's)
     * @param home        the home directory {@code ~} stands for ($HOME, else {@code user.home})
     */
    public SiteReader(Map<String, String> environment, String home, long limitMillis) {
        this.disk = new DiskSiteFiles(environment, home);
        this.limitNanos = TimeUnit.MILLISECONDS.toNanos(limitMillis);
    }

    /** A reader of this JVM's site: its environment, its home directory ($HOME, else user.home). */
    public static SiteReader ofThisJvm() {
        Map<String, String> env = System.getenv();
        String h = env.get("HOME");
        return new SiteReader(env, h != null && !h.isEmpty() ? h : System.getProperty("user.home"), LIMIT_MILLIS);
    }

    /** The files of one launch's site; its time limit starts with its first read. */
    public SiteFiles forLaunch() {
        return new BoundedSiteFiles(this, limitNanos);
    }

    /** The reads themselves, bounded in size and kind; {@link BoundedSiteFiles} bounds them in time. */
    DiskSiteFiles disk() {
        return disk;
    }

    ThreadPoolExecutor pool() {
        ThreadPoolExecutor p = pool;
        if (p == null) {
            synchronized (this) {
                p = pool;
                if (p == null) {
                    // a queue, not a hand-off: with a hand-off, a fifth launch reading at the same moment as four
                    // others was refused although no read hung
                    p = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(WAITING), new Daemons());
                    p.allowCoreThreadTimeOut(true);
                    pool = p;
                }
            }
        }
        return p;
    }

    /**
     * Lets its threads end as soon as their reads are done (a hung read keeps its own until it ends); a later read
     * makes new ones. For a reader that serves one decision in a JVM that lives on — the hook's resident decider makes
     * one per call, as a JVM per call does — whose idle threads would otherwise stay up to 30 seconds each: hundreds
     * of calls a minute held dozens of them, each with its stack and its share of the C heap.
     */
    public void close() {
        ThreadPoolExecutor p;
        synchronized (this) {
            p = pool;
            pool = null;
        }
        if (p != null) {
            p.shutdown();
        }
    }

    /** Daemon threads named for what they do (a class, not a lambda: no lambda on a first launch's path). */
    private static final class Daemons implements ThreadFactory {
        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "cmdgate-site-read");
            t.setDaemon(true);
            return t;
        }
    }
}
