package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.policy.SigningKeys;
import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.PolicyServer;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.SignedBundles;
import dev.cmdgate.it.support.Spec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A policy URL with {@code policy.key} (or {@code policy.secret.file}) against attackers outside the code: the
 * policy server or the network serving what it likes, and another local process of the same user writing the
 * state directory. Only a bundle signed with the key, of a revision not older than the one in force, is ever
 * applied; a kept policy is verified as strictly at start and decides only while the server cannot be asked.
 * Each case checks the effect: a {@code touch} the passport in force does not allow leaves no file.
 */
class PolicyTrustIT {

    private static final Duration START = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    private PolicyServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private Path publicKey(KeyPair k) throws IOException {
        return Files.writeString(tmp.resolve("bundle.pub.pem"), SigningKeys.publicPem(k.getPublic()));
    }

    private ForkedJvm jvm(Jdk jdk, Path work, String url, String extra) {
        return ForkedJvm.on(jdk).in(work).withAgent("autonomy=full,prompt=deny" + (extra.isEmpty() ? "" : "," + extra))
                .cmdgate("policy", url).cmdgate("audit", tmp.resolve("audit.jsonl"));
    }

    private List<Audit.Line> events(String name) {
        return Audit.read(tmp.resolve("audit.jsonl")).events().stream().filter(l -> name.equals(l.json().get("event"))).toList();
    }

    @OnEachJdk
    void with_a_key_only_a_newer_bundle_signed_with_it_is_ever_applied(Jdk jdk) throws Exception {
        KeyPair key = SigningKeys.generate();
        String echoOnly = SignedBundles.passport("echo");
        String touchToo = SignedBundles.passport("echo", "touch");
        byte[] older = SignedBundles.signed(SignedBundles.files(touchToo, "3"), key);   // once genuinely served, now replayed
        server = PolicyServer.serving("/policy", SignedBundles.signed(SignedBundles.files(echoOnly, "5"), key));
        String url = server.url();
        Path work = Dirs.mkdir(tmp, "work");
        Spec spec = Spec.attempts().add("first", "touch", "m0")
                .add("await", "plain").add("after-plain", "touch", "m1")
                .add("await", "unsigned").add("after-unsigned", "touch", "m2")
                .add("await", "older").add("after-older", "touch", "m3")
                .add("await", "no-revision").add("after-no-revision", "touch", "m4")
                .add("await", "newer").add("after-newer", "touch", "m5");
        try (ForkedJvm.Running app = jvm(jdk, work, url, "policy.poll=1,policy.wait=20").cmdgate("policy.key", publicKey(key))
                .main(Commands.class).args(spec.args()).start()) {
            // the server (or the network) serves whatever it likes, one body after another
            String[][] steps = {{"plain", touchToo.replace("}", ",\"revision\":\"99\"}")}, {"unsigned", null}, {"older", null},
                    {"no-revision", null}, {"newer", null}};
            for (String[] step : steps) {
                app.awaitLine("AWAIT " + step[0], START);
                server.serve(switch (step[0]) {
                    case "plain" -> step[1].getBytes(StandardCharsets.UTF_8);
                    case "unsigned" -> SignedBundles.unsigned(SignedBundles.files(touchToo, "8"));
                    case "older" -> older;
                    case "no-revision" -> SignedBundles.signed(SignedBundles.files(touchToo, null), key);
                    default -> SignedBundles.signed(SignedBundles.files(touchToo, "6"), key);
                });
                Thread.sleep(2500);
                app.send("go\n");
            }
            Run run = app.finish();
            for (String blocked : List.of("first", "after-plain", "after-unsigned", "after-older", "after-no-revision")) {
                assertThat(run.result(blocked).blocked()).as(blocked + "\n" + run.describe()).isTrue();
            }
            assertThat(run.result("after-newer").ok()).as("a newer signed revision is applied\n" + run.describe()).isTrue();
        }
        for (int i = 0; i <= 4; i++) {
            assertThat(work.resolve("m" + i)).as("m" + i).doesNotExist();
        }
        assertThat(work.resolve("m5")).exists();
        List<String> reasons = events("policy_rejected").stream().map(l -> (String) l.json().get("reason")).toList();
        assertThat(reasons).hasSize(4);
        assertThat(reasons.get(0)).contains("not a bundle (a gzipped tar); with the configured");
        assertThat(reasons.get(1)).contains("not signed (no .signatures.json)");
        assertThat(reasons.get(2)).isEqualTo("revision 3 is older than the revision in force, 5");
        assertThat(reasons.get(3)).contains("its .manifest names no revision");
    }

