package dev.cmdgate.core.policy;

import dev.cmdgate.core.Reason;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * {@code system.command.execute.v1} for one JVM or one CLI run: the passport in force (re-read when
 * its file changes), the rules, and optionally a signer. Thread-safe; {@link #evaluate} is the one
 * call per launch.
 *
 * <pre>{@code
 * OapPolicy policy = OapPolicy.load(Path.of(passportFile))          // PassportException → stop at start
 *         .withSigner(DecisionSigner.load(Path.of(signingKey)));    // optional; SigningKeyException
 * OapDecision d = policy.evaluate(LaunchFacts.of(argv, cwd, envChanges, null, classification));
 * d.passportEvent().ifPresent(e -> log(e.message()));               // once per file change
 * if (!d.allow()) block(d.primaryReason()); else d.executionLimit().ifPresent(l -> watchdog.watch(p, l, ...));
 * audit(d.toJson());
 * }</pre>
 */
public final class OapPolicy {

    private final PassportSource source;
    private final PassportEvaluator evaluator;
    private final DecisionSigner signer;
    private final Clock clock;

    public OapPolicy(PassportSource source, PassportEvaluator evaluator, DecisionSigner signer, Clock clock) {
        this.source = Objects.requireNonNull(source);
        this.evaluator = Objects.requireNonNull(evaluator);
        this.signer = signer;
        this.clock = Objects.requireNonNull(clock);
    }

    /**
     * Loads the passport file, watched for changes, with the generic option canonicaliser and no signer.
     *
     * @throws PassportException one line naming the file and the problem
     */
    public static OapPolicy load(Path passportFile) {
        return new OapPolicy(PassportSource.open(passportFile), new PassportEvaluator(), null, Clock.systemUTC());
    }

    /** The same policy, signing every decision. */
    public OapPolicy withSigner(DecisionSigner signer) {
        return new OapPolicy(source, evaluator, signer, clock);
    }

    /** The same policy matching options with the given canonicaliser (e.g. the classifier's). */
    public OapPolicy withCanonicalizer(OptionCanonicalizer canonicalizer) {
        return new OapPolicy(source, new PassportEvaluator(canonicalizer), signer, clock);
    }

    /** The same policy with another clock (tests). */
    public OapPolicy withClock(Clock clock) {
        return new OapPolicy(source, evaluator, signer, clock);
    }

    public PassportSource source() {
        return source;
    }

    /** Decides one launch. Never throws for a bad passport file: that is a denial saying why. */
    public OapDecision evaluate(LaunchFacts facts) {
        PassportSource.Snapshot snap = source.snapshot();
        PassportEvent event = snap.event().orElse(null);
        OapDecision decision;
        String id = UUID.randomUUID().toString();
        if (snap.passport().isEmpty()) {
            Passport last = snap.lastGood();
            decision = new OapDecision(id, last == null ? null : last.passportId(), last == null ? null : last.ownerId(),
                    last == null ? null : last.assuranceLevel(), false,
                    List.of(new Reason(OapCodes.PASSPORT_INVALID, (source.file() != null
                            ? "The passport file cannot be used, so every command is denied: "
                            : "No usable passport, so every command is denied: ") + snap.problem())),
                    clock.instant(), null, null, null, null, event);
        } else {
            Passport p = snap.passport().get();
            List<Reason> failures = evaluator.evaluate(p, facts);
            boolean allow = failures.isEmpty();
            decision = new OapDecision(id, p.passportId(), p.ownerId(), p.assuranceLevel(), allow,
                    allow ? List.of(new Reason(OapCodes.ALLOWED, "All policy checks passed")) : failures,
                    clock.instant(), p.digest(), null, null, p.limits().maxExecutionTime(), event);
        }
        return signer == null ? decision : signer.sign(decision);
    }
}
