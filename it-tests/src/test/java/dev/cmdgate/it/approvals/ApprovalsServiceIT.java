package dev.cmdgate.it.approvals;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.ParallelLaunches;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.Jdks;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cmdgate approvals} as a real process, with gated JVMs as real processes, without a browser: the
 * page's API refuses calls without a session (401) and changes without the CSRF token (403, the request
 * stays pending); 20 JVMs with 10 launches each waiting at once are every one answered exactly once, by
 * whichever of two approvers answering at the same moment came first; the webhook gets each new request in
 * Slack's form; over HTTPS the JVM checks the certificate and its host name, and with a clients file only a
 * JVM with a client token is heard.
 */
class ApprovalsServiceIT {

    static final Duration WAIT = Duration.ofSeconds(180);

    @TempDir
    Path tmp;

    private String alice;

    private ApprovalsProcess service(Jdk jdk, String... options) throws Exception {
        Path approvers = tmp.resolve("approvers");
        if (alice == null) {
            alice = ApprovalsProcess.addHolder(jdk, tmp, "add-approver", "--approvers", approvers, "alice");
        }
        return ApprovalsProcess.start(jdk, tmp, approvers, options);
    }

    private ForkedJvm gated(Jdk jdk, String agentArgs, Path work) {
        return ForkedJvm.on(jdk).in(work).withAgent(agentArgs).cmdgate("audit", tmp.resolve("audit.jsonl"))
                .timeout(Duration.ofSeconds(300));
    }

    @OnEachJdk
    void without_sign_in_401_and_a_change_without_the_csrf_token_is_refused_and_changes_nothing(Jdk jdk) throws Exception {
        try (ApprovalsProcess s = service(jdk);
                ForkedJvm.Running app = gated(jdk, "prompt=" + s.url() + ",prompt.timeout=120", Dirs.mkdir(tmp, "work"))
                        .main(Commands.class).args(Spec.attempts().add("touch", "touch", "csrf.txt").args()).start()) {
            PageApi anonymous = new PageApi(s.url(), null);
            assertThat(anonymous.send("GET", "/api/state", null).statusCode()).isEqualTo(401);
            assertThat(anonymous.send("GET", "/api/session", null).statusCode()).isEqualTo(401);
            PageApi page = new PageApi(s.url(), null).signIn(alice);
            String id = (String) page.awaitPending(1, WAIT).get(0).get("id");
            assertThat(anonymous.send("POST", "/api/approvals/" + id + "/answer", "{\"answer\":\"allow\"}",
                    "Content-Type", "application/json", "Origin", page.base).statusCode()).isEqualTo(401);
            HttpResponse<String> noToken = page.send("POST", "/api/approvals/" + id + "/answer", "{\"answer\":\"allow\"}",
                    "Content-Type", "application/json", "Origin", page.base);
            assertThat(noToken.statusCode()).isEqualTo(403);
            assertThat(noToken.body()).contains("CSRF");
            HttpResponse<String> crossSite = page.send("POST", "/api/approvals/" + id + "/answer", "{\"answer\":\"allow\"}",
                    "Content-Type", "application/json", "Origin", "https://evil.example", "X-CSRF-Token", page.csrf);
            assertThat(crossSite.statusCode()).isEqualTo(403);
            assertThat(page.pending()).extracting(m -> m.get("id")).containsExactly(id);
            assertThat(app.snapshot().stdout()).doesNotContain("RESULT touch");
            assertThat(Files.exists(tmp.resolve("work/csrf.txt"))).isFalse();

            assertThat(page.answer(id, "deny", null).statusCode()).isEqualTo(200);
            Run run = app.finish();
            assertThat(run.result("touch").blocked()).as(run.describe()).isTrue();
        }
    }

