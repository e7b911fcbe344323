package dev.cmdgate.agent.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditSinkTest {

    @TempDir
    Path dir;

    @Test
    void concurrentWritersNeverLoseOrInterleaveLines() throws Exception {
        Path file = dir.resolve("audit.jsonl");
        AuditSink sink = new AuditSink(file);
        ExecutorService pool = Executors.newFixedThreadPool(16);
        List<Future<?>> futures = new ArrayList<>();
        String padding = "x".repeat(3000);   // longer than a pipe buffer's atomic write, to catch tearing
        for (int t = 0; t < 16; t++) {
            int thread = t;
            futures.add(pool.submit(() -> {
                for (int i = 0; i < 100; i++) {
                    sink.write("{\"id\":\"" + thread + "-" + i + "\",\"pad\":\"" + padding + "\"}");
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        pool.shutdown();
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(1600);
        Set<Object> ids = new HashSet<>();
        for (String line : lines) {
            Map<String, Object> o = JsonParser.parseObject(line);
            ids.add(o.get("id"));
        }
        assertThat(ids).hasSize(1600);
        assertThat(AuditChain.verify(List.of(file)).problems()).as("one chain through every thread's lines").isEmpty();
    }

    @Test
    void aDeletedOrRotatedFileIsRecreatedRatherThanWrittenIntoTheVoid() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        AuditSink sink = new AuditSink(file, new JvmIdentity(7, null, null));
        sink.write("{\"n\":1}");
        Files.delete(file);
        sink.write("{\"n\":2}");
        String first = ",\"prev_hash\":\"" + AuditChain.GENESIS + "\"}";
        assertThat(Files.readAllLines(file)).containsExactly("{\"n\":2,\"jvm\":{\"pid\":7}" + first);
        Files.move(file, dir.resolve("audit.jsonl.1"));
        sink.write("{\"n\":3}");
        assertThat(Files.readAllLines(file)).containsExactly("{\"n\":3,\"jvm\":{\"pid\":7}" + first);
        assertThat(Files.readAllLines(dir.resolve("audit.jsonl.1"))).containsExactly("{\"n\":2,\"jvm\":{\"pid\":7}" + first);
    }

    @Test
    void everyLineSaysWhichJvmWroteItAndWhichDecisionStartedThatJvm() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        new AuditSink(file, new JvmIdentity(4242, "/opt/app dir/app.jar", "d2b3-1")).write("{\"event\":\"exit\"}");
        Map<String, Object> line = JsonParser.parseObject(Files.readAllLines(file).get(0));
        assertThat(line).containsEntry("event", "exit").containsEntry("parent_decision_id", "d2b3-1");
        assertThat(line.get("jvm")).isEqualTo(Map.of("pid", 4242L, "main", "/opt/app dir/app.jar"));
        assertThat(JvmIdentity.mainOf("com.acme.Main --port 8080")).isEqualTo("com.acme.Main");
        assertThat(JvmIdentity.mainOf("/opt/app dir/app.jar --port 8080")).isEqualTo("/opt/app dir/app.jar");
        assertThat(JvmIdentity.mainOf("app.jar")).isEqualTo("app.jar");
        assertThat(JvmIdentity.mainOf("")).isNull();
        assertThat(JvmIdentity.current().pid()).isEqualTo(ProcessHandle.current().pid());
    }

    @Test
    void aReadOnlyFileSystemIsReportedToTheCallerOnEveryWrite() {
        Path file = ReadOnlyFileSystem.path(dir.resolve("audit.jsonl").toString());
        AuditSink sink = new AuditSink(file);
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> sink.write("{}")).isInstanceOf(IOException.class)
                    .hasMessage(file + ": " + ReadOnlyFileSystem.EROFS);   // the audit file named, not its lock file
        }
    }

    @Test
    void anUnwritableFileIsReportedToTheCaller() throws IOException {
        Path notAFile = Files.createDirectory(dir.resolve("a-directory"));
        AuditSink sink = new AuditSink(notAFile);
        assertThatThrownBy(() -> sink.write("{}")).isInstanceOf(IOException.class);
    }

    @Test
    void aClosedSinkLeavesNoDescriptorsOpenAndALaterLineReopens() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        long before = openDescriptors();
        for (int i = 0; i < 60; i++) {
            try (AuditSink sink = new AuditSink(file)) {
                sink.write("{\"id\":\"" + i + "\"}");
            }
        }
        assertThat(openDescriptors()).as("60 sinks of one line each, closed").isLessThan(before + 10);
        AuditSink sink = new AuditSink(file);
        sink.write("{\"id\":\"a\"}");
        sink.close();
        sink.write("{\"id\":\"b\"}");
        sink.close();
        assertThat(Files.readAllLines(file)).hasSize(62);
        assertThat(AuditChain.verify(List.of(file)).problems()).isEmpty();
    }

    private static long openDescriptors() throws IOException {
        try (var s = Files.list(Path.of("/proc/self/fd"))) {
            return s.count();
        }
    }
}
