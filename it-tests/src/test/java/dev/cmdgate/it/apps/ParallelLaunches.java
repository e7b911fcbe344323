package dev.cmdgate.it.apps;

import java.util.concurrent.CountDownLatch;

/**
 * {@code ParallelLaunches N PREFIX}: N threads, released together, each launch {@code touch PREFIX<i>} once
 * and report it ({@link Attempt}, named {@code PREFIX<i>}); so N launches wait for their prompts at once.
 */
public final class ParallelLaunches {

    private ParallelLaunches() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        String prefix = args[1];
        CountDownLatch go = new CountDownLatch(1);
        Thread[] threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            String name = prefix + i;
            threads[i] = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                Attempt.run(name, () -> new ProcessBuilder("touch", name).start());
            }, "launcher-" + i);
            threads[i].start();
        }
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        Attempt.print("DONE");
    }
}
