package dev.cmdgate.agent.prompt.remote;

import dev.cmdgate.agent.audit.JvmIdentity;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Which JVM asks, as a request names it: the host, the process id, the main class or jar, the service
 * name the operator gave ({@code cmdgate.service}), and the decision of the JVM that launched this one.
 * Read once, when the first request is made. These are the JVM's own claims; the service shows beside them
 * which client token the request came with.
 */
record JvmSelf(String host, long pid, String main, String service, String parentDecisionId) {

    static JvmSelf current(String service) {
        JvmIdentity id = JvmIdentity.current();
        return new JvmSelf(hostName(), id.pid(), id.main(), service, id.parent());
    }

    /** The kernel's host name where Linux shows it (no lookup), else the JDK's. */
    private static String hostName() {
        try {
            String h = Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.UTF_8).strip();
            if (!h.isEmpty()) {
                return h;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: ask the JDK
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
