package dev.cmdgate.agent.cli.report;

import dev.cmdgate.agent.audit.AuditChain;
import dev.cmdgate.agent.audit.AuditLine;
import dev.cmdgate.agent.audit.AuditLines;
import dev.cmdgate.core.decision.AuditFields;
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

    /**
     * One file's chain: its summary line and its problems ({@code FILE:LINE: what}), as {@code verify} says them, and
     * what the report left out for them.
     *
     * @param leftOutFrom the first line no reader was given ({@link #leftOutFrom(List)}); 0 when the chain holds
     * @param leftOut     how many lines from there on
     */
    public record Integrity(Path file, String summary, List<AuditChain.Problem> problems, int leftOutFrom, int leftOut) {
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    /**
     * The first line of a file a report leaves out: the line before its chain's first problem (a problem shows at the
     * line after an edited one), or the first line; 0 when there is no problem. What follows a break is what someone
     * may have written, and a report counts or suggests nothing from it.
     */
    public static int leftOutFrom(List<AuditChain.Problem> problems) {
        int first = Integer.MAX_VALUE;
        for (AuditChain.Problem p : problems) {
            first = Math.min(first, p.line());
        }
        return first == Integer.MAX_VALUE ? 0 : Math.max(1, first - 1);
    }

    /** One line for every report form saying which lines it left out and why, or null when every chain holds. */
    public static String warning(List<Integrity> files) {
        List<String> parts = new ArrayList<>();
        for (Integrity f : files) {
            if (!f.ok()) {
                int first = f.problems().get(0).line();
                for (AuditChain.Problem p : f.problems()) {
                    first = Math.min(first, p.line());
                }
                parts.add(f.file() + " fails its hash chain at line " + first + ", so its " + f.leftOut() + " line"
                        + (f.leftOut() == 1 ? "" : "s") + " from line " + f.leftOutFrom() + " on " + (f.leftOut() == 1 ? "is" : "are")
                        + " left out");
            }
        }
        return parts.isEmpty() ? null : "cmdgate report: WARNING: " + String.join("; ", parts)
                + " (cmdgate verify lists every problem); nothing below counts or comes from them";
    }

    private AuditReading() {
    }

    /**
     * Reads every line of {@code files} in order; returns each file's chain check. The chain is checked first
     * ({@code verify}'s check, a read of its own), so that the lines from the line before a file's first break on
     * reach no reader ({@link #leftOutFrom}).
     */
    public static List<Integrity> read(List<Path> files, Reader reader) throws IOException {
        List<AuditChain.Problem> found = AuditChain.verify(files).problems();
        List<Integrity> out = new ArrayList<>();
        AuditChain.FileCheck previous = null;
        for (Path file : files) {
            AuditChain.FileCheck chain = new AuditChain.FileCheck(file, previous);
            List<AuditChain.Problem> mine = new ArrayList<>();
            for (AuditChain.Problem p : found) {
                if (p.file().equals(file)) {
                    mine.add(p);
                }
            }
            int cut = leftOutFrom(mine);
            int leftOut = 0;
            try (AuditLines lines = AuditLines.open(file)) {
                while (lines.next()) {
                    int n = lines.number();
                    if (cut > 0 && n >= cut) {
                        chain.line(lines);
                        leftOut++;
                        continue;
                    }
                    if (!lines.whole()) {
                        chain.line(lines);
                        reader.unreadable(file, n, AuditLines.tooLong(lines.size()));
                        continue;
                    }
                    String text = lines.text();
                    String foreign = AuditLine.foreign(text);
                    if (foreign != null) {
                        chain.line(lines);   // the chain check names it too
                        reader.unreadable(file, n, "not written by cmdgate: it " + foreign);
                        continue;
                    }
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
                    } else if (line.argv() == null || line.string(AuditFields.GATE) == null) {
                        reader.unreadable(file, n, "not a decision: no argv or gate");
                    } else {
                        reader.decision(line);
                    }
                }
                chain.end(lines.endsWithNewline());
            }
            if (leftOutFrom(chain.problems()) != cut) {
                throw new IOException(file + " changed while it was read: read it again");
            }
            out.add(new Integrity(file, chain.summary(), chain.problems(), cut, leftOut));
            previous = chain;
        }
        return out;
    }
}
