package dev.cmdgate.agent.cli.report;

import dev.cmdgate.agent.audit.AuditLine;
import dev.cmdgate.agent.audit.AuditChain;
import dev.cmdgate.agent.audit.AuditLines;
import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads audit files (rotated ones oldest first, as {@code cmdgate verify} takes them) once, a line at a
 * time, handing each line to a {@link Reader} and to the chain check {@code verify} runs
 * ({@link AuditChain.FileCheck}): a report of a week of lines holds what it counts, never the lines.
 */
public final class AuditReading {

    /** What a report does with each kind of line. */
    public interface Reader {
        /** A decision: a launch that was decided ({@code argv} and {@code gate} present; not a pre-check). */
        void decision(RecordedLine line);

        /** A line with {@code event} (exit, watchdog_kill, audit_rotated, policy_…). */
        default void event(RecordedLine line) {
        }

        /** A {@code Cmdgate.check} the application API refused: nothing was launched. */
        default void precheck(RecordedLine line) {
        }

        /** A line that is not a JSON object, or not a decision or an event; {@code why} says which. */
        default void unreadable(Path file, int line, String why) {
        }
    }

    /** One file's chain: its summary line and its problems ({@code FILE:LINE: what}), as {@code verify} says them. */
    public record Integrity(Path file, String summary, List<AuditChain.Problem> problems) {
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    private AuditReading() {
    }

    /** Reads every line of {@code files} in order; returns each file's chain check. */
    public static List<Integrity> read(List<Path> files, Reader reader) throws IOException {
        List<Integrity> out = new ArrayList<>();
        AuditChain.FileCheck previous = null;
        for (Path file : files) {
            AuditChain.FileCheck chain = new AuditChain.FileCheck(file, previous);
            try (AuditLines lines = AuditLines.open(file)) {
                while (lines.next()) {
                    int n = lines.number();
                    if (!lines.whole()) {
                        chain.line(lines);
                        reader.unreadable(file, n, "a line of " + lines.size() + " bytes, longer than the "
                                + AuditLines.MAX_LINE_BYTES + " a report reads");
                        continue;
                    }
                    String text = lines.text();
                    Map<String, Object> json;
                    try {
                        json = JsonParser.parseObject(text);
                    } catch (JsonParseException e) {
                        chain.line(n, lines.hash(), null, e.getMessage());
                        if (!text.isBlank()) {
                            reader.unreadable(file, n, "not a JSON object");
                        }
                        continue;
                    } catch (RuntimeException e) {   // a parser that gives up on depth, say
                        chain.line(n, lines.hash(), null, e.getClass().getSimpleName());
                        reader.unreadable(file, n, "not readable as JSON");
                        continue;
                    }
                    chain.line(n, lines.hash(), json, null);
                    RecordedLine line = new RecordedLine(file, n, lines.offset(), json);
                    AuditLine.Kind kind = AuditLine.kind(json);
                    if (kind == AuditLine.Kind.EVENT) {
                        reader.event(line);
                    } else if (kind == AuditLine.Kind.PRECHECK) {
                        reader.precheck(line);
                    } else if (line.argv() == null || line.string(AuditLine.GATE) == null) {
                        reader.unreadable(file, n, "not a decision: no argv or gate");
                    } else {
                        reader.decision(line);
                    }
                }
                chain.end(lines.endsWithNewline());
            }
            out.add(new Integrity(file, chain.summary(), chain.problems()));
            previous = chain;
        }
        return out;
    }
}
