package dev.cmdgate.agent.audit;

import dev.cmdgate.core.policy.SigningKeys;
import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * An Ed25519 signature over the head of an audit file's hash chain. An {@code audit_signature} line signs its
 * own {@code prev_hash}, the hash of the line before it, and so, through the chain, every line before it in
 * the file and in the files rotated before it. The chain alone shows that a line was edited, removed or
 * moved; anyone able to write the file can recompute it, though. A signature made with a key the file's
 * readers lack shows that they did not.
 *
 * <p>Signed: the UTF-8 bytes of {@code "cmdgate-audit-chain:" + prev_hash}, so the signature cannot stand for
 * a decision signed with the same key. Written as {@link SigningKeys#sign} writes every signature.
 */
public final class ChainSignature {

    private static final String DOMAIN = "cmdgate-audit-chain:";

    /** Signs every {@code every} lines a sink writes. */
    public record Signer(PrivateKey key, String keyId, int every) {
        public static Signer of(PrivateKey key, int every) {
            return new Signer(key, SigningKeys.keyId(SigningKeys.publicKeyOf(key)), every);
        }

        String sign(String chainHead) {
            try {
                return SigningKeys.sign(key, (DOMAIN + chainHead).getBytes(StandardCharsets.UTF_8));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("cannot sign the audit chain (" + e.getMessage() + ")", e);
            }
        }
    }

    /**
     * What the signature lines of some audit files say: how many verify, which do not (FILE:LINE: why), and
     * how many lines follow the last one that verifies (not yet covered by a signature).
     */
    public record Check(int good, List<String> bad, int unsignedAfter) {
    }

    private ChainSignature() {
    }

    /** Checks every {@code audit_signature} line of the files (in the order given) against {@code key}. */
    public static Check check(List<Path> files, PublicKey key) throws IOException {
        int good = 0;
        int after = 0;
        List<String> bad = new ArrayList<>();
        for (Path f : files) {
            int n = 0;
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                Map<String, Object> o;
                try {
                    o = JsonParser.parseObject(line);
                } catch (JsonParseException e) {
                    after++;   // the chain check reports the line itself
                    continue;
                }
                if (!AuditEvent.ChainSigned.NAME.equals(o.get(AuditLine.EVENT))) {
                    after++;
                } else if (o.get(AuditLine.PREV_HASH) instanceof String head
                        && o.get(AuditEvent.ChainSigned.SIGNATURE) instanceof String sig
                        && verify(key, head, sig)) {
                    good++;
                    after = 0;
                } else {
                    bad.add(f + ":" + n + ": the signature does not verify with this key");
                }
            }
        }
        return new Check(good, List.copyOf(bad), after);
    }

    /** Whether {@code signature} is {@code key}'s signature of the chain head {@code prevHash}. */
    public static boolean verify(PublicKey key, String prevHash, String signature) {
        if (prevHash == null || signature == null || !signature.startsWith(SigningKeys.SIGNATURE_PREFIX)) {
            return false;
        }
        try {
            return SigningKeys.verifies(key, (DOMAIN + prevHash).getBytes(StandardCharsets.UTF_8),
                    Base64.getDecoder().decode(signature.substring(SigningKeys.SIGNATURE_PREFIX.length())));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }
}
