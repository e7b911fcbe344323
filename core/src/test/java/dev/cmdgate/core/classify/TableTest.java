package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.RiskLevel;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Table-driven tests over the rules and the grammar: every row of the tables in
 * {@code src/test/resources/classify/} is one test.
 */
class TableTest {

    static final CommandClassifier C = Classifiers.standard(null);

    record Row(int line, CommandClass min, CommandClass max, String command, List<String> argv) {
        Classification classify() {
            return argv != null ? C.classifyArgv(argv, Map.of()) : C.classifyShell(command);
        }

        String shown() {
            return argv != null ? "argv " + argv : command.replace("\n", "\\n");
        }
    }

    static List<String> lines(String resource) {
        try (InputStream in = TableTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return Arrays.asList(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n", -1));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static List<Row> table(String resource) {
        List<Row> rows = new ArrayList<>();
        List<String> lines = lines(resource);
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.isBlank() || l.startsWith("#")) {
                continue;
            }
            int bar = l.indexOf(" | ");
            String[] cls = l.substring(0, bar).trim().split("\\s+");
            String cmd = l.substring(bar + 3).replace("\\n", "\n");
            CommandClass min = CommandClass.parse(cls[0]);
            CommandClass max = cls.length > 1 ? CommandClass.parse(cls[1]) : null;
            List<String> argv = null;
            if (cmd.startsWith("argv: ")) {
                argv = new ArrayList<>();
                for (String w : cmd.substring(6).split(" \\\\t ")) {
                    argv.add(w);
                }
            }
            rows.add(new Row(i + 1, min, max, cmd, argv));
        }
        return rows;
    }

    @TestFactory
    Stream<DynamicTest> mustClassify() {
        return table("/classify/must-classify.txt").stream().map(r -> DynamicTest.dynamicTest(
                "line " + r.line() + ": " + r.shown(), () -> {
                    Classification c = r.classify();
                    assertThat(c.commandClass()).as("%s → %s", r.shown(), c.findings())
                            .isGreaterThanOrEqualTo(r.min());
                    // the answer is always explained by a finding of that class and level
                    assertThat(c.findings()).anySatisfy(f -> assertThat(f.commandClass()).isEqualTo(c.commandClass()));
                    assertThat(c.findings()).anySatisfy(f -> assertThat(f.level()).isEqualTo(c.level()));
                    if (r.max() != null) {
                        assertThat(c.commandClass()).as("%s → %s", r.shown(), c.findings())
                                .isLessThanOrEqualTo(r.max());
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> everydayCommandsStayRead() {
        List<String> rows = new ArrayList<>();
        for (String l : lines("/classify/everyday-read.txt")) {
            if (!l.isBlank() && !l.startsWith("#")) {
                rows.add(l.replace("\\n", "\n"));
            }
        }
        assertThat(rows).hasSizeGreaterThanOrEqualTo(100);
        return rows.stream().map(cmd -> DynamicTest.dynamicTest(cmd.replace("\n", "\\n"), () -> {
            Classification c = C.classifyShell(cmd);
            assertThat(c.commandClass()).as("%s → %s", cmd, c.findings()).isEqualTo(CommandClass.READ);
            assertThat(c.level()).isEqualTo(RiskLevel.MINIMAL);
        }));
    }

    @Test
    void tablesHoldEnoughNegativeCases() {
        long notRead = table("/classify/must-classify.txt").stream()
                .filter(r -> r.min() != CommandClass.READ).count();
        assertThat(notRead).isGreaterThanOrEqualTo(100);
    }
}
