package dev.cmdgate.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.Audit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Groovy (examples/groovy): {@code "touch x".execute()}, {@code ["sh","-c","…"].execute()} and a
 * process pipe, in an embedded GroovyShell. A refusal reaches the script as the plain
 * java.lang.SecurityException (Groovy does not wrap it), also when it escapes the script to the host.
 */
class GroovyIT {

    static final String MAIN = "dev.cmdgate.examples.groovy.GroovyLaunches";
    static final List<List<String>> ARGVS = List.of(List.of("ls"), List.of("touch", "groovy-string.txt"),
            List.of("sh", "-c", "echo hi > groovy-list.txt"), List.of("sh", "-c", "rm -rf scratch"),
            List.of("git", "status"), List.of("touch", "uncaught.txt"));

    static List<Object[]> cases() {
        List<Object[]> out = new ArrayList<>();
        for (ExampleRun.Jdk jdk : ExampleRun.jdks()) {
            for (String tier : List.of("readonly", "full")) {
                out.add(new Object[] {jdk, tier});
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0} autonomy={1}")
    @MethodSource("cases")
    void executeIsGatedLikeAnyOtherLaunch(ExampleRun.Jdk jdk, String tier) {
        Path ws = Workspaces.create("groovy");
        ExampleRun.Result r = ExampleRun.of(jdk, "groovy", MAIN).agent("autonomy", tier).agent("prompt", "deny").run(ws);
        assertThat(r.exit()).as(r.describe()).isZero();
        Map<String, Expected.Verdict> e = Expected.argv(tier, ARGVS);
        check(r, "\"ls\".execute()", e.get("ls").allowed());
        check(r, "\"touch groovy-string.txt\".execute()", e.get("touch groovy-string.txt").allowed());
        check(r, "[\"sh\",\"-c\",\"echo hi > groovy-list.txt\"].execute()", e.get("sh -c echo hi > groovy-list.txt").allowed());
        check(r, "[\"sh\",\"-c\",\"rm -rf scratch\"].execute()", false);
        check(r, "\"git status\" | \"wc -l\" (Groovy pipe)", e.get("git status").allowed()
                && Expected.argv(tier, List.of(List.of("wc", "-l"))).get("wc -l").allowed());
        boolean uncaught = e.get("touch uncaught.txt").allowed();
        assertThat(r.lines(uncaught ? "RAN     uncaught" : "REFUSED uncaught 'touch uncaught.txt'.execute() — the host caught java.lang.SecurityException"))
                .as(r.describe()).hasSize(1);

        assertThat(Files.exists(ws.resolve("groovy-string.txt"))).isEqualTo(e.get("touch groovy-string.txt").allowed());
        assertThat(Files.exists(ws.resolve("groovy-list.txt"))).isEqualTo(e.get("sh -c echo hi > groovy-list.txt").allowed());
        assertThat(Files.exists(ws.resolve("uncaught.txt"))).isEqualTo(uncaught);
        assertThat(ws.resolve("scratch/keep.txt")).exists();

        Audit audit = Audit.read(r.audit());
        assertThat(audit.where(l -> l.argv().equals(List.of("sh", "-c", "rm -rf scratch"))))
                .singleElement().satisfies(l -> assertThat(l.get("outcome")).isEqualTo("blocked"));
        assertThat(audit.where(l -> l.argv().equals(List.of("touch", "groovy-string.txt"))))
                .singleElement().satisfies(l -> assertThat((String) l.get("caller")).isNotBlank());
    }

    private static void check(ExampleRun.Result r, String label, boolean runs) {
        String prefix = runs ? "RAN     " + label + " (exit " : "REFUSED " + label + " — java.lang.SecurityException: cmdgate: blocked ";
        assertThat(r.lines(prefix)).as(label + "\n" + r.describe()).hasSize(1);
    }
}
