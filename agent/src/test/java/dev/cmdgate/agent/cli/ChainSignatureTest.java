package dev.cmdgate.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.agent.audit.AuditChain;
import dev.cmdgate.agent.audit.AuditLine;
import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.audit.ChainSignature;
import dev.cmdgate.agent.audit.JvmIdentity;
import dev.cmdgate.core.json.JsonParser;
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
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code audit.sign.every}: the sink signs the head of the chain every N lines, and {@code cmdgate verify
 * --chain-key} checks the signatures — which is what catches someone who edits a line and recomputes the
 * whole (unkeyed) chain after it.
 */
class ChainSignatureTest {

    @TempDir
    Path dir;

    private final KeyPair keys = SigningKeys.generate();
    private final StringWriter out = new StringWriter();

    private Path sevenLines(int every) throws IOException {
        Path file = dir.resolve("audit-every-" + every + ".jsonl");
        AuditSink sink = new AuditSink(file, new JvmIdentity(1, null, null), 0, 1,
                ChainSignature.Signer.of(keys.getPrivate(), every));
        for (int i = 1; i <= 7; i++) {
            sink.write("{\"n\":" + i + "}");
        }
        return file;
    }

    private Path publicKey() throws IOException {
        return Files.writeString(dir.resolve("pub.pem"), SigningKeys.publicPem(keys.getPublic()));
    }

