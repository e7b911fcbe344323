package dev.cmdgate.agent.instrument;

import dev.cmdgate.agent.bridge.BridgeOps;
import java.lang.instrument.ClassDefinition;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.lang.instrument.UnmodifiableModuleException;
import java.util.Map;
import java.util.Set;

/**
 * Keeps every other agent away from the JDK's classes and cmdgate's own: while cmdgate is installed, another
 * agent's transformers are never given such a class (see {@link JdkClasses}), when it is loaded nor when it is
 * retransformed, so the class keeps the bytes it was loaded with; a request to redefine one, or to retransform
 * one of the classes cmdgate hooks, is refused (and reported); it may not open or export a package of the JDK's
 * modules ({@code redefineModule}: an open java.lang reaches the renamed native launch method), and no
 * Java agent may be loaded into the running JVM at all — attached from another process, by itself, through
 * {@code jcmd JVMTI.agent_load} or the DiagnosticCommand MBean: an agent may transform any class of
 * java.base, and a changed java.base class has java.base's full access. Agents the operator names on the
 * command line ({@code -javaagent} after cmdgate's, an executable jar's {@code Launcher-Agent-Class}) start.
 * (An agent that ran before cmdgate, or a native JVMTI agent, is beyond its reach: see docs/limits.md.)
 */
public final class InstrumentGuard {

    /**
     * Classes no other agent may change (internal names): the whole launch path in java.lang — the
     * launcher, the builder and its redirects, the environment block — the bridge, and these guards;
     * and the native routes {@link NativeWeaver} hooks (see {@link #guarded}).
     */
    static final Set<String> GUARDED = Set.of(LaunchHookWeaver.BRIDGE, GuardWeaver.INSTRUMENTATION_IMPL,
            "sun/instrument/TransformerManager", GuardWeaver.DCMD_WRAPPER);
    private static final String LAUNCH_PATH = "java/lang/Process";
    static final String AGENT_LOAD_COMMAND = "JVMTI.agent_load";
    private static final String LAUNCHER_AGENT_LOADER = "sun.instrument.InstrumentationImpl";
    private static final String LAUNCHER = "sun.launcher.LauncherHelper";

    private final Instrumentation own;
    /** A class of cmdgate's bootstrap (premain's package, on the application's class path). */
    private final Class<?> bootstrap;

    /**
     * @param own       cmdgate's own instrumentation, the one that may change any class
     * @param bootstrap a class of cmdgate's bootstrap package: its classes, like those of cmdgate's module, are
     *                  kept from other agents
     */
    public InstrumentGuard(Instrumentation own, Class<?> bootstrap) {
        this.own = own;
        this.bootstrap = bootstrap;
    }

    /** Answers a guard operation of the bridge (see {@link BridgeOps}). */
    public Object check(String operation, Object[] a) {
        switch (operation) {
            case BridgeOps.GUARD_TRANSFORM -> {
                if (a[0] == own) {
                    return Boolean.FALSE;
                }
                return a[1] instanceof String name && guarded(name) ? Boolean.TRUE : null;   // null: ask with the loader
            }
            case BridgeOps.GUARD_TRANSFORM_ORIGIN -> {
                return a[0] != own && keptFromOthers((String) a[1], (ClassLoader) a[2]) ? Boolean.TRUE : Boolean.FALSE;
            }
            case BridgeOps.GUARD_RETRANSFORM -> {
                if (a[0] != own && a[1] instanceof Class<?>[] classes) {
                    for (Class<?> c : classes) {
                        refuseIfGuarded("retransform", c);
                    }
                }
                return null;
            }
            case BridgeOps.GUARD_REDEFINE -> {
                if (a[0] != own && a[1] instanceof ClassDefinition[] definitions) {
                    for (ClassDefinition d : definitions) {
                        refuseIfGuarded("redefine", d == null ? null : d.getDefinitionClass());
                        refuseIfKept(d == null ? null : d.getDefinitionClass());
                    }
                }
                return null;
            }
            case BridgeOps.GUARD_DIAGNOSTIC_COMMAND -> {
                if (a[1] instanceof String command && command.trim().equals(AGENT_LOAD_COMMAND)) {
                    String why = "cmdgate: refused to load an agent through the DiagnosticCommand MBean ("
                            + AGENT_LOAD_COMMAND + "): no agent may change this JVM's launcher while cmdgate gates it";
                    report(why);
                    throw new SecurityException(why);
                }
                return null;
            }
            case BridgeOps.GUARD_REDEFINE_MODULE -> {
                // cmdgate's own module too: it holds what cmdgate was given of java.base (an open java.lang), and a
                // class defined into it through an opened package would hold that as well
                if (a[0] != own && a[1] instanceof Module m && (JdkClasses.module(m) || cmdgates(m))
                        && (nonEmpty(a[2]) || nonEmpty(a[3]))) {
                    String why = "cmdgate: refused another agent's request to open or export packages of " + m.getName()
                            + ": through the JDK's internals it could start processes around cmdgate";
                    report(why);
                    throw new UnmodifiableModuleException(why);
                }
                return null;
            }
            case BridgeOps.GUARD_AGENTMAIN -> {
                if (!launcherAgent()) {
                    String why = "cmdgate: refused to load the agent " + a[1] + " into this running JVM: while cmdgate gates it,"
                            + " agents are given on its command line (-javaagent after cmdgate's, or an executable jar's"
                            + " Launcher-Agent-Class), never attached";
                    report(why);
                    SecurityException refusal = new SecurityException(why);
                    refusal.setStackTrace(new StackTraceElement[0]);   // the JDK prints it: one line, not cmdgate's frames
                    throw refusal;
                }
                return null;
            }
            default -> throw new IllegalArgumentException("cmdgate: unknown guard operation " + operation);
        }
    }

