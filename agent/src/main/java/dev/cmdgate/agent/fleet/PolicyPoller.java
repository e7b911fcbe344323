package dev.cmdgate.agent.fleet;

import dev.cmdgate.agent.audit.AuditEvent;
import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonParser;
import dev.cmdgate.core.policy.PassportException;
import dev.cmdgate.core.policy.RemotePassports;
import dev.cmdgate.core.policy.SigningKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Keeps the policy from a policy server current, on a daemon thread of its own, off the launch path:
 * a conditional GET at most every {@code policy.poll} (each wait drawn from [poll/2, poll]), or, with
 * {@code policy.long-poll}, a GET the server may hold until the policy changes, asked again at once when
 * the server did hold it or a new policy came (a server that answers at once is polled as usual); a 304, or a
 * 200 with the content in force, confirms it; anything new is parsed, verified (a bundle's signature),
 * validated and ordered (an older revision, or the same revision with other content, is rejected)
 * before it is put in force and persisted. Rejections, activations, a failing server and a stale policy
 * are audit events (and one stderr line each). Only JDK networking: no process is ever started here.
 */
public final class PolicyPoller implements Runnable {

    private static final String BODY = "policy.body";
    private static final String META = "policy.meta.json";

    private final AgentConfig.RemotePolicy config;
    private final RemotePassports target;
    private final AuditSink audit;
    private final AgentLog log;
    private final PublicKey bundleKey;
    private final PolicyHttp http;
    private final String source;
    /** Events of {@link #restore()}, which runs while cmdgate starts: written by the poller's thread. */
    private final java.util.List<Runnable> pending = new java.util.ArrayList<>();
    private String lastRejected;
    private boolean failing;
    private boolean staleSaid;

    public PolicyPoller(AgentConfig.RemotePolicy config, RemotePassports target, AuditSink auditOrNull, AgentLog log)
            throws IOException, GeneralSecurityException {
        this.config = config;
        this.target = target;
        this.audit = auditOrNull;
        this.log = log;
        this.bundleKey = config.bundleKey() == null ? null : SigningKeys.readAnyPublicKey(config.bundleKey());
        this.http = new PolicyHttp(config);
        this.source = config.url().toString();
    }

    /** Checks that the TLS material and the key can be read (at start-up, so a bad one stops the JVM). */
    public static void validate(AgentConfig.RemotePolicy config) throws IOException, GeneralSecurityException {
        if (config.bundleKey() != null) {
            SigningKeys.readAnyPublicKey(config.bundleKey());
        }
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
        PolicyHttp.Answer answer;
        try {
            answer = http.get(active == null ? null : active.etag());
        } catch (IOException | RuntimeException e) {
            failed(e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage());
            return false;
        }
        check(active, answer);
        return true;
    }

    private void check(RemotePassports.Active active, PolicyHttp.Answer answer) {
        long now = System.nanoTime();
        if (answer.status() == 304) {
            if (active == null) {
                failed("the server answered 304 Not Modified, but no policy is in force");
                return;
            }
            recovered();
            target.confirm(answer.etag(), now);
            return;
        }
        PolicyDocument doc;
        try {
            doc = PolicyDocument.parse(answer.body(), source, bundleKey);
        } catch (PassportException | IllegalArgumentException e) {
            recovered();
            reject(digestOf(answer.body()), null, e.getMessage());
            return;
        }
        recovered();
        if (active != null && doc.digest().equals(active.digest())) {
            target.confirm(answer.etag(), now);   // a new ETag, the same content
            return;
        }
        if (active != null && active.revision() != null && doc.revision() != null) {
            int c = PolicyDocument.compareRevisions(doc.revision(), active.revision());
            if (c < 0) {
                reject(doc.digest(), doc.revision(), "revision " + doc.revision() + " is older than the revision in force, "
                        + active.revision());
                return;
            }
            if (c == 0) {
                reject(doc.digest(), doc.revision(), "revision " + doc.revision() + " is the revision in force, with other content");
                return;
            }
        }
        target.activate(doc.passport(), doc.revision(), doc.digest(), answer.etag(), now);
        staleSaid = false;
        lastRejected = null;
        persist(answer.body(), doc, answer.etag());
        event(AuditEvent.Policy.ACTIVATED, "policy from " + source + " in force: " + doc.passport().passportId()
                + (doc.revision() == null ? "" : " revision " + doc.revision()), Map.of("from", "server"), doc);
    }

    private static String digestOf(byte[] body) {
        return PolicyDocument.parse0Digest(body);
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

    private void persist(byte[] body, PolicyDocument doc, String etag) {
        Path dir = config.stateDir();
        if (dir == null) {
            return;
        }
        try {
            Map<String, Object> meta = new LinkedHashMap<>();
            meta.put("source", source);
            meta.put("digest", doc.digest());
            meta.put("revision", doc.revision());
            meta.put("etag", etag);
            meta.put("checked_at", Instant.now().toString());
            atomicWrite(dir.resolve(BODY), body);
            atomicWrite(dir.resolve(META), Json.write(meta).getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            log.warn("cmdgate: cannot keep the policy in " + dir + " (" + e + "); it is in force, but a restart"
                    + " will need the server");
        }
    }

    private static void atomicWrite(Path file, byte[] bytes) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The persisted policy, verified again like a fetched one; fresh from when it was last confirmed. */
    void restore() {
        Path dir = config.stateDir();
        if (dir == null || !Files.isRegularFile(dir.resolve(META))) {
            return;
        }
        try {
            Map<String, Object> meta = JsonParser.parseObject(Files.readString(dir.resolve(META), StandardCharsets.UTF_8));
            if (!source.equals(meta.get("source"))) {
                log.warn("cmdgate: the policy kept in " + dir + " is from " + meta.get("source") + ", not " + source
                        + ": not used");
                return;
            }
            byte[] body = Files.readAllBytes(dir.resolve(BODY));
            PolicyDocument doc = PolicyDocument.parse(body, source + " (kept in " + dir + ")", bundleKey);
            if (!doc.digest().equals(meta.get("digest"))) {
                throw new PassportException("its content does not match the digest kept beside it");
            }
            long age = java.time.Duration.between(Instant.parse((String) meta.get("checked_at")), Instant.now()).toNanos();
            target.activate(doc.passport(), doc.revision(), doc.digest(), (String) meta.get("etag"),
                    System.nanoTime() - Math.max(0, age));
            later(() -> event(AuditEvent.Policy.ACTIVATED, "policy kept in " + dir + " in force until the server answers: "
                    + doc.passport().passportId() + (doc.revision() == null ? "" : " revision " + doc.revision()),
                    Map.of("from", "state"), doc));
        } catch (IOException | RuntimeException e) {
            later(() -> event(AuditEvent.Policy.REJECTED, "the policy kept in " + dir + " cannot be used: " + e.getMessage(),
                    Map.of("reason", "kept policy: " + e.getMessage()), null));
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
