package dev.cmdgate.agent.hook;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where and how each host registers a command hook for its shell tool, as its documentation shows, and how
 * cmdgate's entry is put into a settings file without touching anything else in it.
 *
 * @param host         the host's name for {@code cmdgate hook}
 * @param userFile     the user's settings file, from the home directory
 * @param projectFile  the project's settings file, from the project directory (a personal, uncommitted one where
 *                     the host has it: the entry names a path on this machine)
 * @param event        the event the hook is registered under
 * @param matcher      the tool matcher of the event's group, or null for hosts whose entries are flat
 * @param commandField the handler's member holding the command line
 * @param timeout      the handler's timeout member and value (in the host's unit), or null
 * @param deadlineMs   the deadline cmdgate answers by, below that timeout
 */
record Registration(String host, String userFile, String projectFile, String event, String matcher,
                    String commandField, String[] timeout, long deadlineMs) {

    static Registration of(String host) {
        return switch (host) {
            case "claude-code", "claude" -> new Registration("claude-code", ".claude/settings.json",
                    ".claude/settings.local.json", "PreToolUse", "Bash", "command", new String[] {"timeout", "30"}, 10_000);
            case "codex" -> new Registration("codex", ".codex/hooks.json", ".codex/hooks.json", "PreToolUse", "Bash",
                    "command", new String[] {"timeout", "30"}, 10_000);
            case "gemini" -> new Registration("gemini", ".gemini/settings.json", ".gemini/settings.json", "BeforeTool",
                    "run_shell_command", "command", new String[] {"timeout", "30000"}, 10_000);
            // Cursor's timeout unit is not documented: none is written, and cmdgate answers within 4 s
            case "cursor" -> new Registration("cursor", ".cursor/hooks.json", ".cursor/hooks.json",
                    "beforeShellExecution", null, "command", null, 4_000);
            // no matcher: a Copilot release that does not know one would drop the whole entry
            case "copilot" -> new Registration("copilot", ".copilot/hooks/cmdgate.json", ".github/hooks/cmdgate.json",
                    "preToolUse", null, "bash", new String[] {"timeoutSec", "30"}, 10_000);
            default -> null;
        };
    }

    Path file(Path home, Path project) {
        return project != null ? project.resolve(projectFile) : home.resolve(userFile);
    }

    /** The handler entry for {@code command}. */
    Map<String, Object> handler(String command) {
        Map<String, Object> h = new LinkedHashMap<>();
        if (host.equals("gemini")) {
            h.put("name", "cmdgate");
        }
        if (!host.equals("cursor")) {
            h.put("type", "command");
        }
        h.put(commandField, command);
        if (timeout != null) {
            h.put(timeout[0], Long.parseLong(timeout[1]));
        }
        return h;
    }

    /** What is added to a settings file that has no hooks yet (the snippet {@code --print} shows). */
    Map<String, Object> snippet(String command) {
        Map<String, Object> root = new LinkedHashMap<>();
        merge(root, command);
        return root;
    }

    /** Whether the handler is cmdgate's hook for this host (any launcher path, any options after the host). */
    boolean isOurs(Object handler) {
        return handler instanceof Map<?, ?> m && m.get(commandField) instanceof String c && c.contains("cmdgate")
                && (c.contains(" hook " + host + " ") || c.endsWith(" hook " + host));
    }

    /**
     * Puts cmdgate's entry into {@code root}: updates an earlier one of cmdgate's for this host in place, or adds
     * one. Returns false when {@code root} already holds exactly this entry.
     */
    @SuppressWarnings("unchecked")
    boolean merge(Map<String, Object> root, String command) {
        if (matcher == null && !root.containsKey("version")) {
            root.put("version", 1L);
        }
        Map<String, Object> hooks = object(root, "hooks");
        List<Object> entries = array(hooks, event);
        Map<String, Object> wanted = handler(command);
        for (Object entry : entries) {
            List<Object> handlers = matcher == null ? List.of(entry) : handlers(entry);
            for (Object h : handlers) {
                if (isOurs(h)) {
                    Map<String, Object> m = (Map<String, Object>) h;
                    boolean same = true;
                    for (Map.Entry<String, Object> w : wanted.entrySet()) {
                        same &= w.getValue().equals(m.get(w.getKey()));
                        m.put(w.getKey(), w.getValue());
                    }
                    return !same;
                }
            }
        }
        if (matcher == null) {
            entries.add(wanted);
        } else {
            Map<String, Object> group = new LinkedHashMap<>();
            group.put("matcher", matcher);
            List<Object> list = new ArrayList<>();
            list.add(wanted);
            group.put("hooks", list);
            entries.add(group);
        }
        return true;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> handlers(Object group) {
        if (group instanceof Map<?, ?> g && g.get("hooks") instanceof List<?> l) {
            return (List<Object>) l;
        }
        return List.of();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Map<String, Object> parent, String name) {
        Object v = parent.get(name);
        if (v == null) {
            Map<String, Object> m = new LinkedHashMap<>();
            parent.put(name, m);
            return m;
        }
        if (!(v instanceof Map<?, ?>)) {
            throw new IllegalStateException("\"" + name + "\" is not an object");
        }
        return (Map<String, Object>) v;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> array(Map<String, Object> parent, String name) {
        Object v = parent.get(name);
        if (v == null) {
            List<Object> l = new ArrayList<>();
            parent.put(name, l);
            return l;
        }
        if (!(v instanceof List<?>)) {
            throw new IllegalStateException("\"hooks." + name + "\" is not an array");
        }
        return (List<Object>) v;
    }
}
