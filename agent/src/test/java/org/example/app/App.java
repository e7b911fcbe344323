package org.example.app;

import java.util.function.Supplier;

/** The "user's code" of CallSiteTest: it launches through a library. */
public final class App {

    private App() {
    }

    public static <T> T throughLibrary(Supplier<T> launch) {
        return org.example.lib.Launcher.launch(launch);   // caller:app
    }

    public static <T> T throughLibraryThread(int hops, Supplier<T> launch) {
        return org.example.lib.Launcher.onOwnThread(hops, launch);   // caller:thread
    }

    public static <T> T throughCommonsExec(Supplier<T> launch) {
        return org.apache.commons.exec.FakeExecutor.execute(launch);   // caller:commons
    }
}
