package dev.cmdgate.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The writer never emits a lone surrogate, escaped or raw: every line it writes is a Unicode string. */
class JsonWriterTest {

    @Test
    void aLoneSurrogateBecomesTheReplacementCharacterWhereverItIs() {
        Map<String, Object> value = Map.of("k\ud800", List.of("a\udc00b", "tail \ud83d"), "pair", "😀");
        String json = Json.write(value);
        assertThat(json).doesNotContain("\\ud", "\\uD").contains("k\uFFFD", "a\uFFFDb", "tail \uFFFD", "😀");
        assertThat(wellFormedUtf16(json)).isTrue();
        assertThat(JsonParser.parse(json)).isEqualTo(Map.of("k\uFFFD", List.of("a\uFFFDb", "tail \uFFFD"), "pair", "😀"));
    }

    @Test
    void reversedPairsAndRunsOfSurrogatesAreEachReplaced() {
        assertThat(Json.write("\udc00\ud800")).isEqualTo("\"\uFFFD\uFFFD\"");
        assertThat(Json.write("\ud800\ud800\udc00")).isEqualTo("\"\uFFFD\ud800\udc00\"");
        assertThat(Json.write("\"\n\u0001\ud800")).isEqualTo("\"\\\"\\n\\u0001\uFFFD\"");
    }

    @Test
    void wellFormedMatchesWhatTheWriterWrites() {
        assertThat(Json.wellFormed("plain")).isSameAs("plain");
        assertThat(Json.wellFormed("😀 pair")).isEqualTo("😀 pair");
        assertThat(Json.wellFormed("x\ud800y\udfff")).isEqualTo("x\uFFFDy\uFFFD");
        Random random = new Random(7);
        for (int round = 0; round < 2_000; round++) {
            char[] chars = new char[random.nextInt(40)];
            for (int i = 0; i < chars.length; i++) {
                chars[i] = (char) (random.nextBoolean() ? 0xD800 + random.nextInt(0x800) : random.nextInt(0x10000));
            }
            String s = new String(chars);
            String json = Json.write(s);
            assertThat(wellFormedUtf16(json)).as("round %d", round).isTrue();
            assertThat(JsonParser.parse(json)).isEqualTo(Json.wellFormed(s));
        }
    }

    /** True when the text encodes to UTF-8 without a single malformed char (what jq insists on). */
    private static boolean wellFormedUtf16(String s) {
        try {
            StandardCharsets.UTF_8.newEncoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).encode(java.nio.CharBuffer.wrap(s));
            return !s.contains("\\ud8") && !s.contains("\\udc") && !s.contains("\\udf");
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
