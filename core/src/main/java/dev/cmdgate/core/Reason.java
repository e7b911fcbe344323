package dev.cmdgate.core;

import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonWritable;

/** A machine-readable code with a message a user understands, e.g. {@code gate.prompt_required}. */
public record Reason(String code, String message) implements JsonWritable {

    /** {@code {"code":…,"message":…}}, as the audit line and the CLI show it. */
    @Override
    public void writeJson(StringBuilder out) {
        out.append("{\"code\":");
        Json.write(code, out);
        out.append(",\"message\":");
        Json.write(message, out);
        out.append('}');
    }
}
