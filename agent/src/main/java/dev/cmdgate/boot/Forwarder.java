package dev.cmdgate.boot;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * The transformer registered at start-up, before cmdgate's module exists: it hands every class to the
 * module's transformer once that is there. A class cmdgate hooks that is loaded earlier — an
 * application launching in its first milliseconds — waits for it here, so it is never defined without
 * its hook; every other class goes through untouched.
 */
final class Forwarder implements ClassFileTransformer, Consumer<ClassFileTransformer> {

    /** Internal names of the JDK classes cmdgate weaves (the module's transformer knows them too). */
    private static final Set<String> HOOKED = Set.of("java/lang/ProcessImpl", "java/lang/ProcessBuilder",
            "sun/instrument/InstrumentationImpl", "com/sun/management/internal/DiagnosticCommandImpl$Wrapper");
    /**
     * The native-access library classes cmdgate weaves for any class loader (the module's NativeWeaver
     * knows them too; a unit test keeps the two lists equal), and jnr-ffi's generated jnr-posix bindings.
     */
    static final Set<String> NATIVE = Set.of("jnr/posix/BaseNativePOSIX", "com/kenai/jffi/Library",
            "com/sun/jna/Function", "com/sun/jna/NativeLibrary", "com/sun/jna/Native",
            "jdk/internal/foreign/abi/AbstractLinker");

    private final CountDownLatch ready = new CountDownLatch(1);
    private volatile ClassFileTransformer target;
    private volatile Thread starter;

    /** The thread that builds the module: it must never wait for itself. */
    void startedOn(Thread thread) {
        starter = thread;
    }

    /** Called by cmdgate's module with its transformer, before it hooks anything. */
    @Override
    public void accept(ClassFileTransformer t) {
        target = t;
        ready.countDown();
    }

    /** Waits until the module's transformer is there (the module is built, the bridge defined). */
    void awaitReady() throws InterruptedException {
        ready.await();
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] bytes) throws IllegalClassFormatException {
        ClassFileTransformer t = target;
        if (t == null) {
            if (className == null || !(NATIVE.contains(className) || generatedJnrPosixBinding(className)
                    || (loader == null && HOOKED.contains(className)))) {
                return null;
            }
            t = awaitTarget();
        }
        return t.transform(module, loader, className, redefined, domain, bytes);
    }

    static boolean generatedJnrPosixBinding(String className) {
        return className.startsWith("jnr/posix/") && className.contains("$jnr$ffi$");
    }

    private ClassFileTransformer awaitTarget() {
        if (Thread.currentThread() == starter) {
            // cannot happen by construction (the module is built without touching these classes); if it
            // did, waiting would never end, and defining the class unhooked would leave launches ungated
            Bootstrap.stop("a hooked class was loaded while cmdgate was starting");
        }
        boolean interrupted = false;
        while (true) {
            try {
                ready.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return target;
    }
}
