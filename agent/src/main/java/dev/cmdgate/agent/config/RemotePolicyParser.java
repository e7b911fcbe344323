package dev.cmdgate.agent.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/** The {@code cmdgate.policy.*} keys of a policy fetched from a policy server ({@code cmdgate.policy=https://…}). */
final class RemotePolicyParser {

    private RemotePolicyParser() {
    }

    /** The remote policy, or null when {@code policy} is not a URL (then no {@code policy.*} key may be set). */
    static AgentConfig.RemotePolicy parse(Map<String, String> raw, boolean checkFiles) {
        String policy = raw.get("policy");
        boolean url = policy != null && policy.trim().matches("(?i)https?://.*");
        if (!url) {
            for (String k : raw.keySet()) {
                if (k.startsWith("policy.")) {
                    throw new ConfigException(ConfigParser.PREFIX + k + " is for a policy fetched from a server: it needs "
                            + ConfigParser.PREFIX + "policy=https://…");
                }
            }
            return null;
        }
        URI uri = url("policy", policy.trim());
        String key = null;
        try {
            key = "policy.poll";
            Duration poll = raw.containsKey(key) ? ConfigParser.seconds(raw.get(key)) : Duration.ofSeconds(30);
            key = "policy.stale";
            Duration stale = raw.containsKey(key) ? ConfigParser.seconds(raw.get(key)) : Duration.ofSeconds(300);
            key = "policy.on-stale";
            AgentConfig.OnStale onStale = AgentConfig.OnStale.BLOCK;
            if (raw.containsKey(key)) {
                String v = raw.get(key).trim().toLowerCase(Locale.ROOT);
                if (!v.equals("block") && !v.equals("keep")) {
                    throw new IllegalArgumentException("'" + raw.get(key) + "' (expected block or keep)");
                }
                onStale = v.equals("keep") ? AgentConfig.OnStale.KEEP : AgentConfig.OnStale.BLOCK;
            }
            key = "policy.wait";
            Duration wait = raw.containsKey(key) ? Duration.ofSeconds(ConfigParser.whole(raw.get(key), 0, 600)) : Duration.ZERO;
            key = "policy.timeout";
            Duration timeout = raw.containsKey(key) ? Duration.ofSeconds(ConfigParser.whole(raw.get(key), 1, 300))
                    : Duration.ofSeconds(10);
            key = "policy.long-poll";
            Duration longPoll = raw.containsKey(key) ? Duration.ofSeconds(ConfigParser.whole(raw.get(key), 0, 600))
                    : Duration.ZERO;
            if (!longPoll.isZero() && longPoll.plus(timeout).compareTo(stale) >= 0) {
                throw new IllegalArgumentException(longPoll.toSeconds() + " s and " + ConfigParser.PREFIX + "policy.timeout ("
                        + timeout.toSeconds() + " s) are not shorter than " + ConfigParser.PREFIX + "policy.stale ("
                        + stale.toSeconds() + " s): the policy would be stale while the server holds a check");
            }
            if (stale.compareTo(poll) <= 0) {
                key = "policy.stale";
                throw new IllegalArgumentException(stale.toSeconds() + " s is not longer than " + ConfigParser.PREFIX
                        + "policy.poll (" + poll.toSeconds() + " s): the policy would be stale between two checks");
            }
            key = "policy.state";
            Path stateDir = stateDir(raw, checkFiles);
            AgentConfig.Transport transport = TransportParser.parse(raw, "policy", checkFiles);
            Path bundleKey = ConfigParser.readableFile(raw, "policy.key", checkFiles);
            key = "policy.secret.file";
            Path secret = secretFile(raw, checkFiles);
            if (bundleKey != null && secret != null) {
                throw new ConfigException(ConfigParser.PREFIX + "policy.key and " + ConfigParser.PREFIX
                        + "policy.secret.file are alternatives: set one of them");
            }
            key = "policy.key.id";
            String keyId = signatureSetting(raw, key, bundleKey != null || secret != null);
            key = "policy.scope";
            String scope = signatureSetting(raw, key, bundleKey != null || secret != null);
            return new AgentConfig.RemotePolicy(uri, poll, stale, onStale, stateDir, wait, timeout, longPoll,
                    bundleKey, transport.ca(), transport.clientCert(), transport.clientKey(), transport.tokenFile(),
                    transport.tokenEnv(), secret, keyId, scope);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("bad value for " + ConfigParser.PREFIX + key + ": " + e.getMessage());
        }
    }

