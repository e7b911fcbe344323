package dev.cmdgate.agent.cli;

import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code classify --jsonl}: one output line per input line, in order. A line that is not a valid
 * request gets {@code {"error": "…"}} and the stream goes on. Output is flushed whenever no more
 * input is waiting, so an interactive peer sees each answer at once and a batch is not slowed down.
 */
final class JsonlSession {

    private final Gatekeeper gatekeeper;
    private final String defaultCwd;
    /** Reads the files that steer a Read command in each request's directory. */
    private final dev.cmdgate.agent.site.SiteReader files = dev.cmdgate.agent.site.SiteReader.ofThisJvm();

    JsonlSession(Gatekeeper gatekeeper, String defaultCwd) {
        this.gatekeeper = gatekeeper;
        this.defaultCwd = defaultCwd;
    }

    void run(BufferedReader in, PrintWriter out) throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            out.println(Json.write(answer(line)));
            if (!in.ready()) {
                out.flush();
            }
        }
        out.flush();
    }

    Map<String, Object> answer(String line) {
        try {
            Launch launch = request(line);
            return ClassifyCommand.toJson(gatekeeper.judge(launch, ClassifyCommand.site(launch, files)), launch, gatekeeper);
        } catch (IllegalArgumentException e) {
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("error", e.getMessage());
            return error;
        }
    }

    private Launch request(String line) {
        Map<String, Object> o = JsonParser.parseObject(line);
        for (String key : o.keySet()) {
            if (!List.of("argv", "command", "cwd", "env", "timeout").contains(key)) {
                throw new IllegalArgumentException("unknown field \"" + key + "\" (expected argv or command, and optionally cwd, env, timeout)");
            }
        }
        Object argv = o.get("argv");
        Object command = o.get("command");
        if ((argv == null) == (command == null)) {
            throw new IllegalArgumentException("give exactly one of \"argv\" (array of strings) or \"command\" (string)");
        }
        String cwd = o.containsKey("cwd") ? string(o.get("cwd"), "cwd") : defaultCwd;
        cwd = Path.of(defaultCwd).resolve(cwd).toString();
        Map<String, String> env = new LinkedHashMap<>();
        if (o.get("env") != null) {
            if (!(o.get("env") instanceof Map<?, ?> m)) {
                throw new IllegalArgumentException("\"env\" must be an object of strings");
            }
            for (Map.Entry<?, ?> e : m.entrySet()) {
                env.put(String.valueOf(e.getKey()), string(e.getValue(), "env." + e.getKey()));
            }
        }
        Duration timeout = o.get("timeout") == null ? null : seconds(o.get("timeout"));
        if (command != null) {
            String line2 = string(command, "command");
            return new Launch(List.of("sh", "-c", line2), line2, cwd, env, List.of(), timeout, null);
        }
        if (!(argv instanceof List<?> list) || list.isEmpty()) {
            throw new IllegalArgumentException("\"argv\" must be a non-empty array of strings");
        }
        List<String> words = new ArrayList<>(list.size());
        for (Object w : list) {
            words.add(string(w, "argv element"));
        }
        return new Launch(words, null, cwd, env, List.of(), timeout, null);
    }

    private static String string(Object v, String what) {
        if (!(v instanceof String s)) {
            throw new IllegalArgumentException("\"" + what + "\" must be a string");
        }
        return s;
    }

    private static Duration seconds(Object v) {
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException("\"timeout\" must be a number of seconds");
        }
        BigDecimal d = new BigDecimal(n.toString());
        if (d.signum() < 0 || d.compareTo(BigDecimal.valueOf(31_536_000L)) > 0) {
            throw new IllegalArgumentException("\"timeout\" must be between 0 and 31536000 seconds");
        }
        return Duration.ofMillis(d.movePointRight(3).longValue());
    }
}
