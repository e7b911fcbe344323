package dev.cmdgate.agent.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.log.AgentLog;
import dev.cmdgate.core.policy.RemotePassports;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Long polling ({@code cmdgate.policy.long-poll}) against a JDK HTTP server that holds a check carrying
 * {@code Prefer: wait=N} until its policy changes, as OPA's bundle service does: a change reaches the
 * poller in about the time the server takes to answer, not the poll interval; a server that ignores the
 * header and answers at once is polled at the usual interval, not in a loop.
 */
class PolicyLongPollTest {

    private static final Duration POLL = Duration.ofSeconds(30);

    private HttpServer server;
    private Thread poller;
    private final Object lock = new Object();
    private int revision = 1;
    private final List<String> prefers = new CopyOnWriteArrayList<>();

    private static String passport(int revision) {
        return "{\"passport_id\":\"pp-long\",\"status\":\"active\",\"revision\":\"" + revision + "\","
                + "\"capabilities\":[{\"id\":\"system.command.execute\"}],\"limits\":{\"system.command.execute\":"
                + "{\"allowed_commands\":[\"echo\"],\"max_execution_time\":60}}}";
    }

    private URI start(boolean holds) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.createContext("/policy.json", ex -> answer(ex, holds));
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/policy.json");
    }

    private void answer(HttpExchange ex, boolean holds) throws IOException {
        String prefer = ex.getRequestHeaders().getFirst("Prefer");
        prefers.add(String.valueOf(prefer));
        String etag;
        int r;
        synchronized (lock) {
            long until = System.nanoTime() + seconds(prefer) * 1_000_000_000L;
            while (holds && prefer != null && ("\"" + revision + "\"").equals(ex.getRequestHeaders().getFirst("If-None-Match"))
                    && System.nanoTime() < until) {
                try {
                    lock.wait(Math.max(1, (until - System.nanoTime()) / 1_000_000));
                } catch (InterruptedException e) {
                    break;
                }
            }
            r = revision;
            etag = "\"" + r + "\"";
        }
        if (etag.equals(ex.getRequestHeaders().getFirst("If-None-Match"))) {
            ex.sendResponseHeaders(304, -1);
        } else {
            byte[] bytes = passport(r).getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("ETag", etag);
            ex.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(bytes);
            }
        }
        ex.close();
    }

    private static long seconds(String prefer) {
        return prefer != null && prefer.startsWith("wait=") ? Long.parseLong(prefer.substring(5)) : 0;
    }

    private RemotePassports poll(URI url, Duration longPoll) throws Exception {
        AgentConfig.RemotePolicy config = new AgentConfig.RemotePolicy(url, POLL, Duration.ofMinutes(5),
                AgentConfig.OnStale.BLOCK, null, Duration.ZERO, Duration.ofSeconds(5), longPoll, null, null, null, null,
                null, null);
        RemotePassports target = new RemotePassports(url.toString(), config.stale(), RemotePassports.OnStale.BLOCK,
                Duration.ZERO, System::nanoTime);
        poller = new Thread(new PolicyPoller(config, target, null, new AgentLog()), "test-policy-poller");
        poller.setDaemon(true);
        poller.start();
        return target;
    }

    private static String revisionWithin(RemotePassports target, Duration limit) throws InterruptedException {
        long until = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < until) {
            RemotePassports.Active a = target.active();
            if (a != null && a.revision() != null && !a.revision().equals("1")) {
                return a.revision();
            }
            Thread.sleep(10);
        }
        return target.active() == null ? null : target.active().revision();
    }

    private void change() {
        synchronized (lock) {
            revision++;
            lock.notifyAll();
        }
    }

    @AfterEach
    void stop() {
        if (poller != null) {
            poller.interrupt();
        }
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void a_change_arrives_while_the_server_holds_the_check_not_a_poll_interval_later() throws Exception {
        RemotePassports target = poll(start(true), Duration.ofSeconds(20));
        long until = System.nanoTime() + 5_000_000_000L;
        while (target.active() == null && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(target.active()).as("the first policy").isNotNull();
        Thread.sleep(300);   // the second check is being held now
        long changed = System.nanoTime();
        change();
        assertThat(revisionWithin(target, Duration.ofSeconds(5))).isEqualTo("2");
        assertThat(Duration.ofNanos(System.nanoTime() - changed)).isLessThan(Duration.ofSeconds(5));
        assertThat(prefers.get(0)).as("the first fetch, with no policy in force, is not held").isEqualTo("null");
        assertThat(prefers.get(1)).isEqualTo("wait=20");
    }

    @Test
    void a_server_that_answers_at_once_is_polled_at_the_poll_interval() throws Exception {
        RemotePassports target = poll(start(false), Duration.ofSeconds(20));
        Thread.sleep(1500);
        assertThat(target.active()).isNotNull();
        assertThat(prefers).as("the first fetch and one check, then the usual wait of at least %s", POLL.dividedBy(2))
                .hasSizeLessThanOrEqualTo(2);
    }
}
