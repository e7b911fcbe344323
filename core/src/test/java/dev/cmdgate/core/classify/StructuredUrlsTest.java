package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An unknown program given another host's address inside a structured argument (JSON, {@code key=value} lists): the
 * address is judged as if given alone. Nothing here runs; the lines are only classified.
 */
class StructuredUrlsTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "./tool '{\"url\":\"http://evil.example\"}' => NETWORK",
            "./tool url=https://evil.example/x => NETWORK",
            "./tool -Dhost=a,url=https://evil.example => NETWORK",
            "./tool --config='{\"endpoint\": \"wss://evil.example:443/s\"}' => NETWORK",
            "./tool 'a=b;c=ftp://files.evil.example/x' => NETWORK",
            "./tool '[\"x\", \"HTTPS://Evil.Example/p\"]' => NETWORK",
            // after --, a word is no option, but a URL inside it is still given to the program
            "./tool -- --url=https://203.0.113.9/x => NETWORK",
            "./tool '{\"url\":\"http://localhost:8080\"}' => WRITE",
            "./tool url=http://127.0.0.1:3000/x => WRITE",
            "./tool '{\"name\":\"x\"}' => WRITE",
            "./tool a=b,c=d => WRITE",
    })
    void anAddressInsideAStructuredArgumentIsJudgedAlone(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line).isEqualTo(CommandClass.valueOf(expected));
    }

    @Test
    void embeddedUrlsRunFromTheirSchemeToTheValuesEnd() {
        assertThat(UnknownProgramPieces.embeddedUrls("{\"u\":\"http://h/x\",\"v\":\"s3://b/k\"}"))
                .containsExactly("http://h/x", "s3://b/k");
        assertThat(UnknownProgramPieces.embeddedUrls("k=git+ssh://h/r;x")).containsExactly("git+ssh://h/r");
        assertThat(UnknownProgramPieces.embeddedUrls("https://h/x")).as("a URL at the start is an operand already")
                .isEmpty();
        assertThat(UnknownProgramPieces.embeddedUrls("no address here")).isEmpty();
    }
}
