package dev.cmdgate.agent.cli;

import dev.cmdgate.agent.cli.report.AuditReading;
import dev.cmdgate.agent.cli.report.RecordedLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An audit file as the text {@code report} reads it ({@link AuditReading}, as the other report forms do): each
 * line a decision, a pre-check or an event. A line that is not a JSON object is counted and named, never a reason
 * to stop: a week of audit lines may hold one cut short by a full disk. Lines from a break in the file's hash
 * chain on are left out ({@link #integrity}).
 */
final class AuditFile implements AuditReading.Reader {

    final List<RecordedLine> decisions = new ArrayList<>();
    final List<RecordedLine> events = new ArrayList<>();
    final List<RecordedLine> prechecks = new ArrayList<>();
    /** Line numbers of lines that are not JSON objects (blank lines are not counted). */
    final List<Integer> unreadable = new ArrayList<>();
    /** The file's chain, and what was left out for it. */
    AuditReading.Integrity integrity;

    static AuditFile read(Path file) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new Main.UsageException(file + " is not a readable audit file");
        }
        AuditFile a = new AuditFile();
        try {
            a.integrity = AuditReading.read(List.of(file), a).get(0);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new Main.UsageException("cannot read " + file + ": " + e.getMessage());
        }
        return a;
    }

    @Override
    public void decision(RecordedLine line) {
        decisions.add(line);
    }

    @Override
    public void event(RecordedLine line) {
        events.add(line);
    }

    @Override
    public void precheck(RecordedLine line) {
        prechecks.add(line);
    }

    @Override
    public void unreadable(Path file, int line, String why) {
        unreadable.add(line);
    }
}
