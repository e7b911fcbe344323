package dev.cmdgate.it.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * cmdgate's hook as a host runs it: registered with {@code cmdgate hook install} (the launcher of this checkout),
 * read back from the host's settings file, and run with {@code /bin/sh -c COMMAND}, the host's JSON on standard
 * input, in the project directory, killed at the host's timeout. PATH leads to the JDK under test.
 */
public final class InstalledHook {

    public static final Path LAUNCHER = Path.of(System.getProperty("cmdgate.it.root")).resolve("cmdgate").toAbsolutePath()
            .normalize();

    /** How one hook call ended. */
    public record Call(int exit, String stdout, String stderr, boolean timedOut, long millis) {
        public HookHost.Verdict verdict(HookHost host) {
            return host.after(exit, stdout, stderr, timedOut);
        }

        public String describe() {
            return "exit " + exit + (timedOut ? " (killed at the host's timeout)" : "") + ", " + millis + " ms\nstdout: "
                    + stdout + "\nstderr: " + stderr;
        }
    }

    private final Jdk jdk;
    private final Path home;
    private final Path pathFirst;

    /**
     * @param home      the HOME of the host and the hook
     * @param pathFirst a directory put before the JDK on PATH (a stand-in {@code java}), or null
     */
    public InstalledHook(Jdk jdk, Path home, Path pathFirst) {
        this.jdk = jdk;
        this.home = home;
        this.pathFirst = pathFirst;
    }

    /** Runs {@code cmdgate hook install HOST --project DIR OPTIONS…} and returns the command it registered. */
    public String install(HookHost host, Path project, String... options) {
        if (host == HookHost.PI) {
            // pi takes the extension in examples/pi, which runs the launcher as install registers it for the others
            List<String> c = new ArrayList<>(List.of("PATH=" + jdk.home().resolve("bin") + ":/usr/local/bin:/usr/bin:/bin",
                    "/bin/bash", "-p", LAUNCHER.toString(), "hook", "pi"));
            c.addAll(List.of(options));
            return String.join(" ", c);
        }
        List<String> argv = new ArrayList<>(List.of(LAUNCHER.toString(), "hook", "install", host.id, "--project",
                project.toString()));
        argv.addAll(List.of(options));
        Call c = run(argv, "", project, Duration.ofSeconds(120));
        if (c.exit() != 0) {
            throw new AssertionError("cmdgate hook install failed: " + c.describe());
        }
        return registered(host, project);
    }

    /** The command line the host's settings file under {@code project} registers for cmdgate. */
    @SuppressWarnings("unchecked")
    public static String registered(HookHost host, Path project) {
        String file = switch (host) {
            case CLAUDE_CODE -> ".claude/settings.local.json";
            case CODEX -> ".codex/hooks.json";
            case GEMINI -> ".gemini/settings.json";
            case CURSOR -> ".cursor/hooks.json";
            case COPILOT -> ".github/hooks/cmdgate.json";
            case PI -> throw new IllegalArgumentException("pi has no settings file");
        };
        Map<String, Object> root = StrictJson.parseObject(Dirs.read(project.resolve(file)));
        Map<String, Object> hooks = (Map<String, Object>) root.get("hooks");
        String event = switch (host) {
            case CLAUDE_CODE, CODEX -> "PreToolUse";
            case GEMINI -> "BeforeTool";
            case CURSOR -> "beforeShellExecution";
            default -> "preToolUse";
        };
        for (Object entry : (List<Object>) hooks.get(event)) {
            Map<String, Object> e = (Map<String, Object>) entry;
            if (e.containsKey("hooks")) {
                for (Object h : (List<Object>) e.get("hooks")) {
                    Object c = ((Map<String, Object>) h).get("command");
                    if (c instanceof String s && s.contains("cmdgate")) {
                        return s;
                    }
                }
            } else {
                Object c = e.get(host == HookHost.COPILOT ? "bash" : "command");
                if (c instanceof String s && s.contains("cmdgate")) {
                    return s;
                }
            }
        }
        throw new AssertionError("no cmdgate hook registered in " + file);
    }

    /** Runs a registered command as the host does. */
    public Call call(String command, byte[] stdin, Path cwd, Duration hostTimeout) {
        return run(List.of("/bin/sh", "-c", command), stdin, cwd, hostTimeout, false);
    }

    /** As {@link #call}, writing one byte of the input and then keeping standard input open (a stalled host). */
    public Call callStalled(String command, Path cwd, Duration hostTimeout) {
        return run(List.of("/bin/sh", "-c", command), new byte[] {'{'}, cwd, hostTimeout, true);
    }

    private Call run(List<String> argv, String stdin, Path cwd, Duration timeout) {
        return run(argv, stdin.getBytes(StandardCharsets.UTF_8), cwd, timeout, false);
    }

    private Call run(List<String> argv, byte[] stdin, Path cwd, Duration timeout, boolean keepOpen) {
        ProcessBuilder pb = new ProcessBuilder(argv).directory(cwd.toFile());
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("CMDGATE_") || k.contains("JAVA_OPTIONS") || k.equals("JAVA_TOOL_OPTIONS"));
        env.put("HOME", home.toString());
        env.put("PATH", (pathFirst == null ? "" : pathFirst + ":") + jdk.home().resolve("bin") + ":/usr/bin:/bin");
        long start = System.nanoTime();
        try {
            Process p = pb.start();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Thread o = pump(p.getInputStream(), out);
            Thread e = pump(p.getErrorStream(), err);
            OutputStream in = p.getOutputStream();
            try {
                in.write(stdin);
                in.flush();
                if (!keepOpen) {
                    in.close();
                }
            } catch (IOException broken) {
                // the hook stopped reading: what it answers is what counts
            }
            boolean done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!done) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor();
            }
            o.join(5_000);
            e.join(5_000);
            try {
                in.close();
            } catch (IOException gone) {
                // a stalled call's input kept open: when the process has ended, the JDK has closed the pipe already
            }
            return new Call(done ? p.exitValue() : -1, out.toString(StandardCharsets.UTF_8),
                    err.toString(StandardCharsets.UTF_8), !done, (System.nanoTime() - start) / 1_000_000);
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new AssertionError(ex);
        }
    }

    private static Thread pump(InputStream in, ByteArrayOutputStream to) {
        Thread t = new Thread(() -> {
            try {
                in.transferTo(to);
            } catch (IOException ignored) {
                // the process ended
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** A fixture's JSON with {@code CWD} replaced by the project directory. */
    public static String fixture(String name, Path project) {
        try (InputStream in = InstalledHook.class.getResourceAsStream("/hooks/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("CWD", project.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes an executable script. */
    public static Path script(Path file, String text) {
        Dirs.write(file, text);
        try {
            Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }
}
