import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * For scripts/measure-launch-sections.sh: launches `true` WARMUP times, then turns on the measurement
 * build's section clock (dev.cmdgate.agent.launch.Prof, when the agent has it) and launches N more
 * times. Prints the launching thread's CPU time per timed launch; the agent prints the sections at exit.
 */
public class LaunchSections {
    public static void main(String[] a) throws Exception {
        int warmup = Integer.parseInt(a[0]);
        int n = Integer.parseInt(a[1]);
        for (int i = 0; i < warmup; i++) {
            new ProcessBuilder("true").start().waitFor();
        }
        try {
            Class.forName("dev.cmdgate.agent.launch.Prof").getField("on").setBoolean(null, true);
        } catch (ClassNotFoundException e) {
            // no agent, or an agent without the section clock: only the CPU figure below
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long c0 = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < n; i++) {
            new ProcessBuilder("true").start().waitFor();
        }
        System.out.printf("launching thread CPU per launch %.1f us%n", (mx.getCurrentThreadCpuTime() - c0) / 1000.0 / n);
    }
}
