package dev.cmdgate.agent.instrument;

import java.lang.instrument.Instrumentation;

/**
 * Makes sure the JDK's launcher classes carry the hook, from a background thread started at premain.
 *
 * <p>The JVM offers a class to transformers only after copying its bytes into a new array on the
 * heap, and defines it untransformed when that copy — or the transformer — fails. A
 * {@code ProcessImpl} first loaded while the application has exhausted its heap would thus be
 * defined without the hook, and every later launch would run ungated. Loading both classes right
 * after start-up, while memory is plentiful, closes that window without making premain itself pay
 * for ASM; a class that still comes out unhooked is retransformed until it is hooked, and if that
 * never succeeds the JVM is stopped rather than left ungated.
 */
public final class LauncherHooks implements Runnable {

    static final int EXIT = 2;
    private static final String[] LAUNCHER = {"java.lang.ProcessBuilder", "java.lang.ProcessImpl"};
    private static final int ATTEMPTS = 60;
    private static final long MAX_PAUSE_MILLIS = 500;

    private final Instrumentation inst;
    private final LaunchHookTransformer transformer;

    public LauncherHooks(Instrumentation inst, LaunchHookTransformer transformer) {
        this.inst = inst;
        this.transformer = transformer;
    }

    /** Runs this on a daemon thread, so a JVM that ends quickly is not held up by it. */
    public void start() {
        Thread t = new Thread(this, "cmdgate-hook");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void run() {
        try {
            for (String name : LAUNCHER) {
                ensureHooked(Class.forName(name, false, null));
            }
        } catch (Throwable t) {
            stop("cannot hook the JDK's process launcher (" + t + ")");
        }
    }

    private void ensureHooked(Class<?> launcher) throws InterruptedException {
        String internalName = launcher.getName().replace('.', '/');
        long pause = 1;
        for (int attempt = 0; !transformer.hooked(internalName); attempt++) {
            if (attempt == ATTEMPTS) {
                stop("the JDK's process launcher " + launcher.getName() + " could not be hooked");
            }
            if (attempt == 0) {
                System.err.println("cmdgate: " + launcher.getName() + " was loaded without its hook (out of memory?);"
                        + " hooking it again");
            } else {
                Thread.sleep(pause);
                pause = Math.min(pause * 2, MAX_PAUSE_MILLIS);
            }
            try {
                inst.retransformClasses(launcher);
            } catch (Throwable retryLater) {
                // most likely still out of memory: the loop tries again, and stops the JVM if it never works
            }
        }
    }

    private static void stop(String why) {
        System.err.println("cmdgate: " + why + "; stopping so that no process starts ungated");
        System.err.flush();
        Runtime.getRuntime().halt(EXIT);
    }
}