    /**
     * Revisions are ordered only where their format has a known order. A release candidate replayed after its
     * release is older (a string sort put {@code v2.0.0-rc.1} after {@code v2.0.0}); a timestamp after a version
     * cannot be ordered against it, and a commit hash has no order at all: each is refused with its reason, and the
     * passport in force (echo only) still decides.
     */
    @OnEachJdk
    void with_a_key_a_pre_release_replayed_after_its_release_or_a_revision_without_an_order_is_refused(Jdk jdk) throws Exception {
        KeyPair key = SigningKeys.generate();
        String touchToo = SignedBundles.passport("echo", "touch");
        server = PolicyServer.serving("/policy", SignedBundles.signed(SignedBundles.files(SignedBundles.passport("echo"), "v2.0.0"), key));
        String url = server.url();
        Path work = Dirs.mkdir(tmp, "work");
        String[] replayed = {"v2.0.0-rc.1", "2026-12-01T10:00:00.5Z", "1b2c3d4e5f60718293a4b5c6d7e8f90123456789"};
        Spec spec = Spec.attempts().add("first", "echo", "in force");
        for (int i = 0; i < replayed.length; i++) {
            spec.add("await", "r" + i).add("after-r" + i, "touch", "m" + i);
        }
        try (ForkedJvm.Running app = jvm(jdk, work, url, "policy.poll=1,policy.wait=20").cmdgate("policy.key", publicKey(key))
                .main(Commands.class).args(spec.args()).start()) {
            for (int i = 0; i < replayed.length; i++) {
                app.awaitLine("AWAIT r" + i, START);
                server.serve(SignedBundles.signed(SignedBundles.files(touchToo, replayed[i]), key));
                Thread.sleep(2500);
                app.send("go\n");
            }
            Run run = app.finish();
            assertThat(run.result("first").output()).as(run.describe()).isEqualTo("in force\n");
            for (int i = 0; i < replayed.length; i++) {
                assertThat(run.result("after-r" + i).blocked()).as(replayed[i] + "\n" + run.describe()).isTrue();
                assertThat(work.resolve("m" + i)).doesNotExist();
            }
        }
        List<String> reasons = events("policy_rejected").stream().map(l -> (String) l.json().get("reason")).toList();
        assertThat(reasons).hasSize(3);
        assertThat(reasons.get(0)).isEqualTo("revision v2.0.0-rc.1 is older than the revision in force, v2.0.0");
        assertThat(reasons.get(1)).startsWith("revision 2026-12-01T10:00:00.5Z cannot be ordered against the revision in"
                + " force, v2.0.0 (with a key both must be a whole number (42), an RFC 3339 timestamp");
        assertThat(reasons.get(2)).contains("its revision '1b2c3d4e5f60718293a4b5c6d7e8f90123456789' has no order cmdgate knows");
    }

