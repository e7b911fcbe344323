package dev.cmdgate.examples.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * An ordinary application that knows nothing about cmdgate: it launches a mix of Read, Write,
 * Network and Destructive commands and reports what happened to each. Run it under the agent
 * ({@code ./cmdgate demo}) to see the gate at work. Every command is harmless even if it runs: the
 * "destructive" ones only touch a scratch directory or ask sudo for nothing.
 */
public final class LaunchMix {

    private LaunchMix() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Path scratch = Files.createTempDirectory("cmdgate-demo");
        Path victim = Files.createDirectories(scratch.resolve("victim"));
        List<List<String>> commands = List.of(
                List.of("ls", scratch.toString()),
                List.of("git", "--version"),
                List.of("echo", "a; rm -rf /"),
                List.of("touch", scratch.resolve("created-by-demo").toString()),
                List.of("mkdir", scratch.resolve("new-dir").toString()),
                List.of("curl", "-sS", "--max-time", "1", "http://127.0.0.1:9/"),
                List.of("sh", "-c", "echo hello | tr a-z A-Z"),
                List.of("sh", "-c", "rm -rf " + victim),
                List.of("sudo", "-n", "true"));
        for (List<String> argv : commands) {
            System.out.printf("%-55s %s%n", String.join(" ", argv).replace(scratch.toString(), "$TMP"), attempt(argv));
        }
        System.out.println("scratch dir still has: " + list(scratch));
    }

    private static String attempt(List<String> argv) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            int rc = p.waitFor();
            return "ran (exit " + rc + ")" + (out.isEmpty() ? "" : ": " + firstLine(out));
        } catch (SecurityException e) {
            return "REFUSED " + shorten(e.getMessage());
        } catch (IOException e) {
            return "failed to start: " + e.getMessage();
        }
    }

    /** "cmdgate: blocked CMD (Class, level): reasons [decision …]" → "(Class, level) why". */
    private static String shorten(String message) {
        int open = message.lastIndexOf(" (", message.indexOf("): ") < 0 ? message.length() : message.indexOf("): "));
        int close = message.indexOf("): ", Math.max(open, 0));
        if (open < 0 || close < 0) {
            return message;
        }
        String classAndLevel = message.substring(open + 1, close + 1);
        String reasons = message.substring(close + 3).replaceFirst(" \\[decision .*", "");
        int dash = reasons.indexOf(" — ");   // the gate's reason names what the classifier found
        String why = dash < 0 ? reasons : reasons.substring(dash + 3);
        why = why.contains("; ") ? why.substring(0, why.indexOf("; ")) : why;
        String line = classAndLevel + " " + why;
        return line.length() > 100 ? line.substring(0, 100) + "…" : line;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        String line = nl < 0 ? s : s.substring(0, nl);
        return line.length() > 60 ? line.substring(0, 60) + "…" : line;
    }

    private static List<String> list(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
