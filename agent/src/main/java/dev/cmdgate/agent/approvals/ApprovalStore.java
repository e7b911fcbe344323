package dev.cmdgate.agent.approvals;

import dev.cmdgate.core.json.IsoInstant;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The requests the service holds, and their journal: every request, answer and expiry is one JSON line,
 * written before anyone is told of it (an answer also forced to disk), so that after a restart (or a
 * crash) every request is as it was — a pending one still pending until its deadline, an answered one answered as it
 * was. An answer that was not on disk was given to nobody; nothing is ever allowed that the journal does
 * not hold. On start the journal is read, requests whose deadline passed meanwhile are expired (a deny),
 * and the file is rewritten with the pending requests and the latest history only.
 *
 * <p>One lock orders everything: a request is answered once, by the first approver; a second answer,
 * or one after the deadline, is refused and says why.
 */
final class ApprovalStore implements Closeable {

    /** What became of an answer. */
    enum Outcome { ANSWERED, ALREADY_ANSWERED, EXPIRED, UNKNOWN }

    /** The most requests pending at once: beyond it a client's request is refused (and its launch denied). */
    static final int MAX_PENDING = 5000;

    /** A new request while {@link #MAX_PENDING} are pending. */
    static final class Full extends Exception {
        Full() {
            super(MAX_PENDING + " requests are pending already", null, false, false);
        }
    }

    /** A post with a known decision id but other bytes. */
    static final class Conflict extends Exception {
        Conflict() {
            super("another request holds this decision id", null, false, false);
        }
    }

    /** What the page shows at one moment. */
    record Snapshot(String epoch, long version, List<Approval.Seen> pending, List<Approval.Seen> history) {
    }

    /** A submitted request and whether it is new (not a post of a request the service had already). */
    record Submitted(Approval approval, Approval.Seen seen, boolean isNew) {
    }

    private final Path file;
    private final Clock clock;
    private final int keep;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Map<String, Approval> byId = new LinkedHashMap<>();
    /** Ended requests, latest last; at most {@link #keep}. */
    private final Deque<Approval> history = new ArrayDeque<>();
    /** Changes with each restart, so a page knows its version numbers no longer apply. */
    private final String epoch;
    private long version;
    private FileChannel journal;

    private ApprovalStore(Path file, Clock clock, int keep) {
        this.file = file;
        this.clock = clock;
        this.keep = keep;
        byte[] e = new byte[8];
        new SecureRandom().nextBytes(e);
        this.epoch = HexFormat.of().formatHex(e);
    }

    /** Opens (or creates) the journal {@code file}, keeping the latest {@code keep} ended requests. */
    static ApprovalStore open(Path file, Clock clock, int keep) throws IOException {
        ApprovalStore s = new ApprovalStore(file, clock, keep);
        s.replay();
        s.rewrite();
        s.journal = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        s.expireDue();
        return s;
    }

