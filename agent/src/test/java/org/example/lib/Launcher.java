package org.example.lib;

import java.util.function.Supplier;

/** A launcher library of CallSiteTest (not on the reviewed list: named by cmdgate.caller.skip). */
public final class Launcher {

    private Launcher() {
    }

    public static <T> T launch(Supplier<T> launch) {
        return launch.get();
    }
}