    /**
     * The same signed files served in another archive (compressed again, as a CDN or a second build may) are the
     * policy in force, not "the same revision with other content": each check confirms it, so it stays fresh past
     * {@code policy.stale} and what it allows runs; nothing is rejected.
     */
    @OnEachJdk
    void the_same_bundle_compressed_again_confirms_the_policy_in_force(Jdk jdk) throws Exception {
        KeyPair key = SigningKeys.generate();
        byte[] bundle = SignedBundles.signed(SignedBundles.files(SignedBundles.passport("echo", "touch"), "5"), key);
        server = PolicyServer.serving("/policy", bundle);
        String url = server.url();
        Path work = Dirs.mkdir(tmp, "work");
        Spec spec = Spec.attempts().add("first", "touch", "m0").add("await", "repacked").add("after", "touch", "m1");
        try (ForkedJvm.Running app = jvm(jdk, work, url, "policy.poll=1,policy.stale=3,policy.wait=20")
                .cmdgate("policy.key", publicKey(key)).main(Commands.class).args(spec.args()).start()) {
            app.awaitLine("AWAIT repacked", START);
            byte[] repacked = gzipAgain(bundle);
            assertThat(repacked).isNotEqualTo(bundle);
            server.serve(repacked);
            Thread.sleep(5000);   // past policy.stale: only checks that confirm the policy keep it fresh
            app.send("go\n");
            Run run = app.finish();
            assertThat(run.result("first").ok()).as(run.describe()).isTrue();
            assertThat(run.result("after").ok()).as("the policy in force stays fresh\n" + run.describe()).isTrue();
        }
        assertThat(work.resolve("m1")).exists();
        assertThat(events("policy_rejected")).isEmpty();
        assertThat(events("policy_stale")).isEmpty();
    }

