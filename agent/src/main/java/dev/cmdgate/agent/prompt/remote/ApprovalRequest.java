package dev.cmdgate.agent.prompt.remote;

import dev.cmdgate.agent.prompt.Asked;
import dev.cmdgate.agent.prompt.LaunchPrompt;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.json.IsoInstant;
import dev.cmdgate.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The request a JVM posts for one launch that needs approval, in the protocol's version-1 form
 * (docs/approvals.md): everything that decides what runs — argv, directory, environment changes (every
 * name; values only of the hook variables, as the audit line records them, since others may be secrets),
 * output redirects — and why it was asked: class, level, reasons, findings with the rules row of each; who
 * asks: the caller frame, the application's context, the JVM, the passport; and until when it waits.
 */
final class ApprovalRequest {

    private ApprovalRequest() {
    }

    /** The request's JSON bytes: written once, sent as they are on every post (the answer names their hash). */
    static byte[] json(LaunchPrompt prompt, String decisionId, JvmSelf self, String agentId, Instant deadline,
                       long expiresInMillis) {
        Asked asked = prompt.asked();
        Launch launch = asked.launch();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("version", ApprovalProtocol.VERSION);
        m.put("decision_id", decisionId);
        m.put("argv", launch.argv());
        if (launch.shellLine() != null) {
            m.put("shell_line", launch.shellLine());
        }
        m.put("cwd", launch.cwd());
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("changed", asked.environment() == null ? List.of() : asked.environment().changed());
        env.put("hooks", asked.environment() == null ? Map.of() : asked.environment().hooks());
        m.put("env", env);
        List<Map<String, Object>> redirects = new ArrayList<>();
        for (Launch.OutputRedirect r : launch.outputRedirects()) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("path", r.path());
            o.put("append", r.append());
            redirects.add(o);
        }
        m.put("redirects", redirects);
        m.put("class", prompt.commandClass());
        m.put("level", prompt.level());
        m.put("reasons", asked.verdict().reasons());
        m.put("findings", asked.verdict().classification().findings());
        m.put("caller", prompt.caller());
        m.put("context", new TreeMap<>(prompt.context()));
        Map<String, Object> jvm = new LinkedHashMap<>();
        jvm.put("host", self.host());
        jvm.put("pid", self.pid());
        jvm.put("main", self.main());
        jvm.put("service", self.service());
        m.put("jvm", jvm);
        m.put("parent_decision_id", self.parentDecisionId());
        Map<String, Object> oap = asked.verdict().oap();
        m.put("passport_id", oap == null ? null : oap.get("passport_id"));
        m.put("agent_id", agentId);
        m.put("deadline", IsoInstant.format(deadline));
        m.put("expires_in_ms", expiresInMillis);
        return Json.write(m).getBytes(StandardCharsets.UTF_8);
    }
}
