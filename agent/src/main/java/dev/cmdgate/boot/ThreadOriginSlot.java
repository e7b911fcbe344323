package dev.cmdgate.boot;

import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Where each thread of the application was created from, kept per thread: premain puts an entry on the
 * JVM's main thread, and the JDK then asks this thread-local for the value of every thread created by a
 * thread that has one. What is kept is worked out by cmdgate's module once it has started (until then a
 * new thread gets its creator's value); it hands that function in through {@link #accept}.
 *
 * <p>It lives here, not in cmdgate's module, because only premain runs on the main thread: the module
 * starts on a thread of its own. (Public for cmdgate's tests only: the build renames this package, and
 * nothing outside premain and cmdgate's module holds an instance.)
 */
public final class ThreadOriginSlot extends InheritableThreadLocal<Object> implements Consumer<UnaryOperator<Object>> {

    private volatile UnaryOperator<Object> onCreate;

    /** Marks the current thread: threads it creates, and theirs, have an origin. */
    public ThreadOriginSlot markCurrentThread() {
        set(null);
        return this;
    }

    /** Sets what a new thread's value is, from its creator's (called once, by cmdgate's module). */
    @Override
    public void accept(UnaryOperator<Object> function) {
        onCreate = function;
    }

    @Override
    protected Object childValue(Object parent) {
        UnaryOperator<Object> f = onCreate;
        return f == null ? parent : f.apply(parent);
    }
}
