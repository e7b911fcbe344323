package dev.cmdgate.core;

import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonWritable;

/**
 * One explanation in a classification: which simple command raised the class, to what, and why.
 *
 * @param command  the simple command as the user would recognise it (argv joined, quoted where needed)
 * @param location where it sits: offsets into the analysed text and the nesting path,
 *                 e.g. {@code "sh -c script [12,25)"} or {@code "argv"}
 * @param commandClass the class this finding raises the command to
 * @param level    the level this finding raises the command to
 * @param reason   why, in words a user understands
 * @param rule     the rules row that fired, {@code FILE:LINE} ({@code builtin.rules:123} or the
 *                 user rules file's path and line); null when no row did (a finding made by the
 *                 gate or the application, not by the classifier's rules)
 */
public record Finding(String command, String location, CommandClass commandClass, RiskLevel level, String reason,
        String rule) implements JsonWritable {

    /** A finding no rules row made. */
    public Finding(String command, String location, CommandClass commandClass, RiskLevel level, String reason) {
        this(command, location, commandClass, level, reason, null);
    }

    /**
     * {@code {"command":…,"location":…,"class":…,"level":…,"reason":…,"rule":…}}, as the audit line
     * and the CLI show it; {@code rule} only when a rules row made the finding (a field added later:
     * readers of the older form keep working).
     */
    @Override
    public void writeJson(StringBuilder out) {
        out.append("{\"command\":");
        Json.write(command, out);
        out.append(",\"location\":");
        Json.write(location, out);
        out.append(",\"class\":");
        Json.write(commandClass.label(), out);
        out.append(",\"level\":");
        Json.write(level.label(), out);
        out.append(",\"reason\":");
        Json.write(reason, out);
        if (rule != null) {
            out.append(",\"rule\":");
            Json.write(rule, out);
        }
        out.append('}');
    }
}
