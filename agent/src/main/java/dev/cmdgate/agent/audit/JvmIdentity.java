package dev.cmdgate.agent.audit;

import dev.cmdgate.core.decision.AuditFields;
import dev.cmdgate.core.json.Json;

/**
 * Which JVM wrote an audit line — several JVMs (a build and its forked test JVMs, a parent and the
 * children cmdgate gates) often share one file — and the decision of the JVM that launched this one.
 * Read once, when the audit file is first used.
 *
 * @param pid    this JVM's process id
 * @param main   its main class, or its jar for {@code java -jar} (from {@code sun.java.command}); null when unknown
 * @param parent the decision id the launching JVM passed in {@link AuditSink#PARENT_VARIABLE}, or null
 */
public record JvmIdentity(long pid, String main, String parent) {

    public static JvmIdentity current() {
        String parent = System.getenv(AuditSink.PARENT_VARIABLE);
        return new JvmIdentity(ProcessHandle.current().pid(), mainOf(System.getProperty("sun.java.command")),
                parent == null || parent.isBlank() || parent.length() > 100 ? null : parent);
    }

    /** The main class or jar in {@code sun.java.command} ("MAIN ARGS…" or "APP.jar ARGS…"). */
    static String mainOf(String command) {
        if (command == null || command.isBlank()) {
            return null;
        }
        int jar = command.indexOf(".jar");
        if (jar > 0 && (jar + 4 == command.length() || command.charAt(jar + 4) == ' ')) {
            return command.substring(0, jar + 4);   // a jar path may hold blanks
        }
        int blank = command.indexOf(' ');
        return blank < 0 ? command : command.substring(0, blank);
    }

    /** {@code ,"jvm":{"pid":…,"main":…}[,"parent_decision_id":…]}, to end each line with. */
    String jsonFields() {
        StringBuilder b = new StringBuilder(",\"").append(AuditFields.JVM).append("\":{\"pid\":").append(pid);
        if (main != null) {
            b.append(",\"main\":");
            Json.write(main, b);
        }
        b.append('}');
        if (parent != null) {
            b.append(",\"").append(AuditFields.PARENT_DECISION_ID).append("\":");
            Json.write(parent, b);
        }
        return b.toString();
    }
}
