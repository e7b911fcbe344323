package dev.cmdgate.agent.bridge;

import java.lang.ProcessBuilder.Redirect;
import java.util.List;
import java.util.Map;

/**
 * What the hooks in the JDK's launcher ask. Each method returns what the JDK is to launch — a copy of
 * its arguments that only cmdgate holds, so what runs is exactly what was judged — or throws
 * {@link SecurityException} to refuse. Answered by {@code dev.cmdgate.agent.launch.JdkHandoff}, which has
 * {@code LaunchGuard} decide each launch.
 */
public interface JdkHooks {

    /** Entry of {@code ProcessImpl.start}: returns {@code {cmdarray, environment, dir, redirects}} to launch. */
    Object[] checkStart(String[] cmdarray, Map<String, String> environment, String dir, Redirect[] redirects,
                        boolean redirectErrorStream);

    /** Entry of {@code ProcessBuilder.startPipeline}: returns the builders to start, copies only cmdgate holds. */
    List<ProcessBuilder> checkPipeline(List<ProcessBuilder> builders);

    /**
     * Entry of the {@code ProcessImpl} constructor, to catch a construction that skipped {@code start}:
     * returns {@code {prog, argBlock, envBlock, dir}} to construct with.
     */
    Object[] checkConstruct(byte[] prog, byte[] argBlock, int argc, byte[] envBlock, int envc, byte[] dir);

    /**
     * The Java wrapper of the native {@code forkAndExec}, the last step before the fork: returns
     * {@code {prog, argBlock, envBlock, dir}} to fork with. A call that does not come from the constructor
     * just admitted on this thread (reflection into {@code forkAndExec}) is decided in full.
     */
    Object[] checkFork(byte[] prog, byte[] argBlock, int argc, byte[] envBlock, int envc, byte[] dir);

    /**
     * Exit of {@code ProcessImpl.start} on this thread: the process exists. Returns the process the
     * caller gets — the same one, or one whose standard input is gated; may arm the execution-time
     * watchdog. Throwing here destroys the process before the caller sees it.
     */
    Process started(Process process);
}
