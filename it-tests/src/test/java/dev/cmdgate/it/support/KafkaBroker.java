package dev.cmdgate.it.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * A real single-node Kafka broker in KRaft mode (broker and controller in one), in a JVM of its own on
 * loopback ports, with its data in a directory of the test's. Started from the test's own class path (the
 * Kafka jars are test dependencies); a broker that does not come up fails the test, with its log.
 */
public final class KafkaBroker implements AutoCloseable {

    private static final Duration START = Duration.ofSeconds(60);

    private final Process process;
    private final int port;
    private final Path log;

    private KafkaBroker(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** Formats a data directory under {@code dir} and starts the broker; returns once it accepts connections. */
    public static KafkaBroker start(Path dir) throws IOException, InterruptedException {
        int port = LoopbackPorts.free();
        int controller = LoopbackPorts.free();
        Path data = Files.createDirectories(dir.resolve("data"));
        Path config = dir.resolve("server.properties");
        Files.writeString(config, String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controller,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controller,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                "controller.listener.names=CONTROLLER",
                "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
                "inter.broker.listener.name=PLAINTEXT",
                "log.dirs=" + data,
                "num.partitions=1",
                "auto.create.topics.enable=true",
                "offsets.topic.replication.factor=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "group.initial.rebalance.delay.ms=0", ""), StandardCharsets.UTF_8);
        Path log = dir.resolve("broker.log");
        Process format = java("kafka.tools.StorageTool", "format", "-t", Uuid.randomUuid().toString(), "-c", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("format.log").toFile()).start();
        if (format.waitFor() != 0) {
            throw new IllegalStateException("cannot format the Kafka broker's storage:\n" + Files.readString(dir.resolve("format.log")));
        }
        Process p = java("kafka.Kafka", config.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        KafkaBroker b = new KafkaBroker(p, port, log);
        long until = System.nanoTime() + START.toNanos();
        while (!LoopbackPorts.accepts(port)) {
            if (!p.isAlive() || System.nanoTime() > until) {
                b.close();
                throw new IllegalStateException("the Kafka broker did not start (port " + port + "):\n" + tail(log));
            }
            Thread.sleep(100);
        }
        return b;
    }

    private static ProcessBuilder java(String main, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-cp", System.getProperty("java.class.path"), main));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd);
    }

    public String bootstrap() {
        return "127.0.0.1:" + port;
    }

    /**
     * Reads the topic from its beginning until {@code enough} holds for what was read (every value so far, in
     * order) or the time is up; returns every value read.
     */
    public List<String> read(String topic, Duration limit, Predicate<List<String>> enough) {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap());
        p.put("group.id", "cmdgate-it-" + UUID.randomUUID());
        p.put("auto.offset.reset", "earliest");
        p.put("key.deserializer", StringDeserializer.class.getName());
        p.put("value.deserializer", StringDeserializer.class.getName());
        List<String> values = new ArrayList<>();
        if (org.slf4j.LoggerFactory.getLogger("org.apache.kafka") instanceof ch.qos.logback.classic.Logger l) {
            l.setLevel(ch.qos.logback.classic.Level.WARN);   // the client's configuration dump is not the test's output
        }
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p)) {
            c.subscribe(List.of(topic));
            long until = System.nanoTime() + limit.toNanos();
            while (!enough.test(values) && System.nanoTime() < until) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(250))) {
                    values.add(r.value());
                }
            }
        }
        return values;
    }

    public String log() {
        return tail(log);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    private static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }
}
