package dev.cmdgate.agent.fleet;

import dev.cmdgate.agent.audit.AuditEvent;
import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.OwnerOnly;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonParser;
import dev.cmdgate.core.policy.PassportException;
import dev.cmdgate.core.policy.RemotePassports;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Keeps the policy from a policy server current, on a daemon thread of its own, off the launch path:
 * a conditional GET at most every {@code policy.poll} (each wait drawn from [poll/2, poll]), or, with
 * {@code policy.long-poll}, a GET the server may hold until the policy changes, asked again at once when
 * the server did hold it or a new policy came (a server that answers at once is polled as usual); a 304 to the
 * ETag in force, or a 200 with the content in force, confirms it (a 304 to a request that named no ETag is a
 * failed check); anything new is parsed, verified (a bundle's signature), validated and ordered (an older
 * revision, or the same revision with other content, or with a key one of another format, is rejected; against
 * a kept policy not yet confirmed, only an older one) before it is put in force and persisted. Rejections, activations, a failing server and a stale policy
 * are audit events (and one stderr line each). Only JDK networking: no process is ever started here.
 */
public final class PolicyPoller implements Runnable {

    private static final String BODY = "policy.body";
    private static final String META = "policy.meta.json";

    private final AgentConfig.RemotePolicy config;
    private final RemotePassports target;
    private final AuditSink audit;
    private final AgentLog log;
    /** What bundle signatures must verify with; null: none is required. */
    private final BundleTrust trust;
    private final PolicyHttp http;
    private final String source;
    /** Events of {@link #restore()}, which runs while cmdgate starts: written by the poller's thread. */
    private final java.util.List<Runnable> pending = new java.util.ArrayList<>();
    private String lastRejected;
    /**
     * The policy in force is the one kept in the state directory, not yet confirmed by the server this run.
     * Without a key, anything in that directory another process could have written (a high revision too), so
     * the server's answer replaces it whatever its revision; with a key it is a signed bundle, but perhaps one
     * another process put back: its revision refuses only a provably older one of the server's (a replay), and
     * a revision it cannot be ordered against, or its own with other content, replaces it. A 304 never confirms
     * it (its ETag is not kept, so the request that could confirm it names none).
     */
    private boolean keptInForce;
    /** {@link PolicyDocument#content()} of the policy this poller put in force; null before one. */
    private String contentInForce;
    private boolean failing;
    private boolean staleSaid;

    public PolicyPoller(AgentConfig.RemotePolicy config, RemotePassports target, AuditSink auditOrNull, AgentLog log)
            throws IOException, GeneralSecurityException {
        this.config = config;
        this.target = target;
        this.audit = auditOrNull;
        this.log = log;
        this.trust = BundleTrust.of(config);
        this.http = new PolicyHttp(config);
        this.source = config.url().toString();
    }

    /** Checks that the TLS material and the key or secret can be read (at start-up, so a bad one stops the JVM). */
    public static void validate(AgentConfig.RemotePolicy config) throws IOException, GeneralSecurityException {
        BundleTrust.of(config);
        new PolicyHttp(config);
    }

