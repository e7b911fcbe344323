package dev.cmdgate.agent.hook;

import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ConfigException;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.classify.OwnFiles;
import dev.cmdgate.core.classify.RulesClassifier;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.PolicyCheck;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.policy.OapPolicyCheck;
import dev.cmdgate.core.policy.PassportException;
import dev.cmdgate.core.policy.SigningKeyException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The configuration a call is decided under: the user's, made stricter by the projects it runs in (see
 * {@link ProjectConfig}).
 */
record HookSettings(UserConfig user, List<ProjectConfig> projects) {

    HookSettings {
        projects = List.copyOf(projects);
    }

    static HookSettings load(Path explicitConfig, String cwd) {
        return new HookSettings(UserConfig.load(explicitConfig), ProjectConfig.above(cwd));
    }

    AgentConfig config() {
        return user.config();
    }

    /** Enforce unless the user asked for audit mode and no project asks for enforcement. */
    boolean auditMode() {
        if (user.config().mode() != AgentConfig.Mode.AUDIT) {
            return false;
        }
        for (ProjectConfig p : projects) {
            if (p.mode() == AgentConfig.Mode.ENFORCE) {
                return false;
            }
        }
        return true;
    }

    /** The strictest prompt answer of the user's and the projects'. */
    PromptRoute prompt() {
        PromptRoute a = PromptRoute.of(user.config().prompt(), "the configuration");
        for (ProjectConfig p : projects) {
            if (p.prompt() != null) {
                a = a.stricter(p.prompt());
            }
        }
        return a;
    }

    /** The strictest answer of the projects' gates for a classification (ALLOW when there are none). */
    GateDecision projectGate(Classification c) {
        GateDecision d = GateDecision.ALLOW;
        for (ProjectConfig p : projects) {
            if (p.scheme() != null) {
                GateDecision pd = p.scheme().decide(c);
                if (pd.ordinal() > d.ordinal()) {
                    d = pd;
                }
            }
        }
        return d;
    }

    /** The schemes in force, for the audit line: {@code autonomy=supervised} and each project's in brackets. */
    String schemeLabel() {
        StringBuilder s = new StringBuilder(user.config().scheme().describe());
        for (ProjectConfig p : projects) {
            if (p.scheme() != null) {
                s.append(" + ").append(p.scheme().describe()).append(" (").append(p.file()).append(')');
            }
        }
        return s.toString();
    }

    /** Steps 1 to 4 with the user's rules, scheme and passport, raised by the projects' rules and passports. */
    Gatekeeper gatekeeper(OwnFiles own) {
        AgentConfig c = user.config();
        CommandClassifier builtin = withOwn(Classifiers.standard(null), own);
        CommandClassifier userRules = c.rules() == null ? builtin : withOwn(rules(c.rules(), c), own);
        List<CommandClassifier> projectRules = new ArrayList<>();
        List<PolicyCheck> policies = new ArrayList<>();
        if (c.policy() != null) {
            policies.add(passport(c.policy(), c.signingKey()));
        }
        for (ProjectConfig p : projects) {
            if (p.rules() != null) {
                projectRules.add(withOwn(rules(p.rules(), c), own));
            }
            if (p.policy() != null) {
                policies.add(passport(p.policy(), null));
            }
        }
        CommandClassifier classifier = projectRules.isEmpty() ? userRules
                : new StricterClassifier(userRules, projectRules, builtin);
        PolicyCheck policy = policies.isEmpty() ? null : policies.size() == 1 ? policies.get(0) : new AllPolicies(policies);
        return new Gatekeeper(classifier, c.scheme(), policy);
    }

    private static CommandClassifier rules(Path file, AgentConfig c) {
        try {
            return c.startProperties().isEmpty() ? Classifiers.standard(file) : Classifiers.standard(file, c.startProperties());
        } catch (IllegalArgumentException e) {
            throw new ConfigException(e.getMessage());
        }
    }

    private static CommandClassifier withOwn(CommandClassifier c, OwnFiles own) {
        return c instanceof RulesClassifier r && !own.isEmpty() ? r.withOwnFiles(own) : c;
    }

    private static PolicyCheck passport(Path file, Path signingKey) {
        try {
            return OapPolicyCheck.load(file, signingKey);
        } catch (PassportException | SigningKeyException e) {
            throw new ConfigException(e.getMessage());
        }
    }
}
