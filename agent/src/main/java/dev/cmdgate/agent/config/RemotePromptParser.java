package dev.cmdgate.agent.config;

import java.net.URI;
import java.util.Map;

/**
 * {@code cmdgate.prompt=https://…}: prompts go to an approval service. Its connection takes the same keys as
 * a policy server's, under {@code prompt.} ({@code prompt.ca}, {@code prompt.client.cert},
 * {@code prompt.client.key}, {@code prompt.token.file}, {@code prompt.token.env}); {@code service} names this
 * JVM to the people who answer.
 */
final class RemotePromptParser {

    /** The longest service name: a label for people, not a document. */
    static final int MAX_SERVICE = 100;

    private RemotePromptParser() {
    }

    private static boolean isUrl(String prompt) {
        String p = prompt.trim().toLowerCase(java.util.Locale.ROOT);
        return p.startsWith("https://") || p.startsWith("http://");
    }

    /** The approval service, or null when {@code prompt} is not a URL (then no key of a service may be set). */
    static AgentConfig.RemotePrompt parse(Map<String, String> raw, boolean checkFiles) {
        String prompt = raw.get("prompt");
        if (prompt == null || !isUrl(prompt)) {
            for (String k : raw.keySet()) {
                if (k.equals("service") || isTransportKey(k)) {
                    throw new ConfigException(ConfigParser.PREFIX + k + " is for an approval service: it needs "
                            + ConfigParser.PREFIX + "prompt=https://…");
                }
            }
            return null;
        }
        URI url = RemotePolicyParser.url("prompt", prompt.trim());
        if (url.getRawQuery() != null) {
            // a token in the URL would be written into every audit line and stderr report that names the handler
            throw new ConfigException("bad value for " + ConfigParser.PREFIX + "prompt: '" + prompt.trim() + "' has a query;"
                    + " give a token with " + ConfigParser.PREFIX + "prompt.token.file or " + ConfigParser.PREFIX + "prompt.token.env");
        }
        String service = raw.get("service") == null ? null : raw.get("service").trim();
        if (service != null && (service.isEmpty() || service.length() > MAX_SERVICE || !printable(service))) {
            throw new ConfigException("bad value for " + ConfigParser.PREFIX + "service: '" + service
                    + "' (expected a name of 1 to " + MAX_SERVICE + " printable characters)");
        }
        return new AgentConfig.RemotePrompt(url, TransportParser.parse(raw, "prompt", checkFiles), service);
    }

    private static boolean isTransportKey(String k) {
        for (String suffix : TransportParser.SUFFIXES) {
            if (k.equals("prompt." + suffix)) {
                return true;
            }
        }
        return false;
    }

    private static boolean printable(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f || Character.isISOControl(c)) {
                return false;
            }
        }
        return true;
    }
}
