package dev.cmdgate.it.apps;

import java.lang.management.ManagementFactory;

/**
 * Launches {@code true} and {@code false} in turn, N times, each waited for; prints each exit status
 * ({@code status N S}) and then how many threads the JVM started meanwhile ({@code threads N}).
 *   ExitStatuses N
 */
public final class ExitStatuses {

    private ExitStatuses() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        // the first launch builds cmdgate's gate and may start its threads: count from after it
        new ProcessBuilder("true").start().waitFor();
        long before = ManagementFactory.getThreadMXBean().getTotalStartedThreadCount();
        for (int i = 0; i < n; i++) {
            Process p = new ProcessBuilder(i % 2 == 0 ? "true" : "false").start();
            System.out.println("status " + p.pid() + " " + p.waitFor());
        }
        System.out.println("threads " + (ManagementFactory.getThreadMXBean().getTotalStartedThreadCount() - before));
    }
}
