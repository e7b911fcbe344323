package dev.cmdgate.agent.cli;

import dev.cmdgate.core.decision.PolicyCheck;
import java.nio.file.Path;

/** Loads the OAP passport for the CLI. */
final class CliPolicy {

    private CliPolicy() {
    }

    static PolicyCheck load(Path passport, Path signingKey) {
        throw new Main.UsageException("--policy is not available in this build yet");
    }
}
