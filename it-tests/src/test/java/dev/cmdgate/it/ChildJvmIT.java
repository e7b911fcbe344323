package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.SpawnsJava;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM launched by a JVM gated with plain {@code -javaagent} runs under cmdgate with the same
 * configuration (cmdgate.children=gate, the default): its own launches are decided and audited there,
 * their lines carrying the parent's decision id. Launched directly (the agent as its first argument) or
 * through a shell (JAVA_TOOL_OPTIONS); {@code children=off} leaves it ungated; a {@code -Dcmdgate.*}
 * the application puts on the child's command line cannot loosen it. The parent runs under full with
 * prompts denied: launching java (Write) is allowed, the child's {@code rm -rf} (Destructive) is not.
 */
class ChildJvmIT {

    @TempDir
    Path tmp;

    private Path audit;
    private Path victim;
    private Path touched;

    @BeforeEach
    void files() throws IOException {
        audit = tmp.resolve("audit.jsonl");
        victim = Files.createDirectories(tmp.resolve("victim"));
        Files.writeString(victim.resolve("keep.txt"), "precious\n");
        touched = tmp.resolve("touched-by-child");
    }

    private Run parent(Jdk jdk, String mode, String agentArgs, String... childOptions) {
        List<String> args = new ArrayList<>(List.of(mode));
        args.addAll(List.of(childOptions));
        args.add("::");
        args.addAll(List.of("child-touch", "touch", touched.toString(), "--", "child-rm", "rm", "-rf", victim.toString()));
        return ForkedJvm.on(jdk).in(tmp).withAgent(agentArgs + ",audit=" + audit).env("HOME", tmp.toString())
                .main(SpawnsJava.class).args(args).run();
    }

    private void assertChildGated(Run run, Audit log, long parentPid) {
        assertThat(run.result("spawn").ok()).as(run.describe()).isTrue();
        assertThat(run.result("child-touch").ok()).as(run.describe()).isTrue();
        assertThat(touched).exists();
        assertThat(run.result("child-rm").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("child-rm").message()).startsWith("cmdgate: blocked rm -rf ");
        assertThat(victim.resolve("keep.txt")).exists();

        Audit.Line spawn = log.only(l -> l.argv().contains(Commands.class.getName()), "the spawn");
        assertThat(spawn.outcome()).isEqualTo("allowed");
        Audit.Line rm = log.only(l -> l.argv().get(0).equals("rm"), "the child's rm");
        Audit.Line touch = log.only(l -> l.argv().get(0).equals("touch"), "the child's touch");
        for (Audit.Line child : List.of(rm, touch)) {
            assertThat(child.str("parent_decision_id")).as(child.raw()).isEqualTo(spawn.id());
            assertThat(child.map("jvm")).as(child.raw()).containsEntry("main", Commands.class.getName());
            assertThat(((Number) child.map("jvm").get("pid")).longValue()).isNotEqualTo(parentPid);
            assertThat(child.str("caller")).startsWith("dev.cmdgate.it.apps.Commands.");
            assertThat(child.str("scheme")).isEqualTo("autonomy=full");
        }
        assertThat(rm.outcome()).isEqualTo("blocked");
        assertThat(touch.outcome()).isEqualTo("allowed");
        assertThat(spawn.str("parent_decision_id")).isNull();
        // the parent records the child's exit
        assertThat(log.events()).anySatisfy(e -> {
            assertThat(e.str("event")).isEqualTo("exit");
            assertThat(e.id()).isEqualTo(spawn.id());
            assertThat(((Number) e.json().get("exit")).intValue()).isZero();
        });
    }

    private static long pidOf(Audit.Line spawn) {
        return ((Number) spawn.map("jvm").get("pid")).longValue();
    }

    @OnEachJdk
    void aJavaLaunchedDirectlyRunsUnderTheAgentWithTheSameConfiguration(Jdk jdk) {
        Run run = parent(jdk, "direct", "autonomy=full,prompt=deny");
        Audit log = Audit.read(audit);
        Audit.Line spawn = log.only(l -> l.argv().contains(Commands.class.getName()), "the spawn");
        assertThat(spawn.argv().get(1)).as("what the application asked for is recorded, not the agent option")
                .isEqualTo("-cp");
        assertChildGated(run, log, pidOf(spawn));
        assertThat(run.stderr()).doesNotContain("Picked up JAVA_TOOL_OPTIONS");
    }

    @OnEachJdk
    void aJavaStartedByAShellGetsTheAgentThroughJavaToolOptions(Jdk jdk) {
        Run run = parent(jdk, "shell", "autonomy=full,prompt=deny");
        Audit log = Audit.read(audit);
        Audit.Line spawn = log.only(l -> l.argv().get(0).equals("sh"), "the shell");
        assertThat(run.stderr()).contains("Picked up JAVA_TOOL_OPTIONS: ");
        // sh -c 'exec java …': the shell's decision is the child's parent
        Audit.Line rm = log.only(l -> l.argv().get(0).equals("rm"), "the child's rm");
        assertThat(rm.str("parent_decision_id")).isEqualTo(spawn.id());
        assertThat(rm.outcome()).isEqualTo("blocked");
        assertThat(victim.resolve("keep.txt")).exists();
        assertThat(run.result("child-touch").ok()).as(run.describe()).isTrue();
    }

    @OnEachJdk
    void theApplicationCannotLoosenTheChildsConfigurationOnItsCommandLine(Jdk jdk) {
        Run run = parent(jdk, "direct", "autonomy=full,prompt=deny", "-Dcmdgate.mode=audit", "-Dcmdgate.prompt=allow");
        assertThat(run.result("child-rm").blocked()).as(run.describe()).isTrue();
        assertThat(victim.resolve("keep.txt")).exists();
        assertThat(run.stderr()).contains("cmdgate: configuration: ignored -Dcmdgate.mode=audit -Dcmdgate.prompt=allow:"
                + " this JVM was started by a gated JVM and runs with the configuration it was given");
    }

    @OnEachJdk
    void childrenOffLeavesTheChildUngated(Jdk jdk) {
        Run run = parent(jdk, "direct", "autonomy=full,prompt=deny,children=off");
        assertThat(run.result("child-rm").ok()).as(run.describe()).isTrue();
        assertThat(victim).doesNotExist();
        Audit log = Audit.read(audit);
        assertThat(log.lines()).as(log.dump()).hasSize(1);   // the spawn only: nothing from the child
    }
}
