package dev.cmdgate.agent.hook;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * One call to the resident decider. The launcher named it {@code PID-NONCE} and left, in the private directory,
 * {@code .q} (NUL-separated: the protocol's name, the nonce, its process id, its physical working directory, then the
 * arguments a JVM of its own would get), {@code .b} (the host's input, at most 8 MiB and a byte) and {@code .r} (a
 * FIFO it reads the answer from). The answer, written to {@code .r} in one write of at most {@link #MAX_ANSWER} bytes:
 * {@code NONCE STATUS}, then standard output and standard error in {@link ReplyLines} form — or
 * {@code NONCE fallback}, which sends the call to a JVM of its own: a call from another context, a configuration
 * that switched the resident decider off, an input larger than {@link #MAX_INPUT}, an answer too long for one write,
 * anything that went wrong here.
 */
final class ResidentRequest implements Runnable {

    static final String PROTOCOL = "cmdgate-hook-1";
    /** At most this much in one write to the caller's FIFO: below any pipe's capacity, so a write never waits. */
    static final int MAX_ANSWER = 4000;
    /**
     * A larger input goes to a JVM of its own, whose heap is sized for the 8 MiB a host may send: the decider's is
     * small ({@link ResidentStart}), and the shapes that make the most objects per byte (a line of {@code a;a;a;…})
     * need about 200 bytes of heap for each byte of input.
     */
    static final long MAX_INPUT = 64 << 10;
    private static final Pattern NAME = Pattern.compile("([0-9]{1,10})-([0-9]{1,40})");

    private final ResidentServer server;
    private final Path dir;
    private final String name;
    private boolean endAfterAnswer;

    ResidentRequest(ResidentServer server, Path dir, String name) {
        this.server = server;
        this.dir = dir;
        this.name = name;
    }

    @Override
    public void run() {
        var m = NAME.matcher(name);
        if (!m.matches()) {
            return;
        }
        String nonce = m.group(2);
        Path reply = dir.resolve(name + ".r");
        try {
            if (!Files.readAttributes(reply, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther()) {
                return;
            }
            // read and write: opening never waits for a reader, and the caller holds the FIFO open already
            try (RandomAccessFile out = new RandomAccessFile(reply.toFile(), "rw")) {
                Files.deleteIfExists(reply);
                String answer = answer(Long.parseLong(m.group(1)), nonce);
                out.write(answer.getBytes(StandardCharsets.US_ASCII));
            }
        } catch (IOException | RuntimeException e) {
            // the caller waits for its answer in vain and starts a JVM of its own
        } finally {
            if (endAfterAnswer) {
                server.end();
            }
        }
    }

    private String answer(long pid, String nonce) {
        String fallback = nonce + " fallback\n";
        try {
            List<String> q = fields(regular(dir.resolve(name + ".q")));
            if (q.size() < 4 || !q.get(0).equals(PROTOCOL) || !q.get(1).equals(nonce) || !q.get(2).equals(Long.toString(pid))) {
                return fallback;
            }
            boolean same = server.context().sameAs(q.get(3), pid);
            endAfterAnswer = server.foreign(!same);
            if (!same) {
                return fallback;
            }
            String[] args = q.subList(4, q.size()).toArray(new String[0]);
            if (!switchedOn(args)) {
                return fallback;   // this configuration wants a JVM per call; others sharing the decider need not
            }
            Path body = dir.resolve(name + ".b");
            if (size(body) > MAX_INPUT) {
                return fallback;
            }
            HostReply r = decide(args, body);
            String stdout = ReplyLines.stdout(r);
            if (stdout == null || (r.exit() != 0 && r.exit() != 2)) {
                return fallback;
            }
            String text = nonce + " " + r.exit() + "\n" + stdout + "\n" + ReplyLines.stderr(r) + "\n";
            if (text.length() > MAX_ANSWER) {
                return fallback;
            }
            Files.deleteIfExists(dir.resolve(name + ".q"));
            Files.deleteIfExists(dir.resolve(name + ".b"));
            return text;
        } catch (IOException | RuntimeException e) {
            return fallback;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fallback;
        }
    }

    /** Whether the configuration of this call leaves the resident decider on (arguments that do not read: yes). */
    private static boolean switchedOn(String[] args) {
        Path config;
        try {
            config = HookArgs.parse(args).config();
        } catch (IllegalArgumentException e) {
            return true;   // decided below: the same reply as a JVM's
        }
        return ResidentSetting.forCall(config).on();
    }

    /** {@link HookMain#decide}, within the call's deadline, as a JVM of its own gives it. */
    private HostReply decide(String[] args, Path body) throws IOException, InterruptedException {
        long deadline;
        Host host;
        try {
            HookArgs a = HookArgs.parse(args);
            deadline = a.deadlineMillis();
            host = a.host();
        } catch (IllegalArgumentException e) {
            return HookMain.decide(args, InputStream.nullInputStream());
        }
        regular(body);
        try (InputStream in = Files.newInputStream(body, LinkOption.NOFOLLOW_LINKS)) {
            Future<HostReply> f = server.decisions().submit(() -> HookMain.decide(args, in));
            try {
                return f.get(deadline, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                f.cancel(true);
                return host.failClosed(Deadline.message(deadline));
            } catch (ExecutionException e) {
                return host.failClosed(HookMain.failed(e.getCause()));
            }
        }
    }

    /** The size of a regular file that is not a link. */
    private static long size(Path p) throws IOException {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!a.isRegularFile()) {
            throw new IOException(p + " is not a regular file");
        }
        return a.size();
    }

    /** The path, when it is a regular file and not a link. */
    private static Path regular(Path p) throws IOException {
        if (!Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isRegularFile()) {
            throw new IOException(p + " is not a regular file");
        }
        return p;
    }

    /** The NUL-terminated fields of a file. */
    static List<String> fields(Path file) throws IOException {
        byte[] b = Files.readAllBytes(file);
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 0) {
                out.add(new String(b, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        if (start != b.length) {
            throw new IOException(file + " does not end with NUL");
        }
        return out;
    }
}
