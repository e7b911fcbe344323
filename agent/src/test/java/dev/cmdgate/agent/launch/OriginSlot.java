package dev.cmdgate.agent.launch;

import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/** Premain's thread-origin slot, for tests: marks the thread that makes it. */
final class OriginSlot extends InheritableThreadLocal<Object> implements Consumer<UnaryOperator<Object>> {

    private volatile UnaryOperator<Object> onCreate;

    OriginSlot() {
        set(null);
    }

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
