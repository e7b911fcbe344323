package dev.cmdgate.agent.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditChainTest {

    @TempDir
    Path dir;

    private Path fiveLines() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        AuditSink sink = new AuditSink(file, new JvmIdentity(1, null, null));
        for (int i = 1; i <= 5; i++) {
            sink.write("{\"n\":" + i + "}");
        }
        return file;
    }

    private static List<String> problems(Path... files) throws IOException {
        List<String> out = new ArrayList<>();
        for (AuditChain.Problem p : AuditChain.verify(List.of(files)).problems()) {
            out.add(p.line() + ": " + p.message());
        }
        return out;
    }

    @Test
    void eachLineCarriesTheHashOfTheLineBefore() throws IOException {
        Path file = fiveLines();
        List<String> lines = Files.readAllLines(file);
        assertThat(JsonParser.parseObject(lines.get(0))).containsEntry("prev_hash", AuditChain.GENESIS);
        String second = (String) JsonParser.parseObject(lines.get(1)).get("prev_hash");
        assertThat(second).isEqualTo(new AuditChain.Hasher().hex(lines.get(0).getBytes(StandardCharsets.UTF_8), 0,
                lines.get(0).length()));
        assertThat(problems(file)).isEmpty();
    }

    @Test
    void anEditedLineBreaksTheChainAtTheLineAfterIt() throws IOException {
        Path file = fiveLines();
        List<String> lines = Files.readAllLines(file);
        lines.set(2, lines.get(2).replace("\"n\":3", "\"n\":33"));
        Files.write(file, lines);
        assertThat(problems(file)).containsExactly("4: line 4 does not follow line 3: line 3 was edited, or lines were removed before line 4");
    }

    @Test
    void aRemovedLineIsFound() throws IOException {
        Path file = fiveLines();
        List<String> lines = Files.readAllLines(file);
        lines.remove(2);
        Files.write(file, lines);
        assertThat(problems(file)).containsExactly("3: line 3 does not follow line 2: line 2 was edited, or lines were removed before line 3");
    }

    @Test
    void aRemovedFirstLineIsFound() throws IOException {
        Path file = fiveLines();
        List<String> lines = Files.readAllLines(file);
        lines.remove(0);
        Files.write(file, lines);
        assertThat(problems(file)).containsExactly("1: the file does not start a chain: the lines before this one were removed");
    }

    @Test
    void reorderedLinesAreFound() throws IOException {
        Path file = fiveLines();
        List<String> lines = Files.readAllLines(file);
        Collections.swap(lines, 1, 2);
        Files.write(file, lines);
        assertThat(problems(file)).containsExactly(
                "2: line 2 follows line 3, which comes later: lines were reordered",
                "3: line 3 follows line 1: the line between was inserted or moved here",
                "4: line 4 follows line 2: the line between was inserted or moved here");
    }

    /**
     * A decision line written again at the end, with a chain recomputed over it (which needs no key): the chain
     * holds, but a decision's id is fresh per decision, so the copy is found, in the same file or a later one.
     */
    @Test
    void aDecisionLineCopiedWithARecomputedChainIsFound() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        AuditSink sink = new AuditSink(file, new JvmIdentity(1, null, null));
        sink.write("{\"time\":\"t\",\"decision_id\":\"d-1\",\"outcome\":\"allowed\"}");
        sink.write("{\"time\":\"t\",\"event\":\"exit\",\"decision_id\":\"d-1\"}");
        sink.write("{\"time\":\"t\",\"decision_id\":\"d-1\",\"outcome\":\"allowed\"}");
        assertThat(problems(file)).containsExactly("3: decision_id d-1 is that of line audit.jsonl:1 too: a decision line was copied");
    }

    @Test
    void aLineWithoutItsHashIsFound() throws IOException {
        Path file = fiveLines();
        Files.writeString(file, "{\"n\":6}\n", StandardOpenOption.APPEND);
        assertThat(problems(file)).containsExactly("6: no prev_hash: the line was not written by cmdgate's chained audit");
    }

    @Test
    void twoWritersOnOneFileMakeOneChain() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        AuditSink a = new AuditSink(file, new JvmIdentity(1, null, null));
        AuditSink b = new AuditSink(file, new JvmIdentity(2, null, null));
        for (int i = 0; i < 20; i++) {
            (i % 3 == 0 ? b : a).write("{\"n\":" + i + "}");
        }
        assertThat(Files.readAllLines(file)).hasSize(20);
        assertThat(problems(file)).isEmpty();
    }

    @Test
    void aForeignPartialLineIsNeverGluedToALine() throws IOException {
        Path file = fiveLines();
        Files.writeString(file, "{\"cut", StandardOpenOption.APPEND);
        new AuditSink(file, new JvmIdentity(1, null, null)).write("{\"n\":6}");
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(7);
        assertThat(lines.get(5)).isEqualTo("{\"cut");
        assertThat(JsonParser.parseObject(lines.get(6))).containsEntry("n", 6L);
        assertThat(problems(file)).hasSize(1).first().asString().startsWith("6: not a JSON object");
    }

    @Test
    void rotationKeepsFilesLinksTheChainAndNeverLosesOrSplitsALine() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        AuditSink sink = new AuditSink(file, new JvmIdentity(1, null, null), 64 * 1024, 3);
        String pad = "p".repeat(1000);
        int written = 300;   // ~330 KB: five rotations, three kept
        for (int i = 0; i < written; i++) {
            sink.write("{\"n\":" + i + ",\"pad\":\"" + pad + "\"}");
        }
        Path one = dir.resolve("audit.jsonl.1");
        Path two = dir.resolve("audit.jsonl.2");
        Path three = dir.resolve("audit.jsonl.3");
        assertThat(dir.resolve("audit.jsonl.4")).doesNotExist();
        List<Long> numbers = new ArrayList<>();
        for (Path f : List.of(three, two, one, file)) {
            assertThat(Files.size(f)).isLessThanOrEqualTo(64 * 1024);
            List<String> lines = Files.readAllLines(f);
            Map<String, Object> first = JsonParser.parseObject(lines.get(0));
            assertThat(first).containsEntry("event", "audit_rotated").containsEntry("previous_file", "audit.jsonl.1");
            for (String l : lines.subList(1, lines.size())) {
                numbers.add((Long) JsonParser.parseObject(l).get("n"));
            }
        }
        // the kept files hold an unbroken run of lines ending with the last one written
        assertThat(numbers.get(numbers.size() - 1)).isEqualTo(written - 1L);
        for (int i = 1; i < numbers.size(); i++) {
            assertThat(numbers.get(i)).isEqualTo(numbers.get(i - 1) + 1);
        }
        AuditChain.Report report = AuditChain.verify(List.of(three, two, one, file));
        assertThat(report.problems()).isEmpty();
        assertThat(report.files().get(3)).endsWith("(linked to audit.jsonl.1)");
        // a file missing between two breaks the link
        assertThat(problems(three, one)).singleElement().asString()
                .startsWith("1: the rotation link does not match the last line of");
    }
}
