package dev.cmdgate.core.policy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The passport in force, re-read when its file changes.
 * <p>
 * Every {@link #snapshot()} stats the file (size, modification time, file key — a few microseconds)
 * and re-reads it when any of them changed; in addition the content itself is compared at most once
 * per {@code contentRecheckMillis} (catching an edit that kept size and timestamp). A change to valid
 * content takes effect at once; a change to invalid content (or a deleted file) makes the source
 * <em>invalid</em>: {@link Snapshot#passport()} is empty and {@link OapPolicy} denies every launch,
 * saying why, until the file is valid again. Each transition is reported exactly once, as the
 * {@link Snapshot#event()} of the one snapshot that observed it.
 * <p>
 * Thread-safe; the fast path takes no lock.
 */
public final class PassportSource {

    /** What one look at the source found. */
    public record Snapshot(Optional<Passport> passport, Passport lastGood, String problem, Optional<PassportEvent> event) {

        /** True when the current file content is a usable passport. */
        public boolean valid() {
            return passport.isPresent();
        }
    }

    private record State(Passport passport, Passport lastGood, String problem, Stamp stamp, byte[] content,
            long checkedAtNanos, long contentCheckedAtNanos) {
    }

    private record Stamp(long size, long modifiedNanos, Object fileKey) {
    }

    private final Path file;
    /** For a passport from a policy server: where a poller puts it; null for a file. */
    private final RemotePassports remote;
    private final long contentRecheckNanos;
    private final LongSupplier nanoTime;
    private volatile State state;

    private PassportSource(Path file, Passport passport, Stamp stamp, byte[] content, long contentRecheckMillis,
            LongSupplier nanoTime) {
        this.file = file;
        this.remote = null;
        this.contentRecheckNanos = contentRecheckMillis * 1_000_000L;
        this.nanoTime = nanoTime;
        long now = nanoTime.getAsLong();
        this.state = new State(passport, passport, null, stamp, content, now, now);
    }

    /**
     * Loads the passport file; it must be valid now.
     *
     * @throws PassportException with one line naming the file and the problem
     */
    public static PassportSource open(Path file) {
        return open(file, 1000, System::nanoTime);
    }

    /** As {@link #open(Path)} with a content re-check interval and a clock (for tests). */
    public static PassportSource open(Path file, long contentRecheckMillis, LongSupplier nanoTime) {
        Objects.requireNonNull(file, "file");
        Stamp stamp = stamp(file);
        byte[] content = read(file);
        Passport p = Passport.parse(Passport.decodeUtf8(content, "passport " + file), "passport " + file);
        return new PassportSource(file, p, stamp, content, contentRecheckMillis, nanoTime);
    }

    /** A source that never changes (for the CLI, or a passport that is not in a file). */
    public static PassportSource fixed(Passport passport) {
        PassportSource s = new PassportSource(null, Objects.requireNonNull(passport), null, null, 0, System::nanoTime);
        return s;
    }

    private PassportSource(RemotePassports remote) {
        this.file = null;
        this.remote = Objects.requireNonNull(remote);
        this.contentRecheckNanos = 0;
        this.nanoTime = System::nanoTime;
    }

    /** The passport a poller fetches from a policy server (see {@link RemotePassports}). */
    public static PassportSource remote(RemotePassports remote) {
        return new PassportSource(remote);
    }

    /** The file this source watches; null for {@link #fixed(Passport)}. */
    public Path file() {
        return file;
    }

    /** Looks at the file (cheaply) and returns the passport in force or why there is none. */
    public Snapshot snapshot() {
        if (remote != null) {
            return remote.snapshot();
        }
        if (file == null) {
            State s = state;
            return new Snapshot(Optional.of(s.passport), s.lastGood, null, Optional.empty());
        }
        State s = state;
        Stamp now;
        try {
            now = statOrNull(file);
        } catch (IOException e) {
            now = null;
        }
        long t = nanoTime.getAsLong();
        boolean stampChanged = !Objects.equals(now, s.stamp);
        boolean contentDue = t - s.contentCheckedAtNanos >= contentRecheckNanos;
        if (!stampChanged && !contentDue) {
            return view(s, null);
        }
        synchronized (this) {
            s = state;
            PassportEvent event = null;
            byte[] content;
            Stamp stamp;
            String problem = null;
            Passport fresh = null;
            try {
                stamp = stamp(file);
                content = read(file);
            } catch (PassportException e) {
                stamp = null;
                content = null;
                problem = e.getMessage();
            }
            if (problem == null && s.content != null && Arrays.equals(content, s.content) && s.problem == null) {
                // same bytes: nothing to do but remember the new stamp
                state = new State(s.passport, s.lastGood, null, stamp, content, t, t);
                return view(state, null);
            }
            if (problem == null) {
                try {
                    fresh = Passport.parse(Passport.decodeUtf8(content, "passport " + file), "passport " + file);
                } catch (PassportException e) {
                    problem = e.getMessage();
                }
            }
            if (fresh != null) {
                boolean wasInvalid = s.problem != null;
                state = new State(fresh, fresh, null, stamp, content, t, t);
                if (wasInvalid || !fresh.document().equals(s.passport == null ? null : s.passport.document())) {
                    event = new PassportEvent(PassportEvent.Kind.RELOADED, file, "passport " + file + " reloaded: "
                            + fresh.passportId() + " is '" + fresh.status() + "' (" + fresh.digest() + ")"
                            + (wasInvalid ? "; launches are evaluated against it again" : ""));
                }
            } else {
                boolean sameProblem = problem.equals(s.problem);
                state = new State(null, s.lastGood, problem, stamp, content, t, t);
                if (!sameProblem) {
                    event = new PassportEvent(PassportEvent.Kind.INVALID, file,
                            problem + " — every launch is denied until the passport file is fixed");
                }
            }
            return view(state, event);
        }
    }

    private static Snapshot view(State s, PassportEvent event) {
        return new Snapshot(Optional.ofNullable(s.passport), s.lastGood, s.problem, Optional.ofNullable(event));
    }

    private static Stamp statOrNull(Path file) throws IOException {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return new Stamp(a.size(), a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS), a.fileKey());
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static Stamp stamp(Path file) {
        try {
            Stamp s = statOrNull(file);
            if (s == null) {
                throw new PassportException("passport " + file + ": file not found");
            }
            return s;
        } catch (IOException e) {
            throw new PassportException("passport " + file + ": cannot read: " + Passport.oneLine(e), e);
        }
    }

    private static byte[] read(Path file) {
        return Passport.readBytes(file);
    }
}