    private int verify(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), args);
    }

    /** What someone who can write the file but lacks the key can do: change a line, then recompute every hash after it. */
    private static void editAndRechain(Path file, int index, String from, String to) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
        lines.set(index, lines.get(index).replace(from, to));
        AuditChain.Hasher h = new AuditChain.Hasher();
        for (int i = 1; i < lines.size(); i++) {
            byte[] before = lines.get(i - 1).getBytes(StandardCharsets.UTF_8);
            String line = lines.get(i);
            int at = line.lastIndexOf("\"prev_hash\":\"") + "\"prev_hash\":\"".length();
            lines.set(i, line.substring(0, at) + h.hex(before, 0, before.length) + line.substring(at + 64));
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    @Test
    void everyNLinesASignatureLineSignsTheChainUpToIt() throws IOException {
        Path file = sevenLines(3);
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(9);
        for (int i : new int[] {3, 7}) {
            Map<String, Object> sig = JsonParser.parseObject(lines.get(i));
            assertThat(sig).containsEntry("event", "audit_signature")
                    .containsEntry("key_id", SigningKeys.keyId(keys.getPublic()));
            assertThat(ChainSignature.verify(keys.getPublic(), (String) sig.get("prev_hash"), (String) sig.get("signature")))
                    .isTrue();
        }
        assertThat(AuditChain.verify(List.of(file)).ok()).isTrue();
        ChainSignature.Check c = ChainSignature.check(List.of(file), keys.getPublic()).get(0);
        assertThat(c.good()).isEqualTo(2);
        assertThat(c.bad()).isEmpty();
        assertThat(c.unsignedAfter()).isEqualTo(1);

        assertThat(verify("verify", "--chain-key", publicKey().toString(), file.toString())).isZero();
        assertThat(out.toString()).contains("chain OK").contains("signatures OK " + file + ": 2; 1 line(s) after the last one");
    }

    @Test
    void anEditWithTheChainRecomputedPassesTheChainButNotTheSignatures() throws IOException {
        Path file = sevenLines(3);
        editAndRechain(file, 1, "\"n\":2", "\"n\":22");
        assertThat(AuditChain.verify(List.of(file)).ok()).as("the chain alone cannot tell").isTrue();

        assertThat(verify("verify", "--chain-key", publicKey().toString(), file.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("chain OK").contains("signature BAD " + file + ":4:")
                .contains("signature BAD " + file + ":8:");
    }

    @Test
    void anotherKeyOrNoSignatureAtAllFails() throws IOException {
        Path file = sevenLines(100);
        assertThat(Files.readAllLines(file)).hasSize(7);
        assertThat(verify("verify", "--chain-key", publicKey().toString(), file.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("signature BAD " + file + ": no audit_signature line verifies");

        Path signed = sevenLines(3);
        Path other = Files.writeString(dir.resolve("other.pem"), SigningKeys.publicPem(SigningKeys.generate().getPublic()));
        out.getBuffer().setLength(0);
        assertThat(verify("verify", "--chain-key", other.toString(), signed.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("signature BAD");
    }

    /**
     * A fabricated file, chained correctly by its author, with one signature line copied from a real file and
     * hidden between two {@code '\r'} inside one of its lines: a reader splitting at {@code '\r'} as well as
     * {@code '\n'} would find the copied signature as a line of its own, valid, while the chain check sees one
     * line. Every check reads one definition of a line (AuditLine): the copied line signs nothing.
     */
    @Test
    void aSignatureLineHiddenBetweenCarriageReturnsSignsNothing() throws IOException {
        String copied = Files.readAllLines(sevenLines(3)).get(3);
        assertThat(copied).contains("\"event\":\"audit_signature\"");
        AuditChain.Hasher h = new AuditChain.Hasher();
        List<String> lines = new ArrayList<>();
        lines.add("{\"argv\":[\"ls\"],\"outcome\":\"allowed\",\"prev_hash\":\"" + AuditChain.GENESIS + "\"}");
        for (String body : new String[] {"{\"argv\":[\"rm\",\"-rf\",\"/\"],\"outcome\":\"allowed\",\"k\":[\r" + copied + "\r]",
                "{\"argv\":[\"ls\"],\"outcome\":\"allowed\""}) {
            byte[] before = lines.get(lines.size() - 1).getBytes(StandardCharsets.UTF_8);
            lines.add(body + ",\"prev_hash\":\"" + h.hex(before, 0, before.length) + "\"}");
        }
        Path forged = Files.writeString(dir.resolve("forged.jsonl"), String.join("\n", lines) + "\n");

        assertThat(verify("verify", "--chain-key", publicKey().toString(), forged.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("chain BAD " + forged + ":2: the line holds a raw control character or line separator (U+000D")
                .contains("signature BAD " + forged + ": no audit_signature line verifies");
        assertThat(ChainSignature.check(List.of(forged), keys.getPublic()).get(0).good()).isZero();
        assertThat(AuditLine.read(forged)).hasSize(3);
        // the reports' reader: the chain check names the line, and no line from the one before it on is read at all
        List<String> unreadable = new ArrayList<>();
        List<dev.cmdgate.agent.cli.report.AuditReading.Integrity> integrity = dev.cmdgate.agent.cli.report.AuditReading.read(
                List.of(forged), new dev.cmdgate.agent.cli.report.AuditReading.Reader() {
                    @Override
                    public void decision(dev.cmdgate.agent.cli.report.RecordedLine line) {
                    }

                    @Override
                    public void unreadable(Path file, int line, String why) {
                        unreadable.add(line + ": " + why);
                    }
                });
        assertThat(unreadable).isEmpty();
        assertThat(integrity.get(0).problems()).extracting(AuditChain.Problem::line).contains(2);
        assertThat(integrity.get(0).leftOutFrom()).isEqualTo(1);
        assertThat(integrity.get(0).leftOut()).isEqualTo(3);

        // U+2028 ends a line for JavaScript's and Python's line readers: the writer never writes it raw
        Path separated = Files.writeString(dir.resolve("separated.jsonl"), String.join("\n", lines).replace('\r', '\u2028') + "\n");
        out.getBuffer().setLength(0);
        assertThat(verify("verify", "--chain-key", publicKey().toString(), separated.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("chain BAD " + separated + ":2: the line holds a raw control character or line"
                + " separator (U+2028");
    }

    @Test
    void theWriterNeverWritesAnotherKindOfLine() throws IOException {
        Path file = dir.resolve("w.jsonl");
        AuditSink sink = new AuditSink(file, new JvmIdentity(1, null, null), 0, 1, null);
        for (String bad : new String[] {"{\"a\":1,\r\"b\":2}", "{\"a\":1,\n\"b\":2}", "{\"a\":\"\u0000\"}",
                "{\"a\":\"x\u2028y\"}", "{\"a\":\"x\u0085y\"}"}) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> sink.write(bad)).isInstanceOf(IOException.class)
                    .hasMessageContaining("raw control character");
        }
        sink.write("{\"a\":\"x\\ry\"}");
        // what the JSON writer makes of any argument: escaped, one line to every line reader; DEL stays as it is
        sink.write(dev.cmdgate.core.json.Json.write(java.util.Map.of("argv", java.util.List.of("a\u2028b\u0085c\rd\u007fe"))));
        assertThat(AuditLine.read(file)).hasSize(2);
        assertThat(Files.readString(file)).contains("a\\u2028b\\u0085c\\rd\u007fe");
        assertThat(AuditChain.verify(List.of(file)).ok()).isTrue();
    }
}
