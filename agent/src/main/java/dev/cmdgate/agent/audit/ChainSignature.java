package dev.cmdgate.agent.audit;

import dev.cmdgate.core.decision.AuditFields;
import dev.cmdgate.core.policy.SigningKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
     * What the signature lines of one audit file say: how many verify over the file's own chain, which do not
     * (FILE:LINE: why), and how many lines follow the last one that verifies. A file with none of its own is
     * covered still when the next file given continues it through the writer's rotation link and is covered
     * ({@code coveredBy} names that file): a signature there signs the link, whose {@code prev_hash} is this
     * file's last line. A file covered neither way is signed by nothing.
     */
    public record Check(Path file, int good, List<String> bad, int unsignedAfter, Path coveredBy) {
        /** Whether a signature that verifies covers the file's lines (its own, or one reached through rotation links). */
        public boolean covered() {
            return good > 0 || coveredBy != null;
        }
    }

    private ChainSignature() {
    }

    /** Checks every {@code audit_signature} line of the files (given oldest first) against {@code key}, file by file. */
    public static List<Check> check(List<Path> files, PublicKey key) throws IOException {
        return AuditChain.verify(files, key).signatures();
    }

    /**
     * The signature lines of one file, fed every line by the chain check as it parses it ({@link AuditChain.FileCheck}):
     * one reading of a line serves both checks, so a signature signs exactly the {@code prev_hash} the chain checked.
     */
    static final class Tally {
        private final Path file;
        private final PublicKey key;
        private final List<String> bad = new ArrayList<>();
        private int good;
        private int after;

        Tally(Path file, PublicKey key) {
            this.file = file;
            this.key = key;
        }

        /**
         * One line, in order: {@code obj} is the line parsed (null: not a line cmdgate wrote, which the chain check
         * reports and which signs nothing), {@code before} the hash of the line before it in this file (null on the first).
         */
        void line(int n, Map<String, Object> obj, String before) {
            if (obj == null || !AuditEvent.ChainSigned.NAME.equals(obj.get(AuditFields.EVENT))) {
                after++;
                return;
            }
            Object head = obj.get(AuditFields.PREV_HASH);
            if (!(head instanceof String h) || !(obj.get(AuditEvent.ChainSigned.SIGNATURE) instanceof String sig)
                    || !verify(key, h, sig)) {
                bad.add(file + ":" + n + ": the signature does not verify with this key");
            } else if (!h.equals(before)) {
                // signs a head this file's chain does not reach here: a signature line copied from elsewhere
                bad.add(file + ":" + n + ": the signature signs a line that is not the one before it in this file");
            } else {
                good++;
                after = 0;
            }
        }

        int good() {
            return good;
        }

        Check result(Path coveredBy) {
            return new Check(file, good, List.copyOf(bad), coveredBy != null ? 0 : after, coveredBy);
        }
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
