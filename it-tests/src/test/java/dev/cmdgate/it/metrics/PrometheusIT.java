package dev.cmdgate.it.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.ScriptedPrompt;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.LoopbackPorts;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.management.Attribute;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.io.TempDir;

/**
 * The counters through the monitoring people run: a gated JVM (JDK 17 and 25) with the Prometheus JMX
 * exporter's own Java agent after cmdgate's, configured with the shipped rules
 * ({@code examples/prometheus/cmdgate.yaml}), launches a known mix; the test scrapes the exporter's HTTP
 * endpoint on loopback while the JVM waits, and checks every cmdgate series — zeros included — against
 * what the mix must have produced and against the audit file. A second JVM in {@code mode=audit} opens
 * JMX to a remote client on loopback, which can read the MBean and change nothing.
 */
class PrometheusIT {

    static final String EXPORTER_ARTIFACT = "jmx_prometheus_javaagent-1.0.1.jar";
    static final List<String> CLASSES = List.of("read", "write", "network", "install", "destructive");
    static final List<String> OUTCOMES = List.of("allowed", "refused", "prompted_allowed", "prompted_denied", "prompt_timeout");
    static final List<String> TIERS = List.of("readonly", "supervised", "full");
    static final List<String> LE = List.of("0.001", "0.005", "0.025", "0.1", "0.5", "2.5", "10", "60", "+Inf");

    @TempDir
    Path tmp;

