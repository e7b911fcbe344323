package dev.cmdgate.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JcsTest {

    /** RFC 8785 Appendix B: IEEE 754 bit patterns and their canonical text. */
    @ParameterizedTest
    @CsvSource({
        "0000000000000000, 0",
        "8000000000000000, 0",
        "0000000000000001, 5e-324",
        "8000000000000001, -5e-324",
        "7fefffffffffffff, 1.7976931348623157e+308",
        "ffefffffffffffff, -1.7976931348623157e+308",
        "4340000000000000, 9007199254740992",
        "c340000000000000, -9007199254740992",
        "4430000000000000, 295147905179352830000",
        "44b52d02c7e14af5, 9.999999999999997e+22",
        "44b52d02c7e14af6, 1e+23",
        "44b52d02c7e14af7, 1.0000000000000001e+23",
        "444b1ae4d6e2ef4e, 999999999999999700000",
        "444b1ae4d6e2ef4f, 999999999999999900000",
        "444b1ae4d6e2ef50, 1e+21",
        "3eb0c6f7a0b5ed8c, 9.999999999999997e-7",
        "3eb0c6f7a0b5ed8d, 0.000001",
        "41b3de4355555553, 333333333.3333332",
        "41b3de4355555554, 333333333.33333325",
        "41b3de4355555555, 333333333.3333333",
        "41b3de4355555556, 333333333.3333334",
        "41b3de4355555557, 333333333.33333343",
        "becbf647612f3696, -0.0000033333333333333333",
        "43143ff3c1cb0959, 1424953923781206.2",
    })
    void rfc8785AppendixBNumbers(String hex, String expected) {
        double d = Double.longBitsToDouble(Long.parseUnsignedLong(hex, 16));
        assertThat(Jcs.number(d)).isEqualTo(expected);
    }

    @Test
    void nanAndInfinityAreRejected() {
        assertThatThrownBy(() -> Jcs.number(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Jcs.number(Double.POSITIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Jcs.canonicalize(JsonParser.parse("1e400"))).isInstanceOf(IllegalArgumentException.class);
    }

    /** Thousands of doubles whose text node.js (a real ECMAScript engine) produced: test/resources/jcs/numbers.txt. */
    @Test
    void agreesWithEcmascriptOnRandomDoubles() throws Exception {
        List<String> mismatches = new ArrayList<>();
        int n = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                getClass().getResourceAsStream("/jcs/numbers.txt"), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] parts = line.split(" ");
                double d = Double.longBitsToDouble(Long.parseUnsignedLong(parts[0], 16));
                String got = Jcs.number(d);
                if (!got.equals(parts[1])) {
                    mismatches.add(parts[0] + ": expected " + parts[1] + " got " + got);
                }
                n++;
            }
        }
        assertThat(n).isGreaterThan(7000);
        assertThat(mismatches).isEmpty();
    }

    /** RFC 8785 section 3.2.2 (the complete example). */
    @Test
    void rfc8785MainExample() {
        String input = "{\n  \"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n"
                + "  \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\",\n"
                + "  \"literals\": [null, true, false]\n}";
        String expected = "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
                + "\"string\":\"€$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}";
        assertThat(Jcs.canonicalize(JsonParser.parse(input))).isEqualTo(expected);
    }

    /** RFC 8785 section 3.2.3: sorting by UTF-16 code units, not code points or UTF-8 bytes. */
    @Test
    void rfc8785SortingExample() {
        String input = "{\n  \"\\u20ac\": \"Euro Sign\",\n  \"\\r\": \"Carriage Return\",\n"
                + "  \"\\ufb33\": \"Hebrew Letter Dalet With Dagesh\",\n  \"1\": \"One\",\n"
                + "  \"\\ud83d\\ude00\": \"Emoji: Grinning Face\",\n  \"\\u0080\": \"Control\",\n"
                + "  \"\\u00f6\": \"Latin Small Letter O With Diaeresis\"\n}";
        String expected = "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":\"Control\","
                + "\"ö\":\"Latin Small Letter O With Diaeresis\",\"€\":\"Euro Sign\","
                + "\"\uD83D\uDE00\":\"Emoji: Grinning Face\",\"\uFB33\":\"Hebrew Letter Dalet With Dagesh\"}";
        assertThat(Jcs.canonicalize(JsonParser.parse(input))).isEqualTo(expected);
    }

    @Test
    void stringEscapes() {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 0x20; c++) {
            all.append(c);
        }
        all.append("\"\\/\u007f\u2028\u2029é");
        assertThat(Jcs.canonicalize(all.toString())).isEqualTo("\""
                + "\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f"
                + "\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b\\u001c"
                + "\\u001d\\u001e\\u001f\\\"\\\\/\u007f\u2028\u2029é\"");
    }

    @Test
    void loneSurrogatesAndNonStringKeysAreRejected() {
        assertThatThrownBy(() -> Jcs.canonicalize("a\uD800b")).hasMessageContaining("lone surrogate");
        assertThatThrownBy(() -> Jcs.canonicalize("\uDC00")).hasMessageContaining("lone surrogate");
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(1, "x");
        assertThatThrownBy(() -> Jcs.canonicalize(m)).hasMessageContaining("must be strings");
        assertThatThrownBy(() -> Jcs.canonicalize(new Object())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void javaNumberTypesAreCanonicalisedAsDoubles() {
        assertThat(Jcs.canonicalize(List.of(1, 2L, 0.1, 1e21, -0.0, 1.5f, new java.math.BigInteger("12345678901234567890"),
                new java.math.BigDecimal("100.000"), 9007199254740993L)))
                .isEqualTo("[1,2,0.1,1e+21,0,1.5,12345678901234567000,100,9007199254740992]");
    }

    @Test
    void nestedStructuresAndEmptyContainers() {
        assertThat(Jcs.canonicalize(JsonParser.parse("{ \"b\" : [ {}, [], {\"y\":1,\"x\":2} ], \"a\" : \"\" }")))
                .isEqualTo("{\"a\":\"\",\"b\":[{},[],{\"x\":2,\"y\":1}]}");
    }

    @Test
    void utf8Bytes() {
        assertThat(Jcs.canonicalBytes(Map.of("€", 1))).containsExactly(
                '{', '"', 0xE2 - 256, 0x82 - 256, 0xAC - 256, '"', ':', '1', '}');
    }
}
