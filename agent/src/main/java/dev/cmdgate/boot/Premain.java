package dev.cmdgate.boot;

import java.lang.instrument.Instrumentation;

/**
 * The agent's entry point, as the JVM finds it: on the system class path, in a package whose name the
 * build makes unique to each build (so a class on the application's class path cannot be taken for it
 * by name). {@link Bootstrap} does the rest.
 *
 * <p>No lambdas in this package: the first lambda of a JVM costs milliseconds of start-up.
 */
public final class Premain {

    private Premain() {
    }

    /** At JVM start: a bad configuration or any failure stops the JVM with one line, before the application runs. */
    public static void premain(String args, Instrumentation inst) {
        try {
            Bootstrap.start(args, inst, true);
        } catch (IllegalArgumentException e) {
            System.err.println("cmdgate: configuration error: " + e.getMessage());
            System.err.flush();
            Runtime.getRuntime().halt(Bootstrap.EXIT);
        } catch (Exception | LinkageError e) {
            Bootstrap.stop("cannot start (" + e + ")");
        }
    }

    /** A late attach must not kill the running application: any failure fails the attach instead. */
    public static void agentmain(String args, Instrumentation inst) {
        try {
            Bootstrap.start(args, inst, false);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("cmdgate: configuration error: " + e.getMessage(), e);
        } catch (Exception | LinkageError e) {
            throw new IllegalStateException("cmdgate: cannot start (" + e + ")", e);
        }
    }
}
