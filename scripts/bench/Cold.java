import java.lang.management.ManagementFactory;

/** Launches `true` N times (after PAUSE ms); prints the first launch's wall time and, for launches 2..N, the launching thread's CPU per launch (µs). */
public class Cold {
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[0]);
        Thread.sleep(a.length > 1 ? Long.parseLong(a[1]) : 0);
        long f0 = System.nanoTime();
        new ProcessBuilder("true").start().waitFor();
        long first = System.nanoTime() - f0;
        var mx = ManagementFactory.getThreadMXBean();
        long c0 = mx.getCurrentThreadCpuTime();
        for (int i = 1; i < n; i++) {
            new ProcessBuilder("true").start().waitFor();
        }
        long cpu = mx.getCurrentThreadCpuTime() - c0;
        System.out.printf("%.1f %.2f%n", first / 1000.0, n > 1 ? cpu / 1000.0 / (n - 1) : 0.0);
    }
}