    private void replay() throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            Map<String, Object> o;
            try {
                o = JsonParser.parseObject(line);
            } catch (JsonParseException e) {
                if (i == lines.size() - 1) {
                    break;   // a last line cut off by a crash: what it said was never acted on
                }
                throw new IOException(file + " line " + (i + 1) + " is not a journal line: " + e.getMessage());
            }
            apply(o, file + " line " + (i + 1));
        }
    }

    @SuppressWarnings("unchecked")
    private void apply(Map<String, Object> o, String where) throws IOException {
        try {
            String id = (String) o.get("id");
            switch (String.valueOf(o.get("op"))) {
                case "request" -> {
                    Approval a = new Approval(id, (String) o.get("sha256"), (String) o.get("client"),
                            Instant.parse((String) o.get("received")), Instant.parse((String) o.get("deadline")),
                            (Map<String, Object>) o.get("request"));
                    byId.put(id, a);
                }
                case "answer", "expired" -> {
                    Approval a = byId.get(id);
                    if (a == null || !a.pending()) {
                        return;
                    }
                    a.state = "answer".equals(o.get("op")) ? Approval.State.ANSWERED : Approval.State.EXPIRED;
                    a.answer = (String) o.get("answer");
                    a.approver = (String) o.get("approver");
                    a.channel = (String) o.get("channel");
                    a.note = (String) o.get("note");
                    a.ended = Instant.parse((String) o.get("at"));
                    remember(a);
                }
                default -> throw new IOException(where + ": unknown op " + o.get("op"));
            }
        } catch (ClassCastException | java.time.format.DateTimeParseException | NullPointerException e) {
            throw new IOException(where + ": a field is missing or of the wrong type (" + e.getMessage() + ")");
        }
    }

    /** Writes the journal anew with what is kept: the pending requests and the latest history. */
    private void rewrite() throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        StringBuilder out = new StringBuilder();
        List<Approval> kept = new ArrayList<>();
        for (Approval a : byId.values()) {
            if (a.pending()) {
                kept.add(a);
            }
        }
        kept.addAll(history);
        kept.sort(Comparator.comparing((Approval a) -> a.received));
        for (Approval a : kept) {
            out.append(requestLine(a)).append('\n');
            if (!a.pending()) {
                out.append(endLine(a)).append('\n');
            }
        }
        try (FileChannel c = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            write(c, out.toString());
            c.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        byId.clear();
        for (Approval a : kept) {
            byId.put(a.id, a);
        }
    }

    private static String requestLine(Approval a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("op", "request");
        m.put("id", a.id);
        m.put("sha256", a.sha256);
        m.put("client", a.client);
        m.put("received", IsoInstant.format(a.received));
        m.put("deadline", IsoInstant.format(a.deadline));
        m.put("request", a.request);
        return Json.write(m);
    }

    private static String endLine(Approval a) {
        return endLine(a.id, a.state, a.answer, a.approver, a.channel, a.note, a.ended);
    }

    private static String endLine(String id, Approval.State state, String answer, String approver, String channel,
                                  String note, Instant at) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("op", state == Approval.State.ANSWERED ? "answer" : "expired");
        m.put("id", id);
        m.put("answer", answer);
        m.put("approver", approver);
        m.put("channel", channel);
        m.put("note", note);
        m.put("at", IsoInstant.format(at));
        return Json.write(m);
    }

    private static void write(FileChannel c, String text) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (b.hasRemaining()) {
            c.write(b);
        }
    }

    /**
     * Appends one line, and forces it to disk when {@code durable}; called under the lock. An answer is
     * forced before anyone hears of it. A request is only written: one lost with the machine (not with the
     * process, whose writes the system keeps) is posted again by its JVM and taken anew, and forcing each
     * of hundreds of requests arriving together would keep them all waiting on the disk.
     */
    private void journal(String line, boolean durable) throws IOException {
        write(journal, line + "\n");
        if (durable) {
            journal.force(false);
        }
    }

    private void remember(Approval a) {
        history.addLast(a);
        while (history.size() > keep) {
            Approval old = history.removeFirst();
            byId.remove(old.id);
        }
    }

    private void changed() {
        version++;
        changed.signalAll();
    }

    /**
     * Takes a request, or finds the one already taken under {@code id} (a JVM posting again after a hold or
     * a restart). Throws {@link Conflict} when {@code id} holds other bytes, {@link Full} when too many wait.
     */
    Submitted submit(String id, String sha256, Map<String, Object> request, String client, Instant deadline)
            throws Conflict, Full, IOException {
        lock.lock();
        try {
            Approval known = byId.get(id);
            if (known != null) {
                if (!known.sha256.equals(sha256)) {
                    throw new Conflict();
                }
                return new Submitted(known, known.seen(), false);
            }
            if (byId.size() - history.size() >= MAX_PENDING) {
                throw new Full();
            }
            Approval a = new Approval(id, sha256, client, clock.instant(), deadline, request);
            journal(requestLine(a), false);
            byId.put(id, a);
            if (!deadline.isAfter(a.received)) {
                end(a, Approval.State.EXPIRED, "deny", null, null, null);
            }
            changed();
            return new Submitted(a, a.seen(), true);
        } finally {
            lock.unlock();
        }
    }

    /** Records a person's answer, unless the request is unknown, answered already or past its deadline. */
    Outcome answer(String id, String answer, String approver, String channel, String note) throws IOException {
        lock.lock();
        try {
            Approval a = byId.get(id);
            if (a == null) {
                return Outcome.UNKNOWN;
            }
            if (a.state == Approval.State.ANSWERED) {
                return Outcome.ALREADY_ANSWERED;
            }
            if (a.state == Approval.State.EXPIRED || !clock.instant().isBefore(a.deadline)) {
                if (a.pending()) {
                    end(a, Approval.State.EXPIRED, "deny", null, null, null);
                    changed();
                }
                return Outcome.EXPIRED;
            }
            end(a, Approval.State.ANSWERED, answer, approver, channel, note);
            changed();
            return Outcome.ANSWERED;
        } finally {
            lock.unlock();
        }
    }

    /** Ends a pending request: on disk first, then in memory. Called under the lock. */
    private void end(Approval a, Approval.State state, String answer, String approver, String channel, String note)
            throws IOException {
        Instant at = clock.instant();
        journal(endLine(a.id, state, answer, approver, channel, note, at), true);
        a.state = state;
        a.answer = answer;
        a.approver = approver;
        a.channel = channel;
        a.note = note;
        a.ended = at;
        remember(a);
    }

    /** Expires every pending request whose deadline has passed. */
    void expireDue() throws IOException {
        lock.lock();
        try {
            Instant now = clock.instant();
            boolean any = false;
            for (Approval a : new ArrayList<>(byId.values())) {
                if (a.pending() && !now.isBefore(a.deadline)) {
                    end(a, Approval.State.EXPIRED, "deny", null, null, null);
                    any = true;
                }
            }
            if (any) {
                changed();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits up to {@code millis} while {@code a} is pending; returns it as it is then. */
    Approval.Seen awaitEnd(Approval a, long millis) throws InterruptedException {
        long nanos = TimeUnit.MILLISECONDS.toNanos(millis);
        lock.lock();
        try {
            while (a.pending() && nanos > 0) {
                nanos = changed.awaitNanos(nanos);
            }
            return a.seen();
        } finally {
            lock.unlock();
        }
    }

    /**
     * What there is now, once the version is past {@code after} of {@code epoch} (at once when the epoch is
     * another, after a restart), or after {@code millis} with nothing new.
     */
    Snapshot await(String pageEpoch, long after, long millis) throws InterruptedException {
        long nanos = TimeUnit.MILLISECONDS.toNanos(millis);
        lock.lock();
        try {
            while (epoch.equals(pageEpoch) && version <= after && nanos > 0) {
                nanos = changed.awaitNanos(nanos);
            }
            List<Approval.Seen> pending = new ArrayList<>();
            for (Approval a : byId.values()) {
                if (a.pending()) {
                    pending.add(a.seen());
                }
            }
            pending.sort(Comparator.comparing(Approval.Seen::received));
            List<Approval.Seen> ended = new ArrayList<>();
            for (Approval a : history) {
                ended.add(0, a.seen());
            }
            return new Snapshot(epoch, version, pending, ended);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() throws IOException {
        lock.lock();
        try {
            if (journal != null) {
                journal.close();
            }
        } finally {
            lock.unlock();
        }
    }
}
