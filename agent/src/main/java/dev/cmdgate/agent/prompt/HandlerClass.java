package dev.cmdgate.agent.prompt;

import java.lang.reflect.Modifier;
import java.util.Set;

/**
 * The start-up check of a configured prompt handler class. A class of its own, apart from {@link PromptResolver},
 * because premain's configuration check loads it in a throwaway class loader, where every class costs a read
 * from the jar and a verification: a built-in handler or a URL costs the check this class alone.
 */
public final class HandlerClass {

    private static final Set<String> BUILT_IN = Set.of("auto", "deny", "allow", "console");

    private HandlerClass() {
    }

    /**
     * Checks, without running any of its code, that a configured handler that names a class names a public
     * concrete class with a public no-argument constructor implementing the API's PromptHandler.
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    public static void check(String configured) {
        if (!BUILT_IN.contains(configured) && configured.indexOf(':') < 0) {   // a URL is checked with the configuration
            checkClass(configured);
        }
    }

    private static void checkClass(String className) {
        ClassLoader app = ClassLoader.getSystemClassLoader();
        try {
            Class<?> type = Class.forName(className, false, app);
            Class<?> api = Class.forName(AppHandler.HANDLER_INTERFACE, false, app);
            if (!api.isAssignableFrom(type)) {
                throw new IllegalArgumentException("prompt handler " + className + " does not implement "
                        + AppHandler.HANDLER_INTERFACE);
            }
            if (type.isInterface() || Modifier.isAbstract(type.getModifiers()) || !Modifier.isPublic(type.getModifiers())) {
                throw new IllegalArgumentException("prompt handler " + className + " must be a public, concrete class");
            }
            type.getConstructor();
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("prompt handler class " + className + " is not on the class path");
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("prompt handler " + className + " has no public no-argument constructor");
        } catch (LinkageError e) {
            throw new IllegalArgumentException("prompt handler " + className + " cannot be loaded: " + e);
        }
    }
}
