package dev.cmdgate.core.policy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.PolicyCheck;
import java.nio.file.Path;
import java.util.List;

/** The OAP passport as the gatekeeper's policy step, shared by the agent and the CLI. */
public final class OapPolicyCheck implements PolicyCheck {

    private final OapPolicy policy;

    public OapPolicyCheck(OapPolicy policy) {
        this.policy = policy;
    }

    /**
     * Loads the passport (watched for changes) and, when given, the signing key.
     *
     * @throws PassportException   one line naming the passport file and the problem
     * @throws SigningKeyException one line naming the key file and the problem
     */
    public static OapPolicyCheck load(Path passport, Path signingKeyOrNull) {
        OapPolicy p = OapPolicy.load(passport);
        return new OapPolicyCheck(signingKeyOrNull == null ? p : p.withSigner(DecisionSigner.load(signingKeyOrNull)));
    }

    @Override
    public Result evaluate(Launch launch, Classification classification) {
        List<String> argv = launch.shellLine() != null ? List.of("sh", "-c", launch.shellLine()) : launch.argv();
        String raw = launch.shellLine() != null ? launch.shellLine() : String.join(" ", launch.argv());
        LaunchFacts facts = new LaunchFacts(argv, raw, launch.cwd() == null ? null : Path.of(launch.cwd()),
                launch.environmentChanges(), java.util.Optional.ofNullable(launch.declaredTimeout()), classification);
        OapDecision d = policy.evaluate(facts);
        return new Result(d.allow() ? List.of() : d.reasons(), d.toJson(), d.executionLimit().orElse(null),
                d.passportEvent().map(PassportEvent::message).orElse(null));
    }
}
