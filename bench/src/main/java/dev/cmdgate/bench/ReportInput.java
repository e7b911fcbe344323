package dev.cmdgate.bench;

import dev.cmdgate.agent.audit.AuditEvent;
import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.audit.JvmIdentity;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Outcome;
import dev.cmdgate.core.decision.PromptRecord;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.gate.GateScheme;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Writes an audit file for measuring {@code cmdgate report --html}: {@code LINES} lines (default 100,000)
 * as gated JVMs write them over a week — real decisions (each launch judged by the real classifier, with
 * its findings and rules), through the real {@link AuditSink} (so the hash chain is real), from twelve JVMs,
 * a third in {@code mode=audit}, prompts answered by three approvers, by the console and by nobody in time,
 * and an {@code exit} line after most allowed launches. About 4,000 distinct commands.
 *
 * <pre>java -cp bench/target/cmdgate-bench.jar dev.cmdgate.bench.ReportInput OUT.jsonl [LINES]</pre>
 */
public final class ReportInput {

    private static final String[][] COMMANDS = {
        {"git", "status", "--short"}, {"ls", "-la", "src/main/java"}, {"cat", "README.md"}, {"grep", "-rn", "TODO", "src"},
        {"touch", "build/stamp-%d"}, {"mkdir", "-p", "target/run-%d"}, {"sh", "-c", "mvn -q -o test -Dtest=Case%d"},
        {"curl", "-fsS", "https://repo.example.org/artifact-%d.jar", "-o", "lib/a.jar"}, {"rm", "-rf", "target/tmp-%d"},
        {"npm", "install", "left-pad@1.%d.0"}, {"python3", "-c", "print(%d)"}, {"java", "-jar", "tools/gen-%d.jar"},
        {"sh", "-c", "cat logs/app-%d.log | grep ERROR | wc -l"}, {"find", ".", "-name", "*.tmp", "-delete"},
        {"git", "push", "origin", "feature-%d"}, {"sed", "-i", "s/a/b/", "conf/app-%d.properties"},
        {"docker", "run", "--rm", "alpine:3.%d", "true"}, {"echo", "job %d done"}, {"head", "-n", "%d", "data.csv"},
        {"chmod", "+x", "bin/tool-%d"},
    };
    private static final String[] APPROVERS = {"alice", "bob", "carol"};

    private ReportInput() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int lines = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        Files.deleteIfExists(out);
        Random r = new Random(42);
        List<AuditSink> jvms = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            jvms.add(new AuditSink(out, new JvmIdentity(4000 + i, i % 3 == 0 ? "app.jar" : "com.acme.Service" + i, null)));
        }
        Gatekeeper supervised = new Gatekeeper(Classifiers.standard(null), new GateScheme.ByAutonomy(Autonomy.SUPERVISED), null);
        Instant start = Instant.parse("2026-11-23T00:00:00Z");
        long weekMillis = 7L * 24 * 3600 * 1000;
        int written = 0;
        int id = 0;
        while (written < lines) {
            int jvm = r.nextInt(jvms.size());
            boolean audit = jvm % 3 == 1;
            String[] template = COMMANDS[r.nextInt(COMMANDS.length)];
            int variant = r.nextInt(200);
            List<String> argv = new ArrayList<>();
            for (String w : template) {
                argv.add(w.replace("%d", Integer.toString(variant)));
            }
            Instant t = start.plusMillis((long) written * weekMillis / lines + r.nextInt(1000));
            String cwd = "/srv/app" + jvm % 4;
            Launch launch = new Launch(argv, null, cwd, Map.of(), List.of(), null, null);
            Verdict v = supervised.judge(launch, LaunchSite.of(cwd, LaunchSite.NoFrames.NO_FRAMES));
            GateDecision gate = v.gate();
            PromptRecord prompt = null;
            Outcome outcome = Outcome.ALLOWED;
            if (gate == GateDecision.PROMPT && !audit) {
                int who = r.nextInt(10);
                if (who < 6) {
                    prompt = new PromptRecord("https://approvals.example", who < 4 ? "allow" : "deny", 2000 + r.nextInt(30000), null,
                            APPROVERS[who % 3], "web", who == 0 ? "checked the ticket" : null);
                } else if (who < 9) {
                    prompt = new PromptRecord("console", who == 8 ? "allow_always" : "deny", 500 + r.nextInt(5000), null);
                } else {
                    prompt = new PromptRecord("console", "deny", 60_000, "no answer within 60 s");
                }
                outcome = prompt.answer().startsWith("allow") ? Outcome.ALLOWED : Outcome.BLOCKED;
            } else if (gate == GateDecision.BLOCK && !audit) {
                outcome = Outcome.BLOCKED;
            }
            String decisionId = "b1d3c0de-0000-4000-8000-" + String.format("%012d", id++);
            Decision d = new Decision(decisionId, t, argv, cwd, v.classification(), gate, outcome, v.reasons(),
                    "autonomy=supervised", audit ? "audit" : "enforce", "com.acme.jobs.Runner" + (variant % 25)
                    + ".run(Runner.java:" + (40 + variant % 7) + ")", prompt, null, Map.of("tool", "shell"));
            jvms.get(jvm).record(d);
            written++;
            if (outcome == Outcome.ALLOWED && written < lines && r.nextInt(10) < 8) {
                long ran = 5 + r.nextInt(2000);
                jvms.get(jvm).write(new AuditEvent.Exit(t.plusMillis(ran), decisionId, 20000 + id,
                        r.nextInt(20) == 0 ? 1 : 0, ran));
                written++;
            }
        }
        System.out.println(out + ": " + written + " lines, " + Files.size(out) + " bytes");
    }
}
