package dev.cmdgate.agent.fleet;

import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import dev.cmdgate.core.policy.PassportException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The digest OPA's bundle signatures list for each file. A structured file ({@code data.json},
 * {@code data.yaml}/{@code data.yml}, {@code .manifest}, {@code .signatures.json}) is hashed over its value
 * written canonically — object keys in byte order, no blanks, numbers exactly as written, strings as Go's
 * {@code encoding/json} writes them without HTML escaping — so a signature does not depend on layout; any
 * other file over its bytes.
 */
final class BundleHash {

    /** The hash functions OPA names in a signature's file list; MD5 and SHA-1 are computed but never trusted. */
    enum Algorithm {
        MD5("MD5", "MD5", true),
        SHA_1("SHA-1", "SHA-1", true),
        SHA_224("SHA-224", "SHA-224", false),
        SHA_256("SHA-256", "SHA-256", false),
        SHA_384("SHA-384", "SHA-384", false),
        SHA_512("SHA-512", "SHA-512", false),
        SHA_512_224("SHA-512-224", "SHA-512/224", false),
        SHA_512_256("SHA-512-256", "SHA-512/256", false);

        final String opaName;
        private final String jca;
        /** Collisions can be made: a signed file hashed with it proves nothing. */
        final boolean broken;

        Algorithm(String opaName, String jca, boolean broken) {
            this.opaName = opaName;
            this.jca = jca;
            this.broken = broken;
        }

        /**
         * The algorithm a signature names, as OPA writes it ({@code SHA-256}) or as other signers do
         * ({@code sha256}, {@code SHA256}); null when it is none of them.
         */
        static Algorithm named(String name) {
            String n = name.toUpperCase(Locale.ROOT).replace("-", "").replace("/", "").replace("_", "");
            for (Algorithm a : values()) {
                if (a.opaName.replace("-", "").equals(n)) {
                    return a;
                }
            }
            return null;
        }

        MessageDigest newDigest() {
            try {
                return MessageDigest.getInstance(jca);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("this JDK has no " + jca, e);
            }
        }
    }

    private BundleHash() {
    }

    /** Whether OPA hashes the file over its parsed value rather than its bytes. */
    static boolean structured(String path) {
        String base = path.substring(path.lastIndexOf('/') + 1);
        return base.equals("data.json") || base.equals("data.yaml") || base.equals("data.yml") || base.equals(".manifest")
                || base.equals(".signatures.json");
    }

    /**
     * The digest of a bundle file as OPA computes it.
     *
     * @throws PassportException a structured file that cannot be read (named by {@code what})
     */
    static byte[] digest(String path, byte[] content, Algorithm algorithm, String what) {
        MessageDigest md = algorithm.newDigest();
        md.update(structured(path) ? canonical(value(path, content, what)).getBytes(StandardCharsets.UTF_8) : content);
        return md.digest();
    }

    /** A structured file's value, its numbers kept as written. */
    static Object value(String path, byte[] content, String what) {
        String text = new String(content, StandardCharsets.UTF_8);
        try {
            return JsonParser.parseKeepingNumbers(text);
        } catch (JsonParseException notJson) {
            if (path.endsWith(".yaml") || path.endsWith(".yml")) {
                return BundleYaml.parse(text, what + ": " + path);
            }
            throw new PassportException(what + ": " + path + ": not valid JSON: " + notJson.getMessage(), notJson);
        }
    }

    /** The canonical text of a parsed JSON value, as OPA's hasher writes it. */
    static String canonical(Object value) {
        StringBuilder b = new StringBuilder();
        write(value, b);
        return b.toString();
    }

    private static void write(Object v, StringBuilder b) {
        if (v instanceof Map<?, ?> m) {
            List<String> keys = new ArrayList<>();
            for (Object k : m.keySet()) {
                keys.add((String) k);
            }
            keys.sort(BundleHash::compareUtf8);
            b.append('{');
            for (int i = 0; i < keys.size(); i++) {
                if (i > 0) {
                    b.append(',');
                }
                string(keys.get(i), b);
                b.append(':');
                write(m.get(keys.get(i)), b);
            }
            b.append('}');
        } else if (v instanceof List<?> l) {
            b.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) {
                    b.append(',');
                }
                write(l.get(i), b);
            }
            b.append(']');
        } else if (v instanceof String s) {
            string(s, b);
        } else {
            b.append(v);   // a number as written, true, false, null
        }
    }

    /** Go's order of map keys: their UTF-8 bytes compared unsigned. */
    private static int compareUtf8(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /**
     * A string as Go's {@code encoding/json} writes it with HTML escaping off (Go 1.22 and later, which OPA
     * is built with): {@code \b \f \n \r \t \" \\}, other control characters as a six-character escape ({@code 00xx} in hex), U+2028 and
     * U+2029 escaped, an unpaired surrogate (Go reads it as U+FFFD) as U+FFFD.
     */
    private static void string(String s, StringBuilder b) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\u2028' -> b.append("\\u2028");
                case '\u2029' -> b.append("\\u2029");
                default -> {
                    if (c < 0x20) {
                        b.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
                    } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        b.append(c).append(s.charAt(++i));
                    } else if (Character.isSurrogate(c)) {
                        b.append('\uFFFD');
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
