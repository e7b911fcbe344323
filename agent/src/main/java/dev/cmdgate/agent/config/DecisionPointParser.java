package dev.cmdgate.agent.config;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/** The {@code cmdgate.decision.*} keys: an APort-compatible remote decision point, asked about every allowed launch. */
final class DecisionPointParser {

    static final String DEFAULT_PACK = "system.command.execute.v1";

    private DecisionPointParser() {
    }

    /** The decision point, or null when {@code decision.url} is not set (then no {@code decision.*} key may be). */
    static AgentConfig.DecisionPoint parse(Map<String, String> raw, boolean checkFiles) {
        String url = raw.get("decision.url");
        if (url == null) {
            for (String k : raw.keySet()) {
                if (k.startsWith("decision.")) {
                    throw new ConfigException(ConfigParser.PREFIX + k + " is for a remote decision point: it needs "
                            + ConfigParser.PREFIX + "decision.url=https://…");
                }
            }
            return null;
        }
        String key = "decision.agent";
        try {
            String agent = raw.get(key) == null ? "" : raw.get(key).trim();
            if (agent.isEmpty()) {
                throw new IllegalArgumentException("not set (the agent id the decision point knows the passport by)");
            }
            key = "decision.pack";
            String pack = raw.getOrDefault(key, DEFAULT_PACK).trim();
            if (!pack.matches("[A-Za-z0-9._-]+")) {
                throw new IllegalArgumentException("'" + pack + "' (expected a policy pack id such as " + DEFAULT_PACK + ")");
            }
            key = "decision.timeout";
            Duration timeout = Duration.ofMillis(raw.containsKey(key) ? ConfigParser.whole(raw.get(key), 50, 60_000) : 800);
            key = "decision.on-error";
            String onError = raw.getOrDefault(key, "block").trim().toLowerCase(Locale.ROOT);
            if (!onError.equals("block") && !onError.equals("allow")) {
                throw new IllegalArgumentException("'" + raw.get(key) + "' (expected block or allow)");
            }
            key = "decision.token.env";
            String tokenEnv = RemotePolicyParser.tokenEnv(raw.get(key), checkFiles);
            if (raw.containsKey("decision.token.file") && tokenEnv != null) {
                throw new ConfigException(ConfigParser.PREFIX + "decision.token.file and " + ConfigParser.PREFIX
                        + "decision.token.env are alternatives: set one of them");
            }
            return new AgentConfig.DecisionPoint(RemotePolicyParser.url("decision.url", url.trim()), pack, agent, timeout,
                    onError.equals("allow"), ConfigParser.readableFile(raw, "decision.token.file", checkFiles), tokenEnv);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("bad value for " + ConfigParser.PREFIX + key + ": " + e.getMessage());
        }
    }
}
