package dev.cmdgate.agent.fleet;

import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import dev.cmdgate.core.policy.Passport;
import dev.cmdgate.core.policy.PassportException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

/**
 * An OPA-format bundle: a gzipped tar holding {@code .manifest} (its {@code revision}), one
 * {@code data.json} (the passport: the document itself, or under {@code "passport"}) and optionally
 * {@code .signatures.json}, as {@code opa build} and {@code opa sign} write them. Rego files are allowed
 * and ignored (cmdgate evaluates the passport, not Rego).
 *
 * <p>Signatures are checked as OPA checks them: exactly one JWT (compact JWS) whose payload lists every
 * file of the bundle (but {@code .signatures.json}) with its hash; structured files ({@code data.json},
 * {@code .manifest}) are hashed over their JSON with object keys sorted, other files over their bytes.
 * The JWT's {@code alg} must suit the configured public key: {@code RS256} (RSA), {@code ES256} (EC
 * P-256) or {@code EdDSA} (Ed25519, which OPA does not offer). The key's id and the payload's scope are
 * not used: one key is configured.
 */
record Bundle(Passport passport, String revision) {

    private static final int MAX_FILES = 1000;
    private static final long MAX_UNPACKED = 32L << 20;

    static Bundle read(byte[] gz, String source, PublicKey key) {
        String what = "bundle " + source;
        Map<String, byte[]> files = untar(gz, what);
        byte[] signatures = files.remove(".signatures.json");
        if (key != null) {
            if (signatures == null) {
                throw new PassportException(what + ": not signed (no .signatures.json), and cmdgate.policy.key requires a signature");
            }
            verify(signatures, files, key, what);
        }
        String revision = null;
        byte[] manifest = files.get(".manifest");
        if (manifest != null) {
            Object m = json(manifest, what + ": .manifest");
            if (!(m instanceof Map<?, ?> mm)) {
                throw new PassportException(what + ": .manifest is not a JSON object");
            }
            Object r = mm.get("revision");
            revision = r == null || "".equals(r) ? null : String.valueOf(r);
        }
        byte[] data = null;
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            if (f.getKey().equals("data.json") || f.getKey().endsWith("/data.json")) {
                if (data != null) {
                    throw new PassportException(what + ": more than one data.json; the passport must be the only data document");
                }
                data = f.getValue();
            }
        }
        if (data == null) {
            throw new PassportException(what + ": no data.json (the passport)");
        }
        Object doc = json(data, what + ": data.json");
        if (doc instanceof Map<?, ?> m && !m.containsKey("passport_id") && m.get("passport") instanceof Map<?, ?> inner) {
            doc = inner;
        }
        if (!(doc instanceof Map<?, ?>)) {
            throw new PassportException(what + ": data.json is not a JSON object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> passport = (Map<String, Object>) doc;
        return new Bundle(Passport.fromJson(passport, what), revision);
    }

    private static Object json(byte[] bytes, String what) {
        try {
            return JsonParser.parse(new String(bytes, StandardCharsets.UTF_8));
        } catch (JsonParseException e) {
            throw new PassportException(what + ": not valid JSON: " + e.getMessage(), e);
        }
    }

    // ---------------------------------------------------------------- tar

    /** The regular files of a gzipped tar, by path without a leading {@code /} or {@code ./}. */
    static Map<String, byte[]> untar(byte[] gz, String what) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            byte[] header = new byte[512];
            long total = 0;
            String longName = null;
            while (true) {
                if (!readFully(in, header)) {
                    break;
                }
                if (isZero(header)) {
                    break;
                }
                String name = cString(header, 0, 100);
                long size = octal(header, 124, 12, what);
                char type = (char) header[156];
                String prefix = "ustar".equals(cString(header, 257, 5)) ? cString(header, 345, 155) : "";
                total += size;
                if (size < 0 || total > MAX_UNPACKED || files.size() > MAX_FILES) {
                    throw new PassportException(what + ": larger than cmdgate unpacks (" + (MAX_UNPACKED >> 20) + " MiB, "
                            + MAX_FILES + " files)");
                }
                byte[] body = new byte[(int) size];
                if (!readFully(in, body)) {
                    throw new PassportException(what + ": the tar ends inside a file");
                }
                long pad = (512 - size % 512) % 512;
                in.skipNBytes(pad);
                String path = longName != null ? longName : prefix.isEmpty() ? name : prefix + "/" + name;
                longName = null;
                switch (type) {
                    case 'x' -> longName = paxPath(body);
                    case 'L' -> longName = cString(body, 0, body.length);
                    case '0', '\0', '7' -> {
                        String p = normalize(path);
                        if (files.put(p, body) != null) {
                            throw new PassportException(what + ": " + p + " appears twice");
                        }
                    }
                    case '5', 'g' -> {
                        // a directory, a global header
                    }
                    default -> throw new PassportException(what + ": " + path + " is not a regular file (tar type " + type + ")");
                }
            }
        } catch (IOException e) {
            throw new PassportException(what + ": not a gzipped tar: " + e.getMessage(), e);
        }
        return files;
    }

    static String normalize(String path) {
        String p = path;
        while (p.startsWith("/") || p.startsWith("./")) {
            p = p.substring(p.startsWith("/") ? 1 : 2);
        }
        return p;
    }

    private static String paxPath(byte[] body) {
        for (String rec : new String(body, StandardCharsets.UTF_8).split("\n")) {
            int sp = rec.indexOf(' ');
            if (sp > 0 && rec.startsWith("path=", sp + 1)) {
                return rec.substring(sp + 6);
            }
        }
        return null;
    }

    private static boolean readFully(InputStream in, byte[] b) throws IOException {
        int n = in.readNBytes(b, 0, b.length);
        return n == b.length;
    }

    private static boolean isZero(byte[] b) {
        for (byte x : b) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    private static String cString(byte[] b, int off, int len) {
        int end = off;
        while (end < off + len && b[end] != 0) {
            end++;
        }
        return new String(b, off, end - off, StandardCharsets.UTF_8);
    }

    private static long octal(byte[] b, int off, int len, String what) {
        String s = cString(b, off, len).trim();
        try {
            return s.isEmpty() ? 0 : Long.parseLong(s, 8);
        } catch (NumberFormatException e) {
            throw new PassportException(what + ": a tar header has a bad size");
        }
    }

    // ---------------------------------------------------------------- signatures

    private static void verify(byte[] signaturesJson, Map<String, byte[]> files, PublicKey key, String what) {
        Object sc = json(signaturesJson, what + ": .signatures.json");
        if (!(sc instanceof Map<?, ?> m) || !(m.get("signatures") instanceof List<?> list) || list.size() != 1
                || !(list.get(0) instanceof String token)) {
            throw new PassportException(what + ": .signatures.json must hold exactly one JWT in \"signatures\"");
        }
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3) {
            throw new PassportException(what + ": the signature is not a compact JWS");
        }
        Map<?, ?> header;
        Map<?, ?> payload;
        byte[] sig;
        try {
            Base64.Decoder b64 = Base64.getUrlDecoder();
            header = (Map<?, ?>) json(b64.decode(parts[0]), what + ": JWS header");
            payload = (Map<?, ?>) json(b64.decode(parts[1]), what + ": JWS payload");
            sig = b64.decode(parts[2]);
        } catch (IllegalArgumentException | ClassCastException e) {
            throw new PassportException(what + ": the signature is not a compact JWS (" + e.getMessage() + ")");
        }
        String alg = String.valueOf(header.get("alg"));
        String jca = switch (alg) {
            case "RS256" -> key instanceof RSAPublicKey ? "SHA256withRSA" : null;
            case "ES256" -> key instanceof ECPublicKey ec && ec.getParams().getCurve().getField().getFieldSize() == 256
                    ? "SHA256withECDSAinP1363Format" : null;
            case "EdDSA" -> key.getAlgorithm().equals("EdDSA") || key.getAlgorithm().equals("Ed25519") ? "Ed25519" : null;
            default -> null;
        };
        if (jca == null) {
            throw new PassportException(what + ": signed with alg " + alg + ", which the configured " + key.getAlgorithm()
                    + " key cannot verify (RS256 with RSA, ES256 with EC P-256, EdDSA with Ed25519)");
        }
        try {
            Signature v = Signature.getInstance(jca);
            v.initVerify(key);
            v.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
            if (!v.verify(sig)) {
                throw new PassportException(what + ": the signature does not verify with the configured key");
            }
        } catch (GeneralSecurityException e) {
            throw new PassportException(what + ": the signature does not verify with the configured key (" + e.getMessage() + ")");
        }
        if (!(payload.get("files") instanceof List<?> signed)) {
            throw new PassportException(what + ": the signature's payload lists no files");
        }
        Map<String, Map<?, ?>> byName = new TreeMap<>();
        for (Object o : signed) {
            if (o instanceof Map<?, ?> f && f.get("name") instanceof String n) {
                byName.put(normalize(n), f);
            }
        }
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            Map<?, ?> entry = byName.remove(f.getKey());
            if (entry == null) {
                throw new PassportException(what + ": " + f.getKey() + " is not covered by the signature");
            }
            String algorithm = String.valueOf(entry.get("algorithm"));
            String expected = String.valueOf(entry.get("hash"));
            String actual = HexFormat.of().formatHex(fileHash(f.getKey(), f.getValue(), algorithm, what));
            if (!actual.equalsIgnoreCase(expected)) {
                throw new PassportException(what + ": " + f.getKey() + " does not match its signed hash");
            }
        }
        if (!byName.isEmpty()) {
            throw new PassportException(what + ": signed files missing from the bundle: " + byName.keySet());
        }
    }

    /** The hash OPA signs: structured files over their JSON with sorted keys, others over their bytes. */
    static byte[] fileHash(String name, byte[] content, String algorithm, String what) {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance(switch (algorithm) {
                case "SHA-256", "SHA-384", "SHA-512" -> algorithm;
                default -> throw new PassportException(what + ": " + name + " is hashed with " + algorithm
                        + " (cmdgate accepts SHA-256, SHA-384, SHA-512)");
            });
        } catch (GeneralSecurityException e) {
            throw new PassportException(what + ": " + e.getMessage());
        }
        String base = name.substring(name.lastIndexOf('/') + 1);
        if (base.equals("data.json") || base.equals(".manifest")) {
            StringBuilder b = new StringBuilder();
            walk(json(content, what + ": " + name), b);
            md.update(b.toString().getBytes(StandardCharsets.UTF_8));
        } else {
            md.update(content);
        }
        return md.digest();
    }

    private static void walk(Object v, StringBuilder b) {
        if (v instanceof Map<?, ?> m) {
            b.append('{');
            List<String> keys = new ArrayList<>();
            for (Object k : m.keySet()) {
                keys.add((String) k);
            }
            keys.sort(Bundle::compareUtf8);
            boolean first = true;
            for (String k : keys) {
                if (!first) {
                    b.append(',');
                }
                first = false;
                string(k, b);
                b.append(':');
                walk(m.get(k), b);
            }
            b.append('}');
        } else if (v instanceof List<?> l) {
            b.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) {
                    b.append(',');
                }
                walk(l.get(i), b);
            }
            b.append(']');
        } else if (v instanceof String s) {
            string(s, b);
        } else if (v instanceof BigDecimal d) {
            b.append(d.toString());
        } else {
            b.append(v);   // Long, Boolean, null
        }
    }

    /** Go's byte-wise order of UTF-8 strings. */
    private static int compareUtf8(String a, String b) {
        return java.util.Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    /** A string as Go's encoding/json writes it without HTML escaping. */
    private static void string(String s, StringBuilder b) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\u2028' -> b.append("\\u2028");
                case '\u2029' -> b.append("\\u2029");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
