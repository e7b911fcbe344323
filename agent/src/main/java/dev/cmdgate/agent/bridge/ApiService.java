package dev.cmdgate.agent.bridge;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** What the application API (dev.cmdgate.api, on the application's class path) asks of the agent, in JDK types. */
public interface ApiService {

    /**
     * The decision a launch would meet now, without launching or prompting; a refusal is audited as a
     * pre-check. The answer's keys: {@code decision gate class level scheme cwd} (strings), {@code argv}
     * (list of strings), {@code reasons} (list of {@code [code, message]}), {@code findings} (list of
     * maps with {@code command location class level reason}).
     */
    Map<String, Object> check(List<String> argv, String shellLine, String cwd, Map<String, String> environment);

    /**
     * Makes {@code handler} answer this JVM's prompts: it gets the request as a map and answers
     * {@code ALLOW}, {@code DENY}, {@code ALLOW_ALWAYS} or null.
     *
     * @throws IllegalStateException when refused (installed already, or the configuration names a handler)
     */
    void installPromptHandler(Function<Map<String, Object>, String> handler, String name);
}
