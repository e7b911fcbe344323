package dev.cmdgate.it.apps;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code HeapExhaustion FILE [warm|load-only]}: fills the heap with byte arrays until OutOfMemoryError,
 * keeps all but a few KB of it, and attempts {@code touch FILE} with the heap in that state; then frees
 * everything and launches {@code echo after-oom}.
 * <ul>
 * <li>{@code warm}: one {@code echo warm-up} is launched first, so the gate has decided once before
 * memory runs out.</li>
 * <li>{@code load-only}: with the heap exhausted only the JDK's launcher class {@code java.lang.ProcessImpl}
 * is loaded (not initialized); the {@code touch} is attempted after the memory is freed — it must still
 * be gated, i.e. the class must have been hooked whatever the heap was like when it was loaded.</li>
 * </ul>
 * Nothing is printed or allocated between the fill and the end of the attempt: what it threw (or the
 * process it started) is kept in a field and reported once the memory is free again, as
 * {@code RESULT touch …} (an OutOfMemoryError is an {@code error} result). Prints {@code FREED <bytes>}
 * (what was released before the attempt) and {@code DONE}.
 */
public final class HeapExhaustion {

    private static final int BIG = 64 * 1024;
    private static final int SMALL = 1024;
    /** KB left free for the attempt: enough to get into the gate, far too little to decide comfortably. */
    private static final int FREE_CHUNKS = 4;
    private static final int MAX_CHUNKS = 200_000;

    private static List<byte[]> hoard;
    private static Object started;
    private static Throwable thrown;

    private HeapExhaustion() {
    }

    public static void main(String[] args) throws Exception {
        String file = args[0];
        String mode = args.length > 1 ? args[1] : "";
        if (mode.equals("warm")) {
            Attempt.run("warm", () -> new ProcessBuilder("echo", "warm-up").start());
        }
        ProcessBuilder touch = new ProcessBuilder("touch", file);
        boolean loadOnly = mode.equals("load-only");

        if (loadOnly) {
            // cmdgate hooks the launcher on a background thread right after start-up; an application whose
            // heap runs out later must find it hooked. (Running out within the JVM's first moments is the
            // retry path of LauncherHooks, not exercised here.)
            Thread.sleep(2000);
        }
        hoard = new ArrayList<>(MAX_CHUNKS);
        fill(BIG);
        fill(SMALL);   // close the gaps the big chunks left
        int freed = 0;
        for (int i = 0; i < FREE_CHUNKS && !hoard.isEmpty(); i++) {
            freed += hoard.remove(hoard.size() - 1).length;
        }
        try {
            if (loadOnly) {
                Class.forName("java.lang.ProcessImpl", false, null);
            } else {
                started = touch.start();
            }
        } catch (Throwable t) {
            thrown = t;
        }
        hoard = null;
        System.gc();

        Attempt.print("FREED " + freed);
        if (loadOnly) {
            Attempt.print("LOADED " + (thrown == null ? "ok" : thrown));
            Attempt.run("touch", touch::start);
        } else if (thrown != null) {
            Attempt.failed("touch", thrown);
        } else {
            Attempt.finished("touch", started);
        }
        Attempt.run("after", () -> new ProcessBuilder("echo", "after-oom").start());
        Attempt.print("DONE");
    }

    private static void fill(int size) {
        try {
            while (hoard.size() < MAX_CHUNKS) {
                hoard.add(new byte[size]);
            }
        } catch (OutOfMemoryError full) {
            // the heap is full at this chunk size
        }
    }
}