    /** The archive's bytes unpacked and compressed again, fastest, with another time in the gzip header. */
    private static byte[] gzipAgain(byte[] gz) throws IOException {
        byte[] tar;
        try (java.util.zip.GZIPInputStream in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(gz))) {
            tar = in.readAllBytes();
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(out) {
            {
                def.setLevel(java.util.zip.Deflater.BEST_SPEED);
            }
        }) {
            z.write(tar);
        }
        byte[] again = out.toByteArray();
        again[4] = 0x5a;   // MTIME
        return again;
    }

    @OnEachJdk
    void a_kept_policy_another_process_rewrote_is_not_used_and_no_kept_etag_keeps_it_fresh(Jdk jdk) throws Exception {
        KeyPair key = SigningKeys.generate();
        Path pub = publicKey(key);
        String touchToo = SignedBundles.passport("echo", "touch");
        byte[] current = SignedBundles.signed(SignedBundles.files(SignedBundles.passport("echo"), "5"), key);
        server = PolicyServer.serving("/policy", current);
        String url = server.url();
        Path state = Dirs.mkdir(tmp, "state");
        Path work = Dirs.mkdir(tmp, "work");
        Run first = jvm(jdk, work, url, "policy.wait=20").cmdgate("policy.key", pub).cmdgate("policy.state", state)
                .main(Commands.class).args(Spec.attempts().add("echo", "echo", "one").args()).run();
        assertThat(first.result("echo").output()).as(first.describe()).isEqualTo("one\n");
        assertThat(state.resolve("policy.body")).hasBinaryContent(current);

        // another local process of the same user: an unsigned passport with a high revision, then an older signed
        // bundle that allows touch, each with a matching digest and the server's current ETag beside it
        byte[][] planted = {(touchToo.replace("}", ",\"revision\":\"99\"}")).getBytes(StandardCharsets.UTF_8),
                SignedBundles.signed(SignedBundles.files(touchToo, "3"), key)};
        for (int i = 0; i < planted.length; i++) {
            Files.write(state.resolve("policy.body"), planted[i]);
            Files.writeString(state.resolve("policy.meta.json"), "{\"source\":\"" + url + "\",\"digest\":\"sha256:"
                    + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(planted[i])) + "\",\"revision\":\""
                    + (i == 0 ? "99" : "3") + "\",\"etag\":" + PolicyServer.etagOf(current) + ",\"checked_at\":\"" + Instant.now() + "\"}");
            server.conditions().clear();
            Run run = jvm(jdk, work, url, "policy.poll=1,policy.wait=20").cmdgate("policy.key", pub).cmdgate("policy.state", state)
                    .main(Commands.class).args(Spec.attempts().add("touch", "touch", "planted" + i).add("echo", "echo", "ok").args())
                    .run();
            assertThat(run.result("touch").blocked()).as("planted " + i + "\n" + run.describe()).isTrue();
            assertThat(work.resolve("planted" + i)).doesNotExist();
            assertThat(run.result("echo").output()).as(run.describe()).isEqualTo("ok\n");
            assertThat(server.conditions()).as("the first check after a restart asks for the whole policy").isNotEmpty();
            assertThat(server.conditions().get(0)).isEmpty();
        }
        List<String> rejected = events("policy_rejected").stream().map(l -> (String) l.json().get("reason")).toList();
        assertThat(rejected).hasSize(1);
        assertThat(rejected.get(0)).startsWith("kept policy: ").contains("not a bundle (a gzipped tar)");
        // the older signed bundle stood in, verified, until the first check: the server's newer revision replaced it
        List<Audit.Line> activated = events("policy_activated");
        assertThat(activated.get(activated.size() - 2).json()).containsEntry("from", "state").containsEntry("revision", "3");
        assertThat(activated.get(activated.size() - 1).json()).containsEntry("from", "server").containsEntry("revision", "5");
        assertThat(state.resolve("policy.body")).as("the server's policy replaced the planted one").hasBinaryContent(current);

        // a state directory other users may write is refused at start
        Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwxrwxr-x"));
        Run open = jvm(jdk, work, url, "").cmdgate("policy.key", pub).cmdgate("policy.state", state)
                .main(Commands.class).args(Spec.attempts().add("echo", "echo", "x").args()).run();
        assertThat(open.exit()).as(open.describe()).isEqualTo(2);
        assertThat(open.stderrLines()).hasSize(1);
        assertThat(open.stderr()).startsWith("cmdgate: configuration error: bad value for cmdgate.policy.state: ")
                .contains("is writable by its group or by others");
    }

    /**
     * Without a key the state directory holds nothing another process could not have written: a kept policy,
     * however high its revision, gives way to whatever the server answers, and decides only while the server
     * cannot be asked.
     */
    @OnEachJdk
    void without_a_key_a_kept_policy_gives_way_to_the_servers_answer_whatever_its_revision(Jdk jdk) throws Exception {
        byte[] served = SignedBundles.passport("echo").replace("}", ",\"revision\":\"5\"}").getBytes(StandardCharsets.UTF_8);
        server = PolicyServer.serving("/policy", served);
        String url = server.url();
        Path state = Dirs.mkdir(tmp, "state");
        Path work = Dirs.mkdir(tmp, "work");
        byte[] planted = SignedBundles.passport("echo", "touch").replace("}", ",\"revision\":\"99\"}").getBytes(StandardCharsets.UTF_8);
        Files.write(state.resolve("policy.body"), planted);
        Files.writeString(state.resolve("policy.meta.json"), "{\"source\":\"" + url + "\",\"digest\":\"sha256:"
                + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(planted)) + "\",\"revision\":\"99\","
                + "\"checked_at\":\"" + Instant.now() + "\"}");
        Run run = jvm(jdk, work, url, "policy.poll=1,policy.wait=20").cmdgate("policy.state", state).main(Commands.class)
                .args(Spec.attempts().add("touch", "touch", "planted").add("echo", "echo", "ok").args()).run();
        assertThat(run.result("touch").blocked()).as(run.describe()).isTrue();
        assertThat(work.resolve("planted")).doesNotExist();
        assertThat(run.result("echo").output()).as(run.describe()).isEqualTo("ok\n");
        assertThat(state.resolve("policy.body")).hasBinaryContent(served);
    }

    @OnEachJdk
    void a_bundle_signed_with_a_shared_secret_read_from_a_file_is_applied_and_another_secret_is_not(Jdk jdk) throws Exception {
        byte[] secret = "a-shared-secret-of-32-bytes-ok!!".getBytes(StandardCharsets.UTF_8);
        Path secretFile = Files.write(tmp.resolve("bundle.secret"), secret);
        Files.setPosixFilePermissions(secretFile, PosixFilePermissions.fromString("rw-------"));
        server = PolicyServer.serving("/policy", SignedBundles.signedHs256(SignedBundles.files(SignedBundles.passport("echo"), "1"), secret));
        String url = server.url();
        Path work = Dirs.mkdir(tmp, "work");
        Spec spec = Spec.attempts().add("echo", "echo", "one").add("await", "other").add("touch", "touch", "m");
        try (ForkedJvm.Running app = jvm(jdk, work, url, "policy.poll=1,policy.wait=20").cmdgate("policy.secret.file", secretFile)
                .main(Commands.class).args(spec.args()).start()) {
            app.awaitLine("AWAIT other", START);
            server.serve(SignedBundles.signedHs256(SignedBundles.files(SignedBundles.passport("echo", "touch"), "2"),
                    "another-secret".getBytes(StandardCharsets.UTF_8)));
            Thread.sleep(2500);
            app.send("go\n");
            Run run = app.finish();
            assertThat(run.result("echo").output()).as(run.describe()).isEqualTo("one\n");
            assertThat(run.result("touch").blocked()).as(run.describe()).isTrue();
        }
        assertThat(work.resolve("m")).doesNotExist();
        assertThat((String) events("policy_rejected").get(0).json().get("reason"))
                .contains("failed to verify JWT signature: invalid HMAC signature");

        Files.setPosixFilePermissions(secretFile, PosixFilePermissions.fromString("rw-r--r--"));
        Run readable = jvm(jdk, work, url, "").cmdgate("policy.secret.file", secretFile).main(Commands.class)
                .args(Spec.attempts().add("echo", "echo", "x").args()).run();
        assertThat(readable.exit()).as(readable.describe()).isEqualTo(2);
        assertThat(readable.stderr()).startsWith("cmdgate: configuration error: bad value for cmdgate.policy.secret.file: ")
                .contains("is readable by its group or by others");
    }

    /*
     * A policy kept in policy.state that the server has not confirmed in this JVM's life: another local process of
     * the same user may have put back a bundle genuinely signed earlier. It refuses only a revision of the server's
     * that is provably older (a replay by the network); on no order or the same revision with other content the
     * server's verified answer replaces it; and a 304 to the first check, which names no ETag, confirms nothing.
     */

    /** What another process of the same user writes: a signed bundle, its digest and revision, checked just now. */
    private static void plant(Path state, String url, byte[] bundle, String revision) throws IOException, NoSuchAlgorithmException {
        Files.write(state.resolve("policy.body"), bundle);
        Files.writeString(state.resolve("policy.meta.json"), "{\"source\":\"" + url + "\",\"digest\":\"sha256:"
                + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bundle)) + "\",\"revision\":\""
                + revision + "\",\"checked_at\":\"" + Instant.now() + "\"}");
    }

    /** A JVM with the key and a state directory in which a policy may be kept, waiting for the first check. */
    private Run keptRun(Jdk jdk, Path work, Path pub, Path state, String extra, Spec spec) {
        return jvm(jdk, work, server.url(), "policy.wait=20," + extra).cmdgate("policy.key", pub).cmdgate("policy.state", state)
                .main(Commands.class).args(spec.args()).run();
    }

    private List<String> reasons(String event) {
        return events(event).stream().map(l -> String.valueOf(l.json().get("reason"))).toList();
    }

    @OnEachJdk
    void a_kept_policy_gives_way_to_a_verified_answer_it_cannot_be_ordered_against_and_refuses_an_older_one(Jdk jdk)
            throws Exception {
        KeyPair key = SigningKeys.generate();
        Path pub = publicKey(key);
        byte[] planted = SignedBundles.signed(SignedBundles.files(SignedBundles.passport("echo", "touch"), "5"), key);
        // the fleet moved to timestamps; and the same revision signed again with other content
        byte[][] served = {SignedBundles.signed(SignedBundles.files(SignedBundles.passport("echo"), "2026-12-05T10:00:00Z"), key),
                SignedBundles.signed(SignedBundles.files(SignedBundles.passport("echo"), "5"), key)};
        server = PolicyServer.serving("/policy", served[0]);
        Path work = Dirs.mkdir(tmp, "work");
        for (int i = 0; i < served.length; i++) {
            server.serve(served[i]);
            Path state = Dirs.mkdir(tmp, "state" + i);
            plant(state, server.url(), planted, "5");
            Run run = keptRun(jdk, work, pub, state, "policy.poll=1",
                    Spec.attempts().add("touch", "touch", "planted" + i).add("echo", "echo", "ok"));
            assertThat(run.result("touch").blocked()).as("served " + i + "\n" + run.describe()).isTrue();
            assertThat(work.resolve("planted" + i)).doesNotExist();
            assertThat(run.result("echo").output()).as(run.describe()).isEqualTo("ok\n");
            assertThat(state.resolve("policy.body")).as("the server's answer replaced the kept one").hasBinaryContent(served[i]);
        }
        assertThat(reasons("policy_rejected")).isEmpty();

        // the order still protects a kept policy against a replay: a genuine kept 6, the network serving 5 again
        Path state = Dirs.mkdir(tmp, "state-newer");
        byte[] kept = SignedBundles.signed(SignedBundles.files(SignedBundles.passport("echo"), "6"), key);
        plant(state, server.url(), kept, "6");
        server.serve(planted);
        Run run = keptRun(jdk, work, pub, state, "policy.poll=1", Spec.attempts().add("touch", "touch", "replayed").add("echo", "echo", "ok"));
        assertThat(run.result("touch").blocked()).as(run.describe()).isTrue();
        assertThat(work.resolve("replayed")).doesNotExist();
        assertThat(run.result("echo").output()).as(run.describe()).isEqualTo("ok\n");
        assertThat(reasons("policy_rejected")).containsExactly("revision 5 is older than the revision in force, 6");
        assertThat(state.resolve("policy.body")).hasBinaryContent(kept);
    }

    /**
     * A lying server (or the network) answers {@code 304} to every request, the first check after a restart too,
     * which asks for the policy whole: nothing was named that could be "not modified", so the check failed, the
     * planted bundle stays unconfirmed and stands in only until it is stale ({@code on-stale=block}).
     */
    @OnEachJdk
    void a_304_to_a_request_that_named_no_etag_confirms_no_kept_policy(Jdk jdk) throws Exception {
        KeyPair key = SigningKeys.generate();
        Path pub = publicKey(key);
        byte[] planted = SignedBundles.signed(SignedBundles.files(SignedBundles.passport("echo", "touch"), "5"), key);
        server = PolicyServer.serving("/policy", SignedBundles.signed(SignedBundles.files(SignedBundles.passport("echo"), "6"), key));
        server.notModifiedToEvery();
        Path state = Dirs.mkdir(tmp, "state");
        Path work = Dirs.mkdir(tmp, "work");
        plant(state, server.url(), planted, "5");
        Run run = keptRun(jdk, work, pub, state, "policy.poll=1,policy.stale=3,policy.on-stale=block",
                Spec.attempts().add("java-sleep", "6000").add("touch", "touch", "planted"));
        assertThat(run.result("touch").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("touch").message()).contains("is stale");
        assertThat(work.resolve("planted")).doesNotExist();
        assertThat(server.notModifiedAnswers()).isPositive();
        assertThat(server.conditions()).as("no ETag is ever sent: none was confirmed").containsOnly("");
        assertThat(reasons("policy_check_failed")).containsExactly("the server answered 304 Not Modified to a request that named no ETag");
        assertThat(state.resolve("policy.body")).hasBinaryContent(planted);
    }
}
