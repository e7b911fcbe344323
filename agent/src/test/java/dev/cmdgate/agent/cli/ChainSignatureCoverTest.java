package dev.cmdgate.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.agent.audit.AuditChain;
import dev.cmdgate.agent.audit.AuditLine;
import dev.cmdgate.agent.audit.AuditLines;
import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.audit.ChainSignature;
import dev.cmdgate.agent.audit.JvmIdentity;
import dev.cmdgate.core.policy.SigningKeys;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a chain signature covers, for someone who can write audit files but lacks the key: one reading of each
 * line serves the chain and the signature checks (a line longer than the writer writes is refused, never read
 * by its end), and each file given must be covered by a signature over its own chain — or be continued, through
 * the writer's rotation link, by the next file given, which is.
 */
class ChainSignatureCoverTest {

    @TempDir
    Path dir;

    private final KeyPair keys = SigningKeys.generate();
    private final StringWriter out = new StringWriter();

    private Path publicKey() throws IOException {
        return Files.writeString(dir.resolve("pub.pem"), SigningKeys.publicPem(keys.getPublic()));
    }

    private int verify(Path... files) throws IOException {
        List<String> args = new ArrayList<>(List.of("verify", "--chain-key", publicKey().toString()));
        for (Path f : files) {
            args.add(f.toString());
        }
        out.getBuffer().setLength(0);
        return Main.run(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), args.toArray(new String[0]));
    }

    /** Seven launches, the chain signed every three lines: 1 2 3 S 4 5 6 S 7. */
    private Path signed(String name) throws IOException {
        Path file = dir.resolve(name);
        AuditSink sink = new AuditSink(file, new JvmIdentity(1, null, null), 0, 1, ChainSignature.Signer.of(keys.getPrivate(), 3));
        for (int i = 1; i <= 7; i++) {
            sink.write("{\"argv\":[\"echo\",\"" + i + "\"]}");
        }
        return file;
    }

    /** Lines chained from GENESIS by their author: a valid chain that nothing signs. */
    private static Path chained(Path file, List<String> bodies) throws IOException {
        AuditChain.Hasher h = new AuditChain.Hasher();
        List<String> lines = new ArrayList<>();
        String prev = AuditChain.GENESIS;
        for (String body : bodies) {
            String line = body + ",\"prev_hash\":\"" + prev + "\"}";
            lines.add(line);
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            prev = h.hex(b, 0, b.length);
        }
        return Files.writeString(file, String.join("\n", lines) + "\n");
    }

    private static String hashOf(String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return new AuditChain.Hasher().hex(b, 0, b.length);
    }

    /**
     * A fabricated file ending in a real signature line padded past the longest line cmdgate writes, whose last
     * member is a forged {@code "\"prev_hash"} naming the fabricated line before it: a reader of the line's end
     * would take that for the chain, while the parsed line's real {@code prev_hash} carries the valid signature.
     */
    @Test
    void aLineLongerThanTheWriterWritesIsRefusedAndSignsNothing() throws IOException {
        String sig = Files.readAllLines(signed("real.jsonl")).get(3);
        assertThat(sig).contains("\"event\":\"audit_signature\"");
        Path forged = chained(dir.resolve("forged.jsonl"), List.of("{\"argv\":[\"rm\",\"-rf\",\"/srv/data\"]",
                "{\"argv\":[\"echo\",\"2\"]", "{\"argv\":[\"echo\",\"3\"]"));
        List<String> lines = Files.readAllLines(forged);
        String head = hashOf(lines.get(2));
        String padded = sig.substring(0, sig.length() - 1) + ",\"pad\":\"" + "A".repeat(AuditLines.MAX_LINE_BYTES) + "\",\"\\\"prev_hash\":\""
                + head + "\"}";
        Files.writeString(forged, padded + "\n", java.nio.file.StandardOpenOption.APPEND);

        assertThat(verify(forged)).isEqualTo(1);
        assertThat(out.toString()).contains("chain BAD " + forged + ":4: not a JSON object (a line of " + (padded.length())
                        + " bytes, longer than the " + AuditLines.MAX_LINE_BYTES + " bytes cmdgate writes at most)")
                .contains("signature BAD " + forged + ": no audit_signature line verifies");

        // the same line short enough to read: its parsed prev_hash is what both checks see, and it is not the line before
        String shortPad = sig.substring(0, sig.length() - 1) + ",\"pad\":\"AAAA\",\"\\\"prev_hash\":\"" + head + "\"}";
        Files.writeString(forged, String.join("\n", lines) + "\n" + shortPad + "\n");
        assertThat(verify(forged)).isEqualTo(1);
        assertThat(out.toString()).contains("chain BAD " + forged + ":4: line 4 does not follow line 3")
                .contains("signature BAD " + forged + ":4: the signature signs a line that is not the one before it in this file")
                .contains("signature BAD " + forged + ": no audit_signature line verifies");
    }

    @Test
    void theWriterRefusesALineLongerThanReadersAccept() throws IOException {
        Path file = dir.resolve("long.jsonl");
        AuditSink sink = new AuditSink(file, new JvmIdentity(1, null, null), 0, 1, null);
        sink.write("{\"argv\":[\"echo\",\"" + "é".repeat((AuditLines.MAX_LINE_BYTES - 200) / 2) + "\"]}");
        long size = Files.size(file);
        assertThat(size).isGreaterThan(AuditLines.MAX_LINE_BYTES - 200L).isLessThanOrEqualTo(AuditLines.MAX_LINE_BYTES + 1L);
        // as many characters, but three bytes each: past the limit in bytes, refused whole
        assertThatThrownBy(() -> sink.write("{\"argv\":[\"echo\",\"" + "€".repeat((AuditLines.MAX_LINE_BYTES - 200) / 2) + "\"]}"))
                .isInstanceOf(IOException.class).hasMessageContaining("bytes cmdgate writes at most");
        assertThat(Files.size(file)).isEqualTo(size);
        sink.write("{\"argv\":[\"echo\"]}");
        assertThat(AuditChain.verify(List.of(file)).ok()).isTrue();
        assertThat(sink.failedWrites()).isEqualTo(1);
    }

    /** An unsigned fabricated file given with a signed one, before or after it: the other file's signatures do not cover it. */
    @Test
    void eachFileGivenMustBeCoveredBySignaturesOverItsOwnChain() throws IOException {
        Path real = signed("real.jsonl");
        Path forged = chained(dir.resolve("a-forged.jsonl"), List.of("{\"argv\":[\"rm\",\"-rf\",\"/srv/data\"]",
                "{\"argv\":[\"echo\",\"2\"]"));
        assertThat(verify(real)).isZero();

        assertThat(verify(forged, real)).as(out.toString()).isEqualTo(1);
        assertThat(out.toString()).contains("chain OK " + forged).contains("chain OK " + real)
                .contains("signature BAD " + forged + ": no audit_signature line verifies")
                .contains("signatures OK " + real + ": 2; 1 line(s) after the last one");
        assertThat(verify(real, forged)).as(out.toString()).isEqualTo(1);
        assertThat(out.toString()).contains("signature BAD " + forged + ": no audit_signature line verifies")
                .contains("signatures OK " + real + ": 2; 1 line(s) after the last one");

        List<ChainSignature.Check> each = ChainSignature.check(List.of(real, forged), keys.getPublic());
        assertThat(each).extracting(ChainSignature.Check::covered).containsExactly(true, false);
        assertThat(each.get(1).unsignedAfter()).isEqualTo(2);
    }

    /**
     * Rotation: FILE.1 holds no signature of its own; FILE begins with the writer's link to FILE.1's last line and
     * holds a signature, which signs the link and so FILE.1. Given oldest first, FILE.1 is covered through FILE;
     * alone, out of order, or replaced by a file the link does not name, it is not.
     */
    @Test
    void aFileIsCoveredThroughTheRotationLinkOfASignedNextFile() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        AuditSink unsigned = new AuditSink(file, new JvmIdentity(1, null, null), 600, 3, null);
        for (int i = 1; Files.notExists(dir.resolve("audit.jsonl.1")); i++) {
            unsigned.write("{\"argv\":[\"echo\",\"" + i + "\"]}");
        }
        Path rotated = dir.resolve("audit.jsonl.1");
        new AuditSink(file, new JvmIdentity(2, null, null), 0, 1, ChainSignature.Signer.of(keys.getPrivate(), 1))
                .write("{\"argv\":[\"echo\",\"signed\"]}");
        assertThat(Files.readString(rotated)).doesNotContain("audit_signature");
        assertThat(Files.readAllLines(file).get(0)).contains("\"event\":\"audit_rotated\"");

        assertThat(verify(rotated, file)).as(out.toString()).isZero();
        assertThat(out.toString()).contains("signatures OK " + rotated + ": none of its own; signed through the rotation link of " + file)
                .contains("signatures OK " + file + ": 1; 0 line(s) after the last one");

        assertThat(verify(rotated)).isEqualTo(1);
        assertThat(out.toString()).contains("signature BAD " + rotated + ": no audit_signature line verifies");
        assertThat(verify(file, rotated)).isEqualTo(1);
        assertThat(out.toString()).contains("signature BAD " + rotated + ": no audit_signature line verifies");

        List<String> lines = Files.readAllLines(rotated);
        List<String> bodies = new ArrayList<>();
        for (String l : lines) {
            bodies.add(l.substring(0, l.lastIndexOf(",\"prev_hash\":")).replace("\"echo\",\"1\"", "\"rm\",\"-rf\""));
        }
        Path substitute = chained(dir.resolve("substitute.jsonl"), bodies);
        assertThat(verify(substitute, file)).isEqualTo(1);
        assertThat(out.toString()).contains("chain BAD " + file + ":1: the rotation link does not match")
                .contains("signature BAD " + substitute + ": no audit_signature line verifies");
        assertThat(AuditLine.read(substitute)).hasSameSizeAs(lines);
    }
}