    /** Puts the persisted policy (verified again) in force, then starts polling. */
    public void start() {
        restore();
        Thread t = new Thread(this, "cmdgate-policy");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void run() {
        synchronized (pending) {
            for (Runnable r : pending) {
                r.run();
            }
            pending.clear();
        }
        long holdNanos = config.longPoll().toNanos() / 2;
        while (!Thread.currentThread().isInterrupted()) {
            long began = System.nanoTime();
            RemotePassports.Active before = target.active();
            boolean answered = checkOnce();
            RemotePassports.Active after = target.active();
            boolean changed = after != null && (before == null || !after.digest().equals(before.digest()));
            if (answered && holdNanos > 0 && (changed || System.nanoTime() - began >= holdNanos)) {
                continue;   // the server held the check, or a new policy came: the next check is held until a change
            }
            long poll = config.poll().toMillis();
            long wait = poll / 2 + ThreadLocalRandom.current().nextLong(poll / 2 + 1);
            try {
                Thread.sleep(wait);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One check of the server; whether the server answered (200 or 304). */
    boolean checkOnce() {
        RemotePassports.Active active = target.active();
        String sent = active == null ? null : active.etag();
        PolicyHttp.Answer answer;
        try {
            answer = http.get(sent);
        } catch (IOException | RuntimeException e) {
            try {
                failed(e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage());
            } finally {
                target.checkCompleted();   // the server cannot be asked: a kept policy stands in now
            }
            return false;
        }
        try {
            check(active, sent, answer);
        } finally {
            target.checkCompleted();   // after what the answer put in force, never before
        }
        return true;
    }

    /** @param sent the ETag the request sent in {@code If-None-Match}, or null: it asked for the policy whole */
    private void check(RemotePassports.Active active, String sent, PolicyHttp.Answer answer) {
        long now = System.nanoTime();
        if (answer.status() == 304) {
            if (active == null) {
                failed("the server answered 304 Not Modified, but no policy is in force");
                return;
            }
            if (sent == null) {
                // nothing was named that could be "not modified": a kept policy is confirmed only by its content
                failed("the server answered 304 Not Modified to a request that named no ETag");
                return;
            }
            recovered();
            target.confirm(answer.etag(), now);
            return;
        }
        PolicyDocument doc;
        try {
            doc = PolicyDocument.parse(answer.body(), source, trust);
        } catch (PassportException | IllegalArgumentException e) {
            recovered();
            reject(digestOf(answer.body()), null, e.getMessage());
            return;
        }
        recovered();
        if (active != null && (doc.digest().equals(active.digest()) || doc.content().equals(contentInForce))) {
            // a new ETag, the same content; or the same files packed or compressed again
            target.confirm(answer.etag(), now);
            keptInForce = false;
            return;
        }
        // A kept policy, not confirmed by the server in this JVM's life, only refuses a revision provably older than
        // its own (a replay); on no order or the same revision the server's verified answer wins over it
        if (active != null && active.revision() != null && doc.revision() != null && (trust != null || !keptInForce)) {
            Integer c = Revision.order(doc.revision(), active.revision());
            if (c == null && trust != null && !keptInForce) {
                reject(doc.digest(), doc.revision(), "revision " + doc.revision() + " cannot be ordered against the revision"
                        + " in force, " + active.revision() + " (with a key both must be " + Revision.KNOWN + ", of one kind)");
                return;
            }
            if (c != null && c < 0) {
                reject(doc.digest(), doc.revision(), "revision " + doc.revision() + " is older than the revision in force, "
                        + active.revision());
                return;
            }
            if (c != null && c == 0 && !keptInForce) {
                reject(doc.digest(), doc.revision(), "revision " + doc.revision() + " is the revision in force, with other content");
                return;
            }
        }
        target.activate(doc.passport(), doc.revision(), doc.digest(), answer.etag(), now);
        contentInForce = doc.content();
        keptInForce = false;
        staleSaid = false;
        lastRejected = null;
        persist(answer.body(), doc);
        event(AuditEvent.Policy.ACTIVATED, "policy from " + source + " in force: " + doc.passport().passportId()
                + (doc.revision() == null ? "" : " revision " + doc.revision()), Map.of("from", "server"), doc);
    }

    private static String digestOf(byte[] body) {
        return PolicyDocument.digestOf(body);
    }

    private void reject(String digest, String revision, String reason) {
        if (digest.equals(lastRejected)) {
            return;   // said once per update
        }
        lastRejected = digest;
        Map<String, String> f = new LinkedHashMap<>();
        f.put("digest", digest);
        if (revision != null) {
            f.put("revision", revision);
        }
        f.put("reason", reason);
        event(AuditEvent.Policy.REJECTED, "rejected an update of the policy from " + source + ": " + reason
                + "; the policy in force stays", f, null);
    }

    private void failed(String problem) {
        target.failed(problem);
        if (!failing) {
            failing = true;
            event(AuditEvent.Policy.CHECK_FAILED, "cannot check the policy at " + source + ": " + problem,
                    Map.of("reason", problem), null);
        }
        RemotePassports.Active a = target.active();
        if (a != null && !staleSaid && System.nanoTime() - a.freshUntilNanos() > 0) {
            staleSaid = true;
            event(AuditEvent.Policy.STALE, "the policy from " + source + " is stale (no check succeeded for "
                    + config.stale().toSeconds() + " s): " + (config.onStale() == AgentConfig.OnStale.BLOCK
                    ? "launches are refused" : "the last policy is kept (policy.on-stale=keep)"),
                    Map.of("on_stale", config.onStale().name().toLowerCase(java.util.Locale.ROOT)), null);
        }
    }

    private void recovered() {
        if (failing) {
            failing = false;
            event(AuditEvent.Policy.CHECK_RECOVERED, "the policy server " + source + " answers again", Map.of(), null);
        }
    }

    // ---------------------------------------------------------------- the state directory

    private void persist(byte[] body, PolicyDocument doc) {
        Path dir = config.stateDir();
        if (dir == null) {
            return;
        }
        try {
            Map<String, Object> meta = new LinkedHashMap<>();
            meta.put("source", source);
            meta.put("digest", doc.digest());
            meta.put("revision", doc.revision());
            meta.put("checked_at", Instant.now().toString());
            atomicWrite(dir.resolve(BODY), body);
            atomicWrite(dir.resolve(META), Json.write(meta).getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            log.warn("cmdgate: cannot keep the policy in " + dir + " (" + e + "); it is in force, but a restart"
                    + " will need the server");
        }
    }

    /**
     * Writes a file of the state directory by renaming a new file over it: the new file gets a name of its own
     * and mode 0600 when it is created (never a name someone could have placed a link under beforehand).
     */
    private static void atomicWrite(Path file, byte[] bytes) throws IOException {
        Path tmp;
        try {
            tmp = Files.createTempFile(file.getParent(), file.getFileName() + ".", ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            tmp = Files.createTempFile(file.getParent(), file.getFileName() + ".", ".tmp");
        }
        try {
            Files.write(tmp, bytes, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * The persisted policy, verified again as strictly as a fetched one (with a key or secret: a bundle signed
     * with it, carrying a revision), from files only this user could have written; fresh from when it was last
     * confirmed. Its ETag is not kept: another process could have written the files with the server's current
     * ETag beside an older policy, and a 304 to it would then keep that policy fresh. The first check after a
     * restart fetches the policy whole and compares it with the kept one (an older revision served by then is
     * rejected, a newer one replaces it); until that check completes (at most {@code policy.timeout}) launches
     * wait for it, so the kept policy only decides when the server cannot be asked.
     */
    void restore() {
        Path dir = config.stateDir();
        if (dir == null || !Files.exists(dir.resolve(META), LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            for (Path p : new Path[] {dir, dir.resolve(META), dir.resolve(BODY)}) {
                String problem = OwnerOnly.writableByOthers(p);
                if (problem != null) {
                    throw new PassportException(problem);
                }
            }
            Map<String, Object> meta = JsonParser.parseObject(new String(readNoFollow(dir.resolve(META)), StandardCharsets.UTF_8));
            if (!source.equals(meta.get("source"))) {
                log.warn("cmdgate: the policy kept in " + dir + " is from " + meta.get("source") + ", not " + source
                        + ": not used");
                return;
            }
            byte[] body = readNoFollow(dir.resolve(BODY));
            PolicyDocument doc = PolicyDocument.parse(body, source + " (kept in " + dir + ")", trust);
            if (!doc.digest().equals(meta.get("digest"))) {
                throw new PassportException("its content does not match the digest kept beside it");
            }
            long age = java.time.Duration.between(Instant.parse((String) meta.get("checked_at")), Instant.now()).toNanos();
            target.standIn(doc.passport(), doc.revision(), doc.digest(), System.nanoTime() - Math.max(0, age), config.timeout());
            contentInForce = doc.content();
            keptInForce = true;
            later(() -> event(AuditEvent.Policy.ACTIVATED, "policy kept in " + dir + " in force until the server answers: "
                    + doc.passport().passportId() + (doc.revision() == null ? "" : " revision " + doc.revision()),
                    Map.of("from", "state"), doc));
        } catch (IOException | RuntimeException e) {
            later(() -> event(AuditEvent.Policy.REJECTED, "the policy kept in " + dir + " cannot be used: " + e.getMessage(),
                    Map.of("reason", "kept policy: " + e.getMessage()), null));
        }
    }

    /** A kept file's bytes, refusing a symbolic link, a pipe or a device in its place. */
    private static byte[] readNoFollow(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(file + " is not a regular file");
        }
        try (var ch = Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            if (ch.size() > PolicyHttp.MAX_BYTES + 65536L) {
                throw new IOException(file + " is larger than a policy can be");
            }
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate((int) ch.size());
            while (buf.hasRemaining() && ch.read(buf) >= 0) {
                // read on
            }
            return java.util.Arrays.copyOf(buf.array(), buf.position());
        }
    }

    private void later(Runnable r) {
        synchronized (pending) {
            pending.add(r);
        }
    }

    // ---------------------------------------------------------------- events

    private void event(String name, String message, Map<String, String> details, PolicyDocument doc) {
        log.warn("cmdgate: " + message);
        if (audit == null) {
            return;
        }
        AuditEvent.PolicyVersion version = doc == null ? null
                : new AuditEvent.PolicyVersion(doc.revision(), doc.digest(), doc.passport().passportId());
        try {
            audit.write(new AuditEvent.Policy(name, Instant.now(), AuditEvent.freshId(), source, version, details, message));
        } catch (IOException | RuntimeException e) {
            log.warn("cmdgate: cannot write the audit file " + audit.file() + " (" + e + ")");
        }
    }
}
