package dev.cmdgate.it.support;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A policy server on the loopback address, as a fleet's would answer: one path serving whatever body the test
 * sets now, with an ETag of its content, and 304 to a request whose {@code If-None-Match} matches it. It remembers
 * the condition each request carried, so a test can tell a conditional check from a whole fetch.
 */
public final class PolicyServer implements AutoCloseable {

    private final HttpServer server;
    private final String url;
    private final AtomicReference<byte[]> body;
    private final List<String> conditions = new CopyOnWriteArrayList<>();
    private final AtomicInteger notModified = new AtomicInteger();
    private volatile boolean notModifiedToEvery;

    private PolicyServer(String path, byte[] first) throws IOException {
        body = new AtomicReference<>(first);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext(path, ex -> {
            byte[] b = body.get();
            String etag = etagOf(b);
            String asked = ex.getRequestHeaders().getFirst("If-None-Match");
            conditions.add(asked == null ? "" : asked);
            if (etag.equals(asked) || notModifiedToEvery) {
                notModified.incrementAndGet();
                ex.sendResponseHeaders(304, -1);
            } else {
                ex.getResponseHeaders().set("ETag", etag);
                ex.sendResponseHeaders(200, b.length);
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(b);
                }
            }
            ex.close();
        });
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** Started, serving {@code body} at {@code path} until {@link #serve} says otherwise. */
    public static PolicyServer serving(String path, byte[] body) throws IOException {
        return new PolicyServer(path, body);
    }

    /** What the server answers from now on. */
    public void serve(byte[] next) {
        body.set(next);
    }

    public String url() {
        return url;
    }

    /** The {@code If-None-Match} of each request so far, {@code ""} when it had none. */
    public List<String> conditions() {
        return conditions;
    }

    /** From now on a lying server (or a network in the path): {@code 304 Not Modified} to every request, conditional or not. */
    public void notModifiedToEvery() {
        notModifiedToEvery = true;
    }

    public int notModifiedAnswers() {
        return notModified.get();
    }

    /** The ETag the server gives {@code b}: quoted, the first 16 hex digits of its SHA-256. */
    public static String etagOf(byte[] b) {
        try {
            return "\"" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b)).substring(0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
