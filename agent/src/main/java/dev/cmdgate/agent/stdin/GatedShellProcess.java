package dev.cmdgate.agent.stdin;

import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The process an application gets for a gated shell session: the real process in every respect
 * ({@code pid}, {@code toHandle}, {@code onExit}, {@code waitFor}, {@code destroy}, the output
 * streams…) except that its standard input is a {@link GatingOutputStream}. The JDK's
 * {@code outputWriter()} is built on {@link #getOutputStream()}, so it is gated too.
 */
public final class GatedShellProcess extends Process {

    private final Process process;
    private final GatingOutputStream stdin;

    public GatedShellProcess(Process process, StdinGate gate) {
        this.process = process;
        this.stdin = GatingOutputStream.withNullInput(process.getOutputStream(), gate);
    }

    /** The process as the JDK started it. */
    public Process unwrap() {
        return process;
    }

    @Override
    public OutputStream getOutputStream() {
        return stdin;
    }

    @Override
    public InputStream getInputStream() {
        return process.getInputStream();
    }

    @Override
    public InputStream getErrorStream() {
        return process.getErrorStream();
    }

    @Override
    public int waitFor() throws InterruptedException {
        return process.waitFor();
    }

    @Override
    public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        return process.waitFor(timeout, unit);
    }

    /** {@code Process.waitFor(Duration)} (JDK 25). */
    public boolean waitFor(Duration duration) throws InterruptedException {
        return process.waitFor(duration.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public int exitValue() {
        return process.exitValue();
    }

    @Override
    public void destroy() {
        process.destroy();
    }

    @Override
    public Process destroyForcibly() {
        process.destroyForcibly();
        return this;
    }

    @Override
    public boolean supportsNormalTermination() {
        return process.supportsNormalTermination();
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public CompletableFuture<Process> onExit() {
        return process.onExit().thenApply(p -> (Process) this);
    }

    @Override
    public ProcessHandle toHandle() {
        return process.toHandle();
    }

    @Override
    public ProcessHandle.Info info() {
        return process.info();
    }

    @Override
    public Stream<ProcessHandle> children() {
        return process.children();
    }

    @Override
    public Stream<ProcessHandle> descendants() {
        return process.descendants();
    }

    @Override
    public String toString() {
        return process.toString();
    }
}
