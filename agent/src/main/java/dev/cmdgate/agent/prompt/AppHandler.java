package dev.cmdgate.agent.prompt;

import java.util.Map;
import java.util.function.Function;

/**
 * An application's prompt handler (a {@code dev.cmdgate.api.PromptHandler}), reached without cmdgate
 * linking to the API's classes: the API adapts the handler to a function from the request map to the
 * answer's name, so only JDK types cross between the application's class loader and cmdgate's module.
 */
final class AppHandler implements Prompter {

    static final String HANDLER_INTERFACE = "dev.cmdgate.api.PromptHandler";
    /** The API's adapter (on the application's class path): {@code new HandlerAdapter(handler)} is a Function. */
    private static final String ADAPTER = "dev.cmdgate.api.bridge.HandlerAdapter";

    private final Function<Map<String, Object>, String> handler;
    private final String name;

    AppHandler(Function<Map<String, Object>, String> handler, String name) {
        this.handler = handler;
        this.name = name;
    }

    @Override
    public Answer answer(LaunchPrompt request) {
        return Answer.of(handler.apply(request.toMap()));
    }

    @Override
    public String name() {
        return name;
    }

    /** Creates the configured handler class and adapts it. */
    @SuppressWarnings("unchecked")
    static AppHandler create(String className) throws ReflectiveOperationException {
        ClassLoader app = ClassLoader.getSystemClassLoader();
        Object instance = Class.forName(className, true, app).getConstructor().newInstance();
        Object adapted = Class.forName(ADAPTER, true, app).getConstructor(Object.class).newInstance(instance);
        return new AppHandler((Function<Map<String, Object>, String>) adapted, className);
    }
}
