package dev.cmdgate.agent.config;

import dev.cmdgate.core.gate.GateScheme;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The validated configuration of one JVM. Built once at start-up by {@link ConfigParser}; never
 * changes afterwards.
 *
 * @param children        whether JVMs this one launches get cmdgate with this configuration
 * @param refusal         what a refused launch throws: SecurityException, or IOException whose cause it is
 * @param callerSkip      packages whose frames the audit's caller skips, besides the known launcher libraries
 * @param startProperties the system properties the rules' trust rows may name, as they were at start-up
 * @param warmUp          whether the gate is built ahead of the first launch once the JVM has run a while
 * @param remotePrompt    the approval service prompts go to ({@code prompt=https://…}); null when prompts stay here
 * @param configFile      the {@code cmdgate.config} properties file the settings were read from; null: none
 */
public record AgentConfig(
        GateScheme scheme,
        Mode mode,
        Path policy,
        String prompt,
        Duration promptTimeout,
        Path audit,
        AuditFailure auditFailure,
        Path rules,
        StdinMode stdin,
        Path signingKey,
        Children children,
        Refusal refusal,
        List<String> callerSkip,
        Map<String, String> startProperties,
        SecretsMode secrets,
        AuditOptions auditOptions,
        RemotePolicy remote,
        WarmUp warmUp,
        DecisionPoint decisionPoint,
        RemotePrompt remotePrompt,
        Path configFile) {

    public AgentConfig {
        warmUp = warmUp == null ? WarmUp.ON : warmUp;
        callerSkip = callerSkip == null ? List.of() : List.copyOf(callerSkip);
        startProperties = startProperties == null ? Map.of() : Map.copyOf(startProperties);
        secrets = secrets == null ? SecretsMode.PASS : secrets;
        auditOptions = auditOptions == null ? AuditOptions.NONE : auditOptions;
    }

    /** As the canonical constructor, read from no configuration file. */
    public AgentConfig(GateScheme scheme, Mode mode, Path policy, String prompt, Duration promptTimeout, Path audit,
                       AuditFailure auditFailure, Path rules, StdinMode stdin, Path signingKey, Children children,
                       Refusal refusal, List<String> callerSkip, Map<String, String> startProperties, SecretsMode secrets,
                       AuditOptions auditOptions, RemotePolicy remote, WarmUp warmUp, DecisionPoint decisionPoint,
                       RemotePrompt remotePrompt) {
        this(scheme, mode, policy, prompt, promptTimeout, audit, auditFailure, rules, stdin, signingKey, children, refusal,
                callerSkip, startProperties, secrets, auditOptions, remote, warmUp, decisionPoint, remotePrompt, null);
    }

    /** With no rotation of the audit file and a policy that is a file or none. */
    public AgentConfig(GateScheme scheme, Mode mode, Path policy, String prompt, Duration promptTimeout, Path audit,
                       AuditFailure auditFailure, Path rules, StdinMode stdin, Path signingKey, Children children,
                       Refusal refusal, List<String> callerSkip, Map<String, String> startProperties, SecretsMode secrets) {
        this(scheme, mode, policy, prompt, promptTimeout, audit, auditFailure, rules, stdin, signingKey, children, refusal,
                callerSkip, startProperties, secrets, AuditOptions.NONE, null, WarmUp.ON, null, null);
    }

    /** As the canonical constructor, with prompts answered in this JVM (no approval service). */
    public AgentConfig(GateScheme scheme, Mode mode, Path policy, String prompt, Duration promptTimeout, Path audit,
                       AuditFailure auditFailure, Path rules, StdinMode stdin, Path signingKey, Children children,
                       Refusal refusal, List<String> callerSkip, Map<String, String> startProperties, SecretsMode secrets,
                       AuditOptions auditOptions, RemotePolicy remote, WarmUp warmUp, DecisionPoint decisionPoint) {
        this(scheme, mode, policy, prompt, promptTimeout, audit, auditFailure, rules, stdin, signingKey, children, refusal,
                callerSkip, startProperties, secrets, auditOptions, remote, warmUp, decisionPoint, null);
    }

    /**
     * How cmdgate reaches one of its servers, beyond the URL: the trust anchors for the server's
     * certificate (null: the JDK's trust store), a client certificate and key for mutual TLS, and a bearer
     * token read from a file at each request or from an environment variable.
     *
     * @param ca         PEM certificates the server's certificate must chain to; null: the JDK's trust store
     * @param clientCert PEM client certificate (chain) for mutual TLS; with clientKey
     * @param clientKey  its PKCS#8 PEM private key
     * @param tokenFile  file holding a bearer token (read at every request); null: none
     * @param tokenEnv   environment variable holding a bearer token; null: none
     */
    public record Transport(Path ca, Path clientCert, Path clientKey, Path tokenFile, String tokenEnv) {

        /** The settings under {@code prefix} ({@code policy}, {@code prompt}). */
        void putSettings(Map<String, String> m, List<ConfiguredFile> files, String prefix) {
            put(m, files, prefix + ".ca", ca, FileKind.FILE);
            put(m, files, prefix + ".client.cert", clientCert, FileKind.FILE);
            put(m, files, prefix + ".client.key", clientKey, FileKind.FILE);
            put(m, files, prefix + ".token.file", tokenFile, FileKind.FILE);
            if (tokenEnv != null) {
                m.put(prefix + ".token.env", tokenEnv);
            }
        }
    }

    /**
     * An approval service that prompts are sent to ({@code cmdgate.prompt=https://…}): each launch that needs
     * approval is posted there and waits, within {@code prompt.timeout}, for a person's answer.
     *
     * @param url       the service's base URL
     * @param transport its trust anchors, client certificate and bearer token
     * @param service   the name this JVM goes by in its requests ({@code cmdgate.service}); null: none given
     */
    public record RemotePrompt(java.net.URI url, Transport transport, String service) {

        void putSettings(Map<String, String> m, List<ConfiguredFile> files) {
            transport.putSettings(m, files, "prompt");
            if (service != null) {
                m.put("service", service);
            }
        }
    }

    /**
     * A policy fetched from a policy server ({@code cmdgate.policy=https://…}); null when the policy is a
     * file or there is none.
     *
     * @param url        where the passport document or bundle is
     * @param poll       the longest time between two checks (each wait is drawn from [poll/2, poll])
     * @param stale      how long without a successful check before the policy counts as stale
     * @param onStale    what launches do then
     * @param stateDir   where the last good policy is kept across restarts; null: nowhere
     * @param startWait  how long a launch waits for the first policy at start-up
     * @param timeout    connect and read timeout of one check
     * @param bundleKey  the public key (PEM) bundle signatures must verify with; null: bundles need no signature
     * @param ca         PEM certificates the server's certificate must chain to; null: the JDK's trust store
     * @param clientCert PEM client certificate (chain) for mutual TLS; with clientKey
     * @param clientKey  its PKCS#8 PEM private key
     * @param tokenFile  file holding a bearer token (read at every check); null: none
     * @param tokenEnv   environment variable holding a bearer token; null: none
     * @param bundleSecret file holding the shared secret HS256 bundle signatures must verify with (OPA's
     *                   alternative to a key pair); null: none. At most one of bundleKey and bundleSecret
     * @param keyId      the key id a bundle's signature must name when it names one; null: not compared
     * @param scope      the scope a bundle's signature must carry, as OPA compares it; null: none
     */
    public record RemotePolicy(java.net.URI url, Duration poll, Duration stale, OnStale onStale, Path stateDir,
                               Duration startWait, Duration timeout, Duration longPoll, Path bundleKey, Path ca,
                               Path clientCert, Path clientKey, Path tokenFile, String tokenEnv, Path bundleSecret,
                               String keyId, String scope) {

        /** Without a shared secret, key id or scope. */
        public RemotePolicy(java.net.URI url, Duration poll, Duration stale, OnStale onStale, Path stateDir,
                            Duration startWait, Duration timeout, Duration longPoll, Path bundleKey, Path ca,
                            Path clientCert, Path clientKey, Path tokenFile, String tokenEnv) {
            this(url, poll, stale, onStale, stateDir, startWait, timeout, longPoll, bundleKey, ca, clientCert, clientKey,
                    tokenFile, tokenEnv, null, null, null);
        }

        /** Whether bundles must be signed (a key or a shared secret is configured). */
        public boolean signatureRequired() {
            return bundleKey != null || bundleSecret != null;
        }

        /** The trust anchors, client certificate and token this policy is fetched with. */
        public Transport transport() {
            return new Transport(ca, clientCert, clientKey, tokenFile, tokenEnv);
        }

        void putSettings(Map<String, String> m, List<ConfiguredFile> files) {
            m.put("policy", url.toString());
            m.put("policy.poll", Long.toString(poll.toSeconds()));
            m.put("policy.stale", Long.toString(stale.toSeconds()));
            m.put("policy.on-stale", onStale.name().toLowerCase(Locale.ROOT));
            m.put("policy.wait", Long.toString(startWait.toSeconds()));
            m.put("policy.timeout", Long.toString(timeout.toSeconds()));
            m.put("policy.long-poll", Long.toString(longPoll.toSeconds()));
            put(m, files, "policy.state", stateDir, FileKind.TREE);
            put(m, files, "policy.key", bundleKey, FileKind.FILE);
            transport().putSettings(m, files, "policy");
            put(m, files, "policy.secret.file", bundleSecret, FileKind.FILE);
            if (keyId != null) {
                m.put("policy.key.id", keyId);
            }
            if (scope != null) {
                m.put("policy.scope", scope);
            }
        }
    }

    /**
     * An APort-compatible remote decision point ({@code cmdgate.decision.url}); null when there is none. Each
     * launch the local decision allows is also sent there ({@code POST URL/api/verify/policy/PACK}); it can
     * only refuse more.
     *
     * @param url        the decision point's base URL
     * @param pack       the policy pack asked ({@code system.command.execute.v1})
     * @param agent      the agent id the decision point knows the passport by
     * @param timeout    how long a launch waits for the answer
     * @param allowOnError whether a launch the decision point cannot answer for keeps the local decision
     *                   (else it is refused)
     * @param tokenFile  a bearer token, read at each request; or
     * @param tokenEnv   the environment variable holding it
     */
    public record DecisionPoint(java.net.URI url, String pack, String agent, Duration timeout, boolean allowOnError,
                                Path tokenFile, String tokenEnv) {

        void putSettings(Map<String, String> m, List<ConfiguredFile> files) {
            m.put("decision.url", url.toString());
            m.put("decision.pack", pack);
            m.put("decision.agent", agent);
            m.put("decision.timeout", Long.toString(timeout.toMillis()));
            m.put("decision.on-error", allowOnError ? "allow" : "block");
            put(m, files, "decision.token.file", tokenFile, FileKind.FILE);
            if (tokenEnv != null) {
                m.put("decision.token.env", tokenEnv);
            }
        }
    }

    /** What launches do when no check of a policy server has succeeded for longer than its stale limit. */
    public enum OnStale { BLOCK, KEEP }

    /**
     * The audit file's size-based rotation ({@code maxBytes} 0: never; {@code keep} rotated files) and its
     * periodic chain signatures ({@code signEvery} lines a JVM writes; 0: none), made with the signing key.
     */
    public record AuditOptions(long maxBytes, int keep, int signEvery) {
        public static final AuditOptions NONE = new AuditOptions(0, 5, 0);
    }

    /** A configuration with the defaults for everything added since the first ten settings. */
    public AgentConfig(GateScheme scheme, Mode mode, Path policy, String prompt, Duration promptTimeout, Path audit,
                       AuditFailure auditFailure, Path rules, StdinMode stdin, Path signingKey) {
        this(scheme, mode, policy, prompt, promptTimeout, audit, auditFailure, rules, stdin, signingKey,
                Children.GATE, Refusal.SECURITY, List.of(), Map.of(), SecretsMode.PASS, AuditOptions.NONE, null, WarmUp.ON, null, null);
    }

    public enum Mode { ENFORCE, AUDIT }

    /** Whether a JVM launched by this one runs under cmdgate with the same configuration. */
    public enum Children { GATE, OFF }

    /** What the application gets for a refused launch. */
    public enum Refusal { SECURITY, IO }

    /**
     * What a launched process gets of the secret variables in its environment: all of them (the default, so no
     * application breaks), or only those the rules grant to every program it runs.
     */
    public enum SecretsMode { PASS, SCRUB }

    public enum StdinMode { OFF, GATE }

    /**
     * Whether the gate is built, and the built-in rules read, on the hook thread a second after
     * start-up (on), or only on the first launch (off: a JVM that never launches never loads them).
     */
    public enum WarmUp { ON, OFF }

    /** What a launch does when its audit line cannot be written: refused (the default) or let through. */
    public enum AuditFailure { BLOCK, CONTINUE }

    public String modeLabel() {
        return mode.name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * This configuration as bare keys and values (paths absolute), from which
     * {@link ConfigParser#fromCheckedSettings} builds it again: how the start-up check hands it on.
     */
    public Map<String, String> settings() {
        Map<String, String> m = new HashMap<>();
        describe(m, null);
        return m;
    }

    /**
     * Every file and directory a setting names, with its key: what cmdgate reads its settings, rules, passport,
     * keys, secrets and tokens from, keeps its policy in, or writes its audit to. Collected where {@link #settings()}
     * writes the paths, so that a setting added there is among them without a list to keep up to date.
     */
    public List<ConfiguredFile> files() {
        List<ConfiguredFile> files = new ArrayList<>();
        describe(new HashMap<>(), files);
        return files;
    }

    /**
     * The environment variables this configuration names as cmdgate's own credentials: the value of every
     * {@code *.token.env} setting (the policy server's, the decision point's, the approval service's bearer token),
     * sorted. Read from what {@link #settings()} writes, so that a token setting added there is among them.
     */
    public List<String> credentialVariables() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : settings().entrySet()) {
            if (e.getKey().endsWith(".token.env") && !out.contains(e.getValue())) {
                out.add(e.getValue());
            }
        }
        java.util.Collections.sort(out);
        return out;
    }

    /** A file or directory named by the setting {@code cmdgate.KEY}. */
    public record ConfiguredFile(String key, Path path, FileKind kind) {
    }

    /** What a path setting names: a file, a directory and all under it, or a file with rotated siblings. */
    public enum FileKind { FILE, TREE, ROTATED }

    /** Puts the settings in {@code m} and, when {@code files} is not null, the paths among them in {@code files}. */
    private void describe(Map<String, String> m, List<ConfiguredFile> files) {
        if (scheme instanceof GateScheme.ByLevel l) {
            m.put("level", l.threshold().label());
        } else if (scheme instanceof GateScheme.ByAutonomy a) {
            m.put("autonomy", a.autonomy().name().toLowerCase(Locale.ROOT));
        }
        m.put("mode", modeLabel());
        m.put("prompt", prompt);
        m.put("prompt.timeout", Long.toString(promptTimeout.toSeconds()));
        m.put("audit.failure", auditFailure.name().toLowerCase(Locale.ROOT));
        m.put("stdin", stdin.name().toLowerCase(Locale.ROOT));
        m.put("secrets", secrets.name().toLowerCase(Locale.ROOT));
        m.put("warmup", warmUp.name().toLowerCase(Locale.ROOT));
        put(m, files, "config", configFile, FileKind.FILE);
        put(m, files, "policy", policy, FileKind.FILE);
        if (remote != null) {
            remote.putSettings(m, files);
        }
        if (decisionPoint != null) {
            decisionPoint.putSettings(m, files);
        }
        if (remotePrompt != null) {
            remotePrompt.putSettings(m, files);
        }
        put(m, files, "audit", audit, FileKind.ROTATED);
        put(m, files, "rules", rules, FileKind.FILE);
        put(m, files, "signing.key", signingKey, FileKind.FILE);
        m.put("children", children.name().toLowerCase(Locale.ROOT));
        m.put("refusal", refusal.name().toLowerCase(Locale.ROOT));
        if (auditOptions.maxBytes() > 0) {
            m.put("audit.rotate.size", Long.toString(auditOptions.maxBytes()));
            m.put("audit.rotate.keep", Integer.toString(auditOptions.keep()));
        }
        if (auditOptions.signEvery() > 0) {
            m.put("audit.sign.every", Integer.toString(auditOptions.signEvery()));
        }
        if (!callerSkip.isEmpty()) {
            m.put("caller.skip", String.join(",", callerSkip));
        }
        for (Map.Entry<String, String> e : startProperties.entrySet()) {
            m.put(ConfigParser.START_PROPERTY + e.getKey(), e.getValue());
        }
    }

    private static void put(Map<String, String> m, List<ConfiguredFile> files, String key, Path p, FileKind kind) {
        if (p != null) {
            m.put(key, p.toString());
            if (files != null) {
                files.add(new ConfiguredFile(key, p, kind));
            }
        }
    }
}
