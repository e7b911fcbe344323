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
            System.out.printf("%-48s %s%n", String.join(" ", argv).replace(scratch.toString(), "$TMP"), attempt(argv));
        }
        System.out.println("scratch dir still has: " + list(scratch));
    }

    private static String attempt(List<String> argv) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            int rc = p.waitFor();
            return "ran      (exit " + rc + ")" + (out.isEmpty() ? "" : ": " + firstLine(out));
        } catch (SecurityException e) {
            return "REFUSED  " + shorten(e.getMessage());
        } catch (IOException e) {
            return "failed to start: " + e.getMessage();
        }
    }

    /**
     * "cmdgate: blocked CMD (Class, level): reasons [decision …]" → "Class/level, not allowed under readonly:
     * why" or "Class/level, needs approval under supervised (asked: denied): why" — the class, what the tier
     * said, and the finding that decided it.
     */
    static String shorten(String message) {
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile(" \\((Read|Write|Network|Install|Destructive), ([a-z]+)\\): (.*?)( \\[decision [^]]*])?$")
                .matcher(message);
        if (!m.find()) {
            return message;
        }
        String[] classAndLevel = {m.group(1), m.group(2)};
        String reasons = m.group(3);
        String gate = null;
        String why = "";
        for (String r : reasons.split("; ")) {
            int under = r.indexOf(" under ");
            if (gate == null && under > 0 && (r.contains(" not allowed under ") || r.contains(" needs approval under "))) {
                String tier = r.substring(under + 7).split(" ")[0].replace("autonomy=", "");
                gate = (r.contains(" not allowed ") ? "not allowed under " : "needs approval under ") + tier;
                int dash = r.indexOf(" — ");
                why = dash < 0 ? "" : r.substring(dash + 3);
            }
        }
        if (reasons.startsWith("the prompt was answered deny")) {
            gate = (gate == null ? "prompt" : gate) + " (asked: denied)";
        }
        String line = classAndLevel[0] + "/" + (classAndLevel.length > 1 ? classAndLevel[1] : "?") + ", "
                + (gate == null ? reasons : gate) + (why.isEmpty() ? "" : ": " + why);
        return line.length() > 120 ? line.substring(0, 120) + "…" : line;
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
