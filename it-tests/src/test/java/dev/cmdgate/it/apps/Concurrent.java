package dev.cmdgate.it.apps;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * {@code Concurrent DIR THREADS PER_THREAD}: THREADS threads released together each make PER_THREAD
 * launches; launch j of thread i is {@code touch DIR/t<i>-<j>} when j % 5 == 4 and {@code echo c<i>-<j>}
 * otherwise. Every launch is reported as {@code RESULT t<i>-<j> …}.
 */
public final class Concurrent {

    private Concurrent() {
    }

    public static void main(String[] args) throws Exception {
        String dir = args[0];
        int threads = Integer.parseInt(args[1]);
        int per = Integer.parseInt(args[2]);
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> all = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int t = i;
            Thread th = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int j = 0; j < per; j++) {
                    String name = "t" + t + "-" + j;
                    if (j % 5 == 4) {
                        Attempt.run(name, () -> new ProcessBuilder("touch", new File(dir, name).getPath()).start());
                    } else {
                        String word = "c" + t + "-" + j;
                        Attempt.run(name, () -> new ProcessBuilder("echo", word).start());
                    }
                }
            }, "launcher-" + i);
            th.start();
            all.add(th);
        }
        go.countDown();
        for (Thread th : all) {
            th.join();
        }
        Attempt.print("DONE");
    }
}
