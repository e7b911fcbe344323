package dev.cmdgate.api.bridge;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * INTERNAL — presents an application's {@link PromptHandler} to the agent as a function of JDK types:
 * the request as a map in, the answer's name ({@code ALLOW}, {@code DENY}, {@code ALLOW_ALWAYS}) or null
 * out. Whatever the handler throws reaches the agent as it is (and counts as deny there). The agent
 * creates one for a handler named by {@code cmdgate.prompt}; the API for one installed at run time.
 */
public final class HandlerAdapter implements Function<Map<String, Object>, String> {

    private final PromptHandler handler;

    public HandlerAdapter(Object handler) {
        this.handler = (PromptHandler) handler;
    }

    @Override
    public String apply(Map<String, Object> request) {
        PromptAnswer a;
        try {
            a = handler.answer(new Request(request));
        } catch (Exception e) {
            throw HandlerAdapter.<RuntimeException>sneaky(e);
        }
        return a == null ? null : a.name();
    }

    /** Rethrows a checked exception unchanged (the agent reports the handler's own exception). */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }

    /** The request as the handler sees it, read from the agent's map. */
    @SuppressWarnings("unchecked")
    private record Request(Map<String, Object> m) implements PromptRequest {
        @Override
        public List<String> argv() {
            return (List<String>) m.get("argv");
        }

        @Override
        public String commandClass() {
            return (String) m.get("class");
        }

        @Override
        public String level() {
            return (String) m.get("level");
        }

        @Override
        public List<String> reasons() {
            return (List<String>) m.get("reasons");
        }

        @Override
        public List<String> findings() {
            return (List<String>) m.get("findings");
        }

        @Override
        public String workingDirectory() {
            return (String) m.get("cwd");
        }

        @Override
        public String caller() {
            return (String) m.get("caller");
        }

        @Override
        public Map<String, String> context() {
            return (Map<String, String>) m.get("context");
        }

        @Override
        public Map<String, String> environment() {
            Object e = m.get("environment");   // absent from an older agent's requests
            return e == null ? Map.of() : (Map<String, String>) e;
        }

        @Override
        public List<String> outputRedirects() {
            Object r = m.get("redirects");
            return r == null ? List.of() : (List<String>) r;
        }

        @Override
        public String toString() {
            return "PromptRequest" + m;
        }
    }
}
