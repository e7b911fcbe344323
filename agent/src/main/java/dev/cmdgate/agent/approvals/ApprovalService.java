package dev.cmdgate.agent.approvals;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.cmdgate.agent.fleet.Tls;
import dev.cmdgate.agent.prompt.remote.ApprovalProtocol;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * cmdgate's own approval service: the JDK's HTTP server (HTTPS with the given certificate and key, or
 * plain HTTP on a loopback address only), the endpoint gated JVMs post to, the page approvers answer on,
 * a journal that keeps requests across restarts, and optionally a webhook announcing each new request.
 *
 * <p>Each held post and each page's long poll is a thread: the pool grows to {@value #MAX_THREADS}
 * (a post beyond that finds its connection closed, which a JVM that had been taken treats as a restart and
 * posts again). The JDK server closes a connection whose request is not read within
 * {@value #MAX_REQUEST_SECONDS} s (slow senders), see {@link #limitServer}.
 */
public final class ApprovalService implements AutoCloseable {

    static final int MAX_THREADS = 1000;
    static final int MAX_REQUEST_SECONDS = 15;

    /**
     * What the service runs with.
     *
     * @param publicUrl where people open the page (the webhook's link); null: the listening address
     */
    public record Settings(InetSocketAddress listen, Path approvers, Path clients, Path journal, Path tlsCert,
                           Path tlsKey, URI webhook, URI publicUrl, int history) {
    }

    private final HttpServer server;
    private final ApprovalStore store;
    private final ScheduledExecutorService sweeper;
    private final ThreadPoolExecutor pool;
    private final SlackWebhook webhook;
    private final URI page;

    private ApprovalService(HttpServer server, ApprovalStore store, ScheduledExecutorService sweeper, ThreadPoolExecutor pool,
                            SlackWebhook webhook, URI page) {
        this.server = server;
        this.store = store;
        this.sweeper = sweeper;
        this.pool = pool;
        this.webhook = webhook;
        this.page = page;
    }

    /**
     * The JDK server's own limits, set before its first use (they are read once, from system properties):
     * a request's line, headers and body must arrive within {@value #MAX_REQUEST_SECONDS} s; at most 100
     * headers; idle connections closed after 30 s; a response (a held post, a long poll) has no limit.
     */
    public static void limitServer() {
        setDefault("sun.net.httpserver.maxReqTime", Integer.toString(MAX_REQUEST_SECONDS));
        setDefault("sun.net.httpserver.maxReqHeaders", "100");
        setDefault("sun.net.httpserver.idleInterval", "30");
        setDefault("jdk.httpserver.maxConnections", Integer.toString(MAX_THREADS + 200));
    }

    private static void setDefault(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }

    public static ApprovalService start(Settings s, Clock clock, PrintStream log) throws IOException, GeneralSecurityException {
        limitServer();
        boolean tls = s.tlsCert() != null;
        if (!tls && !s.listen().getAddress().isLoopbackAddress()) {
            throw new IllegalArgumentException("plain HTTP is served on a loopback address only: give --tls-cert and --tls-key"
                    + " to listen on " + s.listen().getAddress().getHostAddress());
        }
        WatchedTokens approvers = new WatchedTokens(s.approvers(), log);
        if (approvers.isEmpty()) {
            throw new IllegalArgumentException(s.approvers() + " names no approver: add one with cmdgate approvals add-approver");
        }
        WatchedTokens clients = s.clients() == null ? null : new WatchedTokens(s.clients(), log);
        ApprovalStore store = ApprovalStore.open(s.journal(), clock, s.history());
        HttpServer server;
        try {
            if (tls) {
                HttpsServer https = HttpsServer.create(s.listen(), 128);
                https.setHttpsConfigurator(new HttpsConfigurator(Tls.serverContext(s.tlsCert(), s.tlsKey())));
                server = https;
            } else {
                server = HttpServer.create(s.listen(), 128);
            }
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            store.close();
            throw e;
        }
        int port = server.getAddress().getPort();
        URI page = s.publicUrl() != null ? s.publicUrl()
                : URI.create((tls ? "https://" : "http://") + hostPart(s.listen()) + ":" + port + "/");
        SlackWebhook webhook = s.webhook() == null ? null : new SlackWebhook(s.webhook(), page, log);
        Set<String> hosts = hosts(s.listen(), port, page);
        server.createContext("/" + ApprovalProtocol.PATH, new JvmEndpoint(store, clients, webhook, clock, log));
        server.createContext("/", new PageEndpoints(store, approvers, hosts, tls, clock, log));
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(4, MAX_THREADS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "cmdgate-approvals-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(pool);
        ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "cmdgate-approvals-deadlines");
            t.setDaemon(true);
            return t;
        });
        sweeper.scheduleWithFixedDelay(() -> {
            try {
                store.expireDue();
            } catch (IOException | RuntimeException e) {
                log.println("cmdgate approvals: the journal cannot be written: " + e.getMessage());
            }
        }, 250, 250, TimeUnit.MILLISECONDS);
        server.start();
        return new ApprovalService(server, store, sweeper, pool, webhook, page);
    }

    /** The host names the page answers for: the listening address, and the public URL's host. */
    private static Set<String> hosts(InetSocketAddress listen, int port, URI page) {
        Set<String> hosts = new HashSet<>();
        hosts.add(hostPart(listen) + ":" + port);
        if (listen.getAddress().isLoopbackAddress()) {
            hosts.add("localhost:" + port);
            hosts.add("127.0.0.1:" + port);
            hosts.add("[::1]:" + port);
        }
        int pagePort = page.getPort() > 0 ? page.getPort() : "https".equalsIgnoreCase(page.getScheme()) ? 443 : 80;
        hosts.add(page.getHost().toLowerCase(Locale.ROOT) + ":" + pagePort);
        if (page.getPort() < 0) {
            hosts.add(page.getHost().toLowerCase(Locale.ROOT));
        }
        return hosts;
    }

    private static String hostPart(InetSocketAddress a) {
        String h = a.getAddress().getHostAddress();
        return h.indexOf(':') >= 0 ? "[" + h + "]" : h;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Where people open the page. */
    public URI page() {
        return page;
    }

    @Override
    public void close() throws IOException {
        server.stop(0);
        sweeper.shutdownNow();
        pool.shutdownNow();
        if (webhook != null) {
            webhook.close();
        }
        store.close();
    }
}
