package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.json.JsonParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The labelled corpus (kept in the repository): each row's class is at least its
 * {@code min_class} and at most its {@code max_class} when given.
 */
class CorpusTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @TestFactory
    Stream<DynamicTest> corpus() {
        List<String> lines = TableTest.lines("/corpus/commands.jsonl");
        List<DynamicTest> tests = new ArrayList<>();
        int n = 0;
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            n++;
            Map<String, Object> row = JsonParser.parseObject(line);
            Object min = row.get("min_class");
            Object max = row.get("max_class");
            Object command = row.get("command");
            @SuppressWarnings("unchecked")
            List<String> argv = (List<String>) row.get("argv");
            String name = n + ": " + (command != null ? command.toString().replace("\n", "\\n") : "argv " + argv);
            tests.add(DynamicTest.dynamicTest(name, () -> {
                Classification c = command != null ? C.classifyShell((String) command) : C.classifyArgv(argv, Map.of());
                assertThat(c.commandClass()).as("%s → %s (%s)", name, c.findings(), row.get("why"))
                        .isGreaterThanOrEqualTo(CommandClass.parse((String) min));
                if (max != null) {
                    assertThat(c.commandClass()).as("%s → %s (%s)", name, c.findings(), row.get("why"))
                            .isLessThanOrEqualTo(CommandClass.parse((String) max));
                }
            }));
        }
        assertThat(n).isGreaterThan(40);
        return tests.stream();
    }
}
