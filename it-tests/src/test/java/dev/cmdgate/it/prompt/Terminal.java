package dev.cmdgate.it.prompt;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A command running on a real pseudo-terminal that a test can read and type into: through
 * {@code script} (util-linux) when it is installed, else tmux. {@link #tool()} says which one exists
 * (or null: the console tests are skipped). {@code -Dcmdgate.it.pty=script|tmux} forces one.
 */
abstract class Terminal implements AutoCloseable {

    static String tool() {
        String forced = System.getProperty("cmdgate.it.pty");
        if (forced != null) {
            return forced.equals("none") ? null : forced;
        }
        if (works("script", "--version")) {
            return "script";
        }
        if (works("tmux", "-V")) {
            return "tmux";
        }
        return null;
    }

    private static boolean works(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Starts {@code shellLine} (run by sh) in {@code dir} on a new pseudo-terminal. */
    static Terminal start(String tool, String shellLine, Path dir) throws IOException {
        return tool.equals("tmux") ? new Tmux(shellLine, dir) : new Script(shellLine, dir);
    }

    static String quote(List<String> words) {
        List<String> out = new ArrayList<>();
        for (String w : words) {
            out.add("'" + w.replace("'", "'\\''") + "'");
        }
        return String.join(" ", out);
    }

    /** Everything the terminal has shown so far. */
    abstract String screen() throws IOException;

    /** Types {@code line} and Enter. */
    abstract void type(String line) throws IOException;

    /** The command's exit status once it has ended, or null while it runs. */
    abstract Integer exitStatus() throws IOException;

    /** Waits until the screen satisfies {@code condition}; fails with the screen after {@code timeout}. */
    String await(Predicate<String> condition, Duration timeout, String what) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        String s = screen();
        while (!condition.test(s)) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting for " + what + "; the terminal shows:\n" + s);
            }
            Thread.sleep(50);
            s = screen();
        }
        return s;
    }

    int awaitExit(Duration timeout) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        Integer status;
        while ((status = exitStatus()) == null) {
            if (System.nanoTime() > end) {
                throw new AssertionError("the command did not end within " + timeout + "; the terminal shows:\n" + screen());
            }
            Thread.sleep(50);
        }
        return status;
    }

    static int count(String text, String word) {
        int n = 0;
        for (int i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + word.length())) {
            n++;
        }
        return n;
    }

    /** {@code script -qfec LINE /dev/null}: the test writes the keyboard and reads the screen through pipes. */
    static final class Script extends Terminal {
        private final Process process;
        private final OutputStream keyboard;
        private final StringBuffer shown = new StringBuffer();

        Script(String shellLine, Path dir) throws IOException {
            process = new ProcessBuilder("script", "-qfec", shellLine, "/dev/null").directory(dir.toFile())
                    .redirectErrorStream(true).start();
            keyboard = process.getOutputStream();
            InputStream screen = process.getInputStream();
            Thread reader = new Thread(() -> {
                byte[] buf = new byte[4096];
                try {
                    for (int n; (n = screen.read(buf)) > 0; ) {
                        shown.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                    }
                } catch (IOException ignored) {
                    // the process ended
                }
            }, "pty-reader");
            reader.setDaemon(true);
            reader.start();
        }

        @Override
        String screen() {
            return shown.toString().replace("\r", "");
        }

        @Override
        void type(String line) throws IOException {
            keyboard.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
        }

        @Override
        Integer exitStatus() {
            return process.isAlive() ? null : process.exitValue();
        }

        @Override
        public void close() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** A detached tmux session on a private server socket; the screen is read with capture-pane. */
    static final class Tmux extends Terminal {
        private static final String DONE = "PTY-EXIT-STATUS=";
        private final String socket = "cmdgate-it-" + UUID.randomUUID();

        Tmux(String shellLine, Path dir) throws IOException {
            run("new-session", "-d", "-s", "t", "-x", "220", "-y", "60", "-c", dir.toString(),
                    shellLine + "; echo " + DONE + "$?; sleep 600");
        }

        private String run(String... args) throws IOException {
            List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket));
            cmd.addAll(List.of(args));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            try {
                p.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return out;
        }

        @Override
        String screen() throws IOException {
            return run("capture-pane", "-p", "-J", "-S", "-2000", "-t", "t");
        }

        @Override
        void type(String line) throws IOException {
            run("send-keys", "-t", "t", "-l", line);
            run("send-keys", "-t", "t", "Enter");
        }

        @Override
        Integer exitStatus() throws IOException {
            String s = screen();
            int i = s.lastIndexOf(DONE);
            if (i < 0) {
                return null;
            }
            String rest = s.substring(i + DONE.length()).trim().split("\\s+")[0];
            return rest.isEmpty() ? null : Integer.valueOf(rest);
        }

        @Override
        public void close() throws IOException {
            run("kill-server");
        }
    }
}
