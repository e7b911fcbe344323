package dev.cmdgate.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonParserTest {

    @Test
    void parsesAllValueKindsIntoPlainJavaValues() {
        Object v = JsonParser.parse(" {\"a\": [1, -2, 3.5, 1e3, 12345678901234567890, true, false, null],"
                + " \"b\": {\"c\": \"x\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\"}} ");
        assertThat(v).isInstanceOf(Map.class);
        @SuppressWarnings("unchecked") Map<String, Object> m = (Map<String, Object>) v;
        assertThat(m.keySet()).containsExactly("a", "b");
        @SuppressWarnings("unchecked") List<Object> a = (List<Object>) m.get("a");
        assertThat(a.get(0)).isEqualTo(1L);
        assertThat(a.get(1)).isEqualTo(-2L);
        assertThat(a.get(2)).isEqualTo(new BigDecimal("3.5"));
        assertThat(a.get(3)).isEqualTo(new BigDecimal("1e3"));
        assertThat(a.get(4)).isEqualTo(new BigDecimal("12345678901234567890"));
        assertThat(a.subList(5, 8)).containsExactly(Boolean.TRUE, Boolean.FALSE, null);
        assertThat(((Map<?, ?>) m.get("b")).get("c")).isEqualTo("x\"\\/\b\f\n\r\té\uD83D\uDE00");
    }

    @Test
    void keepsMemberOrder() {
        Map<String, Object> m = JsonParser.parseObject("{\"z\":1,\"a\":2,\"m\":3}");
        assertThat(m.keySet()).containsExactly("z", "a", "m");
    }

    @Test
    void longBoundaries() {
        assertThat(JsonParser.parse("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThat(JsonParser.parse("-9223372036854775808")).isEqualTo(Long.MIN_VALUE);
        assertThat(JsonParser.parse("9223372036854775808")).isEqualTo(new BigDecimal("9223372036854775808"));
        assertThat(JsonParser.parse("-0")).isEqualTo(0L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "{", "[1,]", "{\"a\":1,}", "{'a':1}", "{a:1}", "01", "-", "1.", ".5", "1e",
        "+1", "NaN", "Infinity", "tru", "nul", "\"abc", "\"a\\x\"", "\"\\u12G4\"", "\"\\u12\"", "[1 2]",
        "{\"a\" 1}", "{\"a\":1 \"b\":2}", "1 2", "// c\n1", "/* c */ 1", "\"tab\there\"", "[1]]",
        "{\"a\":1,\"a\":2}", "\uFEFF{}", "[", "{\"a\":", "\"\\", "1e99999999999"})
    void rejectsInvalidInputWithAPositionedOneLineMessage(String text) {
        assertThatThrownBy(() -> JsonParser.parse(text))
                .isInstanceOf(JsonParseException.class)
                .hasMessageMatching("line \\d+, column \\d+ \\(offset \\d+\\): [^\\n]+");
    }

    @Test
    void messagesSayWhatAndWhere() {
        assertThatThrownBy(() -> JsonParser.parse("{\n  \"a\": 1,\n  \"b\": 2,\n}"))
                .hasMessage("line 4, column 1 (offset 22): trailing comma before '}'");
        assertThatThrownBy(() -> JsonParser.parse("{\"id\":1,\"id\":2}"))
                .hasMessageContaining("duplicate member name \"id\"")
                .hasMessageStartingWith("line 1, column 9 ");
        assertThatThrownBy(() -> JsonParser.parse("[1, 2"))
                .hasMessageContaining("unexpected end of input inside an array");
        assertThatThrownBy(() -> JsonParser.parse("{\"a\": tru}"))
                .hasMessageContaining("column 7").hasMessageContaining("expected a JSON value");
        assertThatThrownBy(() -> JsonParser.parse("[00]")).hasMessageContaining("leading zero");
        JsonParseException e = org.junit.jupiter.api.Assertions.assertThrows(JsonParseException.class,
                () -> JsonParser.parse("\n\n   x"));
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.column()).isEqualTo(4);
        assertThat(e.offset()).isEqualTo(5);
    }

    @Test
    void depthIsBounded() {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        assertThatThrownBy(() -> JsonParser.parse(deep))
                .isInstanceOf(JsonParseException.class)
                .hasMessageContaining("nesting deeper than 128 levels");
        String ok = "[".repeat(128) + "]".repeat(128);
        assertThat(JsonParser.parse(ok)).isInstanceOf(List.class);
        assertThatThrownBy(() -> JsonParser.parse("{\"a\":{\"b\":{}}}", 2))
                .hasMessageContaining("nesting deeper than 2 levels");
    }

    @Test
    void parseObjectInsistsOnAnObject() {
        assertThatThrownBy(() -> JsonParser.parseObject("[1]"))
                .isInstanceOf(JsonParseException.class)
                .hasMessageContaining("expected a JSON object, found array");
    }

    @Test
    void loneSurrogateEscapesAreSyntacticallyValid() {
        assertThat(JsonParser.parse("\"\\ud800\"")).isEqualTo("\ud800");
    }

    @Test
    void roundTripsThroughTheWriter() {
        String text = "{\"a\":[1,2.5,\"x\\n\",true,null],\"b\":{}}";
        assertThat(Json.write(JsonParser.parse(text))).isEqualTo(text);
    }
}
