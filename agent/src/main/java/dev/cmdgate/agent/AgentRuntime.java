package dev.cmdgate.agent;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.audit.ChainSignature;
import dev.cmdgate.agent.audit.JvmIdentity;
import dev.cmdgate.agent.bridge.BridgeRouter;
import dev.cmdgate.agent.bridge.ThreadScopes;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ChildSettings;
import dev.cmdgate.agent.config.ConfigException;
import dev.cmdgate.agent.instrument.InstrumentGuard;
import dev.cmdgate.agent.launch.CallSite;
import dev.cmdgate.agent.launch.JdkHandoff;
import dev.cmdgate.agent.launch.LaunchGuard;
import dev.cmdgate.agent.launch.UngatedJvms;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.agent.metrics.DecisionCounters;
import dev.cmdgate.agent.metrics.GateMBean;
import dev.cmdgate.agent.metrics.JmxPublisher;
import dev.cmdgate.agent.metrics.PolicyStatus;
import dev.cmdgate.agent.natives.NativeAddresses;
import dev.cmdgate.agent.natives.NativeBridge;
import dev.cmdgate.agent.natives.NativeRoutes;
import dev.cmdgate.agent.api.ApiAnswers;
import dev.cmdgate.agent.prompt.HandlerClass;
import dev.cmdgate.agent.prompt.PromptResolver;
import dev.cmdgate.agent.watchdog.ProcessWatchdog;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.classify.RulesClassifier;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.PolicyCheck;
import dev.cmdgate.agent.fleet.PolicyPoller;
import dev.cmdgate.agent.fleet.RemoteDecisions;
import dev.cmdgate.core.policy.DecisionSigner;
import dev.cmdgate.core.policy.OapPolicy;
import dev.cmdgate.core.policy.OapPolicyCheck;
import dev.cmdgate.core.policy.PassportEvaluator;
import dev.cmdgate.core.policy.PassportSource;
import dev.cmdgate.core.policy.RemotePassports;
import java.io.IOException;
import java.security.GeneralSecurityException;
import dev.cmdgate.core.policy.PassportException;
import dev.cmdgate.core.policy.SigningKeyException;
import dev.cmdgate.core.policy.SigningKeys;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/** Wires one JVM's gate from its configuration: checked at start-up, built on first use. */
public final class AgentRuntime {

    private AgentRuntime() {
    }

    /** What premain read and checked from the configuration: all that building the gate later needs. */
    record Checked(AgentConfig config, CommandClassifier classifierOrNull, PolicyCheck policyOrNull, ThreadScopes scopes,
                   NativeAddresses natives, AuditSink auditOrNull, PolicyStatus policyStatus, CallSite callSites) {
    }

    /**
     * The gate to hand to the bridge. Everything a bad configuration could break is checked here, so it
     * stops the JVM at start; the gate itself is built on its first use ({@link LazyGate}).
     *
     * @param rulesText the user rules file's text as the start-up check read it ({@link ConfigTargets#check}), or null
     *                  without a rules file
     * @param origins   premain's thread-origin slot, or null (see {@link CallSite#forThisJvm})
     */
    public static Gate create(AgentConfig config, String rulesText, InstrumentGuard guard, ThreadLocal<Object> origins) {
        HandlerClass.check(config.prompt());
        AgentConfig.AuditOptions o = config.auditOptions();
        AuditSink audit = config.audit() == null ? null
                : new AuditSink(config.audit(), null, o.maxBytes(), o.keep(), chainSigner(config));
        RemotePassports passports = config.remote() == null ? null : remotePassports(config.remote());
        PolicyCheck policy = passports != null ? remotePolicy(config, audit, passports) : ConfigTargets.policy(config);
        if (config.decisionPoint() != null) {
            try {
                policy = new RemoteDecisions(config.decisionPoint(), policy);
            } catch (IOException e) {
                throw new ConfigException("cmdgate.decision.url: " + e.getMessage());
            }
        }
        // A user rules file is parsed now, so a bad one stops the JVM at start with one line; that
        // costs start-up time only for those who configure one. The built-in rules alone stay lazy. It is
        // parsed from the text the start-up check read: the file is not read again, since the application,
        // running by now, may have rewritten it.
        if (config.rules() != null && rulesText == null) {
            throw new ConfigException("cmdgate.rules " + config.rules() + ": the text checked at start-up is missing");
        }
        CommandClassifier classifier = config.rules() == null ? null : ConfigTargets.userRules(config, rulesText);
        ThreadScopes scopes = new ThreadScopes();
        NativeAddresses natives = new NativeAddresses();
        PolicyStatus status = passports != null ? new PolicyStatus.Remote(passports)
                : config.policy() != null ? new PolicyStatus.File(config.policy()) : new PolicyStatus.None();
        // from now on threads created from the application's threads remember where they were created (a
        // launch on a library's own thread names that place)
        CallSite callSites = CallSite.forThisJvm(config.callerSkip(), origins);
        LazyGate gate = new LazyGate(new Checked(config, classifier, policy, scopes, natives, audit, status, callSites));
        return new Gate(new BridgeRouter(gate.launches(), gate.api(), scopes, guard,
                new NativeBridge(natives, gate.natives()), config.refusal() == AgentConfig.Refusal.IO),
                config.warmUp() == AgentConfig.WarmUp.ON ? gate.warmUp() : null);
    }

