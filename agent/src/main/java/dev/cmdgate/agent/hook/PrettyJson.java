package dev.cmdgate.agent.hook;

import dev.cmdgate.core.json.Json;
import java.util.List;
import java.util.Map;

/** JSON as people keep their settings files: two spaces of indent, members in their order. */
final class PrettyJson {

    private PrettyJson() {
    }

    static String write(Object value) {
        StringBuilder out = new StringBuilder(1024);
        write(value, out, 0);
        return out.append('\n').toString();
    }

    private static void write(Object value, StringBuilder out, int depth) {
        if (value instanceof Map<?, ?> map && !map.isEmpty()) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.append(first ? "\n" : ",\n");
                first = false;
                indent(out, depth + 1);
                Json.quote(String.valueOf(e.getKey()), out);
                out.append(": ");
                write(e.getValue(), out, depth + 1);
            }
            out.append('\n');
            indent(out, depth);
            out.append('}');
        } else if (value instanceof List<?> list && !list.isEmpty()) {
            out.append('[');
            boolean first = true;
            for (Object o : list) {
                out.append(first ? "\n" : ",\n");
                first = false;
                indent(out, depth + 1);
                write(o, out, depth + 1);
            }
            out.append('\n');
            indent(out, depth);
            out.append(']');
        } else {
            Json.write(value, out);
        }
    }

    private static void indent(StringBuilder out, int depth) {
        for (int i = 0; i < depth; i++) {
            out.append("  ");
        }
    }
}
