package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An unknown program's {@code unknown-when} rows see an option's glued value and a URL in any case, and a local
 * address beside another host's no longer hides it. Nothing here runs; the lines are only classified.
 */
class UnknownProgramPiecesTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static CommandClass of(String line) {
        return C.classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // the red team's lines
            "./tool HTTPS://203.0.113.9/x => Network",
            "./tool --url=https://203.0.113.9/x => Network",
            "./tool -uhttps://203.0.113.9/x => Network",
            "./tool git@203.0.113.9:x/y => Network",
            "./tool s3://b/k => Network",
            // unseen variants
            "./tool http://localhost/ https://evil.example/x => Network",
            "./tool Https://Evil.Example/X => Network",
            "./tool --endpoint=Wss://evil.example => Network",
            "./tool -vXftp://evil.example/f => Network",
            "./tool --device=/dev/sda => Destructive",
            "./tool -vd/dev/sda => Destructive",
            "d=$(curl -s http://x.example/a); ./tool \"$d\" => Destructive",
            // everyday lines stay as they were
            "./tool --url=http://localhost:8080 => Write",
            "./tool HTTP://127.0.0.1:9/x => Write",
            "./gradlew build --info -Pversion=1.2 => Write",
            "./mvnw -B -DskipTests package => Write",
            "./build.sh --jobs=4 -O2 src/main.c => Write",
            "./tool user@host => Write",
            "./tool --since=2024-01-01T10:00:00 => Write",
            "./tool -- -uhttps://203.0.113.9/x => Write",
    })
    void optionValuesAndSpellingsOfAUrlAreSeen(String line, String expected) {
        assertThat(of(line)).isEqualTo(CommandClass.valueOf(expected.toUpperCase()));
    }

    @Test
    void onlyTheSchemeAndHostAreFolded() {
        assertThat(UnknownProgramPieces.smallScheme("HTTPS://Ex.COM/Path")).isEqualTo("https://ex.com/Path");
        assertThat(UnknownProgramPieces.smallScheme("HTTPS://Ex.COM")).isEqualTo("https://ex.com");
        assertThat(UnknownProgramPieces.smallScheme("/A://B")).isEqualTo("/A://B");
        assertThat(UnknownProgramPieces.smallScheme("A B://C")).isEqualTo("A B://C");
    }
}
