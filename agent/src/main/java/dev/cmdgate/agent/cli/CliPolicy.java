package dev.cmdgate.agent.cli;

import dev.cmdgate.core.decision.PolicyCheck;
import dev.cmdgate.core.policy.OapPolicyCheck;
import dev.cmdgate.core.policy.PassportException;
import dev.cmdgate.core.policy.SigningKeyException;
import java.nio.file.Path;

/** Loads the OAP passport for the CLI; any problem with it is a usage error. */
final class CliPolicy {

    private CliPolicy() {
    }

    static PolicyCheck load(Path passport, Path signingKey) {
        try {
            return OapPolicyCheck.load(passport, signingKey);
        } catch (PassportException | SigningKeyException e) {
            throw new Main.UsageException(e.getMessage());
        }
    }
}
