import java.lang.management.ManagementFactory;

/**
 * Prints, in microseconds, the CPU time the JVM's main thread has spent when main() begins: the JVM's start
 * on that thread plus every agent's premain. Thread CPU time leaves out the time spent waiting for a core,
 * so two agents can be compared on a busy machine. (The management classes load before the clock is read,
 * the same for every agent.)
 */
public class MainThreadCpu {
    public static void main(String[] args) {
        System.out.println(ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1000);
    }
}
