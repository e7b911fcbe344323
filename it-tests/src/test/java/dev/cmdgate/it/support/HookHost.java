package dev.cmdgate.it.support;

import java.util.Map;

/**
 * A coding agent as its documentation says it treats a command hook's exit status and output — including the
 * ways it lets the call run when the hook fails — so a test can tell whether the host would have run the command.
 * Where the docs leave a case open, the host is taken at its worst (the call runs).
 */
public enum HookHost {

    /** code.claude.com/docs/en/hooks: exit 2 blocks; JSON on stdout decides; anything else runs the call. */
    CLAUDE_CODE("claude-code") {
        @Override
        Verdict judge(int exit, String stdout, String stderr) {
            if (exit == 2) {
                return Verdict.BLOCK;
            }
            Map<String, Object> o = object(stdout);
            if (o != null && o.get("hookSpecificOutput") instanceof Map<?, ?> h) {
                Object d = h.get("permissionDecision");
                if ("deny".equals(d)) {
                    return Verdict.BLOCK;
                }
                if ("ask".equals(d)) {
                    return Verdict.ASK;
                }
            }
            if (o != null && "block".equals(o.get("decision"))) {
                return Verdict.BLOCK;
            }
            return Verdict.RUN;
        }
    },
    /**
     * codex-rs/hooks: a deny with a non-empty reason, the legacy {@code decision: block}, or exit 2 with a
     * non-empty stderr block; ask, allow, bad JSON, other statuses and timeouts are a failed hook: the call runs.
     */
    CODEX("codex") {
        @Override
        Verdict judge(int exit, String stdout, String stderr) {
            if (exit == 2) {
                return stderr.isBlank() ? Verdict.RUN : Verdict.BLOCK;
            }
            if (exit != 0) {
                return Verdict.RUN;
            }
            Map<String, Object> o = object(stdout);
            if (o != null && o.get("hookSpecificOutput") instanceof Map<?, ?> h && "deny".equals(h.get("permissionDecision"))
                    && h.get("permissionDecisionReason") instanceof String r && !r.isBlank()) {
                return Verdict.BLOCK;
            }
            if (o != null && "block".equals(o.get("decision")) && o.get("reason") instanceof String r && !r.isBlank()) {
                return Verdict.BLOCK;
            }
            return Verdict.RUN;
        }
    },
    /** gemini-cli docs/hooks/reference.md: exit 0 JSON decides; exit 2 blocks (with stderr text); others run. */
    GEMINI("gemini") {
        @Override
        Verdict judge(int exit, String stdout, String stderr) {
            if (exit == 2) {
                return stderr.isBlank() && stdout.isBlank() ? Verdict.RUN : Verdict.BLOCK;
            }
            if (exit != 0) {
                return Verdict.RUN;
            }
            Map<String, Object> o = object(stdout);
            if (o != null && ("deny".equals(o.get("decision")) || "block".equals(o.get("decision")))) {
                return Verdict.BLOCK;
            }
            if (o != null && "ask".equals(o.get("decision"))) {
                return Verdict.ASK;
            }
            return Verdict.RUN;
        }
    },
    /** cursor.com/docs/agent/hooks: exit 0 JSON {@code permission} decides; any other status is a failed hook (runs). */
    CURSOR("cursor") {
        @Override
        Verdict judge(int exit, String stdout, String stderr) {
            if (exit != 0) {
                return Verdict.RUN;
            }
            Map<String, Object> o = object(stdout);
            if (o != null && "deny".equals(o.get("permission"))) {
                return Verdict.BLOCK;
            }
            if (o != null && "ask".equals(o.get("permission"))) {
                return Verdict.ASK;
            }
            return Verdict.RUN;
        }
    },
    /**
     * docs.github.com Copilot hooks reference: for preToolUse, exit 2 and any other non-zero status deny; exit 0
     * JSON decides; a timeout runs the call.
     */
    COPILOT("copilot") {
        @Override
        Verdict judge(int exit, String stdout, String stderr) {
            if (exit != 0) {
                return Verdict.BLOCK;
            }
            Map<String, Object> o = object(stdout);
            if (o != null && "deny".equals(o.get("permissionDecision"))) {
                return Verdict.BLOCK;
            }
            if (o != null && "ask".equals(o.get("permissionDecision"))) {
                return Verdict.ASK;
            }
            return Verdict.RUN;
        }
    },
    /** examples/pi/cmdgate.ts: runs the call only on exit 0 with {@code {"decision":"allow"}}. */
    PI("pi") {
        @Override
        Verdict judge(int exit, String stdout, String stderr) {
            Map<String, Object> o = object(stdout);
            return exit == 0 && o != null && "allow".equals(o.get("decision")) ? Verdict.RUN : Verdict.BLOCK;
        }
    };

    /** What the host does with the tool call. */
    public enum Verdict { RUN, ASK, BLOCK }

    public final String id;

    HookHost(String id) {
        this.id = id;
    }

    abstract Verdict judge(int exit, String stdout, String stderr);

    /** What the host does after the hook ended this way; a hook it killed at its timeout lets the call run (pi: blocks). */
    public Verdict after(int exit, String stdout, String stderr, boolean timedOut) {
        if (timedOut) {
            return this == PI ? Verdict.BLOCK : Verdict.RUN;
        }
        return judge(exit, stdout, stderr);
    }

    /** stdout as a JSON object when it is one (hosts read it only then), else null. */
    static Map<String, Object> object(String stdout) {
        String t = stdout.strip();
        if (!t.startsWith("{")) {
            return null;
        }
        try {
            return StrictJson.parseObject(t);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