    /** The value of a bearer-token variable key: a variable name, and (checking) one that is set. */
    static String tokenEnv(String value, boolean checkFiles) {
        String name = value == null ? null : value.trim();
        if (name != null && !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("'" + name + "' is not the name of an environment variable");
        }
        if (checkFiles && name != null && StartEnvironment.get(name) == null) {
            throw new IllegalArgumentException("the environment variable " + name + " is not set");
        }
        return name;
    }

    /** The URL of key {@code key}: https to anywhere; plain http only to this machine (a loopback address or localhost). */
    static URI url(String key, String s) {
        String bad = "bad value for " + ConfigParser.PREFIX + key + ": '" + s + "'";
        URI u;
        try {
            u = new URI(s);
        } catch (URISyntaxException e) {
            throw new ConfigException(bad + " is not a URL (" + e.getReason() + ")");
        }
        String host = u.getHost();
        if (host == null || u.getScheme() == null || !u.getScheme().matches("(?i)https?") || u.getUserInfo() != null
                || u.getFragment() != null) {
            throw new ConfigException(bad + " (expected https://HOST[:PORT]/PATH, without user name or fragment)");
        }
        if (u.getScheme().equalsIgnoreCase("http") && !loopback(host)) {
            throw new ConfigException(bad + ": plain http only to a loopback address (127.0.0.1, [::1], localhost); use https://");
        }
        return u;
    }

    static boolean loopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.equals("[::1]") || h.equals("::1")
                || h.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
    }

    /**
     * The state directory: one this user owns and no one else may write, since what it holds decides launches
     * after a restart (without a key it is trusted as a local passport file is).
     */
    private static Path stateDir(Map<String, String> raw, boolean check) {
        String v = raw.get("policy.state");
        if (v == null) {
            return null;
        }
        Path p = Path.of(v.trim()).toAbsolutePath();
        if (check) {
            if (!Files.isDirectory(p) || !Files.isWritable(p)) {
                throw new IllegalArgumentException(p + " is not a writable directory");
            }
            String problem = OwnerOnly.writableByOthers(p);
            if (problem == null) {
                problem = OwnerOnly.replaceableByOthers(p);
            }
            if (problem != null) {
                throw new IllegalArgumentException(problem + ": other users could change the policy kept there");
            }
        }
        return p;
    }

    /**
     * The file of the shared secret HS256 signatures are checked with: read as it is (as OPA reads its key, so
     * a newline at its end is part of the secret), not empty, and readable by this user alone.
     */
    private static Path secretFile(Map<String, String> raw, boolean check) {
        String v = raw.get("policy.secret.file");
        if (v == null) {
            return null;
        }
        Path p = Path.of(v.trim()).toAbsolutePath();
        if (check) {
            try {
                if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
                    throw new IllegalArgumentException(p + " is not a readable file");
                }
                long size = Files.size(p);
                if (size == 0 || size > 64 * 1024) {
                    throw new IllegalArgumentException(p + (size == 0 ? " is empty" : " is larger than 64 KiB"));
                }
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("cannot read " + p + " (" + e.getMessage() + ")");
            }
            String problem = OwnerOnly.accessibleByOthers(p);
            if (problem != null) {
                throw new IllegalArgumentException(problem + ": whoever reads the secret can sign policies");
            }
        }
        return p;
    }

    /** {@code policy.key.id} or {@code policy.scope}: a non-empty word, and only where signatures are checked. */
    private static String signatureSetting(Map<String, String> raw, String key, boolean signed) {
        String v = raw.get(key);
        if (v == null) {
            return null;
        }
        if (!signed) {
            throw new IllegalArgumentException("it applies to bundle signatures: it needs " + ConfigParser.PREFIX
                    + "policy.key or " + ConfigParser.PREFIX + "policy.secret.file");
        }
        String t = v.trim();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("empty");
        }
        for (int i = 0; i < t.length(); i++) {
            if (t.charAt(i) < 0x20 || t.charAt(i) == 0x7f) {
                throw new IllegalArgumentException("'" + v + "' holds a control character");
            }
        }
        return t;
    }
}