    /** Signs the audit chain every {@code audit.sign.every} lines with the signing key; null when not asked. */
    public static ChainSignature.Signer chainSigner(AgentConfig config) {
        int every = config.auditOptions().signEvery();
        if (every == 0) {
            return null;
        }
        try {
            return ChainSignature.Signer.of(SigningKeys.readPrivateKey(config.signingKey()), every);
        } catch (SigningKeyException e) {
            throw new ConfigException("cmdgate.signing.key: " + e.getMessage());
        }
    }

    /**
     * The gate for the bridge, and what builds it ahead of the first launch when the JVM lives long enough
     * (run on the hook thread once the launcher is hooked; null under {@code warmup=off}).
     */
    public record Gate(BridgeRouter function, Runnable warmUp) {
    }

    /** The gate: JdkHandoff answers the JDK's hooks, LaunchGuard decides launches, ApiAnswers answers the application API. */
    static LazyGate.Built build(Checked checked) {
        AgentConfig config = checked.config();
        LazyGatekeeper gatekeeper = new LazyGatekeeper(checked);
        PromptResolver prompts = new PromptResolver(config.prompt(), config.promptTimeout(), config.remotePrompt(),
                config.decisionPoint() == null ? null : config.decisionPoint().agent());
        ThreadScopes scopes = checked.scopes();
        AgentLog log = new AgentLog();
        ProcessWatchdog watchdog = new ProcessWatchdog();
        DecisionCounters counters = new DecisionCounters(config.scheme(), config.mode() == AgentConfig.Mode.AUDIT);
        LaunchGuard guard = new LaunchGuard(config, gatekeeper, checked.auditOrNull(), prompts, log,
                new ScopeContext(scopes), new ScopeDeclaredClass(scopes), counters, checked.callSites());
        JdkHandoff handoff = new JdkHandoff(guard, config, checked.auditOrNull(), log, watchdog);
        JmxPublisher.publishWhenJmxIsUp(new GateBean(checked, counters, watchdog));
        return new LazyGate.Built(handoff, guard,
                new ApiAnswers(gatekeeper, prompts, config.mode() == AgentConfig.Mode.AUDIT, scopes, guard),
                new NativeRoutes(checked.natives(), guard), gatekeeper);
    }

    /** The policy server's policy in force, as launches read it and the poller sets it. */
    private static RemotePassports remotePassports(AgentConfig.RemotePolicy r) {
        return new RemotePassports(r.url().toString(), r.stale(),
                r.onStale() == AgentConfig.OnStale.KEEP ? RemotePassports.OnStale.KEEP : RemotePassports.OnStale.BLOCK,
                r.startWait(), System::nanoTime);
    }

    /**
     * A policy from a policy server: launches read what the poller (its own thread, started here) puts in
     * force; until then, and when it is stale under {@code on-stale=block}, they are refused.
     */
    private static PolicyCheck remotePolicy(AgentConfig config, AuditSink audit, RemotePassports passports) {
        AgentConfig.RemotePolicy r = config.remote();
        try {
            new PolicyPoller(r, passports, audit, new AgentLog()).start();
            OapPolicy policy = new OapPolicy(PassportSource.remote(passports), new PassportEvaluator(), null,
                    java.time.Clock.systemUTC());
            return new OapPolicyCheck(config.signingKey() == null ? policy
                    : policy.withSigner(DecisionSigner.load(config.signingKey())));
        } catch (IOException | GeneralSecurityException | PassportException | SigningKeyException e) {
            throw new ConfigException("cmdgate.policy " + r.url() + ": " + e.getMessage());
        }
    }

