package dev.cmdgate.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every configuration key is documented, and nothing documented is not a key: the README's table (which
 * abbreviates a group as {@code policy.poll, .long-poll}) and the full reference in docs/configuration.md
 * both list exactly {@link ConfigParser#KEYS}, less the internal {@code sealed}.
 */
class KeysDocumentedTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void theReadmeTableListsEveryKey() throws IOException {
        assertThat(tableKeys(ROOT.resolve("README.md"), "| key | what it sets |")).isEqualTo(expected());
    }

    @Test
    void theConfigurationReferenceListsEveryKey() throws IOException {
        assertThat(tableKeys(ROOT.resolve("docs/configuration.md"), "| key | values |")).isEqualTo(expected());
    }

    private static Set<String> expected() {
        Set<String> keys = new TreeSet<>(ConfigParser.KEYS);
        keys.remove("sealed");
        return keys;
    }

    /** The keys in the first cell of each row of the table whose header starts with {@code header}. */
    private static Set<String> tableKeys(Path file, String header) throws IOException {
        Set<String> keys = new TreeSet<>();
        boolean inTable = false;
        for (String line : Files.readAllLines(file)) {
            if (line.startsWith(header)) {
                inTable = true;
                continue;
            }
            if (!inTable || line.startsWith("| ---")) {
                continue;
            }
            if (!line.startsWith("|")) {
                break;
            }
            String cell = line.substring(1, line.indexOf('|', 1)).trim();
            String prefix = "";
            for (String name : cell.split(",\\s*")) {
                if (name.startsWith(".")) {
                    name = prefix + name;
                } else if (name.contains(".")) {
                    prefix = name.substring(0, name.indexOf('.'));
                }
                keys.add(name);
            }
        }
        assertThat(keys).as("a table headed " + header + " in " + file).isNotEmpty();
        return keys;
    }
}
