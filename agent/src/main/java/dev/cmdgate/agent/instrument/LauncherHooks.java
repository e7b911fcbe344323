package dev.cmdgate.agent.instrument;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes sure the JDK's launcher classes carry the hook: those already loaded at once (a late attach),
 * the others from a background thread started at premain.
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

    /** The exit status of a JVM cmdgate stops at start-up (as Premain's for a configuration error). */
    static final int EXIT = 2;
    private static final String[] LAUNCHER = {"java.lang.ProcessBuilder", "java.lang.ProcessImpl"};
    /** Everything cmdgate weaves in the JDK: the launcher and the guards that keep other agents off it. */
    private static final String[] HOOKED = {"java.lang.ProcessBuilder", "java.lang.ProcessImpl",
            "sun.instrument.InstrumentationImpl", "com.sun.management.internal.DiagnosticCommandImpl$Wrapper"};

    private final Instrumentation inst;
    private final LaunchHookTransformer transformer;
    /** Run once the launcher is hooked (the gate's warm-up); null for none. */
    private final Runnable afterHooked;
    private final int attempts;
    private final long maxPauseMillis;

    public LauncherHooks(Instrumentation inst, LaunchHookTransformer transformer, Runnable afterHooked) {
        this(inst, transformer, 60, 500, afterHooked);   // about half a minute in all
    }

    LauncherHooks(Instrumentation inst, LaunchHookTransformer transformer, int attempts, long maxPauseMillis) {
        this(inst, transformer, attempts, maxPauseMillis, null);
    }

    private LauncherHooks(Instrumentation inst, LaunchHookTransformer transformer, int attempts, long maxPauseMillis,
                          Runnable afterHooked) {
        this.inst = inst;
        this.transformer = transformer;
        this.afterHooked = afterHooked;
        this.attempts = attempts;
        this.maxPauseMillis = maxPauseMillis;
    }

    /**
     * Hooks, before returning, those classes cmdgate weaves that are loaded already: at premain the
     * instrumentation guard (so that no agent loaded after cmdgate gets to the launcher first), with a
     * late attach the launcher too. The gate is installed by then, so a class left unhooked stops the JVM.
     */
    public void hookLoaded() {
        String failure = retransformLoaded();
        if (failure != null) {
            stop(failure);
        }
    }

    /** Retransforms the hooked classes already loaded; returns why they are not all hooked, or null. */
    String retransformLoaded() {
        List<Class<?>> loaded = new ArrayList<>(HOOKED.length);
        for (Class<?> c : inst.getAllLoadedClasses()) {
            for (String name : HOOKED) {
                if (name.equals(c.getName())) {
                    loaded.add(c);
                }
            }
            // native-access libraries already in use (a late attach, or loaded while cmdgate was starting)
            if (NativeTargets.target(c.getName().replace('.', '/')) && inst.isModifiableClass(c)) {
                loaded.add(c);
            }
        }
        if (loaded.isEmpty()) {
            return null;
        }
        try {
            inst.retransformClasses(loaded.toArray(new Class<?>[0]));
        } catch (Throwable e) {   // UnmodifiableClassException, or the JVM rejecting the woven class (VerifyError)
            return "cannot hook the JDK's process launcher (" + e + ")";
        }
        // A transformer that fails is only reported to the JVM, which keeps the class as it was: check.
        for (Class<?> c : loaded) {
            if (!transformer.hooked(c.getName().replace('.', '/'))) {
                return "the JDK's class " + c.getName() + " could not be hooked";
            }
        }
        return null;
    }

    /** Runs this on a daemon thread, so a JVM that ends quickly is not held up by it. */
    public void start() {
        Thread t = new Thread(this, "cmdgate-hook");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void run() {
        hookOrStop();
        afterHooked();
    }

    /** Hooks every launcher class, or stops the JVM when one cannot be hooked. */
    public void hookOrStop() {
        String failure;
        try {
            failure = hookAll();
        } catch (Throwable t) {
            failure = "cannot hook the JDK's process launcher (" + t + ")";
        }
        if (failure != null) {
            stop(failure);
        }
    }

    /** What runs once the launcher is hooked (the gate's warm-up), if anything; it never fails the start. */
    public void afterHooked() {
        if (afterHooked != null) {
            try {
                afterHooked.run();
            } catch (RuntimeException | LinkageError | OutOfMemoryError e) {
                // only a head start: the first launch builds the gate itself, and refuses if that fails
            }
        }
    }

    /** Loads the launcher classes and hooks any that came out unhooked; returns why not, or null when all are hooked. */
    String hookAll() throws ClassNotFoundException, InterruptedException {
        for (String name : LAUNCHER) {
            Class<?> launcher = Class.forName(name, false, null);
            if (!ensureHooked(launcher)) {
                return "the JDK's process launcher " + name + " could not be hooked";
            }
        }
        return null;
    }

    private boolean ensureHooked(Class<?> launcher) throws InterruptedException {
        String internalName = launcher.getName().replace('.', '/');
        long pause = 1;
        for (int attempt = 0; !transformer.hooked(internalName); attempt++) {
            if (attempt == attempts) {
                return false;
            }
            if (attempt == 0) {
                System.err.println("cmdgate: " + launcher.getName() + " was loaded without its hook (out of memory?);"
                        + " hooking it again");
            } else {
                Thread.sleep(pause);
                pause = Math.min(pause * 2, maxPauseMillis);
            }
            try {
                inst.retransformClasses(launcher);
            } catch (Throwable retryLater) {
                // most likely still out of memory: the loop tries again, and stops the JVM if it never works
            }
        }
        return true;
    }

    private static void stop(String why) {
        System.err.println("cmdgate: " + why + "; stopping so that no process starts ungated");
        System.err.flush();
        Runtime.getRuntime().halt(EXIT);
    }
}
