package dev.cmdgate.api.bridge;

import java.lang.ProcessBuilder.Redirect;
import java.util.List;
import java.util.Map;

/**
 * INTERNAL — implemented by the agent. What the instrumented JDK code asks. Each method returns
 * normally to let the launch go on, or throws {@link SecurityException} to refuse it. A gate that also
 * implements {@link GateService} answers the application API as well.
 */
public interface LaunchGate {

    /** Entry of {@code ProcessImpl.start}: every launch, with the JDK's own arguments. */
    void checkStart(String[] cmdarray, Map<String, String> environment, String dir, Redirect[] redirects,
                    boolean redirectErrorStream);

    /** Entry of {@code ProcessBuilder.startPipeline}: the whole pipeline, before any stage starts. */
    void checkPipeline(List<ProcessBuilder> builders);

    /** Entry of the {@code ProcessImpl} constructor, to catch construction that skipped {@code start}. */
    void checkConstruct(byte[] prog, byte[] argBlock, int argc, byte[] dir);

    /**
     * Exit of {@code ProcessImpl.start} on this thread: the process exists. Returns the process the
     * caller gets — the same one, or one whose standard input is gated; may arm the execution-time
     * watchdog. Throwing here destroys the process before the caller sees it.
     */
    Process started(Process process);
}
