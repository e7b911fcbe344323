package demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A test that launches processes, as build tests do. It runs in surefire's forked JVM. It records what
 * happened to each launch in target/launches.txt and never fails because of a refusal: the fixture
 * shows what the gate did, the cmdgate it-tests check it.
 */
class LaunchesTest {

    @Test
    void launchesProcesses() throws Exception {
        assertEquals("hello you", Greeter.greet("you"));
        Path victim = Files.createDirectories(Path.of("target", "victim"));
        Files.writeString(victim.resolve("keep.txt"), "precious\n");
        StringBuilder report = new StringBuilder();
        for (List<String> argv : List.of(
                List.of("ls", "target"),
                List.of("touch", "target/touched-by-test.txt"),
                List.of("rm", "-rf", "target/victim"))) {
            String cmd = String.join(" ", argv);
            try {
                int exit = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
                report.append("RAN ").append(cmd).append(" (exit ").append(exit).append(")\n");
            } catch (SecurityException e) {
                report.append("REFUSED ").append(cmd).append(" — ").append(e.getClass().getName()).append(": ")
                        .append(e.getMessage()).append('\n');
            }
        }
        Files.writeString(Path.of("target", "launches.txt"), report);
    }
}
