package dev.cmdgate.core.policy;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/**
 * The passport in force when it comes from a policy server: set by a poller off the launch path
 * ({@link #activate}, {@link #confirm}), read by every launch ({@link #snapshot}) from one volatile
 * reference — the swap is atomic, the read takes no lock.
 * <p>
 * Fail closed: before any passport was activated every launch is denied (a launch waits for the first
 * one until the start-up wait, if any, runs out); once no check has succeeded for longer than the
 * stale limit, launches are denied ({@link OnStale#BLOCK}) or go on under the last passport
 * ({@link OnStale#KEEP}). Each change of state is reported once, as a snapshot's event.
 */
public final class RemotePassports {

    /** What launches do once the policy is stale. */
    public enum OnStale { BLOCK, KEEP }

    /** The passport in force, where it came from, and until when it counts as fresh. */
    public record Active(Passport passport, String revision, String digest, String etag, long freshUntilNanos) {
    }

    private final String source;
    private final Duration staleAfter;
    private final OnStale onStale;
    private final LongSupplier nanoTime;
    private final long waitUntilNanos;
    private volatile Active active;
    /** When the last check that succeeded was made (activated or confirmed), on {@link #nanoTime}'s clock. */
    private volatile long checkedAtNanos;
    /** Why nothing is in force (before the first activation): the last failure, for the refusal's message. */
    private volatile String lastProblem = "no check has completed yet";
    /** The state last reported, so that each change is said once: "none", "fresh", "stale". */
    private final AtomicReference<String> reported = new AtomicReference<>("none");

    public RemotePassports(String source, Duration staleAfter, OnStale onStale, Duration startWait, LongSupplier nanoTime) {
        this.source = Objects.requireNonNull(source);
        this.staleAfter = Objects.requireNonNull(staleAfter);
        this.onStale = Objects.requireNonNull(onStale);
        this.nanoTime = Objects.requireNonNull(nanoTime);
        this.waitUntilNanos = nanoTime.getAsLong() + startWait.toNanos();
    }

    public String source() {
        return source;
    }

    /** The passport in force, or null before the first activation. */
    public Active active() {
        return active;
    }

    /**
     * Puts a verified passport in force (atomically), fresh from the time of the check that fetched it
     * ({@code checkedAtNanos}; a persisted one, from when it was last confirmed).
     */
    public void activate(Passport passport, String revision, String digest, String etag, long checkedAtNanos) {
        synchronized (this) {
            this.checkedAtNanos = checkedAtNanos;
            active = new Active(passport, revision, digest, etag, freshUntil(checkedAtNanos));
            notifyAll();
        }
    }

    /** A check succeeded without a change (304, or the same content): the passport in force is fresh again. */
    public void confirm(String etag, long checkedAtNanos) {
        Active a = active;
        if (a != null) {
            this.checkedAtNanos = checkedAtNanos;
            active = new Active(a.passport, a.revision, a.digest, etag == null ? a.etag : etag, freshUntil(checkedAtNanos));
        }
    }

    /**
     * The policy in force, for monitoring: its revision (its digest when it has none), how long ago a
     * check last succeeded, and whether that is longer than the stale limit — also under
     * {@link OnStale#KEEP}, where launches go on regardless.
     */
    public record Health(String revision, long sinceCheckNanos, boolean stale) {
    }

    /** See {@link Health}; null before any policy was activated. */
    public Health health() {
        Active a = active;
        if (a == null) {
            return null;
        }
        long since = nanoTime.getAsLong() - checkedAtNanos;
        return new Health(a.revision != null ? a.revision : a.digest, since, since - staleAfter.toNanos() > 0);
    }

    /** A check failed; said in refusals while nothing is in force. */
    public void failed(String problem) {
        lastProblem = problem;
    }

    private long freshUntil(long checkedAtNanos) {
        return onStale == OnStale.KEEP ? Long.MAX_VALUE : checkedAtNanos + staleAfter.toNanos();
    }

    /** The passport launches are judged by now, or why there is none. Called on every launch. */
    public PassportSource.Snapshot snapshot() {
        Active a = active;
        if (a == null) {
            a = awaitFirst();
        }
        if (a == null) {
            String problem = "no policy has been activated from " + source + " (" + lastProblem + ")";
            return new PassportSource.Snapshot(Optional.empty(), null, problem,
                    event("none", PassportEvent.Kind.INVALID, problem + " — every launch is denied until one is"));
        }
        long now = nanoTime.getAsLong();
        if (now - a.freshUntilNanos > 0) {
            String problem = "the policy from " + source + " is stale: no check has succeeded for more than "
                    + staleAfter.toSeconds() + " s (" + lastProblem + ")";
            return new PassportSource.Snapshot(Optional.empty(), a.passport, problem,
                    event("stale", PassportEvent.Kind.INVALID, problem + " — every launch is denied until a check succeeds"));
        }
        return new PassportSource.Snapshot(Optional.of(a.passport), a.passport, null,
                event("fresh:" + a.digest, PassportEvent.Kind.RELOADED, "policy from " + source + " in force: "
                        + a.passport.passportId() + " is '" + a.passport.status() + "'"
                        + (a.revision == null ? "" : ", revision " + a.revision) + " (" + a.digest + ")"));
    }

    private Optional<PassportEvent> event(String state, PassportEvent.Kind kind, String message) {
        String before = reported.get();
        if (state.equals(before) || !reported.compareAndSet(before, state)) {
            return Optional.empty();
        }
        return Optional.of(new PassportEvent(kind, null, message));
    }

    /** Before the first activation, a launch waits for it until the start-up wait runs out. */
    private Active awaitFirst() {
        long left = waitUntilNanos - nanoTime.getAsLong();
        if (left <= 0) {
            return null;
        }
        synchronized (this) {
            try {
                while (active == null && (left = waitUntilNanos - nanoTime.getAsLong()) > 0) {
                    wait(Math.max(1, left / 1_000_000));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return active;
        }
    }
}
