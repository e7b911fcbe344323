package dev.cmdgate.agent.fleet;

import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import dev.cmdgate.core.policy.PassportException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code .signatures.json} of an OPA bundle, read as OPA reads it: exactly one JWT (compact JWS) whose
 * payload lists the signed files ({@code name}, {@code hash}, {@code algorithm}), with the key id in the
 * header's {@code kid} or, for older signers, the payload's deprecated {@code keyid} claim, and a
 * {@code scope}. Errors name their cause in OPA's words.
 */
final class BundleSignature {

    /** One signed file of the payload: its name as signed, hex digest and hash algorithm (null when absent). */
    record SignedFile(String name, String hash, String algorithm) {
    }

    /**
     * The JWT: its algorithm, key id (null when none), scope ("" when none), the text it signs, the signature
     * bytes and the signed files by name.
     */
    record Token(String alg, String keyId, String scope, String signingInput, byte[] signature, Map<String, SignedFile> files) {
    }

    private BundleSignature() {
    }

    /** The one token of a {@code .signatures.json}. */
    static Token parse(byte[] signaturesJson, String what) {
        Object doc;
        try {
            doc = JsonParser.parse(new String(signaturesJson, StandardCharsets.UTF_8));
        } catch (JsonParseException e) {
            throw new PassportException(what + ": .signatures.json: not valid JSON: " + e.getMessage(), e);
        }
        if (!(doc instanceof Map<?, ?> m)) {
            throw new PassportException(what + ": .signatures.json: not a JSON object");
        }
        if (m.get("plugin") instanceof String plugin && !plugin.isEmpty()) {
            throw new PassportException(what + ": .signatures.json names the verifier plugin " + plugin
                    + ", which cmdgate does not have");
        }
        Object list = m.get("signatures");
        if (list == null || list instanceof List<?> l && l.isEmpty()) {
            throw new PassportException(what + ": .signatures.json: missing JWT (expected exactly one)");
        }
        if (!(list instanceof List<?> l)) {
            throw new PassportException(what + ": .signatures.json: \"signatures\" is not a list");
        }
        if (l.size() > 1) {
            throw new PassportException(what + ": .signatures.json: multiple JWTs not supported (expected exactly one)");
        }
        if (!(l.get(0) instanceof String jwt)) {
            throw new PassportException(what + ": .signatures.json: the JWT is not a string");
        }
        return token(jwt, what);
    }

    /** A compact JWS as a bundle token. */
    static Token token(String jwt, String what) {
        int a = jwt.indexOf('.');
        int b = a < 0 ? -1 : jwt.indexOf('.', a + 1);
        if (a < 0 || b < 0 || jwt.indexOf('.', b + 1) >= 0) {
            throw new PassportException(what + ": failed to split compact JWT: invalid number of segments");
        }
        Map<?, ?> header = object(decode(jwt.substring(0, a), "JWT headers", what), "JWT headers", what);
        Map<?, ?> payload = object(decode(jwt.substring(a + 1, b), "JWT payload", what), "JWT payload", what);
        byte[] signature = decode(jwt.substring(b + 1), "JWT signature", what);
        if (!(header.get("alg") instanceof String alg)) {
            throw new PassportException(what + ": the JWT headers name no alg");
        }
        String keyId = header.get("kid") instanceof String kid && !kid.isEmpty() ? kid
                : payload.get("keyid") instanceof String deprecated && !deprecated.isEmpty() ? deprecated : null;
        String scope = payload.get("scope") instanceof String s ? s : "";
        Map<String, SignedFile> files = new LinkedHashMap<>();
        if (payload.get("files") instanceof List<?> list) {
            for (Object o : list) {
                if (!(o instanceof Map<?, ?> f) || !(f.get("name") instanceof String name) || !(f.get("hash") instanceof String hash)) {
                    throw new PassportException(what + ": the JWT payload lists a file without a name and hash");
                }
                String algorithm = f.get("algorithm") instanceof String s && !s.isEmpty() ? s : null;
                files.put(name, new SignedFile(name, hash, algorithm));
            }
        } else if (payload.get("files") != null) {
            throw new PassportException(what + ": the JWT payload's files are not a list");
        }
        return new Token(alg, keyId, scope, jwt.substring(0, b), signature, files);
    }

    /** base64url without padding, as JWS writes it. */
    private static byte[] decode(String part, String name, String what) {
        if (part.indexOf('=') >= 0) {
            throw new PassportException(what + ": failed to base64 decode " + name + ": padding in a JWT");
        }
        try {
            return Base64.getUrlDecoder().decode(part);
        } catch (IllegalArgumentException e) {
            throw new PassportException(what + ": failed to base64 decode " + name + ": " + e.getMessage(), e);
        }
    }

    private static Map<?, ?> object(byte[] json, String name, String what) {
        try {
            if (JsonParser.parse(new String(json, StandardCharsets.UTF_8)) instanceof Map<?, ?> m) {
                return m;
            }
        } catch (JsonParseException e) {
            throw new PassportException(what + ": failed to parse " + name + ": " + e.getMessage(), e);
        }
        throw new PassportException(what + ": failed to parse " + name + ": not a JSON object");
    }
}