    /**
     * The rules are loaded on the first launch, not in premain. A failure is not kept: it refuses
     * that launch and the next launch tries again. (Plain classes, not lambdas: see Premain.)
     */
    private static final class LazyGatekeeper implements Supplier<Gatekeeper> {
        private final Checked checked;
        private volatile Gatekeeper value;

        LazyGatekeeper(Checked checked) {
            this.checked = checked;
        }

        @Override
        public Gatekeeper get() {
            Gatekeeper v = value;
            if (v == null) {
                synchronized (this) {
                    v = value;
                    if (v == null) {
                        CommandClassifier classifier = checked.classifierOrNull();
                        if (classifier == null) {
                            classifier = Classifiers.standard(null);
                        }
                        // a launch that changes the gate's own files (jar, rules, audit …) is Destructive
                        if (classifier instanceof RulesClassifier r) {
                            classifier = r.withOwnFiles(GateFiles.of(checked.config()));
                            // children=gate: a launch that would start a JVM without cmdgate is unverifiable code
                            if (checked.config().children() == AgentConfig.Children.GATE) {
                                classifier = ((RulesClassifier) classifier).withReview(UngatedJvms.of(r.rules(), classifier,
                                        ChildSettings.agentArguments(checked.config())));
                            }
                        }
                        value = v = new Gatekeeper(classifier, checked.config().scheme(), checked.policyOrNull());
                    }
                }
            }
            return v;
        }
    }

    /**
     * The gate's MBean — this JVM, its counters, the policy in force, the audit file's and the watchdog's
     * counts — made on the publisher's thread once JMX is up, so that building the gate loads no JMX class.
     */
    private static final class GateBean implements Supplier<GateMBean> {
        private final Checked checked;
        private final DecisionCounters counters;
        private final ProcessWatchdog watchdog;

        GateBean(Checked checked, DecisionCounters counters, ProcessWatchdog watchdog) {
            this.checked = checked;
            this.counters = counters;
            this.watchdog = watchdog;
        }

        @Override
        public GateMBean get() {
            AgentConfig config = checked.config();
            AuditSink audit = checked.auditOrNull();
            GateMBean.Identity self = new GateMBean.Identity(ProcessHandle.current().pid(), JvmIdentity.current().main(),
                    config.remotePrompt() == null ? null : config.remotePrompt().service(), config.scheme().describe(),
                    config.modeLabel());
            return new GateMBean(self, counters, checked.policyStatus(), audit == null ? new Zero() : new AuditFailures(audit),
                    new WatchdogKills(watchdog));
        }
    }

    /** Counts the MBean reads (classes, not lambdas: see Premain). */
    private static final class Zero implements LongSupplier {
        @Override
        public long getAsLong() {
            return 0;
        }
    }

    private static final class AuditFailures implements LongSupplier {
        private final AuditSink audit;

        AuditFailures(AuditSink audit) {
            this.audit = audit;
        }

        @Override
        public long getAsLong() {
            return audit.failedWrites();
        }
    }

    private static final class WatchdogKills implements LongSupplier {
        private final ProcessWatchdog watchdog;

        WatchdogKills(ProcessWatchdog watchdog) {
            this.watchdog = watchdog;
        }

        @Override
        public long getAsLong() {
            return watchdog.kills();
        }
    }

    /** The launching thread's context, from the application's LaunchScope. */
    private static final class ScopeContext implements Supplier<Map<String, String>> {
        private final ThreadScopes scopes;

        ScopeContext(ThreadScopes scopes) {
            this.scopes = scopes;
        }

        @Override
        public Map<String, String> get() {
            return scopes.context();
        }
    }

    /** The class the launching thread's LaunchScope declares, or null. */
    private static final class ScopeDeclaredClass implements Supplier<CommandClass> {
        private final ThreadScopes scopes;

        ScopeDeclaredClass(ThreadScopes scopes) {
            this.scopes = scopes;
        }

        @Override
        public CommandClass get() {
            return scopes.declaredClass();
        }
    }
}
