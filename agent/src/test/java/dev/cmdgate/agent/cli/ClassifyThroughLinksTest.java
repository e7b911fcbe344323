package dev.cmdgate.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateScheme;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonParser;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI classifies in a working directory as the agent decides a launch: through the symbolic links on disk
 * there. {@code cat cfg/shadow} with {@code cfg -> /etc} is a credential-store read, refused under readonly, as
 * {@code cat /etc/shadow} is; nothing is run.
 */
class ClassifyThroughLinksTest {

    @TempDir
    Path tmp;

    @Test
    void aCredentialStoreReachedThroughALinkIsRefusedUnderReadonly() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home/.aws"));
        Files.writeString(home.resolve("credentials"), "[default]\n");
        Path work = Files.createDirectories(tmp.resolve("work"));
        Files.createSymbolicLink(work.resolve("cfg"), Path.of("/etc"));
        Files.createSymbolicLink(work.resolve("keys"), home);
        Files.createDirectories(work.resolve("target"));
        Files.writeString(work.resolve("target/notes.txt"), "n\n");
        Files.createSymbolicLink(work.resolve("build"), Path.of("target"));

        List<Map<String, Object>> answers = classify(work, "cat cfg/shadow", "cat /etc/shadow", "cat keys/credentials",
                "cat build/notes.txt", "cat cfg/hostname");
        assertThat(answers.get(0)).containsEntry("class", "Destructive").containsEntry("decision", "block");
        assertThat(answers.get(0).toString()).contains("/etc/shadow through the links on disk");
        assertThat(answers.get(1)).containsEntry("class", "Destructive").containsEntry("decision", "block");
        assertThat(answers.get(2)).containsEntry("class", "Destructive").containsEntry("decision", "block");
        assertThat(answers.get(3)).containsEntry("class", "Read").containsEntry("decision", "allow");
        assertThat(answers.get(4)).containsEntry("class", "Read").containsEntry("decision", "allow");
        Files.delete(work.resolve("cfg"));   // before the temporary directory is cleaned, which would warn about it
    }

    private static List<Map<String, Object>> classify(Path cwd, String... commands) throws Exception {
        Gatekeeper g = new Gatekeeper(Classifiers.standard(null), new GateScheme.ByAutonomy(Autonomy.READONLY), null);
        StringBuilder input = new StringBuilder();
        for (String c : commands) {
            input.append(Json.write(Map.of("command", c, "cwd", cwd.toString()))).append('\n');
        }
        StringWriter w = new StringWriter();
        new JsonlSession(g, "/").run(new BufferedReader(new StringReader(input.toString())), new PrintWriter(w));
        List<Map<String, Object>> out = new ArrayList<>();
        for (String line : w.toString().lines().toList()) {
            out.add(JsonParser.parseObject(line));
        }
        return out;
    }
}
