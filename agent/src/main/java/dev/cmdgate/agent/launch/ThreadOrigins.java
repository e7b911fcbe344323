package dev.cmdgate.agent.launch;

import java.util.function.UnaryOperator;

/**
 * The application frame each thread was created from. Premain marks the JVM's main thread in an
 * inheritable thread-local (the slot); when a marked thread creates a thread, the JDK asks the slot for the
 * new thread's value, and the slot asks this function: the creating thread's first application frame
 * ({@link CallSite#firstApplicationFrame}), or, when the creating thread has none (a library creating
 * threads from threads of its own), the creating thread's own origin. A launch reads it only when its
 * stack holds no application frame.
 *
 * <p>What it costs: one short stack walk per thread created from a marked thread — nothing for threads
 * that exist already, nothing on a launch. The frame is formatted only when a launch asks for it.
 *
 * <p>What it is not: evidence of who asked for a launch. A pooled thread runs tasks from any code once it
 * exists; its origin is the code that happened to make the pool create it. It goes into the audit line's
 * {@code caller} text, never into the frames a trust row's {@code caller=} condition looks at.
 */
final class ThreadOrigins implements UnaryOperator<Object> {

    private final CallSite sites;
    private final ThreadLocal<Object> slot;
    /** The slot's class, whose frame is on every stack this function sees (premain's, outside cmdgate's packages). */
    private final String slotClass;

    ThreadOrigins(CallSite sites, ThreadLocal<Object> slot) {
        this.sites = sites;
        this.slot = slot;
        this.slotClass = slot.getClass().getName();
    }

    /** A new thread's origin, on the creating thread, from the creating thread's own ({@code parent}). */
    @Override
    public Object apply(Object parent) {
        // Runs inside the application's `new Thread(…)`: whatever goes wrong here must not fail the thread's
        // creation. The origin is only ever a hint, so it is then the creating thread's own.
        try {
            StackWalker.StackFrame own = sites.firstApplicationFrame(slotClass);
            return own != null ? own : parent;
        } catch (RuntimeException | StackOverflowError e) {
            return parent;
        }
    }

    /** The current thread's origin as {@code Class.method(File.java:line)}, or null when unknown. */
    String describe() {
        return slot.get() instanceof StackWalker.StackFrame f ? f.toStackTraceElement().toString() : null;
    }
}
