package dev.cmdgate.agent.launch;

import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Where a launch comes from, read off the launching thread's stack only when something needs it: a
 * stack walk is the largest part of a launch's cost, so an allowed launch that is recorded nowhere
 * never walks.
 */
final class CallSite {

    private static final String NO_APPLICATION_FRAME = "(no application frame)";

    // From a launch to the application frame there are about a dozen JDK and cmdgate frames: one batch.
    private static final StackWalker WALKER = StackWalker.getInstance(Set.of(), 16);
    // Native-access libraries a launch may pass through are skipped too (JNA is under com.sun.): the
    // caller is the application code that used JRuby, jnr-posix, jnr-ffi/jffi or JNA.
    private static final List<String> INFRASTRUCTURE = List.of(
            "java.", "javax.", "jdk.", "sun.", "com.sun.", "dev.cmdgate.agent.", "dev.cmdgate.core.",
            "dev.cmdgate.api.", "org.jruby.", "jnr.", "com.kenai.jffi.");

    private CallSite() {
    }

    /** The application frame that launched, as {@code Class.method(File.java:line)}: the first outside the JDK and cmdgate. */
    static String caller() {
        return WALKER.walk(CallSite::firstApplicationFrame);
    }

    private static String firstApplicationFrame(Stream<StackWalker.StackFrame> frames) {
        for (Iterator<StackWalker.StackFrame> it = frames.iterator(); it.hasNext(); ) {
            StackWalker.StackFrame f = it.next();
            if (!infrastructure(f.getClassName())) {
                return f.toStackTraceElement().toString();
            }
        }
        return NO_APPLICATION_FRAME;
    }

    private static boolean infrastructure(String cls) {
        for (int i = 0; i < INFRASTRUCTURE.size(); i++) {
            if (cls.startsWith(INFRASTRUCTURE.get(i))) {
                return true;
            }
        }
        return false;
    }
}
