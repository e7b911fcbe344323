package dev.cmdgate.it.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Debian's rsyslogd as a file shipper: {@code imfile} tails one file (following its rotation by inode, and
 * remembering its offset in a work directory across restarts) and {@code omkafka} sends each line, as it is,
 * to a Kafka topic, with a disk-assisted queue that keeps what the broker has not taken. Runs in the
 * foreground as a child of the test; {@link #stop()} and {@link #start()} restart it with the same state.
 * A missing rsyslogd or omkafka module fails the test: install Debian's rsyslog and rsyslog-kafka.
 */
public final class Rsyslog implements AutoCloseable {

    private static final Path RSYSLOGD = Path.of("/usr/sbin/rsyslogd");

    private final Path dir;
    private final Path config;
    private Process process;
    private int starts;

    public Rsyslog(Path dir, Path file, String broker, String topic) throws IOException, InterruptedException {
        if (!Files.isExecutable(RSYSLOGD)) {
            throw new IllegalStateException(RSYSLOGD + " not found: install Debian's rsyslog and rsyslog-kafka");
        }
        this.dir = dir;
        Path work = Files.createDirectories(dir.resolve("work"));
        this.config = dir.resolve("rsyslog.conf");
        Files.writeString(config, String.join("\n",
                "global(workDirectory=\"" + work + "\")",
                "module(load=\"imfile\" mode=\"inotify\")",
                "module(load=\"omkafka\")",
                "template(name=\"line\" type=\"string\" string=\"%msg%\")",
                "ruleset(name=\"ship\") {",
                "  action(type=\"omkafka\" broker=[\"" + broker + "\"] topic=\"" + topic + "\" template=\"line\"",
                "         resubmitOnFailure=\"on\" action.resumeRetryCount=\"-1\"",
                "         queue.type=\"LinkedList\" queue.filename=\"shipq\" queue.saveOnShutdown=\"on\")",
                "}",
                "input(type=\"imfile\" File=\"" + file + "\" Tag=\"cmdgate\" ruleset=\"ship\" PersistStateInterval=\"1\")",
                ""), StandardCharsets.UTF_8);
        Process check = new ProcessBuilder(RSYSLOGD.toString(), "-N1", "-f", config.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("check.log").toFile()).start();
        if (check.waitFor() != 0) {
            throw new IllegalStateException("rsyslogd does not accept the shipping configuration (is rsyslog-kafka"
                    + " installed?):\n" + Files.readString(dir.resolve("check.log")));
        }
    }

    /** Starts rsyslogd (again); fails when it exits at once. */
    public void start() throws IOException, InterruptedException {
        starts++;
        Path log = dir.resolve("rsyslogd-" + starts + ".log");
        process = new ProcessBuilder(RSYSLOGD.toString(), "-n", "-f", config.toString(), "-i", dir.resolve("rsyslogd.pid").toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (process.waitFor(1, TimeUnit.SECONDS)) {
            throw new IllegalStateException("rsyslogd exited at once (" + process.exitValue() + "):\n" + Files.readString(log));
        }
    }

    /** Stops rsyslogd as a service manager would (SIGTERM): it saves its offset and its queue. */
    public void stop() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
