package dev.cmdgate.it.examples;

import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the classifier in the agent jar says about commands, from its own CLI
 * ({@code classify --autonomy A --jsonl}). The examples' tests compare what really happened with this,
 * so they hold whatever the rules say today (the built-in classifier is still being written) — and
 * separately assert what must hold whatever the rules (rm -rf and sudo never run).
 */
final class Expected {

    /** The class and the gate decision (allow, prompt, block) for one command. */
    record Verdict(String commandClass, String decision) {
        boolean allowed() {
            return "allow".equals(decision);
        }
    }

    private Expected() {
    }

    /** Each shell line as {@code sh -c LINE} under the autonomy tier. */
    static Map<String, Verdict> shell(String autonomy, List<String> lines) {
        List<String> requests = new ArrayList<>();
        for (String l : lines) {
            requests.add("{\"command\":" + json(l) + "}");
        }
        return classify(autonomy, lines, requests);
    }

    /** Each argv (words joined by single spaces as the key) as a ProcessBuilder gets it. */
    static Map<String, Verdict> argv(String autonomy, List<List<String>> argvs) {
        List<String> keys = new ArrayList<>();
        List<String> requests = new ArrayList<>();
        for (List<String> a : argvs) {
            keys.add(String.join(" ", a));
            StringBuilder s = new StringBuilder("{\"argv\":[");
            for (int i = 0; i < a.size(); i++) {
                s.append(i == 0 ? "" : ",").append(json(a.get(i)));
            }
            requests.add(s.append("]}").toString());
        }
        return classify(autonomy, keys, requests);
    }

    private static Map<String, Verdict> classify(String autonomy, List<String> keys, List<String> requests) {
        try {
            Path in = java.nio.file.Files.createTempFile("cmdgate-expected", ".jsonl");
            java.nio.file.Files.write(in, requests);
            List<String> cmd = List.of(ExampleRun.JDK17.present() ? ExampleRun.JDK17.java().toString() : "java",
                    "-jar", ExampleRun.AGENT_JAR.toString(), "classify", "--autonomy", autonomy, "--jsonl");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(in.toFile()).redirectErrorStream(false);
            pb.environment().remove("JAVA_TOOL_OPTIONS");
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes());
            p.waitFor();
            List<String> lines = out.lines().filter(l -> !l.isBlank()).toList();
            if (lines.size() != keys.size()) {
                throw new IllegalStateException("classify --jsonl gave " + lines.size() + " lines for " + keys.size() + ":\n" + out);
            }
            Map<String, Verdict> m = new LinkedHashMap<>();
            for (int i = 0; i < keys.size(); i++) {
                Map<String, Object> o = JsonParser.parseObject(lines.get(i));
                m.put(keys.get(i), new Verdict((String) o.get("class"), (String) o.get("decision")));
            }
            return m;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static String json(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
