package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.agent.audit.AuditChain;
import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.SignedBundles;
import dev.cmdgate.it.support.Spec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit file's hash chain in real JVMs: what a gated JVM writes verifies with {@code cmdgate verify};
 * a line edited, removed or moved makes verify fail and name the line; two JVMs sharing one file make one
 * chain; size-based rotation keeps files linked, each line whole, none lost.
 */
class AuditChainIT {

    @TempDir
    Path tmp;

    private static Spec echoes(int n, String pad) {
        Spec s = Spec.attempts();
        for (int i = 0; i < n; i++) {
            s.add("echo" + i, "echo", i + pad);
        }
        return s;
    }

    /** {@code java -jar cmdgate.jar verify ARGS…}: exit status and output. */
    private static String[] verify(Jdk jdk, Object... files) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(jdk.java().toString(), "-jar", ForkedJvm.AGENT_JAR.toString(), "verify"));
        for (Object f : files) {
            cmd.add(f.toString());
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new String[] {Integer.toString(p.exitValue()), out};
    }

    @OnEachJdk
    void verify_passes_on_what_cmdgate_wrote_and_fails_on_an_edited_removed_or_moved_line(Jdk jdk) throws Exception {
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly").cmdgate("audit", audit)
                .main(Commands.class).args(echoes(3, "").add("touch", "touch", "x").add("echo-last", "echo", "last").args()).run();
        assertThat(run.exit()).as(run.describe()).isZero();
        List<String> lines = Files.readAllLines(audit);
        assertThat(lines).as(run.describe()).hasSizeGreaterThanOrEqualTo(6);
        Audit.read(audit);   // every line well-formed, with the usual fields

        String[] ok = verify(jdk, audit);
        assertThat(ok[0]).as(ok[1]).isEqualTo("0");
        assertThat(ok[1]).contains("chain OK " + audit + ": " + lines.size() + " lines");

        Path edited = tmp.resolve("edited.jsonl");
        List<String> e = new ArrayList<>(lines);
        int touch = 0;
        while (!e.get(touch).contains("\"outcome\":\"blocked\"")) {
            touch++;
        }
        assertThat(touch).as("a line follows the refused touch").isLessThan(e.size() - 1);
        e.set(touch, e.get(touch).replace("\"outcome\":\"blocked\"", "\"outcome\":\"allowed\""));
        Files.write(edited, e);
        String[] bad = verify(jdk, edited);
        assertThat(bad[0]).as(bad[1]).isEqualTo("1");
        assertThat(bad[1]).contains("chain BAD " + edited + ":" + (touch + 2) + ": line " + (touch + 2) + " does not follow line "
                + (touch + 1) + ": line " + (touch + 1) + " was edited");

        Path removed = tmp.resolve("removed.jsonl");
        List<String> r = new ArrayList<>(lines);
        r.remove(2);
        Files.write(removed, r);
        bad = verify(jdk, removed);
        assertThat(bad[0]).as(bad[1]).isEqualTo("1");
        assertThat(bad[1]).contains("chain BAD " + removed + ":3: line 3 does not follow line 2");

        Path moved = tmp.resolve("moved.jsonl");
        List<String> m = new ArrayList<>(lines);
        Collections.swap(m, 1, 4);
        Files.write(moved, m);
        bad = verify(jdk, moved);
        assertThat(bad[0]).as(bad[1]).isEqualTo("1");
        assertThat(bad[1]).contains("chain BAD " + moved + ":2: line 2 follows line 4");
    }

    @OnEachJdk
    void two_jvms_sharing_one_file_write_one_chain(Jdk jdk) throws Exception {
        Path audit = tmp.resolve("audit.jsonl");
        List<ForkedJvm.Running> running = new ArrayList<>();
        for (int j = 0; j < 2; j++) {
            Path work = Dirs.mkdir(tmp, "work" + j);
            running.add(ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly").cmdgate("audit", audit)
                    .main(Commands.class).args(echoes(40, "").args()).start());
        }
        for (ForkedJvm.Running r : running) {
            Run run = r.finish();
            assertThat(run.exit()).as(run.describe()).isZero();
        }
        assertThat(Audit.read(audit).lines()).hasSizeGreaterThanOrEqualTo(80);
        String[] ok = verify(jdk, audit);
        assertThat(ok[0]).as(ok[1]).isEqualTo("0");
    }

    @OnEachJdk
    void rotation_keeps_linked_files_and_loses_no_line(Jdk jdk) throws Exception {
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        String pad = "-" + "p".repeat(2000);
        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly,audit.rotate.size=64K,audit.rotate.keep=9")
                .cmdgate("audit", audit).main(Commands.class).args(echoes(80, pad).args()).run();
        assertThat(run.exit()).as(run.describe()).isZero();
        List<Path> files;
        try (Stream<Path> s = Files.list(tmp)) {
            files = new ArrayList<>(s.filter(p -> p.getFileName().toString().matches("audit\\.jsonl\\.\\d+")).sorted().toList());
        }
        assertThat(files).as("rotated at least twice").hasSizeGreaterThanOrEqualTo(2).hasSizeLessThan(9);
        Collections.reverse(files);
        files.add(audit);
        List<String> echoed = new ArrayList<>();
        for (Path f : files) {
            assertThat(Files.size(f)).isLessThanOrEqualTo(64 * 1024);
            for (Audit.Line l : Audit.read(f).lines()) {
                echoed.add(l.raw());   // decision lines (events are apart)
            }
        }
        assertThat(echoed).as("every launch's line, in one of the files").hasSize(80);
        String[] ok = verify(jdk, files.toArray());
        assertThat(ok[0]).as(ok[1]).isEqualTo("0");
        assertThat(ok[1]).contains("(linked to audit.jsonl.1)");
    }

    /**
     * A key pair from {@code cmdgate keygen} in {@code keys}, and the audit file a gated JVM writes with it, signing
     * the chain every 2 lines, while it echoes {@code n} times.
     */
    private Path signedAudit(Jdk jdk, Path keys, int n) throws Exception {
        List<String> keygen = new ArrayList<>(List.of(jdk.java().toString(), "-jar", ForkedJvm.AGENT_JAR.toString(),
                "keygen", "--out", keys.toString()));
        assertThat(new ProcessBuilder(keygen).redirectErrorStream(true).start().waitFor()).isZero();
        Path audit = tmp.resolve("audit.jsonl");
        Run run = ForkedJvm.on(jdk).in(Dirs.mkdir(tmp, "work")).withAgent("autonomy=full").cmdgate("audit", audit)
                .cmdgate("signing.key", keys.resolve("cmdgate-signing.pem")).cmdgate("audit.sign.every", 2)
                .main(Commands.class).args(echoes(n, "").args()).run();
        assertThat(run.exit()).as(run.describe()).isZero();
        return audit;
    }

    @OnEachJdk
    void signed_chain_verifies_with_the_public_key_and_an_edit_with_the_chain_recomputed_does_not(Jdk jdk) throws Exception {
        Path keys = Dirs.mkdir(tmp, "keys");
        Path audit = signedAudit(jdk, keys, 5);
        List<String> lines = Files.readAllLines(audit);
        assertThat(lines.stream().filter(l -> l.contains("\"event\":\"audit_signature\""))).as(String.join("\n", lines))
                .hasSizeGreaterThanOrEqualTo(2);

        Path pub = keys.resolve("cmdgate-signing.pub.pem");
        String[] ok = verify(jdk, "--chain-key", pub, audit);
        assertThat(ok[0]).as(ok[1]).isEqualTo("0");
        assertThat(ok[1]).contains("chain OK").contains("signatures OK");

        // someone who can write the file but lacks the key edits the first line and recomputes every hash after it
        List<String> e = new ArrayList<>(lines);
        e.set(0, e.get(0).replace("\"echo\",\"0\"", "\"echo\",\"O\""));
        assertThat(e.get(0)).isNotEqualTo(lines.get(0));
        AuditChain.Hasher h = new AuditChain.Hasher();
        for (int i = 1; i < e.size(); i++) {
            byte[] before = e.get(i - 1).getBytes(StandardCharsets.UTF_8);
            int at = e.get(i).lastIndexOf("\"prev_hash\":\"") + "\"prev_hash\":\"".length();
            e.set(i, e.get(i).substring(0, at) + h.hex(before, 0, before.length) + e.get(i).substring(at + 64));
        }
        Path forged = tmp.resolve("forged.jsonl");
        Files.write(forged, e);
        assertThat(verify(jdk, forged)[0]).as("the chain alone cannot tell").isEqualTo("0");
        String[] bad = verify(jdk, "--chain-key", pub, forged);
        assertThat(bad[0]).as(bad[1]).isEqualTo("1");
        assertThat(bad[1]).contains("signature BAD");
    }

    /**
     * {@code verify --key} (the signed decisions) checks the chain too: lines removed, two swapped and a decision line
     * copied to the end, with every {@code prev_hash} stripped, keep each signed decision valid, but the file fails —
     * each line lacks its hash, and the copy repeats a decision id. The file as written passes.
     */
    @OnEachJdk
    void verify_with_the_decision_key_checks_the_chain_and_a_copied_decision(Jdk jdk) throws Exception {
        Path keys = Dirs.mkdir(tmp, "keys");
        List<String> keygen = new ArrayList<>(List.of(jdk.java().toString(), "-jar", ForkedJvm.AGENT_JAR.toString(),
                "keygen", "--out", keys.toString()));
        assertThat(new ProcessBuilder(keygen).redirectErrorStream(true).start().waitFor()).isZero();
        Path passport = Dirs.write(tmp.resolve("passport.json"), SignedBundles.passport("echo"));
        Path audit = tmp.resolve("audit.jsonl");
        Run run = ForkedJvm.on(jdk).in(Dirs.mkdir(tmp, "work")).withAgent("autonomy=full").cmdgate("audit", audit)
                .cmdgate("policy", passport).cmdgate("signing.key", keys.resolve("cmdgate-signing.pem"))
                .main(Commands.class).args(echoes(4, "").args()).run();
        assertThat(run.exit()).as(run.describe()).isZero();
        Path pub = keys.resolve("cmdgate-signing.pub.pem");
        String[] ok = verify(jdk, "--key", pub, audit);
        assertThat(ok[0]).as(ok[1]).isEqualTo("0");
        assertThat(ok[1]).contains("chain OK " + audit).contains(": OK valid signature");

        List<String> decisions = Files.readAllLines(audit).stream().filter(l -> l.contains("\"oap\":")).toList();
        assertThat(decisions).hasSize(4);
        List<String> tampered = new ArrayList<>(List.of(decisions.get(1), decisions.get(0), decisions.get(3), decisions.get(1)));
        tampered.replaceAll(l -> l.replaceFirst(",\"prev_hash\":\"[0-9a-f]{64}\"", ""));
        Path forged = Files.writeString(tmp.resolve("tampered.jsonl"), String.join("\n", tampered) + "\n");
        String[] bad = verify(jdk, "--key", pub, forged);
        assertThat(bad[0]).as(bad[1]).isEqualTo("1");
        assertThat(bad[1]).contains("line 1: OK valid signature").contains("chain BAD " + forged + ":1: no prev_hash")
                .contains("line 4: BAD decision_id ").contains("is that of line 1 too: a decision was copied");
    }

    /**
     * A reader of the audit file needs no key to fabricate one: a file whose lines it chained itself, one of them
     * carrying an {@code audit_signature} line copied from the real file between two {@code '\r'}. Each check of
     * {@code verify} reads the same lines, so the copied signature is no line of its own and signs nothing.
     */
    @OnEachJdk
    void a_fabricated_file_carrying_a_copied_signature_line_between_carriage_returns_fails(Jdk jdk) throws Exception {
        Path keys = Dirs.mkdir(tmp, "keys");
        Path audit = signedAudit(jdk, keys, 3);
        String copied = Files.readAllLines(audit).stream().filter(l -> l.contains("\"event\":\"audit_signature\""))
                .findFirst().orElseThrow();

        AuditChain.Hasher h = new AuditChain.Hasher();
        List<String> fabricated = new ArrayList<>();
        fabricated.add("{\"argv\":[\"ls\"],\"outcome\":\"allowed\",\"gate\":\"allow\",\"prev_hash\":\"" + AuditChain.GENESIS + "\"}");
        for (String body : new String[] {
                "{\"argv\":[\"rm\",\"-rf\",\"/srv\"],\"outcome\":\"allowed\",\"gate\":\"allow\",\"note\":[\r" + copied + "\r]",
                "{\"argv\":[\"ls\"],\"outcome\":\"allowed\",\"gate\":\"allow\""}) {
            byte[] before = fabricated.get(fabricated.size() - 1).getBytes(StandardCharsets.UTF_8);
            fabricated.add(body + ",\"prev_hash\":\"" + h.hex(before, 0, before.length) + "\"}");
        }
        Path forged = Files.writeString(tmp.resolve("fabricated.jsonl"), String.join("\n", fabricated) + "\n");

        String[] bad = verify(jdk, "--chain-key", keys.resolve("cmdgate-signing.pub.pem"), forged);
        assertThat(bad[0]).as(bad[1]).isEqualTo("1");
        assertThat(bad[1]).contains("chain BAD " + forged + ":2: the line holds a raw control character or line separator (U+000D")
                .contains("signature BAD " + forged + ": no audit_signature line verifies");
    }

    /**
     * A writer of audit files without the key fabricates a file chained from GENESIS (the first launch made
     * {@code rm -rf /srv/data}): given before or after a real signed file, the real file's signatures do not cover it;
     * ended by a copy of a real signature line padded past 16 MiB whose last member is a forged {@code "\"prev_hash"},
     * it is refused, not read by its end.
     */
    @OnEachJdk
    void a_fabricated_file_is_covered_by_no_other_files_signatures_nor_by_a_padded_copy_of_one(Jdk jdk) throws Exception {
        Path keys = Dirs.mkdir(tmp, "keys");
        Path audit = signedAudit(jdk, keys, 4);
        Path pub = keys.resolve("cmdgate-signing.pub.pem");
        List<String> real = Files.readAllLines(audit);
        String signature = real.stream().filter(l -> l.contains("\"event\":\"audit_signature\"")).findFirst().orElseThrow();
        AuditChain.Hasher h = new AuditChain.Hasher();
        List<String> fabricated = new ArrayList<>();
        String prev = AuditChain.GENESIS;
        for (String line : real) {
            if (line.contains("\"event\":\"audit_signature\"")) {
                continue;
            }
            String body = line.substring(0, line.lastIndexOf(",\"prev_hash\":")).replace("\"echo\",\"0\"", "\"rm\",\"-rf\",\"/srv/data\"")
                    .replace("\"decision_id\":\"", "\"decision_id\":\"f");   // fresh ids: a copied one is named
            String l = body + ",\"prev_hash\":\"" + prev + "\"}";
            fabricated.add(l);
            byte[] b = l.getBytes(StandardCharsets.UTF_8);
            prev = h.hex(b, 0, b.length);
        }
        Path forged = Files.writeString(tmp.resolve("a-forged.jsonl"), String.join("\n", fabricated) + "\n");
        for (Path[] order : new Path[][] {{forged, audit}, {audit, forged}}) {
            String[] out = verify(jdk, "--chain-key", pub, order[0], order[1]);
            assertThat(out[0]).as(out[1]).isEqualTo("1");
            assertThat(out[1]).contains("chain OK " + forged).contains("signatures OK " + audit + ": ")
                    .contains("signature BAD " + forged + ": no audit_signature line verifies");
        }

        String padded = signature.substring(0, signature.length() - 1) + ",\"pad\":\"" + "A".repeat(17 << 20)
                + "\",\"\\\"prev_hash\":\"" + prev + "\"}";
        Files.writeString(forged, padded + "\n", java.nio.file.StandardOpenOption.APPEND);
        String[] out = verify(jdk, "--chain-key", pub, forged);
        assertThat(out[0]).as(out[1]).isEqualTo("1");
        assertThat(out[1]).contains("chain BAD " + forged + ":" + (fabricated.size() + 1) + ": not a JSON object (a line of ")
                .contains("bytes cmdgate writes at most)")
                .contains("signature BAD " + forged + ": no audit_signature line verifies");
    }
}
