package dev.cmdgate.agent.hook;

import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * A host's JSON from standard input: at most {@link #MAX_BYTES}, strict UTF-8 (JSON's encoding), one strict JSON
 * object (no duplicate member names, no comments). Anything else is input cmdgate does not understand.
 */
final class HookInput {

    static final int MAX_BYTES = 8 << 20;

    private HookInput() {
    }

    static Map<String, Object> read(InputStream in) throws IOException {
        byte[] buf = new byte[16 << 10];
        int n = 0;
        for (int r; (r = in.read(buf, n, buf.length - n)) > 0; ) {
            n += r;
            if (n == buf.length) {
                if (n > MAX_BYTES) {
                    throw new HookInputException("the input is larger than " + (MAX_BYTES >> 20) + " MiB");
                }
                buf = Arrays.copyOf(buf, Math.min(buf.length * 2, MAX_BYTES + 1));
            }
        }
        if (n == 0) {
            throw new HookInputException("no input: the host sends its JSON on standard input");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(buf, 0, n)).toString();
        } catch (CharacterCodingException e) {
            throw new HookInputException("the input is not UTF-8");
        }
        try {
            return JsonParser.parseObject(text);
        } catch (IllegalArgumentException e) {   // JsonParseException is one
            throw new HookInputException("the input is not one JSON object: " + e.getMessage());
        }
    }
}
