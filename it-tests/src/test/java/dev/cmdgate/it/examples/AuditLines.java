package dev.cmdgate.it.examples;

import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The audit file of a run, one parsed JSON object per line (each line must parse on its own): the
 * decision lines, and apart from them the event lines that report on an earlier decision ({@code exit},
 * {@code watchdog_kill}).
 */
record AuditLines(List<Map<String, Object>> lines, List<Map<String, Object>> events) {

    static AuditLines read(Path file) {
        if (!Files.exists(file)) {
            return new AuditLines(List.of(), List.of());
        }
        try {
            List<Map<String, Object>> all = Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.isBlank()).map(JsonParser::parseObject).toList();
            return new AuditLines(all.stream().filter(l -> !l.containsKey("event")).toList(),
                    all.stream().filter(l -> l.containsKey("event")).toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    static List<String> argv(Map<String, Object> line) {
        return (List<String>) line.get("argv");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> context(Map<String, Object> line) {
        Object c = line.get("context");
        return c == null ? Map.of() : (Map<String, Object>) c;
    }

    List<Map<String, Object>> where(Predicate<Map<String, Object>> p) {
        return lines.stream().filter(p).toList();
    }

    /** The launch lines (not the pre-checks the application API recorded). */
    List<Map<String, Object>> launches() {
        return where(l -> !l.containsKey("precheck"));
    }

    /** The launch lines for {@code sh -c COMMAND} (an agent's shell tool, a gated stdin command). */
    List<Map<String, Object>> shellCommand(String command) {
        return where(l -> !l.containsKey("precheck") && argv(l).equals(List.of("sh", "-c", command)));
    }

    /** The pre-check lines for {@code sh -c COMMAND}: refusals the application API answered. */
    List<Map<String, Object>> preChecks(String command) {
        return where(l -> l.containsKey("precheck") && argv(l).equals(List.of("sh", "-c", command)));
    }
}
