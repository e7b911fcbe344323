package dev.cmdgate.agent.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LineBufferTest {

    private static byte[] encoded(LineBuffer buffer, String text) {
        buffer.encode(new StringBuilder(text));
        return Arrays.copyOf(buffer.bytes(), buffer.length());
    }

    @Test
    void encodesEveryRangeAsTheJdkDoes() {
        LineBuffer buffer = new LineBuffer();
        for (String s : new String[] {"", "plain ascii", "é ü ß", "a — b ≤ c", "emoji 😀 pair", "\u0000\u007f\u0080\u07ff\u0800\uffff",
                "lone \ud800 high", "lone \udc00 low", "reversed \udc00\ud800", "ends high \ud83d"}) {
            assertThat(encoded(buffer, s)).as(s).isEqualTo(s.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void randomTextMatchesTheJdkAndTheArrayIsReused() {
        LineBuffer buffer = new LineBuffer();
        Random random = new Random(42);
        for (int round = 0; round < 2_000; round++) {
            char[] chars = new char[random.nextInt(300)];
            for (int i = 0; i < chars.length; i++) {
                int kind = random.nextInt(4);
                chars[i] = (char) (kind == 0 ? random.nextInt(0x80) : kind == 1 ? random.nextInt(0x800)
                        : kind == 2 ? 0xD800 + random.nextInt(0x800) : random.nextInt(0x10000));
            }
            String s = new String(chars);
            assertThat(encoded(buffer, s)).isEqualTo(s.getBytes(StandardCharsets.UTF_8));
        }
        byte[] before = buffer.bytes();
        encoded(buffer, "short");
        assertThat(buffer.bytes()).as("no new array for a line that fits").isSameAs(before);
    }

    @Test
    void anArrayGrownForAHugeLineIsLetGo() {
        LineBuffer buffer = new LineBuffer();
        String huge = "x".repeat(100_000);
        assertThat(encoded(buffer, huge)).hasSize(100_000);
        buffer.release();
        assertThat(buffer.bytes().length).isLessThan(100_000);
        assertThat(encoded(buffer, "after")).isEqualTo("after".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aLineIsBuiltEndedAndEncodedInTheKeptBuffers() {
        LineBuffer buffer = new LineBuffer();
        buffer.start().append("left over");
        buffer.start().append("{\"a\":\"é\"}");
        buffer.endLine();
        assertThat(Arrays.copyOf(buffer.bytes(), buffer.length())).isEqualTo("{\"a\":\"é\"}\n".getBytes(StandardCharsets.UTF_8));

        StringBuilder kept = buffer.start();
        kept.append("x".repeat(100_000));
        buffer.endLine();
        buffer.release();
        assertThat(buffer.start()).as("a builder grown for a huge line is let go").isNotSameAs(kept).isEmpty();
    }
}
