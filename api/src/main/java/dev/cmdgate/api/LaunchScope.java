package dev.cmdgate.api;

import dev.cmdgate.api.bridge.AgentLink;
import dev.cmdgate.core.CommandClass;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Context attached to every launch the current thread makes while the scope is open, and to the
 * audit lines of those launches: typically the session, the tool and the tool call that asked for
 * the command. A scope can also declare a class for its launches, which raises a launch's class when
 * it is higher than what the classifier found and never lowers it.
 *
 * <pre>{@code
 * try (LaunchScope scope = Cmdgate.scope()
 *         .session(sessionId).tool("shell").toolCall(callId)
 *         .declare(CommandClass.NETWORK)
 *         .open()) {
 *     new ProcessBuilder(argv).start();   // audited with the context; at least Network
 * }
 * }</pre>
 *
 * <p>Scopes nest: an inner scope sees the outer one's context (its own keys win) and the higher of
 * both declared classes; closing it restores the outer scope. A scope belongs to the thread that
 * opened it — launches on other threads (pools, {@code CompletableFuture}s) do not see it. Closing a
 * scope also closes any inner scope left open; closing twice does nothing.
 */
public final class LaunchScope implements AutoCloseable {

    /** Well-known context keys. */
    public static final String SESSION_ID = "session_id";
    public static final String TOOL = "tool";
    public static final String TOOL_CALL_ID = "tool_call_id";

    static final int MAX_KEYS = 32;
    static final int MAX_VALUE_LENGTH = 1024;
    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    /** Each thread's innermost open scope (the agent is told of every change). */
    private static final ThreadLocal<LaunchScope> CURRENT = new ThreadLocal<>();

    private final Map<String, String> context;
    private final CommandClass declaredClass;
    private final LaunchScope outer;
    private final Thread owner;
    private volatile boolean closed;

    private LaunchScope(Map<String, String> context, CommandClass declaredClass, LaunchScope outer) {
        this.context = Collections.unmodifiableMap(new LinkedHashMap<>(context));
        this.declaredClass = declaredClass;
        this.outer = outer;
        this.owner = Thread.currentThread();
    }

    /** Starts describing a scope; nothing is attached until {@link Builder#open()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** The innermost scope open on the calling thread, or null. */
    public static LaunchScope current() {
        return CURRENT.get();
    }

    /** The context launches on this thread carry while this scope is innermost (the outer scopes' merged in). */
    public Map<String, String> context() {
        return context;
    }

    /** The declared class (the highest of this and the outer scopes), or null when none was declared. */
    public CommandClass declaredClass() {
        return declaredClass;
    }

    public boolean isClosed() {
        return closed;
    }

    /**
     * Restores the scope that was current when this one was opened.
     *
     * @throws IllegalStateException when called on another thread than the one that opened the scope
     */
    @Override
    public void close() {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("cmdgate: a launch scope must be closed on the thread that opened it ("
                    + owner.getName() + ")");
        }
        if (closed) {
            return;
        }
        // Close every scope opened inside this one and left open, then this one.
        LaunchScope current = CURRENT.get();
        boolean onStack = false;
        for (LaunchScope s = current; s != null; s = s.outer) {
            if (s == this) {
                onStack = true;
                break;
            }
        }
        if (onStack) {
            for (LaunchScope s = current; s != this; s = s.outer) {
                s.closed = true;
            }
            makeCurrent(outer);
        }
        closed = true;
    }

    /** Makes {@code scope} (possibly null) this thread's current one, here and in a running agent. */
    private static void makeCurrent(LaunchScope scope) {
        if (scope == null) {
            CURRENT.remove();
            AgentLink.scope(null, null);
        } else {
            CURRENT.set(scope);
            AgentLink.scope(scope.context, scope.declaredClass == null ? null : scope.declaredClass.label());
        }
    }

    @Override
    public String toString() {
        return "LaunchScope" + context + (declaredClass == null ? "" : " declared " + declaredClass.label());
    }

    /** Describes a scope; {@link #open()} attaches it to the calling thread. */
    public static final class Builder {
        private final Map<String, String> context = new LinkedHashMap<>();
        private CommandClass declared;

        private Builder() {
        }

        public Builder session(String sessionId) {
            return put(SESSION_ID, sessionId);
        }

        public Builder tool(String toolName) {
            return put(TOOL, toolName);
        }

        public Builder toolCall(String toolCallId) {
            return put(TOOL_CALL_ID, toolCallId);
        }

        /**
         * Adds one key/value pair.
         *
         * @throws IllegalArgumentException when the key is not 1–64 characters of {@code A-Z a-z 0-9 _ . -},
         *                                  the value is null or longer than 1024 characters, or there are
         *                                  more than 32 keys
         */
        public Builder put(String key, String value) {
            Objects.requireNonNull(key, "key");
            if (!KEY.matcher(key).matches()) {
                throw new IllegalArgumentException("cmdgate: bad context key '" + key
                        + "' (1 to 64 characters of A-Z a-z 0-9 _ . -)");
            }
            if (value == null) {
                throw new IllegalArgumentException("cmdgate: context value for " + key + " is null");
            }
            if (value.length() > MAX_VALUE_LENGTH) {
                throw new IllegalArgumentException("cmdgate: context value for " + key + " is longer than "
                        + MAX_VALUE_LENGTH + " characters");
            }
            if (!context.containsKey(key) && context.size() >= MAX_KEYS) {
                throw new IllegalArgumentException("cmdgate: more than " + MAX_KEYS + " context keys");
            }
            context.put(key, value);
            return this;
        }

        /** Adds every pair of {@code values}, each checked as by {@link #put}. */
        public Builder putAll(Map<String, String> values) {
            values.forEach(this::put);
            return this;
        }

        /**
         * Declares what the launches in this scope are (e.g. the tool is a network tool). It raises a
         * launch whose classification is lower and never lowers one that is higher; the higher of
         * several declarations (nested scopes, repeated calls) counts.
         */
        public Builder declare(CommandClass commandClass) {
            Objects.requireNonNull(commandClass, "commandClass");
            declared = declared == null ? commandClass : declared.max(commandClass);
            return this;
        }

        /** Attaches the scope to the calling thread until it is closed; use it in try-with-resources. */
        public LaunchScope open() {
            LaunchScope outer = CURRENT.get();
            if (outer != null && outer.closed) {
                outer = null;   // cannot happen through close(), but never resurrect a closed scope
            }
            Map<String, String> merged = new LinkedHashMap<>();
            CommandClass d = declared;
            if (outer != null) {
                merged.putAll(outer.context);
                if (outer.declaredClass != null) {
                    d = d == null ? outer.declaredClass : d.max(outer.declaredClass);
                }
            }
            merged.putAll(context);
            if (merged.size() > MAX_KEYS) {
                throw new IllegalArgumentException("cmdgate: more than " + MAX_KEYS + " context keys");
            }
            LaunchScope scope = new LaunchScope(merged, d, outer);
            makeCurrent(scope);
            return scope;
        }
    }
}
