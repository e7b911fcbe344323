package dev.cmdgate.agent.fleet;

import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.PolicyCheck;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An APort-compatible remote decision point, asked about every launch the local policy allows:
 * {@code POST URL/api/verify/policy/PACK} with {@code {"context": {agent_id, policy_id, command, args, cwd,
 * env, timeout, …}}} and a bearer token, within a short timeout. It can only refuse more: a launch the local
 * check refuses is not sent. An answer that cannot be had (no connection, a timeout, a status other than 200,
 * a body without a boolean {@code allow}) refuses the launch, unless the operator chose
 * {@code decision.on-error=allow}. An allow that says how long it holds ({@code expires_in} seconds) is
 * remembered for that long for the same launch, never longer; a deny is never remembered.
 *
 * <p>Only the names of the launch's changed environment variables are sent, never their values: a secret
 * does not leave the machine to be judged. The connection is {@link ServerConnection}'s: no process is
 * started here, so the question cannot itself be gated.
 */
public final class RemoteDecisions implements PolicyCheck {

    private static final int MAX_REMEMBERED = 1024;
    private static final int MAX_BODY = 1 << 20;

    private final AgentConfig.DecisionPoint config;
    /** The local policy (a passport), or null: asked first; only what it allows goes on to the decision point. */
    private final PolicyCheck local;
    private final URL endpoint;
    /** Allows by launch key, until their nanoTime deadline; least recently used first. */
    private final Map<String, Long> allowed = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > MAX_REMEMBERED;
        }
    };

    public RemoteDecisions(AgentConfig.DecisionPoint config, PolicyCheck local) throws IOException {
        this.config = config;
        this.local = local;
        String base = config.url().toString();
        this.endpoint = new URL((base.endsWith("/") ? base : base + "/") + "api/verify/policy/" + config.pack());
    }

    @Override
    public Result evaluate(Launch launch, Classification classification) {
        Result own = local == null ? null : local.evaluate(launch, classification);
        if (own != null && !own.allows()) {
            return own;
        }
        Map<String, Object> context = context(launch, classification);
        String key = Json.write(context);
        Map<String, Object> answer;
        if (remembered(key)) {
            answer = Map.of("allow", true, "remembered", true);
        } else {
            try {
                answer = ask(context);
            } catch (IOException | RuntimeException e) {
                return unanswered(own, e);
            }
        }
        boolean allow = Boolean.TRUE.equals(answer.get("allow"));
        if (allow && answer.get("expires_in") instanceof Number n && n.doubleValue() > 0) {
            remember(key, (long) (n.doubleValue() * 1_000_000_000L));
        }
        return combined(own, answer, allow ? List.of() : reasons(answer), null);
    }

    @Override
    public Map<String, Object> seal(Map<String, Object> decision, Map<String, Object> bound) {
        return local == null ? decision : local.seal(decision, bound);
    }

    private Map<String, Object> context(Launch launch, Classification c) {
        List<String> argv = launch.shellLine() != null ? List.of("sh", "-c", launch.shellLine()) : launch.argv();
        Map<String, Object> ctx = new LinkedHashMap<>();
        ctx.put("agent_id", config.agent());
        ctx.put("policy_id", config.pack());
        ctx.put("command", argv.isEmpty() ? "" : argv.get(0));
        ctx.put("args", argv.size() > 1 ? argv.subList(1, argv.size()) : List.of());
        if (launch.cwd() != null) {
            ctx.put("cwd", launch.cwd());
        }
        Map<String, Object> env = new TreeMap<>();
        for (String name : launch.environmentChanges().keySet()) {
            env.put(name, "");   // the name only: values stay on this machine
        }
        ctx.put("env", env);
        if (launch.declaredTimeout() != null) {
            ctx.put("timeout", launch.declaredTimeout().toSeconds());
        }
        ctx.put("cmdgate_class", c.commandClass().label());
        ctx.put("cmdgate_level", c.level().label());
        return ctx;
    }

    /** One request; the decision object of the answer (the body, or its {@code decision} field). */
    private Map<String, Object> ask(Map<String, Object> context) throws IOException {
        int millis = (int) config.timeout().toMillis();
        HttpURLConnection h = ServerConnection.open(endpoint, millis, millis, config.tokenFile(), config.tokenEnv());
        try {
            h.setDoOutput(true);
            h.setRequestMethod("POST");
            h.setRequestProperty("Content-Type", "application/json");
            h.setRequestProperty("Accept", "application/json");
            byte[] body = Json.write(Map.of("context", context)).getBytes(StandardCharsets.UTF_8);
            h.setFixedLengthStreamingMode(body.length);
            try (OutputStream out = h.getOutputStream()) {
                out.write(body);
            }
            int status = h.getResponseCode();
            if (status != HttpURLConnection.HTTP_OK) {
                throw new IOException("it answered " + status);
            }
            Map<String, Object> o;
            try (InputStream in = h.getInputStream()) {
                byte[] b = in.readNBytes(MAX_BODY + 1);
                if (b.length > MAX_BODY) {
                    throw new IOException("its answer is larger than 1 MiB");
                }
                o = JsonParser.parseObject(new String(b, StandardCharsets.UTF_8));
            } catch (JsonParseException e) {
                throw new IOException("its answer is not a JSON object (" + e.getMessage() + ")");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> d = o.get("decision") instanceof Map<?, ?> m ? (Map<String, Object>) m : o;
            if (!(d.get("allow") instanceof Boolean)) {
                throw new IOException("its answer has no boolean \"allow\"");
            }
            return d;
        } finally {
            h.disconnect();
        }
    }

    private Result unanswered(Result own, Exception e) {
        String why = e instanceof java.net.SocketTimeoutException ? "no answer within " + config.timeout().toMillis() + " ms"
                : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String message = "the decision point " + endpoint + " cannot be asked: " + why;
        Map<String, Object> answer = Map.of("error", message);
        if (config.allowOnError()) {
            return combined(own, answer, List.of(), message + "; the local decision stands (decision.on-error=allow)");
        }
        return combined(own, answer, List.of(new Reason("decision_point.unavailable", message)), null);
    }

    private static List<Reason> reasons(Map<String, Object> answer) {
        List<Reason> out = new ArrayList<>();
        if (answer.get("reasons") instanceof List<?> list) {
            for (Object r : list) {
                if (r instanceof Map<?, ?> m && m.get("code") instanceof String code) {
                    Object msg = m.get("message");
                    out.add(new Reason(code, "the decision point denied it: " + (msg == null ? code : msg)));
                }
            }
        }
        if (out.isEmpty()) {
            out.add(new Reason("decision_point.denied", "the decision point denied it"));
        }
        return out;
    }

    /** The local result (if any) with the decision point's answer recorded beside it. */
    private Result combined(Result own, Map<String, Object> answer, List<Reason> failures, String notice) {
        Map<String, Object> decision = new LinkedHashMap<>(own == null || own.decision() == null ? Map.of() : own.decision());
        decision.put("decision_point", answer);
        List<Reason> all = new ArrayList<>(own == null ? List.of() : own.failures());
        all.addAll(failures);
        String n = own != null && own.notice() != null ? own.notice() + (notice == null ? "" : "; " + notice) : notice;
        return new Result(all, decision, own == null ? null : own.executionLimit(), n);
    }

    private boolean remembered(String key) {
        synchronized (allowed) {
            Long until = allowed.get(key);
            if (until == null) {
                return false;
            }
            if (System.nanoTime() - until < 0) {
                return true;
            }
            allowed.remove(key);
            return false;
        }
    }

    private void remember(String key, long forNanos) {
        synchronized (allowed) {
            allowed.put(key, System.nanoTime() + forNanos);
        }
    }
}
