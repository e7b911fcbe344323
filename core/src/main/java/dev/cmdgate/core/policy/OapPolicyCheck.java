package dev.cmdgate.core.policy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.PolicyCheck;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The OAP passport as the gatekeeper's policy step, shared by the agent and the CLI. With a signing key
 * the decision is signed only when it is final ({@link #seal}): the signature then covers the launch
 * and the outcome as well ({@link dev.cmdgate.core.decision.LaunchBinding}), which the policy's own answer cannot know yet.
 */
public final class OapPolicyCheck implements PolicyCheck {

    private final OapPolicy policy;
    private final DecisionSigner signer;

    public OapPolicyCheck(OapPolicy policy) {
        this(policy, null);
    }

    /** @param signer signs each final decision bound to its launch, or null for unsigned decisions */
    public OapPolicyCheck(OapPolicy policy, DecisionSigner signer) {
        this.policy = policy;
        this.signer = signer;
    }

    /**
     * Loads the passport (watched for changes) and, when given, the signing key.
     *
     * @throws PassportException   one line naming the passport file and the problem
     * @throws SigningKeyException one line naming the key file and the problem
     */
    public static OapPolicyCheck load(Path passport, Path signingKeyOrNull) {
        return new OapPolicyCheck(OapPolicy.load(passport),
                signingKeyOrNull == null ? null : DecisionSigner.load(signingKeyOrNull));
    }

    @Override
    public Map<String, Object> seal(Map<String, Object> decision, Map<String, Object> bound) {
        return signer == null || decision == null ? decision : signer.signBound(decision, bound);
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
