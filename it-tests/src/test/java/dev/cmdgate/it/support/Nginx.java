package dev.cmdgate.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real nginx (Debian's {@code nginx-light}) serving one directory on a loopback port, started from the
 * test JVM (which is not gated) with a configuration of its own in a temporary prefix. Its access log
 * records each request's status and {@code If-None-Match}, so a test can see the 200/304 conversation.
 * A missing or failing nginx fails the test: a skipped test would hide that the real server was never tried.
 */
public final class Nginx implements AutoCloseable {

    static final Path BINARY = Path.of("/usr/sbin/nginx");
    private static final long START_MILLIS = 10_000;

    private final Process process;
    private final Path prefix;
    private final int port;

    private Nginx(Process process, Path prefix, int port) {
        this.process = process;
        this.prefix = prefix;
        this.port = port;
    }

    /** Starts nginx serving {@code root}; returns once its port accepts connections. */
    public static Nginx serve(Path root) {
        if (!Files.isExecutable(BINARY)) {
            throw new IllegalStateException("nginx not found at " + BINARY + ": install Debian's nginx-light");
        }
        Path prefix = null;
        Process p = null;
        try {
            prefix = Files.createTempDirectory("cmdgate-nginx");
            int port = LoopbackPorts.free();
            Path conf = Files.writeString(prefix.resolve("nginx.conf"), config(prefix, root.toAbsolutePath(), port));
            // -e: nginx opens its error log before reading the configuration; keep even that one in the prefix
            p = new ProcessBuilder(BINARY.toString(), "-p", prefix + "/", "-e", prefix.resolve("error.log").toString(),
                    "-c", conf.toString(), "-g", "daemon off;")
                    .redirectErrorStream(true).redirectOutput(prefix.resolve("output.log").toFile()).start();
            Nginx nginx = new Nginx(p, prefix, port);
            nginx.awaitPort();
            return nginx;
        } catch (IOException | RuntimeException e) {
            stop(p);
            String said = prefix == null ? "" : (read(prefix.resolve("output.log")) + read(prefix.resolve("error.log"))).strip();
            String why = said.isEmpty() ? "" : "\n" + said;
            deleteTree(prefix);
            throw new IllegalStateException("nginx at " + BINARY + " did not start: " + e.getMessage() + why, e);
        }
    }

    private static String config(Path prefix, Path root, int port) {
        // master_process off: one process, so nginx never switches to the "user" of the system's
        // configuration when the tests run as root (it would then be unable to read the temp dirs)
        return "master_process off;\n"
                + "pid \"" + prefix.resolve("nginx.pid") + "\";\n"
                + "error_log \"" + prefix.resolve("error.log") + "\";\n"
                + "events {}\n"
                + "http {\n"
                + "    log_format gate '$status \"$request\" inm=$http_if_none_match';\n"
                + "    access_log \"" + prefix.resolve("access.log") + "\" gate;\n"
                + "    default_type application/json;\n"
                // the compiled-in temp paths are under /var/lib/nginx, which need not exist or be writable
                + "    client_body_temp_path \"" + prefix.resolve("client_body") + "\";\n"
                + "    proxy_temp_path \"" + prefix.resolve("proxy") + "\";\n"
                + "    fastcgi_temp_path \"" + prefix.resolve("fastcgi") + "\";\n"
                + "    uwsgi_temp_path \"" + prefix.resolve("uwsgi") + "\";\n"
                + "    scgi_temp_path \"" + prefix.resolve("scgi") + "\";\n"
                + "    server {\n"
                + "        listen 127.0.0.1:" + port + ";\n"
                + "        root \"" + root + "\";\n"
                + "    }\n"
                + "}\n";
    }

    private void awaitPort() throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MILLIS);
        while (true) {
            if (!process.isAlive()) {
                throw new IOException("it exited with status " + process.exitValue());
            }
            if (LoopbackPorts.accepts(port)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("127.0.0.1:" + port + " accepted no connection within " + START_MILLIS + " ms");
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
    }

    public String url(String file) {
        return "http://127.0.0.1:" + port + "/" + file;
    }

    /** One line per request: {@code STATUS "METHOD PATH PROTOCOL" inm=IF-NONE-MATCH} ({@code -} when absent). */
    public List<String> accessLog() {
        return read(prefix.resolve("access.log")).lines().toList();
    }

    /** Stops nginx and deletes its prefix (read the access log before). */
    @Override
    public void close() {
        stop(process);
        deleteTree(prefix);
    }

    private static void stop(Process p) {
        if (p == null) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path f : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException ignored) {
            // a leftover temp file is harmless
        }
    }
}
