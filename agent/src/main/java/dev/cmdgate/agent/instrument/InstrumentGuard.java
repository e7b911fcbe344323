package dev.cmdgate.agent.instrument;

import dev.cmdgate.agent.bridge.BridgeOps;
import java.lang.instrument.ClassDefinition;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.util.Set;

/**
 * Keeps every other agent away from the classes cmdgate hooks: while cmdgate is installed, another
 * agent's request to retransform or redefine one of them is refused (and reported), its transformers
 * never see them when they are loaded or retransformed, and the DiagnosticCommand MBean cannot load an
 * agent into this JVM. Without this, a second {@code -javaagent}, a self-attached agent or an agent
 * loaded through {@code jvmtiAgentLoad} could put the JDK's own bytes back and launch ungated.
 * (An agent that ran before cmdgate, or a native JVMTI agent, is beyond its reach: see the README.)
 */
public final class InstrumentGuard {

    /**
     * Classes no other agent may change (internal names): the whole launch path in java.lang — the
     * launcher, the builder and its redirects, the environment block — the bridge, and these guards;
     * and the native routes {@link NativeWeaver} hooks (see {@link #guarded}).
     */
    static final Set<String> GUARDED = Set.of("java/lang/CmdgateBridge", GuardWeaver.INSTRUMENTATION_IMPL,
            "sun/instrument/TransformerManager", GuardWeaver.DCMD_WRAPPER);
    private static final String LAUNCH_PATH = "java/lang/Process";
    static final String AGENT_LOAD_COMMAND = "JVMTI.agent_load";

    private final Instrumentation own;

    public InstrumentGuard(Instrumentation own) {
        this.own = own;
    }

    /** Answers a guard operation of the bridge (see {@link BridgeOps}). */
    public Object check(String operation, Object[] a) {
        switch (operation) {
            case BridgeOps.GUARD_TRANSFORM -> {
                return a[0] != own && a[1] instanceof String name && guarded(name) ? Boolean.TRUE : Boolean.FALSE;
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
