package dev.cmdgate.agent.stdin;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The standard input of a gated shell session. Bytes are held until they end a complete command
 * ({@link CommandFramer}); the command is then decided by the {@link StdinGate} and only an allowed
 * command is passed on to the shell. A refused command is dropped — the shell never sees any of it —
 * and the write fails with an {@link IOException} whose message is the refusal
 * ({@code cmdgate: blocked …}); whatever else that same write call carried after it is dropped too. A line that
 * opens a here-document whose delimiter cmdgate cannot compute as bash does ({@link HereDocDelimiters}) is decided
 * at once, as if it completed the command.
 * The stream stays usable: the next write starts a new command.
 *
 * <p>Commands already complete earlier in the same write call have been passed on. {@link #flush()}
 * flushes what was passed on (an incomplete command stays held: the shell could not run it yet
 * anyway); {@link #close()} decides the held remainder, as the shell would run it at end of input,
 * and closes the pipe.
 */
public final class GatingOutputStream extends OutputStream {

    /** Longest command held while waiting for it to complete; longer is refused (fail closed). */
    public static final int MAX_COMMAND_BYTES = 1 << 20;

    private final OutputStream shell;
    private final StdinGate gate;
    /** Whether each command goes to the shell as {@code { CMD⏎} </dev/null} ({@link NullInputGroup}). */
    private final boolean nullInput;
    private final CommandFramer framer = new CommandFramer();
    private byte[] held = new byte[256];
    private int size;
    private int lineStart;          // offset in held of the first byte not yet given to the framer
    private boolean undecodable;
    private boolean closed;

    /** Passes each allowed command to the shell as it was written. */
    public GatingOutputStream(OutputStream shell, StdinGate gate) {
        this(shell, gate, false);
    }

    private GatingOutputStream(OutputStream shell, StdinGate gate, boolean nullInput) {
        this.shell = shell;
        this.gate = gate;
        this.nullInput = nullInput;
    }

    /** Passes each allowed command to the shell with {@code /dev/null} as its standard input ({@link NullInputGroup}). */
    public static GatingOutputStream withNullInput(OutputStream shell, StdinGate gate) {
        return new GatingOutputStream(shell, gate, true);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (closed) {
            throw new IOException("Stream closed");
        }
        int start = off;
        int end = off + len;
        for (int i = off; i < end; i++) {
            if (b[i] != '\n') {
                continue;
            }
            hold(b, start, i + 1 - start);
            start = i + 1;
            if (lineComplete()) {
                pass();
            } else if (size > MAX_COMMAND_BYTES) {
                refuseHeld("longer than " + MAX_COMMAND_BYTES + " bytes without completing a command");
            }
        }
        hold(b, start, end - start);
        if (size > MAX_COMMAND_BYTES) {
            refuseHeld("longer than " + MAX_COMMAND_BYTES + " bytes without completing a command");
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        if (!closed) {
            shell.flush();
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (size > 0) {
                // the shell runs an unterminated last line at end of input: decide it like any other
                byte[] rest = Arrays.copyOf(held, size);
                String text = decode(rest, 0, rest.length);
                String judged = text == null ? new String(rest, StandardCharsets.UTF_8) : text;
                reset();
                decide(judged, text == null);
                shell.write(forward(rest, judged));
            }
        } finally {
            shell.close();
        }
    }

    /** Feeds the line just completed to the framer; true when the held text is now a complete command. */
    private boolean lineComplete() {
        String line = decode(held, lineStart, size - lineStart);
        lineStart = size;
        if (line == null) {
            undecodable = true;
            return true;    // judged (and refused) now rather than held
        }
        // a document whose delimiter cmdgate cannot compute as bash does has no end line cmdgate could wait for:
        // the command is decided now (and refused), not held until the stream closes while later writes pile up
        return framer.feed(line) || HereDocDelimiters.unsure(framer.text()) != null;
    }

    private void pass() throws IOException {
        byte[] command = Arrays.copyOf(held, size);
        boolean bad = undecodable;
        String text = bad ? new String(command, StandardCharsets.UTF_8) : framer.text();
        if (text.endsWith("\n")) {
            text = text.substring(0, text.length() - 1);   // the terminator: `sh -c 'ls'` is what runs
        }
        reset();
        decide(text, bad);
        shell.write(forward(command, text));
    }

    private byte[] forward(byte[] command, String text) {
        return nullInput ? NullInputGroup.wrap(command, text) : command;
    }

    private void decide(String text, boolean bad) throws IOException {
        try {
            if (bad) {
                gate.refuse(text, "not valid UTF-8 text (or contains NUL): cmdgate cannot tell what the shell would run");
            } else {
                gate.check(text);
            }
        } catch (SecurityException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private void refuseHeld(String why) throws IOException {
        byte[] all = Arrays.copyOf(held, size);
        reset();
        try {
            gate.refuse(new String(all, StandardCharsets.UTF_8), why);
            throw new SecurityException("cmdgate: blocked: " + why);
        } catch (SecurityException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private void hold(byte[] b, int off, int len) {
        if (size + len > held.length) {
            held = Arrays.copyOf(held, Math.max(size + len, held.length * 2));
        }
        System.arraycopy(b, off, held, size, len);
        size += len;
    }

    private void reset() {
        size = 0;
        if (held.length > 4096) {
            held = new byte[256];
        }
        lineStart = 0;
        undecodable = false;
        framer.reset();
    }

    private static String decode(byte[] bytes, int off, int len) {
        for (int i = off; i < off + len; i++) {
            if (bytes[i] == 0) {
                return null;
            }
        }
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            return d.decode(ByteBuffer.wrap(bytes, off, len)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
