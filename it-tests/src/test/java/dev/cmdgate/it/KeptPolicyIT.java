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
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A policy kept in {@code policy.state} that the server has not confirmed in this JVM's life, with {@code policy.key}:
 * another local process of the same user may have put back a bundle genuinely signed earlier. It refuses only a
 * revision of the server's that is provably older (a replay by the network); on no order or the same revision with
 * other content the server's verified answer replaces it; and a {@code 304} to the first check, which names no ETag,
 * confirms nothing. Each case checks the effect: a {@code touch} only the planted bundle allows leaves no file.
 */
class KeptPolicyIT {

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

    /** What another process of the same user writes: a signed bundle, its digest and revision, checked just now. */
    private static void plant(Path state, String url, byte[] bundle, String revision) throws IOException, NoSuchAlgorithmException {
        Files.write(state.resolve("policy.body"), bundle);
        Files.writeString(state.resolve("policy.meta.json"), "{\"source\":\"" + url + "\",\"digest\":\"sha256:"
                + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bundle)) + "\",\"revision\":\""
                + revision + "\",\"checked_at\":\"" + Instant.now() + "\"}");
    }

    private Run run(Jdk jdk, Path work, Path pub, Path state, String extra, Spec spec) {
        return ForkedJvm.on(jdk).in(work).withAgent("autonomy=full,prompt=deny,policy.wait=20," + extra)
                .cmdgate("policy", server.url()).cmdgate("audit", tmp.resolve("audit.jsonl"))
                .cmdgate("policy.key", pub).cmdgate("policy.state", state).main(Commands.class).args(spec.args()).run();
    }

    private List<String> reasons(String event) {
        return Audit.read(tmp.resolve("audit.jsonl")).events().stream().filter(l -> event.equals(l.json().get("event")))
                .map(l -> String.valueOf(l.json().get("reason"))).toList();
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
            Run run = run(jdk, work, pub, state, "policy.poll=1",
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
        Run run = run(jdk, work, pub, state, "policy.poll=1", Spec.attempts().add("touch", "touch", "replayed").add("echo", "echo", "ok"));
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
        Run run = run(jdk, work, pub, state, "policy.poll=1,policy.stale=3,policy.on-stale=block",
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
