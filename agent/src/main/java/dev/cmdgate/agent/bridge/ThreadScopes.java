package dev.cmdgate.agent.bridge;

import dev.cmdgate.core.CommandClass;
import java.util.Map;

/**
 * Each thread's launch scope as the application API last set it (context for prompts and audit lines,
 * and a declared class that may raise a launch's class). Held by the gate, not in a static: the API
 * sets it through the bridge.
 */
public final class ThreadScopes {

    /** One thread's scope. */
    public record Scope(Map<String, String> context, CommandClass declaredClass) {
    }

    private final ThreadLocal<Scope> current = new ThreadLocal<>();

    /** Sets the calling thread's scope; null and empty mean none. */
    public void set(Map<String, String> context, String declaredClass) {
        if ((context == null || context.isEmpty()) && declaredClass == null) {
            current.remove();
            return;
        }
        current.set(new Scope(context == null ? Map.of() : Map.copyOf(context),
                declaredClass == null ? null : CommandClass.parse(declaredClass)));
    }

    /** The calling thread's context; empty when none. */
    public Map<String, String> context() {
        Scope s = current.get();
        return s == null ? Map.of() : s.context();
    }

    /** The class the calling thread's scope declares, or null. */
    public CommandClass declaredClass() {
        Scope s = current.get();
        return s == null ? null : s.declaredClass();
    }
}
