package dev.cmdgate.it.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** A JSON-lines audit file written by the agent, every line parsed strictly. */
public final class Audit {

    /** Fields every audit line has. */
    public static final List<String> REQUIRED = List.of("time", "decision_id", "argv", "cwd", "class", "level",
            "gate", "outcome", "reasons", "findings", "scheme", "mode", "caller");

    private final Path file;
    /** The decision lines. */
    private final List<Line> lines;
    /** The event lines ({@code exit}, {@code watchdog_kill}): each refers to an earlier decision. */
    private final List<Line> events;

    private Audit(Path file, List<Line> lines, List<Line> events) {
        this.file = file;
        this.lines = lines;
        this.events = events;
    }

    /** Reads the file; every line must be one whole JSON object with the required fields. */
    public static Audit read(Path file) {
        List<Line> out = new ArrayList<>();
        List<Line> events = new ArrayList<>();
        try {
            if (!Files.exists(file)) {
                return new Audit(file, out, events);
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            if (!text.isEmpty()) {
                assertThat(text).as("the audit file ends with a newline").endsWith("\n");
            }
            int n = 0;
            for (String raw : text.lines().toList()) {
                n++;
                Map<String, Object> m;
                try {
                    m = StrictJson.parseObject(raw);
                } catch (IllegalArgumentException e) {
                    fail("audit line " + n + " of " + file + " is not well-formed JSON: " + e.getMessage());
                    return null;
                }
                // event lines (e.g. a watchdog kill) refer to an earlier decision instead of being one
                String[] required = m.containsKey("event") ? new String[] {"time", "event", "decision_id"}
                        : REQUIRED.toArray(String[]::new);
                assertThat(m).as("audit line %d: %s", n, raw).containsKeys(required);
                (m.containsKey("event") ? events : out).add(new Line(m, raw));
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return new Audit(file, out, events);
    }

    /** The decision lines, in file order. */
    public List<Line> lines() {
        return lines;
    }

    /** The event lines, in file order. */
    public List<Line> events() {
        return events;
    }

    public int size() {
        return lines.size();
    }

    /** The decision lines that meet {@code p}, in file order. */
    public List<Line> where(Predicate<Line> p) {
        return lines.stream().filter(p).toList();
    }

    /** The launch lines (not the pre-checks the application API recorded). */
    public List<Line> launches() {
        return where(l -> !l.json().containsKey("precheck"));
    }

    /** The launch lines for {@code sh -c COMMAND} (an agent's shell tool, a gated stdin command). */
    public List<Line> shellCommand(String command) {
        return where(l -> !l.json().containsKey("precheck") && l.argv().equals(List.of("sh", "-c", command)));
    }

    /** The pre-check lines for {@code sh -c COMMAND}: refusals the application API answered. */
    public List<Line> preChecks(String command) {
        return where(l -> l.json().containsKey("precheck") && l.argv().equals(List.of("sh", "-c", command)));
    }

    /** The only line whose argv has a word equal to one of these (e.g. a unique file path); fails if not exactly one. */
    public Line forWord(String... words) {
        List<String> ws = List.of(words);
        return only(l -> l.argv().stream().anyMatch(ws::contains), "an argv word in " + ws);
    }

    /** The only line whose argv has a word containing this text; fails if not exactly one. */
    public Line forFragment(String text) {
        return only(l -> l.argv().stream().anyMatch(w -> w.contains(text)), "an argv word containing " + text);
    }

    public Line only(Predicate<Line> p, String what) {
        List<Line> found = lines.stream().filter(p).toList();
        if (found.size() != 1) {
            fail("expected exactly one audit line with " + what + ", found " + found.size() + " in " + file + ":\n"
                    + String.join("\n", lines.stream().map(Line::raw).toList()));
        }
        return found.get(0);
    }

    public String dump() {
        return String.join("\n", lines.stream().map(Line::raw).toList());
    }

    /** One audit line. */
    public record Line(Map<String, Object> json, String raw) {

        /** A field's value as parsed (a String, Long, List, Map …), null when absent. */
        public Object get(String key) {
            return json.get(key);
        }

        /** A JSON object field, empty when absent. */
        @SuppressWarnings("unchecked")
        public Map<String, Object> map(String key) {
            Object v = json.get(key);
            return v == null ? Map.of() : (Map<String, Object>) v;
        }

        public String str(String key) {
            Object v = json.get(key);
            return v == null ? null : v.toString();
        }

        @SuppressWarnings("unchecked")
        public List<String> argv() {
            return (List<String>) json.get("argv");
        }

        public String id() {
            return str("decision_id");
        }

        public String commandClass() {
            return str("class");
        }

        public String gate() {
            return str("gate");
        }

        public String outcome() {
            return str("outcome");
        }

        public String caller() {
            return str("caller");
        }

        @SuppressWarnings("unchecked")
        public List<Map<String, Object>> reasons() {
            return (List<Map<String, Object>>) json.get("reasons");
        }

        public List<String> reasonCodes() {
            return reasons().stream().map(r -> String.valueOf(r.get("code"))).toList();
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> prompt() {
            return (Map<String, Object>) json.get("prompt");
        }
    }
}
