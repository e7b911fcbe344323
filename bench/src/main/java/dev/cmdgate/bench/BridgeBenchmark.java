package dev.cmdgate.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The code the agent injects into {@code ProcessImpl} looks the bridge up on every call — three times
 * per launch: at the entry of {@code start} ({@code onStart}), of the constructor ({@code onConstruct})
 * and before {@code start} returns ({@code onStarted}) (docs/instrumentation.md): {@code publicLookup().findStatic(Class.forName(BRIDGE, true,
 * systemLoader), "onStart", methodType(void, Object[]))}. This measures that lookup against a cached
 * handle, to put a number on "microseconds against the milliseconds a fork takes".
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class BridgeBenchmark {

    /** The bridge's class name moved from agent to api; use whichever this build has. */
    static final String[] BRIDGES = {"dev.cmdgate.api.bridge.LaunchBridge", "dev.cmdgate.agent.bridge.LaunchBridge"};

    private String bridge;
    private MethodHandle cached;

    @Setup
    public void setup() throws ReflectiveOperationException {
        for (String b : BRIDGES) {
            try {
                Class.forName(b, false, ClassLoader.getSystemClassLoader());
                bridge = b;
                break;
            } catch (ClassNotFoundException e) {
                // try the next name
            }
        }
        if (bridge == null) {
            throw new IllegalStateException("no LaunchBridge class on the class path");
        }
        cached = lookupPerLaunch();
    }

    /** Exactly the injected sequence, minus the final invokeExact (which needs an installed gate). */
    @Benchmark
    public MethodHandle lookupPerLaunch() throws ReflectiveOperationException {
        return MethodHandles.publicLookup().findStatic(Class.forName(bridge, true, ClassLoader.getSystemClassLoader()),
                "onStart", MethodType.methodType(void.class, Object[].class));
    }

    /** Only the class lookup part of it. */
    @Benchmark
    public Class<?> classForName() throws ClassNotFoundException {
        return Class.forName(bridge, true, ClassLoader.getSystemClassLoader());
    }

    /** What a handle cached once (e.g. in a ClassValue or a System property holder) would cost. */
    @Benchmark
    public MethodHandle cachedHandle() {
        return cached;
    }
}