    private void refuseIfGuarded(String what, Class<?> c) {
        if (c != null && guarded(c.getName().replace('.', '/'))) {
            String why = "cmdgate: refused another agent's request to " + what + " " + c.getName()
                    + ": cmdgate gates process launches through it";
            report(why);
            throw InstrumentGuard.<RuntimeException>sneaky(new UnmodifiableClassException(why));
        }
    }

    private void refuseIfKept(Class<?> c) {
        if (c != null && keptFromOthers(c.getName().replace('.', '/'), c.getClassLoader())) {
            String why = "cmdgate: refused another agent's request to redefine " + c.getName()
                    + ": no agent but cmdgate may change the JDK's classes or cmdgate's";
            report(why);
            throw InstrumentGuard.<RuntimeException>sneaky(new UnmodifiableClassException(why));
        }
    }

    /**
     * Whether another agent must leave the class {@code internalName} of {@code loader} as it is: one of cmdgate's
     * own (checked first, so that loading {@link JdkClasses} while another agent transforms classes never asks about
     * itself) or one of the JDK's.
     */
    boolean keptFromOthers(String internalName, ClassLoader loader) {
        if (loader == InstrumentGuard.class.getClassLoader()) {
            return true;   // cmdgate's module: its loader defines no other module
        }
        if (loader == bootstrap.getClassLoader() && internalName != null && inPackageOf(internalName, bootstrap.getName())) {
            return true;
        }
        return JdkClasses.of(internalName, loader);
    }

    /** Whether {@code m} is cmdgate's module, or another module of the layer cmdgate's module was defined in. */
    private static boolean cmdgates(Module m) {
        Module self = InstrumentGuard.class.getModule();
        return m == self || (self.isNamed() && m.getLayer() != null && m.getLayer() == self.getLayer());
    }

    /** Whether the class {@code internalName} is in the package of the class named {@code binaryName}. */
    private static boolean inPackageOf(String internalName, String binaryName) {
        int dot = binaryName.lastIndexOf('.');
        if (internalName.lastIndexOf('/') != dot) {
            return false;
        }
        for (int i = 0; i < dot; i++) {
            char c = binaryName.charAt(i);
            if (internalName.charAt(i) != (c == '.' ? '/' : c)) {
                return false;
            }
        }
        return true;
    }

    private static boolean nonEmpty(Object map) {
        return map instanceof Map<?, ?> m && !m.isEmpty();
    }

    /**
     * Whether the agent starting on this thread is an executable jar's {@code Launcher-Agent-Class}: the java
     * launcher starts it through {@code InstrumentationImpl.loadAgent} before the main class, as part of the
     * operator's command line. Every other {@code agentmain} comes from an attach (another process, this one,
     * {@code jcmd JVMTI.agent_load}), which arrives on the attach listener's thread.
     */
    private static boolean launcherAgent() {
        boolean loadAgent = false;
        for (StackTraceElement e : new Throwable().getStackTrace()) {
            if (LAUNCHER_AGENT_LOADER.equals(e.getClassName()) && "loadAgent".equals(e.getMethodName())) {
                loadAgent = true;
            } else if (loadAgent && LAUNCHER.equals(e.getClassName())) {
                return true;
            }
        }
        return false;
    }

    static boolean guarded(String internalName) {
        return internalName.startsWith(LAUNCH_PATH) || GUARDED.contains(internalName) || NativeTargets.target(internalName);
    }

    private static void report(String line) {
        System.err.println(line);
        System.err.flush();
    }

    /** Throws a checked exception the bridge's signature does not declare: the caller's method does. */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }
}
