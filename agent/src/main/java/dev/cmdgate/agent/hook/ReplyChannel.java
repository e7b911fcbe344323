package dev.cmdgate.agent.hook;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Where the one reply of a hook goes: standard output and error, then the exit status, whoever gets there first
 * — the decision or the deadline. Under the installed command (the launcher's wrapper) the status is one only
 * this class gives ({@link #WRAPPED_OK} for the host's 0, {@link #WRAPPED_BLOCK} for its 2), so that a JVM that
 * ends any other way — an exit from elsewhere, a crash, a kill — is told apart and turned into a deny.
 */
final class ReplyChannel {

    static final int WRAPPED_OK = 64;
    static final int WRAPPED_BLOCK = 66;

    private final AtomicBoolean sent = new AtomicBoolean();
    private final boolean wrapped;
    private final FileOutputStream out = new FileOutputStream(FileDescriptor.out);
    private final FileOutputStream err = new FileOutputStream(FileDescriptor.err);
    /** The deny of last resort, made before anything can run out: written as it is when even a message cannot be made. */
    private final byte[] lastOut;
    private final byte[] lastErr;
    private final int lastExit;
    /** Work done after the reply is written and before the JVM ends (the archive's training, the resident decider's start). */
    private final java.util.List<Runnable> afterReply = new java.util.concurrent.CopyOnWriteArrayList<>();

    ReplyChannel(Host host, boolean wrapped) {
        this.wrapped = wrapped;
        HostReply last = host.failClosed("cmdgate failed while deciding (out of memory or an internal error), so the"
                + " command was not run");
        this.lastOut = bytes(last.stdout());
        this.lastErr = bytes(last.stderr());
        this.lastExit = status(last.exit());
    }

    /** Work to do after the reply is written, before the JVM ends. */
    void afterReply(Runnable work) {
        afterReply.add(work);
    }

    /** Writes the reply and ends the JVM, unless a reply was sent already (then returns at once). */
    void send(HostReply r) {
        if (!sent.compareAndSet(false, true)) {
            return;
        }
        byte[] o;
        byte[] e;
        int status;
        try {
            o = bytes(r.stdout());
            e = bytes(r.stderr());
            status = status(r.exit());
        } catch (Throwable t) {
            o = lastOut;
            e = lastErr;
            status = lastExit;
        }
        write(o, e);
        for (Runnable after : afterReply) {
            try {
                after.run();
            } catch (Throwable ignored) {
                // the reply is out; nothing after it may change the status
            }
        }
        Runtime.getRuntime().halt(status);
    }

    /** The deny of last resort, for when building any other reply failed. */
    void sendLastResort() {
        if (sent.compareAndSet(false, true)) {
            write(lastOut, lastErr);
            Runtime.getRuntime().halt(lastExit);
        }
    }

    private void write(byte[] o, byte[] e) {
        try {
            out.write(o);
            out.flush();
        } catch (IOException | RuntimeException ignored) {
            // a host that closed our output reads what it got; the status still says deny where it must
        }
        try {
            err.write(e);
            err.flush();
        } catch (IOException | RuntimeException ignored) {
            // as above
        }
    }

    private int status(int hostExit) {
        if (!wrapped) {
            return hostExit;
        }
        return hostExit == 0 ? WRAPPED_OK : WRAPPED_BLOCK;
    }

    private static byte[] bytes(String s) {
        return s.isEmpty() ? new byte[0] : (s + "\n").getBytes(StandardCharsets.UTF_8);
    }
}
