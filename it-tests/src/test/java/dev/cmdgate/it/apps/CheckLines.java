package dev.cmdgate.it.apps;

import dev.cmdgate.api.CheckResult;
import dev.cmdgate.api.Cmdgate;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Asks the running agent, through the application API (nothing is launched), how it would judge
 * {@code bash -c LINE} in the working directory for each line of the file named first — one line a line, its
 * newlines written as {@code \n} — and prints {@code CLASS <n> <class>} for each.
 */
public final class CheckLines {

    private CheckLines() {
    }

    public static void main(String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
        Path cwd = Path.of("").toAbsolutePath();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).replace("\\n", "\n");
            CheckResult r = Cmdgate.check(List.of("bash", "-c", line), cwd);
            System.out.println("CLASS " + i + " " + r.commandClass() + " " + r.agentActive());
        }
    }
}