    /** The exporter's agent jar: a test dependency of this module, found on the test's class path. */
    static Path exporterJar() {
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.endsWith(EXPORTER_ARTIFACT)) {
                return Path.of(entry);
            }
        }
        throw new IllegalStateException(EXPORTER_ARTIFACT + " is not on the test class path (a test dependency of it-tests)");
    }

    static Path rules() {
        return Path.of(System.getProperty("cmdgate.it.root"), "examples", "prometheus", "cmdgate.yaml");
    }

    /** The exporter's page, once it shows cmdgate's series (the first scrape creates the platform MBean server). */
    static Map<String, Double> scrape(int port) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        String last = "";
        while (System.nanoTime() < end) {
            last = get("http://127.0.0.1:" + port + "/metrics");
            if (last.contains("cmdgate_launches_total")) {
                return parse(last);
            }
            Thread.sleep(300);
        }
        throw new AssertionError("no cmdgate series on the exporter's page within 60 s:\n" + last);
    }

    /** The exporter's page once {@code series} has reached {@code value} (at most a minute), for counts a thread of cmdgate's moves. */
    static Map<String, Double> scrapeUntil(int port, String series, double value) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Map<String, Double> page = scrape(port);
        while (!Double.valueOf(value).equals(page.get(series)) && System.nanoTime() < end) {
            Thread.sleep(100);
            page = scrape(port);
        }
        return page;
    }

    static String get(String url) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
        c.setConnectTimeout(5000);
        c.setReadTimeout(10000);
        try (InputStream in = c.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            c.disconnect();
        }
    }

    /** Prometheus's text format: {@code name{a="x",b="y"} value} → the key with its labels sorted. */
    static Map<String, Double> parse(String page) {
        Map<String, Double> out = new TreeMap<>();
        for (String line : page.lines().toList()) {
            if (line.isBlank() || line.startsWith("#") || !line.startsWith("cmdgate_")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            String series = line.substring(0, space);
            double value = Double.parseDouble(line.substring(space + 1));
            int brace = series.indexOf('{');
            if (brace < 0) {
                out.put(series, value);
                continue;
            }
            String name = series.substring(0, brace);
            Map<String, String> labels = new TreeMap<>();
            for (String pair : splitLabels(series.substring(brace + 1, series.length() - 1))) {
                int eq = pair.indexOf('=');
                labels.put(pair.substring(0, eq), pair.substring(eq + 2, pair.length() - 1));
            }
            out.put(key(name, labels), value);
        }
        return out;
    }

    private static List<String> splitLabels(String s) {
        List<String> out = new ArrayList<>();
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(s.substring(start, i));
                start = i + 1;
            }
        }
        if (start < s.length()) {
            out.add(s.substring(start));
        }
        return out;
    }

    static String key(String name, Map<String, String> labels) {
        StringBuilder b = new StringBuilder(name).append('{');
        new TreeMap<>(labels).forEach((k, v) -> b.append(k).append("=").append(v).append(','));
        return b.append('}').toString();
    }

    static String key(String name, String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return key(name, m);
    }

    private Path passport() throws IOException {
        Path p = tmp.resolve("passport.json");
        Files.writeString(p, """
                {"passport_id":"pp-metrics","owner_id":"it","assurance_level":"L1","status":"active",
                 "capabilities":[{"id":"system.command.execute"}],
                 "limits":{"system.command.execute":{"allowed_commands":["*"],"blocked_patterns":["rm -rf"],
                   "max_execution_time":2,"allowed_working_directories":["%s"],"blocked_env_vars":[]}}}
                """.formatted(tmp.toRealPath()));
        return p;
    }

    /** Every series of {@code name} over class × outcome (or another pair of labels): the expected value or zero. */
    private static void assertEvery(Map<String, Double> page, String name, String l1, List<String> v1, String l2,
                                    List<String> v2, Map<String, Integer> expected) {
        for (String a : v1) {
            for (String b : v2) {
                String k = key(name, l1, a, l2, b);
                double want = expected.getOrDefault(a + "/" + b, 0);
                assertThat(page).as(k).containsKey(k);
                assertThat(page.get(k)).as(k + "\n" + page).isEqualTo(want);
            }
        }
    }

    @OnEachJdk
    void the_exporter_shows_every_count_of_an_enforcing_jvm(Jdk jdk) throws Exception {
        int port = LoopbackPorts.free();
        Path work = tmp.toRealPath();
        Path audit = tmp.resolve("audit.jsonl");
        Spec spec = Spec.attempts()
                .add("echo", "echo", "a").add("echo2", "echo", "b").add("ls", "ls")
                .add("sleep", "sleep", "5")                        // Read, allowed, killed at the passport's 2 s
                .add("touch-yes", "touch", "yes")                  // Write, prompted, allowed
                .add("touch-no", "touch", "no")                    // Write, prompted, denied
                .add("touch-wait", "touch", "wait")                // Write, prompted, no answer within 1 s
                .add("curl-no", "curl", "no")                      // Network, prompted, denied
                .add("rm", "rm", "-rf", "gone-yes")                // Destructive, refused by the passport unasked
                .add("await", "scrape");
        try (ForkedJvm.Running app = ForkedJvm.on(jdk).in(work).env("HOME", Dirs.mkdir(tmp, "home").toString())
                .withAgent("autonomy=supervised,prompt=" + ScriptedPrompt.class.getName() + ",prompt.timeout=1")
                .cmdgate("policy", passport()).cmdgate("audit", audit)
                .jvmArg("-javaagent:" + exporterJar() + "=127.0.0.1:" + port + ":" + rules())
                .timeout(Duration.ofSeconds(180)).main(Commands.class).args(spec.args()).start()) {
            app.awaitLine("AWAIT scrape", Duration.ofSeconds(120));
            Map<String, Double> page = scrape(port);
            app.send("go\n");
            Run run = app.finish();
            assertThat(run.exit()).as(run.describe()).isZero();
            assertThat(run.result("touch-yes").ok()).as(run.describe()).isTrue();
            assertThat(run.result("rm").blocked()).as(run.describe()).isTrue();
            assertThat(run.result("sleep").detail()).as("killed at its limit\n" + run.describe()).contains("exit=137");

            assertEvery(page, "cmdgate_launches_total", "class", CLASSES, "outcome", OUTCOMES, Map.of(
                    "read/allowed", 4, "write/prompted_allowed", 1, "write/prompted_denied", 1, "write/prompt_timeout", 1,
                    "network/prompted_denied", 1, "destructive/refused", 1));
            assertEvery(page, "cmdgate_audit_would_refuse_total", "tier", TIERS, "class", CLASSES, Map.of());
            assertEvery(page, "cmdgate_audit_would_prompt_total", "tier", TIERS, "class", CLASSES, Map.of());
            assertThat(page.get("cmdgate_audit_write_failures_total")).isZero();
            assertThat(page.get("cmdgate_watchdog_kills_total")).isEqualTo(1);
            assertThat(page.get(key("cmdgate_policy_source", "source", "file"))).isEqualTo(1);
            assertThat(page.get("cmdgate_policy_stale")).isZero();
            assertThat(page.get("cmdgate_policy_age_seconds")).isBetween(0.0, 600.0);
            assertThat(page.keySet()).noneMatch(k -> k.startsWith("cmdgate_policy_revision"));
            assertThat(page.get(key("cmdgate_jvm", "main", Commands.class.getName(), "mode", "enforce",
                    "pid", Long.toString(app.pid()), "scheme", "autonomy=supervised"))).as(page.toString()).isEqualTo(1);

            // the decision times: one per launch; the timed-out prompt waited over a second
            int decisions = 9;
            assertThat(page.get("cmdgate_decision_seconds_count")).isEqualTo(decisions);
            double previous = 0;
            for (String le : LE) {
                double v = page.get(key("cmdgate_decision_seconds_le_total", "le", le));
                assertThat(v).as("le=" + le).isGreaterThanOrEqualTo(previous);
                previous = v;
            }
            assertThat(previous).as("+Inf").isEqualTo(decisions);
            assertThat(page.get(key("cmdgate_decision_seconds_le_total", "le", "0.5"))).isLessThanOrEqualTo(decisions - 1);
            assertThat(page.get("cmdgate_decision_seconds_sum")).isGreaterThan(1.0);

            // the audit file says the same
            Audit log = Audit.read(audit);
            assertThat(log.lines()).hasSize(decisions);
            assertThat(log.lines().stream().filter(l -> "blocked".equals(l.outcome())).count())
                    .isEqualTo(4);   // touch no, touch wait, curl no, rm
        }
    }

    @OnEachJdk
    void in_audit_mode_it_counts_what_each_tier_would_refuse_and_a_jmx_client_can_change_nothing(Jdk jdk) throws Exception {
        int port = LoopbackPorts.free();
        int jmx = LoopbackPorts.free();
        Path work = tmp.toRealPath();
        Path audit = tmp.resolve("audit.jsonl");
        Spec spec = Spec.attempts()
                .add("echo", "echo", "a")
                .add("touch", "touch", "made")                                // Write: full allows it
                .add("rm", "rm", "-rf", "./nothing-here")                     // Destructive
                .add("curl", "curl", "-s", "--max-time", "2", "http://127.0.0.1:1/")   // Network, loopback only
                .add("java-await-exits", audit, 4)                            // their exit lines are written
                .add("java-rm", audit)
                .add("java-mkdir", audit)                                     // the audit file is now a directory
                .add("after", "echo", "after")                                // its line and its exit line fail
                .add("await", "scrape");
        try (ForkedJvm.Running app = ForkedJvm.on(jdk).in(work).env("HOME", Dirs.mkdir(tmp, "home").toString())
                .withAgent("autonomy=full,mode=audit").cmdgate("audit", audit).cmdgate("audit.failure", "continue")
                .prop("com.sun.management.jmxremote.port", jmx).prop("com.sun.management.jmxremote.rmi.port", jmx)
                .prop("com.sun.management.jmxremote.host", "127.0.0.1")
                .prop("com.sun.management.jmxremote.authenticate", "false").prop("com.sun.management.jmxremote.ssl", "false")
                .prop("java.rmi.server.hostname", "127.0.0.1")
                .jvmArg("-javaagent:" + exporterJar() + "=127.0.0.1:" + port + ":" + rules())
                .timeout(Duration.ofSeconds(180)).main(Commands.class).args(spec.args()).start()) {
            app.awaitLine("AWAIT scrape", Duration.ofSeconds(120));
            // the exit line of 'echo after' fails on cmdgate's own thread once the process has ended
            Map<String, Double> page = scrapeUntil(port, "cmdgate_audit_write_failures_total", 2);
            tryToChange(jmx);
            Map<String, Double> again = parse(get("http://127.0.0.1:" + port + "/metrics"));
            app.send("go\n");
            Run run = app.finish();
            assertThat(run.exit()).as(run.describe()).isZero();
            assertThat(tmp.resolve("made")).as("audit mode runs everything").exists();

            assertEvery(page, "cmdgate_launches_total", "class", CLASSES, "outcome", OUTCOMES, Map.of(
                    "read/allowed", 2, "write/allowed", 1, "destructive/allowed", 1, "network/allowed", 1));
            assertEvery(page, "cmdgate_audit_would_refuse_total", "tier", TIERS, "class", CLASSES, Map.of(
                    "readonly/write", 1, "readonly/destructive", 1, "readonly/network", 1));
            assertEvery(page, "cmdgate_audit_would_prompt_total", "tier", TIERS, "class", CLASSES, Map.of(
                    "supervised/write", 1, "supervised/destructive", 1, "supervised/network", 1,
                    "full/destructive", 1, "full/network", 1));
            assertThat(page.get("cmdgate_audit_write_failures_total")).as("the decision and exit lines of 'echo after'")
                    .isEqualTo(2);
            assertThat(page.get("cmdgate_watchdog_kills_total")).isZero();
            assertThat(page.get(key("cmdgate_policy_source", "source", "none"))).isEqualTo(1);
            assertThat(page.get("cmdgate_policy_age_seconds")).isEqualTo(-1);
            assertThat(page.get(key("cmdgate_jvm", "main", Commands.class.getName(), "mode", "audit",
                    "pid", Long.toString(app.pid()), "scheme", "autonomy=full"))).as(page.toString()).isEqualTo(1);
            assertThat(page.get("cmdgate_decision_seconds_count")).isEqualTo(5);
            assertThat(again).as("nothing the JMX client tried changed a count").isEqualTo(page);
        }
    }

    /** A remote JMX client reads the MBean, then tries to write, invoke and unregister: each is refused. */
    private static void tryToChange(int port) throws Exception {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
        try (JMXConnector c = JMXConnectorFactory.connect(url)) {
            MBeanServerConnection s = c.getMBeanServerConnection();
            ObjectName gate = new ObjectName("dev.cmdgate:type=Gate");
            assertThat(s.getAttribute(gate, "Mode")).isEqualTo("audit");
            assertThat(s.getAttribute(gate, "AuditWriteFailures")).isEqualTo(2L);
            assertThat(List.of(s.getMBeanInfo(gate).getAttributes())).allMatch(a -> !a.isWritable());
            assertThat(s.getMBeanInfo(gate).getOperations()).isEmpty();
            assertThatThrownBy(() -> s.setAttribute(gate, new Attribute("AuditWriteFailures", 0L)))
                    .hasMessageContaining("read-only");
            assertThatThrownBy(() -> s.setAttribute(gate, new Attribute("Mode", "enforce"))).hasMessageContaining("read-only");
            assertThat(s.setAttributes(gate, new javax.management.AttributeList(List.of(new Attribute("Scheme", "x")))))
                    .isEmpty();
            assertThatThrownBy(() -> s.invoke(gate, "reset", new Object[0], new String[0]))
                    .hasMessageContaining("no operations");
            assertThatThrownBy(() -> s.unregisterMBean(gate)).hasStackTraceContaining("stays registered");
            assertThat(s.isRegistered(gate)).isTrue();
            assertThat(s.getAttribute(gate, "Mode")).isEqualTo("audit");
        }
    }
}
