package dev.cmdgate.agent.hook;

import dev.cmdgate.core.json.JsonParser;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Reads the members of a host's JSON, strictly: a member of the wrong type is input cmdgate does not
 * understand, never a value to guess at.
 */
final class Fields {

    /**
     * Names under which a tool's input carries a command line. A tool cmdgate does not know that carries one
     * is denied: it may run that command.
     */
    private static final List<String> COMMAND_NAMES = List.of("command", "cmd", "commandLine", "command_line",
            "script", "shell_command");

    private Fields() {
    }

    /** A string member, or null when absent or JSON null. */
    static String string(Map<String, Object> o, String name) {
        Object v = o.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof String s)) {
            throw new HookInputException("\"" + name + "\" is " + JsonParser.typeName(v) + ", expected a string");
        }
        return s;
    }

    /** A string member that must be there. */
    static String required(Map<String, Object> o, String name) {
        String s = string(o, name);
        if (s == null) {
            throw new HookInputException("\"" + name + "\" is missing");
        }
        return s;
    }

    /** An object member, or null when absent or JSON null. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Map<String, Object> o, String name) {
        Object v = o.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof Map<?, ?>)) {
            throw new HookInputException("\"" + name + "\" is " + JsonParser.typeName(v) + ", expected an object");
        }
        return (Map<String, Object>) v;
    }

    /** A number member as a decimal, or null when absent or JSON null. */
    static BigDecimal number(Map<String, Object> o, String name) {
        Object v = o.get(name);
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            return BigDecimal.valueOf(l);
        }
        if (v instanceof BigDecimal d) {
            return d;
        }
        throw new HookInputException("\"" + name + "\" is " + JsonParser.typeName(v) + ", expected a number");
    }

    /** A boolean member; false when absent. */
    static boolean flag(Map<String, Object> o, String name) {
        Object v = o.get(name);
        if (v == null) {
            return false;
        }
        if (!(v instanceof Boolean b)) {
            throw new HookInputException("\"" + name + "\" is " + JsonParser.typeName(v) + ", expected true or false");
        }
        return b;
    }

    /** The first string of an array member, or null. */
    static String firstString(Map<String, Object> o, String name) {
        Object v = o.get(name);
        if (v instanceof List<?> l && !l.isEmpty() && l.get(0) instanceof String s) {
            return s;
        }
        return null;
    }

    /** Whether a tool's input names a command line under any of the usual member names. */
    static boolean carriesCommand(Map<String, Object> toolInput) {
        if (toolInput == null) {
            return false;
        }
        for (String name : COMMAND_NAMES) {
            if (toolInput.get(name) != null) {
                return true;
            }
        }
        return false;
    }

    /** The call of a tool other than the shell's: no opinion when it runs no command, refused when it carries one. */
    static ToolCall notTheShell(String tool, String shell, Map<String, Object> toolInput, Map<String, String> context) {
        if (carriesCommand(toolInput)) {
            throw new HookInputException("the tool " + tool + " carries a command, and cmdgate judges the commands of "
                    + shell + " only");
        }
        return ToolCall.otherTool(tool, context);
    }

    /** The audit line's context of a call: the host and the event, in this order before the rest. */
    static Map<String, String> context(String host, String event) {
        Map<String, String> c = new java.util.LinkedHashMap<>();
        c.put("hook", host);
        if (event != null) {
            c.put("event", event);
        }
        return c;
    }

    /** Puts {@code value} under {@code key} when it is a string of reasonable length (the audit line carries it). */
    static void context(Map<String, String> context, String key, Object value) {
        if (value instanceof String s && !s.isEmpty()) {
            context.put(key, s.length() > 200 ? s.substring(0, 200) : s);
        }
    }
}
