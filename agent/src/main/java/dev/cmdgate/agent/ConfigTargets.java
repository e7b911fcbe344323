package dev.cmdgate.agent;

import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ConfigException;
import dev.cmdgate.agent.fleet.PolicyPoller;
import dev.cmdgate.agent.prompt.HandlerClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.classify.RulesClassifier;
import dev.cmdgate.core.decision.PolicyCheck;
import dev.cmdgate.core.policy.OapPolicyCheck;
import dev.cmdgate.core.policy.PassportException;
import dev.cmdgate.core.policy.SigningKeyException;
import dev.cmdgate.core.rules.RuleSet;
import java.io.IOException;
import java.security.GeneralSecurityException;

/**
 * What a configuration names outside itself — a prompt handler class, a passport and its signing key, a
 * policy server, a rules file — read or checked so that a bad one stops the JVM at start with one line.
 * Apart from {@link AgentRuntime} (which builds the gate from them) because premain's configuration check
 * runs this in a throwaway class loader: every class that loader defines is read from the jar and verified
 * once more, so the check reaches only what it executes (see docs/performance.md, cause F).
 */
public final class ConfigTargets {

    private ConfigTargets() {
    }

    /**
     * Checks everything {@link AgentRuntime#create} would read.
     *
     * @return the text of the user rules file as it was checked, or null without one: the gate is built from this
     *         text, not from the file read again, which the application may have rewritten since
     */
    public static String check(AgentConfig config) {
        HandlerClass.check(config.prompt());
        if (config.remote() != null) {
            try {
                PolicyPoller.validate(config.remote());
            } catch (IOException | GeneralSecurityException | RuntimeException e) {
                throw new ConfigException("cmdgate.policy " + config.remote().url() + ": " + e.getMessage());
            }
        } else {
            policy(config);
        }
        if (config.rules() == null) {
            return null;
        }
        String text = RuleSet.readUserFile(config.rules());
        userRules(config, text);
        return text;
    }

    /** The passport is read at start-up, so a missing or invalid one stops the JVM with one line; null without one. */
    static PolicyCheck policy(AgentConfig config) {
        if (config.policy() == null) {
            if (config.signingKey() != null && config.auditOptions().signEvery() == 0) {
                throw new ConfigException("cmdgate.signing.key signs OAP decisions and the audit chain: it needs"
                        + " cmdgate.policy or cmdgate.audit.sign.every");
            }
            return null;
        }
        try {
            return OapPolicyCheck.load(config.policy(), config.signingKey());
        } catch (PassportException | SigningKeyException e) {
            throw new ConfigException(e.getMessage());
        }
    }

    /**
     * The classifier with the user's rules file as {@code text} (what the start-up check read), its trust rows'
     * placeholders as they were at start-up.
     */
    static CommandClassifier userRules(AgentConfig config, String text) {
        String origin = config.rules().toString();
        return RulesClassifier.of(config.startProperties().isEmpty() ? RuleSet.withUserText(text, origin)
                : RuleSet.withUserText(text, origin, config.startProperties()));
    }
}