    @Test
    void twenty_jvms_with_ten_waiting_launches_each_are_every_one_answered_once() throws Exception {
        List<Jdk> jdks = Jdks.all().stream().filter(Jdk::present).toList();
        assertThat(jdks).isNotEmpty();
        int jvms = 20;
        int each = 10;
        Path bob = tmp.resolve("approvers");
        Map<String, String> expected = new HashMap<>();
        try (ApprovalsProcess s = service(jdks.get(0))) {
            String bobToken = ApprovalsProcess.addHolder(jdks.get(0), tmp, "add-approver", "--approvers", bob, "bob");
            List<ForkedJvm.Running> running = new ArrayList<>();
            try {
                for (int j = 0; j < jvms; j++) {
                    Path work = Dirs.mkdir(tmp, "jvm" + j);
                    running.add(gated(jdks.get(j % jdks.size()), "prompt=" + s.url() + ",prompt.timeout=280,warmup=off", work)
                            .jvmArg("-Xmx64m").jvmArg("-XX:TieredStopAtLevel=1")
                            .main(ParallelLaunches.class).args(List.of(String.valueOf(each), "j" + j + "-")).start());
                }
                PageApi a = new PageApi(s.url(), null).signIn(alice);
                PageApi b = new PageApi(s.url(), null).signIn(bobToken);
                List<Map<String, Object>> pending = a.awaitPending(jvms * each, WAIT);
                Set<String> commands = new HashSet<>();
                for (Map<String, Object> p : pending) {
                    commands.add((String) p.get("command"));
                }
                assertThat(commands).hasSize(jvms * each);

                // alice and bob answer every request at the same moment, with the same answer: one of them wins
                ExecutorService pool = Executors.newFixedThreadPool(8);
                Map<String, String> winner = new HashMap<>();
                List<String> problems = new CopyOnWriteArrayList<>();
                try {
                    List<Future<?>> all = new ArrayList<>();
                    for (Map<String, Object> p : pending) {
                        String id = (String) p.get("id");
                        String command = (String) p.get("command");
                        String answer = Integer.parseInt(command.substring(command.lastIndexOf('-') + 1)) % 2 == 0 ? "allow" : "deny";
                        expected.put(command.substring("touch ".length()), answer);
                        all.add(pool.submit(() -> {
                            CountDownLatch go = new CountDownLatch(1);
                            ExecutorService two = Executors.newFixedThreadPool(2);
                            try {
                                Future<HttpResponse<String>> fa = two.submit(() -> {
                                    go.await();
                                    return a.answer(id, answer, "alice");
                                });
                                Future<HttpResponse<String>> fb = two.submit(() -> {
                                    go.await();
                                    return b.answer(id, answer, "bob");
                                });
                                go.countDown();
                                int sa = fa.get().statusCode();
                                int sb = fb.get().statusCode();
                                if (!((sa == 200 && sb == 409) || (sa == 409 && sb == 200))) {
                                    problems.add(id + ": alice " + sa + ", bob " + sb);
                                }
                                synchronized (winner) {
                                    winner.put(id, sa == 200 ? "alice" : "bob");
                                }
                            } finally {
                                two.shutdownNow();
                            }
                            return null;
                        }));
                    }
                    for (Future<?> f : all) {
                        f.get();
                    }
                } finally {
                    pool.shutdownNow();
                }
                assertThat(problems).as("each request answered by exactly one approver").isEmpty();

                for (int j = 0; j < jvms; j++) {
                    Run run = running.get(j).finish();
                    for (int i = 0; i < each; i++) {
                        String name = "j" + j + "-" + i;
                        boolean allowed = expected.get(name).equals("allow");
                        assertThat(allowed ? run.result(name).ok() : run.result(name).blocked()).as(name + "\n" + run.describe()).isTrue();
                        assertThat(Files.exists(tmp.resolve("jvm" + j).resolve(name))).as(name).isEqualTo(allowed);
                    }
                }
            } finally {
                running.forEach(ForkedJvm.Running::close);
            }
            List<Audit.Line> lines = Audit.read(tmp.resolve("audit.jsonl")).lines();
            assertThat(lines).hasSize(jvms * each);
            assertThat(lines.stream().map(Audit.Line::id).distinct().count()).isEqualTo(jvms * each);
            for (Audit.Line l : lines) {
                String name = l.argv().get(1);
                Map<String, Object> prompt = l.prompt();
                assertThat(prompt.get("answer")).as(name).isEqualTo(expected.get(name));
                assertThat(prompt).containsEntry("channel", "web");
                assertThat(prompt.get("approver")).as(name).isIn("alice", "bob");
                assertThat(prompt.get("note")).as("the winner's note").isEqualTo(prompt.get("approver"));
            }
            assertThat(s.log().lines().filter(x -> x.contains(" answered ")).count()).isEqualTo(jvms * each);
        }
    }

