package org.example.lib;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/** A launcher library of CallSiteTest (not on the reviewed list: named by cmdgate.caller.skip). */
public final class Launcher {

    private Launcher() {
    }

    public static <T> T launch(Supplier<T> launch) {
        return launch.get();
    }

    /**
     * Runs the launch on a thread this library creates (through {@code hops} threads, each created by the one
     * before), as the MCP SDK launches its server on a scheduler thread of its own.
     */
    public static <T> T onOwnThread(int hops, Supplier<T> launch) {
        AtomicReference<T> result = new AtomicReference<>();
        Thread t = new Thread(() -> result.set(hops > 1 ? onOwnThread(hops - 1, launch) : launch.get()));
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return result.get();
    }
}
