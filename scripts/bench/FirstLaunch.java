import java.io.*;
import java.nio.file.*;

/**
 * Launches `true` once and prints three numbers: the launch's wall time, the main thread's CPU time over it, and the
 * CPU time the `cmdgate-hook` thread has used by then (-1 without cmdgate), all in µs. CPU times are read from
 * /proc/thread-self/schedstat, which loads no class of the JDK's management API (those load classes cmdgate would
 * otherwise load first); the runtime there is brought up to date when a thread is switched out, hence the sleeps.
 */
public class FirstLaunch {
    static long schedstat(Path p) throws IOException {
        byte[] b = Files.readAllBytes(p);
        long v = 0;
        for (int i = 0; i < b.length && b[i] != ' '; i++) v = v * 10 + (b[i] - '0');
        return v;
    }

    public static void main(String[] a) throws Exception {
        Path self = Path.of("/proc/thread-self/schedstat");
        Thread.sleep(1);   // brings schedstat's runtime up to date
        long c0 = schedstat(self);
        long w0 = System.nanoTime();
        new ProcessBuilder("true").start().waitFor();
        long w1 = System.nanoTime();
        Thread.sleep(1);
        long c1 = schedstat(self);
        long hook = -1;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path t : tasks) {
                if (Files.readString(t.resolve("comm")).trim().equals("cmdgate-hook")) {
                    hook = schedstat(t.resolve("schedstat"));
                }
            }
        }
        System.out.println((w1 - w0) / 1000 + " " + (c1 - c0) / 1000 + " " + (hook < 0 ? -1 : hook / 1000));
    }
}
