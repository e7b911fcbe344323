package dev.cmdgate.examples.shellsession;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A persistent shell session, the way many agent frameworks run a model's commands: start {@code bash}
 * once, write each command to its standard input, read the output up to a marker line. It knows
 * nothing about cmdgate. Under {@code -Dcmdgate.stdin=gate} every command written is decided on its
 * own before bash sees it; a refused one makes the write fail with an {@link IOException}.
 *
 * <p>Usage: {@code PersistentShell [WORKSPACE]} (default: a new temporary directory with a README.md
 * and a scratch/ directory).
 */
public final class PersistentShell {

    static final List<String> COMMANDS = List.of(
            "ls",
            "cat README.md",
            "touch notes.txt",
            "cat > plan.txt <<'EOF'\nstep 1: look around\nstep 2: do nothing rash\nEOF",
            "rm -rf scratch",
            "sudo -n true",
            "echo still here");

    private PersistentShell() {
    }

    public static void main(String[] args) throws Exception {
        Path ws = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("cmdgate-shell");
        if (!Files.exists(ws.resolve("README.md"))) {
            Files.writeString(ws.resolve("README.md"), "# a workspace\n");
            Files.createDirectories(ws.resolve("scratch"));
            Files.writeString(ws.resolve("scratch/keep.txt"), "precious\n");
        }
        System.out.println("workspace: " + ws);
        Process bash;
        try {
            bash = new ProcessBuilder("bash").directory(ws.toFile()).redirectErrorStream(true).start();
        } catch (SecurityException e) {
            System.out.println("REFUSED-START bash — " + e.getClass().getName() + ": " + e.getMessage());
            return;
        }
        System.out.println("started bash, pid " + bash.pid() + " (" + bash.getClass().getName() + ")");
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(bash.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    lines.add(l);
                }
            } catch (IOException ignored) {
                // the shell is gone
            }
        }, "bash-output");
        reader.setDaemon(true);
        reader.start();

        OutputStream stdin = bash.getOutputStream();
        for (String command : COMMANDS) {
            String shown = command.replace("\n", "⏎");
            try {
                send(stdin, command);
            } catch (IOException e) {
                System.out.println("REFUSED " + shown + " — " + e.getClass().getName() + ": " + e.getMessage());
                continue;
            }
            try {
                send(stdin, "echo \"@@done:$?\"");
            } catch (IOException e) {
                System.out.println("SENT    " + shown + " — but its end marker was refused: " + e.getMessage());
                continue;
            }
            StringBuilder out = new StringBuilder();
            String status = "timed out";
            for (String l; (l = lines.poll(20, TimeUnit.SECONDS)) != null; ) {
                if (l.startsWith("@@done:")) {
                    status = "exit " + l.substring("@@done:".length());
                    break;
                }
                out.append("        | ").append(l).append('\n');
            }
            System.out.println("RAN     " + shown + " (" + status + ")");
            System.out.print(out);
        }
        try {
            stdin.close();
        } catch (IOException e) {
            System.out.println("closing stdin failed: " + e.getMessage());
        }
        System.out.println("bash exited: " + bash.waitFor(20, TimeUnit.SECONDS) + ", status " + (bash.isAlive() ? "?" : bash.exitValue()));
        try (var s = Files.walk(ws)) {
            System.out.println("workspace now has: " + s.filter(p -> !p.equals(ws)).map(p -> ws.relativize(p).toString()).sorted().toList());
        }
    }

    private static void send(OutputStream stdin, String command) throws IOException {
        stdin.write((command + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }
}
