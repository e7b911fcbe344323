package dev.cmdgate.agent.fleet;

import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import dev.cmdgate.core.policy.Passport;
import dev.cmdgate.core.policy.PassportException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

/**
 * An OPA-format bundle: a gzipped tar holding {@code .manifest} (its {@code revision}), one
 * {@code data.json} (the passport: the document itself, or under {@code "passport"}) and optionally
 * {@code .signatures.json}, as {@code opa build} and {@code opa sign} write them, at the top of the archive
 * or all under one directory. Rego, Wasm and other data files are allowed and ignored (cmdgate evaluates
 * the passport, not Rego) — but with a signature required, each must be signed like the rest.
 *
 * <p>Signatures are checked as OPA checks them ({@link BundleSignature}, {@link BundleTrust},
 * {@link BundleHash}): one JWT, verified with the configured key or secret, of the configured scope, whose
 * payload lists every file of the bundle but {@code .signatures.json} with its digest, and no file the
 * bundle lacks. Unlike OPA, a file hashed with MD5 or SHA-1 is refused (collisions can be made).
 *
 * @param content {@code sha256:HEX} over the bundle's files but its signature (each path with its SHA-256): what a
 *                signature covers, the same for the same files however the archive was packed or compressed
 */
record Bundle(Passport passport, String revision, String content) {

    private static final int MAX_FILES = 1000;
    private static final long MAX_UNPACKED = 32L << 20;
    private static final String SIGNATURES = ".signatures.json";

    static Bundle read(byte[] gz, String source, BundleTrust trust) {
        String what = "bundle " + source;
        Map<String, byte[]> files = verified(gz, what, trust);
        String revision = null;
        byte[] manifest = only(files, ".manifest", what);
        if (manifest != null) {
            Object m = json(manifest, what + ": .manifest");
            if (!(m instanceof Map<?, ?> mm)) {
                throw new PassportException(what + ": .manifest is not a JSON object");
            }
            Object r = mm.get("revision");
            revision = r == null || "".equals(r) ? null : String.valueOf(r);
        }
        byte[] data = only(files, "data.json", what);
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
        return new Bundle(Passport.fromJson(passport, what), revision, contentOf(files));
    }

    /** {@code sha256:HEX} over each file's path and SHA-256 digest, in path order. */
    static String contentOf(Map<String, byte[]> files) {
        try {
            MessageDigest all = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, byte[]> f : new TreeMap<>(files).entrySet()) {
                byte[] one = MessageDigest.getInstance("SHA-256").digest(f.getValue());
                all.update((f.getKey() + "\0" + HexFormat.of().formatHex(one) + "\n").getBytes(StandardCharsets.UTF_8));
            }
            return "sha256:" + HexFormat.of().formatHex(all.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    /**
     * The files of the bundle but its signature; with {@code trust}, each checked against the one signature,
     * which must verify with it and list no file the bundle lacks.
     */
    static Map<String, byte[]> verified(byte[] gz, String what, BundleTrust trust) {
        Map<String, byte[]> files = untar(gz, what);
        String signaturesPath = null;
        for (String p : files.keySet()) {
            if (p.equals(SIGNATURES) || p.endsWith("/" + SIGNATURES)) {
                if (signaturesPath != null) {
                    throw new PassportException(what + ": more than one " + SIGNATURES);
                }
                signaturesPath = p;
            }
        }
        byte[] signatures = signaturesPath == null ? null : files.remove(signaturesPath);
        if (trust == null) {
            return files;
        }
        if (signatures == null) {
            throw new PassportException(what + ": not signed (no .signatures.json), and " + trust.describe()
                    + " requires a signature");
        }
        BundleSignature.Token token = BundleSignature.parse(signatures, what);
        trust.verify(token, what);
        Map<String, BundleSignature.SignedFile> signed = new LinkedHashMap<>(token.files());
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            String path = f.getKey();
            BundleSignature.SignedFile s = signed.remove(path);
            if (s == null) {
                throw new PassportException(what + ": file " + path + " not included in bundle signature");
            }
            if (s.algorithm() == null) {
                throw new PassportException(what + ": no hashing algorithm provided for file " + path);
            }
            BundleHash.Algorithm algorithm = BundleHash.Algorithm.named(s.algorithm());
            if (algorithm == null) {
                throw new PassportException(what + ": unsupported hashing algorithm: " + s.algorithm() + " (file " + path + ")");
            }
            if (algorithm.broken) {
                throw new PassportException(what + ": file " + path + " is signed by its " + algorithm.opaName
                        + " digest, which proves nothing (collisions can be made): sign with SHA-256");
            }
            byte[] want;
            try {
                want = HexFormat.of().parseHex(s.hash());
            } catch (IllegalArgumentException e) {
                throw new PassportException(what + ": the signed digest of " + path + " is not hex");
            }
            byte[] got = BundleHash.digest(path, f.getValue(), algorithm, what);
            if (!MessageDigest.isEqual(want, got)) {
                throw new PassportException(what + ": " + path + ": digest mismatch (want: " + HexFormat.of().formatHex(want)
                        + ", got: " + HexFormat.of().formatHex(got) + ")");
            }
        }
        if (!signed.isEmpty()) {
            throw new PassportException(what + ": file(s) [" + String.join(" ", new TreeMap<>(signed).keySet()) + "]"
                    + " specified in bundle signatures but not found in the target bundle");
        }
        return files;
    }

    /** The one file with this name (at the top or in a directory), or null; two of them are refused. */
    private static byte[] only(Map<String, byte[]> files, String name, String what) {
        byte[] found = null;
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            if (f.getKey().equals(name) || f.getKey().endsWith("/" + name)) {
                if (found != null) {
                    throw new PassportException(what + ": more than one " + name
                            + (name.equals("data.json") ? "; the passport must be the only data document" : ""));
                }
                found = f.getValue();
            }
        }
        return found;
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
}