    @OnEachJdk
    void the_webhook_gets_each_new_request_in_slack_form_with_the_command_escaped_and_a_link(Jdk jdk) throws Exception {
        List<String> bodies = new CopyOnWriteArrayList<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hook", x -> {
            try (InputStream in = x.getRequestBody()) {
                bodies.add(x.getRequestHeaders().getFirst("Content-Type") + "\n" + new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
            x.sendResponseHeaders(200, -1);
            x.close();
        });
        receiver.start();
        try (ApprovalsProcess s = service(jdk, "--webhook", "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook")) {
            Run run = gated(jdk, "prompt=" + s.url() + ",prompt.timeout=5,service=billing", Dirs.mkdir(tmp, "work"))
                    .main(Commands.class).args(Spec.attempts().add("sh", "sh", "-c", "echo <!channel> & `id` *bold*").args()).run();
            assertThat(run.result("sh").blocked()).as(run.describe()).isTrue();
            long end = System.nanoTime() + WAIT.toNanos();
            while (bodies.isEmpty() && System.nanoTime() < end) {
                Thread.sleep(50);
            }
            assertThat(bodies).hasSize(1);
            String[] parts = bodies.get(0).split("\n", 2);
            assertThat(parts[0]).startsWith("application/json");
            Map<String, Object> body = PageApi.object(parts[1]);
            assertThat(body).containsOnlyKeys("text");
            String text = (String) body.get("text");
            String id = Audit.read(tmp.resolve("audit.jsonl")).lines().get(0).id();
            assertThat(text).contains("billing").contains("```sh -c 'echo &lt;!channel&gt; &amp; \\x60id\\x60 *bold*'```")
                    .contains("<" + s.url() + "#" + id + "|Approve or deny>").doesNotContain("<!channel>");
        } finally {
            receiver.stop(0);
        }
    }

    @OnEachJdk
    void over_https_the_jvm_checks_the_certificate_and_host_name_and_needs_a_client_token(Jdk jdk) throws Exception {
        TestCertificates certs = TestCertificates.make(jdk, Dirs.mkdir(tmp, "tls"));
        Path clients = tmp.resolve("clients");
        String client = ApprovalsProcess.addHolder(jdk, tmp, "add-client", "--clients", clients, "orders");
        Path tokenFile = Files.writeString(tmp.resolve("client.token"), client + "\n");
        Path work = Dirs.mkdir(tmp, "work");
        try (ApprovalsProcess s = service(jdk, "--tls-cert", certs.serverChain().toString(), "--tls-key",
                certs.serverKey().toString(), "--clients", clients.toString())) {
            String url = "https://127.0.0.1:" + s.port() + "/";
            Spec spec = Spec.attempts().add("touch", "touch", "tls.txt");
            try (ForkedJvm.Running app = gated(jdk, "prompt=" + url + ",prompt.timeout=120,prompt.ca=" + certs.ca()
                    + ",prompt.token.file=" + tokenFile, work).main(Commands.class).args(spec.args()).start()) {
                PageApi page = new PageApi(url, certs.trusting()).signIn(alice);
                Map<String, Object> p = page.awaitPending(1, WAIT).get(0);
                assertThat(p.get("jvm").toString()).contains("client=orders");
                assertThat(page.answer((String) p.get("id"), "allow", null).statusCode()).isEqualTo(200);
                Run run = app.finish();
                assertThat(run.result("touch").ok()).as(run.describe()).isTrue();
            }
            Run otherCa = gated(jdk, "prompt=" + url + ",prompt.ca=" + certs.otherCa() + ",prompt.token.file=" + tokenFile, work)
                    .main(Commands.class).args(Spec.attempts().add("touch", "touch", "other-ca.txt").args()).run();
            assertThat(otherCa.result("touch").blocked()).as(otherCa.describe()).isTrue();
            assertThat(otherCa.result("touch").message()).contains("certificate or TLS handshake failed");

            Run noToken = gated(jdk, "prompt=" + url + ",prompt.ca=" + certs.ca(), work)
                    .main(Commands.class).args(Spec.attempts().add("touch", "touch", "no-token.txt").args()).run();
            assertThat(noToken.result("touch").blocked()).as(noToken.describe()).isTrue();
            assertThat(noToken.result("touch").message()).contains("refused this JVM (401)");
            assertThat(s.log()).contains("orders").doesNotContain(client).doesNotContain(alice);
        }
        try (ApprovalsProcess s = service(jdk, "--tls-cert", certs.elsewhereChain().toString(), "--tls-key",
                certs.elsewhereKey().toString())) {
            Run wrongHost = gated(jdk, "prompt=https://127.0.0.1:" + s.port() + "/,prompt.ca=" + certs.ca(), work)
                    .main(Commands.class).args(Spec.attempts().add("touch", "touch", "wrong-host.txt").args()).run();
            assertThat(wrongHost.result("touch").blocked()).as(wrongHost.describe()).isTrue();
            assertThat(wrongHost.result("touch").message()).contains("certificate or TLS handshake failed");
        }
        assertThat(work.resolve("tls.txt")).exists();
        assertThat(work.resolve("other-ca.txt")).doesNotExist();
        assertThat(work.resolve("no-token.txt")).doesNotExist();
        assertThat(work.resolve("wrong-host.txt")).doesNotExist();
    }
}
