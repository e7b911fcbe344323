package dev.cmdgate.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.PassportLoop;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OAP passport in a real JVM: edited (or deleted) while the JVM keeps launching (a suspension or a deletion takes effect on
 * the next launch), and the execution-time watchdog killing a real {@code sleep}, audited.
 */
class PassportIT {

    @TempDir
    Path tmp;

    private Path passport(String status, int maxSeconds) throws Exception {
        Path p = tmp.resolve("passport.json");
        Files.writeString(p, """
                {"passport_id":"pp-it","owner_id":"it","assurance_level":"L1","status":"%s",
                 "capabilities":[{"id":"system.command.execute"}],
                 "limits":{"system.command.execute":{"allowed_commands":["echo","sleep"],"blocked_patterns":[],
                   "max_execution_time":%d,"allowed_working_directories":["%s"],"blocked_env_vars":[]}}}
                """.formatted(status, maxSeconds, tmp.toRealPath()));
        return p;
    }

    @OnEachJdk
    void a_passport_suspended_while_the_jvm_runs_blocks_the_next_launch(Jdk jdk) throws Exception {
        Path passport = passport("active", 60);
        Path audit = tmp.resolve("audit.jsonl");
        Path ready = tmp.resolve("READY");
        Path go = tmp.resolve("GO");
        CompletableFuture<Run> running = CompletableFuture.supplyAsync(() -> ForkedJvm.on(jdk).in(tmp)
                .withAgent("autonomy=full").cmdgate("policy", passport).cmdgate("audit", audit)
                .main(PassportLoop.class, ready, go).run());
        waitFor(ready);
        String before = Files.readString(passport);
        Files.writeString(passport, before.replace("\"active\"", "\"suspended\""));
        Files.writeString(go, "go");
        Run run = running.get(120, TimeUnit.SECONDS);

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("before").ok()).as(run.describe()).isTrue();
        assertThat(run.result("after").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("after").detail()).contains("cmdgate: blocked", "suspended");
        Audit log = Audit.read(audit);
        Map<String, Object> first = oap(log.forWord("before"));
        Map<String, Object> second = oap(log.forWord("after"));
        assertThat(first).containsEntry("allow", true).containsEntry("passport_id", "pp-it");
        assertThat(second).containsEntry("allow", false);
        assertThat(log.forWord("after").reasonCodes()).contains("oap.passport_suspended");
        assertThat(second.get("passport_digest")).as("the digest follows the edited file").isNotEqualTo(first.get("passport_digest"));
    }

    @OnEachJdk
    void a_passport_deleted_while_the_jvm_runs_blocks_every_later_launch_and_says_so_once(Jdk jdk) throws Exception {
        Path passport = passport("active", 60);
        Path audit = tmp.resolve("audit.jsonl");
        Run run = ForkedJvm.on(jdk).in(tmp.toRealPath()).withAgent("autonomy=full").cmdgate("policy", passport)
                .cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts()
                        .add("before", "echo", "before")
                        .add("java-rm", passport)
                        .add("after1", "echo", "after1")
                        .add("after2", "echo", "after2")
                        .args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("before").ok()).as(run.describe()).isTrue();
        Blocked.assertBlocked(run.result("after1"));
        Blocked.assertBlocked(run.result("after2"));
        assertThat(run.result("after1").message()).as(run.describe()).contains("not found");
        Audit log = Audit.read(audit);
        assertThat(log.forWord("after1").outcome()).isEqualTo("blocked");
        assertThat(log.forWord("after2").outcome()).isEqualTo("blocked");
        assertThat(run.stderrLines().stream().filter(l -> l.contains("every launch is denied")).count())
                .as("the loss of the passport is reported once\n" + run.describe()).isEqualTo(1);
    }

    @OnEachJdk
    void the_watchdog_kills_a_process_that_outlives_the_limit_and_audits_it(Jdk jdk) throws Exception {
        Path passport = passport("active", 1);
        Path audit = tmp.resolve("audit.jsonl");
        Path go = tmp.resolve("GO");
        Files.writeString(go, "go");
        Run run = ForkedJvm.on(jdk).in(tmp).withAgent("autonomy=full").cmdgate("policy", passport)
                .cmdgate("audit", audit).main(PassportLoop.class, tmp.resolve("READY"), go, "sleep").run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("sleep").detail()).as("killed by SIGKILL").contains("exit=137");
        long elapsed = Long.parseLong(run.tagged("ELAPSED").get(0).trim());
        assertThat(elapsed).as("killed within a second of the 1 s limit (plus launch time)").isBetween(900L, 4_000L);
        Audit log = Audit.read(audit);
        List<Audit.Line> kills = log.events().stream().filter(l -> "watchdog_kill".equals(l.json().get("event"))).toList();
        assertThat(kills).as(log.dump()).hasSize(1);
        assertThat(kills.get(0).json().get("argv")).isEqualTo(List.of("sleep", "30"));
        Audit.Line decision = log.only(l -> !l.json().containsKey("event") && l.argv().contains("30"), "the sleep decision");
        assertThat(kills.get(0).json().get("decision_id")).isEqualTo(decision.id());
        assertThat(run.stderr()).contains("cmdgate: killed process");
    }

    /**
     * A passport that blocks {@code rm -rf} also blocks {@code rm -r}: a launched process has no terminal
     * on standard input, so rm asks nothing and removes what rm -rf removes. The directory survives; a
     * plain {@code rm} of one file still runs.
     */
    @OnEachJdk
    void a_blocked_rm_rf_also_blocks_rm_r_launched_without_a_terminal(Jdk jdk) throws Exception {
        Path passport = tmp.resolve("passport.json");
        Files.writeString(passport, """
                {"passport_id":"pp-effect","owner_id":"it","assurance_level":"L1","status":"active",
                 "capabilities":[{"id":"system.command.execute"}],
                 "limits":{"system.command.execute":{"allowed_commands":["rm","sh"],"blocked_patterns":["rm -rf"],
                   "max_execution_time":60,"allowed_working_directories":["%s"],"blocked_env_vars":[]}}}
                """.formatted(tmp.toRealPath()));
        Path victim = Files.createDirectories(tmp.resolve("victim"));
        Path inside = Files.writeString(victim.resolve("kept.txt"), "kept");
        Path single = Files.writeString(tmp.resolve("single.txt"), "gone");
        Path audit = tmp.resolve("audit.jsonl");
        Run run = ForkedJvm.on(jdk).in(tmp.toRealPath()).withAgent("autonomy=full,prompt=allow").cmdgate("policy", passport)
                .cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts()
                        .add("rm_r", "rm", "-r", victim)
                        .add("sh_rm_r", "sh", "-c", "rm -R " + victim)
                        .add("rm_one", "rm", single)
                        .args())
                .run();
        Blocked.assertBlocked(run.result("rm_r"));
        Blocked.assertBlocked(run.result("sh_rm_r"));
        assertThat(run.result("rm_one").ok()).as(run.describe()).isTrue();
        assertThat(inside).as("rm -r was refused before it ran").exists();
        assertThat(single).doesNotExist();
        Audit log = Audit.read(audit);
        Audit.Line line = log.only(l -> l.argv().equals(List.of("rm", "-r", victim.toString())), "the rm -r decision");
        assertThat(line.reasonCodes()).contains("oap.blocked_pattern");
        assertThat(line.reasons().get(0).get("message").toString())
                .startsWith("Command matches blocked pattern 'rm -rf': rm -r " + victim + " (same effect:");
    }

    /**
     * With {@code cmdgate.signing.key}, each audit line's signed OAP decision binds that line's launch:
     * the CLI's {@code verify} passes the untouched file and fails a line whose argv was rewritten, whose
     * outcome was changed, or that carries a signed decision moved from another line.
     */
    @OnEachJdk
    void signed_audit_lines_bind_their_launch_and_verify_catches_tampering(Jdk jdk) throws Exception {
        Path keys = tmp.resolve("keys");
        assertThat(cli(jdk, "keygen", "--out", keys.toString()).exit()).isZero();
        Path passport = tmp.resolve("passport.json");
        Files.writeString(passport, """
                {"passport_id":"pp-sign","owner_id":"it","assurance_level":"L1","status":"active",
                 "capabilities":[{"id":"system.command.execute"}],
                 "limits":{"system.command.execute":{"allowed_commands":["echo","rm"],"blocked_patterns":["rm -rf"],
                   "max_execution_time":60,"allowed_working_directories":["%s"],"blocked_env_vars":[]}}}
                """.formatted(tmp.toRealPath()));
        Path victim = Files.createDirectories(tmp.resolve("victim"));
        Path audit = tmp.resolve("audit.jsonl");
        Run run = ForkedJvm.on(jdk).in(tmp.toRealPath()).withAgent("autonomy=full").cmdgate("policy", passport)
                .cmdgate("signing.key", keys.resolve("cmdgate-signing.pem")).cmdgate("audit", audit)
                .main(Commands.class).args(Spec.attempts()
                        .add("echo", "@env=GREETING=hi", "echo", "signed")
                        .add("rm", "rm", "-rf", victim)
                        .args())
                .run();
        assertThat(run.result("echo").ok()).as(run.describe()).isTrue();
        Blocked.assertBlocked(run.result("rm"));
        assertThat(victim).exists();
        Audit log = Audit.read(audit);
        assertThat(log.size()).isEqualTo(2);
        assertThat(log.forWord("signed").json()).containsEntry("env", Map.of("changed", List.of("GREETING"), "hooks", Map.of()));
        String pub = keys.resolve("cmdgate-signing.pub.pem").toString();

        Cli untouched = cli(jdk, "verify", "--key", pub, audit.toString());
        assertThat(untouched.exit()).as(untouched.out()).isZero();
        // the allowed echo's exit line sits between the two decisions: event lines carry no decision and are passed over
        assertThat(untouched.out().lines().filter(l -> l.contains(": OK valid signature")).count()).as(untouched.out())
                .isEqualTo(2);
        assertThat(untouched.out()).contains("line 1: OK", "binds this line's launch").doesNotContain(" BAD ");

        String allowed = log.forWord("signed").raw();
        String refused = log.forWord(victim.toString()).raw();
        String rewritten = allowed.replace("\"argv\":[\"echo\",\"signed\"]", "\"argv\":[\"rm\",\"-rf\",\"/\"]");
        String flipped = refused.replace("\"outcome\":\"blocked\"", "\"outcome\":\"allowed\"");
        String moved = refused.substring(0, refused.indexOf(",\"oap\":")) + allowed.substring(allowed.indexOf(",\"oap\":"));
        String movedAndFlipped = moved.replace("\"outcome\":\"blocked\"", "\"outcome\":\"allowed\"");
        String noEnv = allowed.replace(",\"env\":{\"changed\":[\"GREETING\"],\"hooks\":{}}", "");
        List<String> tampered = List.of(rewritten, flipped, moved, movedAndFlipped, noEnv);
        assertThat(tampered).doesNotContain(allowed, refused);
        Path forged = Files.writeString(tmp.resolve("forged.jsonl"), String.join("\n", tampered) + "\n");
        Cli caught = cli(jdk, "verify", "--key", pub, forged.toString());
        assertThat(caught.exit()).as(caught.out()).isEqualTo(1);
        assertThat(caught.out().lines().filter(l -> l.contains(": BAD ")).count()).as(caught.out()).isEqualTo(5);
    }

    private record Cli(int exit, String out) {
    }

    /** Runs the agent jar's CLI on this JDK. */
    private Cli cli(Jdk jdk, String... args) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(jdk.present(), jdk + " is not installed");
        List<String> cmd = new java.util.ArrayList<>(List.of(jdk.java().toString(), "-jar", ForkedJvm.AGENT_JAR.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(tmp.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Cli(p.exitValue(), out);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> oap(Audit.Line line) {
        return (Map<String, Object>) line.json().get("oap");
    }

    private static void waitFor(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(file) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(file).exists();
    }
}
