package dev.cmdgate.agent.config;

import java.nio.file.Path;
import java.util.Map;

/**
 * The keys every connection to one of cmdgate's servers shares, under the server's prefix
 * ({@code policy.*}, {@code prompt.*}): trust anchors, a client certificate and key for mutual TLS, and a
 * bearer token from a file or an environment variable.
 */
final class TransportParser {

    static final String[] SUFFIXES = {"ca", "client.cert", "client.key", "token.file", "token.env"};

    private TransportParser() {
    }

    /** The transport keys under {@code prefix} ({@code policy}, {@code prompt}); every file checked when asked. */
    static AgentConfig.Transport parse(Map<String, String> raw, String prefix, boolean checkFiles) {
        String p = prefix + ".";
        String tokenEnv;
        try {
            tokenEnv = RemotePolicyParser.tokenEnv(raw.get(p + "token.env"), checkFiles);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("bad value for " + ConfigParser.PREFIX + p + "token.env: " + e.getMessage());
        }
        Path clientCert = ConfigParser.readableFile(raw, p + "client.cert", checkFiles);
        Path clientKey = ConfigParser.readableFile(raw, p + "client.key", checkFiles);
        if ((clientCert == null) != (clientKey == null)) {
            throw new ConfigException("bad value for " + ConfigParser.PREFIX + p + (clientCert == null ? "client.cert" : "client.key")
                    + ": not set (mutual TLS needs both " + ConfigParser.PREFIX + p + "client.cert and " + ConfigParser.PREFIX
                    + p + "client.key)");
        }
        if (raw.containsKey(p + "token.file") && tokenEnv != null) {
            throw new ConfigException(ConfigParser.PREFIX + p + "token.file and " + ConfigParser.PREFIX + p
                    + "token.env are alternatives: set one of them");
        }
        return new AgentConfig.Transport(ConfigParser.readableFile(raw, p + "ca", checkFiles), clientCert, clientKey,
                ConfigParser.readableFile(raw, p + "token.file", checkFiles), tokenEnv);
    }
}
