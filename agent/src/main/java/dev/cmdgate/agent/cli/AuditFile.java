package dev.cmdgate.agent.cli;

import dev.cmdgate.agent.audit.AuditLine;
import dev.cmdgate.agent.cli.report.RecordedLine;
import dev.cmdgate.core.json.JsonParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An audit file as the {@code report} views read it: one JSON object per line, each a decision, a pre-check
 * or an event ({@link AuditLine}). A line that is not a JSON object is counted and named,
 * never a reason to stop: a week of audit lines may hold one cut short by a full disk.
 */
final class AuditFile {

    final List<RecordedLine> decisions = new ArrayList<>();
    final List<RecordedLine> events = new ArrayList<>();
    final List<RecordedLine> prechecks = new ArrayList<>();
    /** Line numbers of lines that are not JSON objects (blank lines are not counted). */
    final List<Integer> unreadable = new ArrayList<>();

    static AuditFile read(Path file) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new Main.UsageException(file + " is not a readable audit file");
        }
        AuditFile a = new AuditFile();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int n = 0;
            for (String raw; (raw = in.readLine()) != null; ) {
                n++;
                if (raw.isBlank()) {
                    continue;
                }
                Map<String, Object> json;
                try {
                    json = JsonParser.parseObject(raw);
                } catch (IllegalArgumentException e) {   // JsonParseException is one
                    a.unreadable.add(n);
                    continue;
                }
                RecordedLine e = new RecordedLine(file, n, -1, json);
                AuditLine.Kind kind = AuditLine.kind(json);
                if (kind == AuditLine.Kind.EVENT) {
                    a.events.add(e);
                } else if (kind == AuditLine.Kind.PRECHECK) {
                    a.prechecks.add(e);
                } else if (e.argv() == null || !(json.get(AuditLine.GATE) instanceof String)) {
                    a.unreadable.add(n);
                } else {
                    a.decisions.add(e);
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new Main.UsageException("cannot read " + file + ": " + e.getMessage());
        }
        return a;
    }
}
