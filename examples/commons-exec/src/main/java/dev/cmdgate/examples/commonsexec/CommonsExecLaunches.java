package dev.cmdgate.examples.commonsexec;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecuteResultHandler;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteWatchdog;
import org.apache.commons.exec.PumpStreamHandler;

/**
 * Apache Commons Exec as applications use it: a {@link DefaultExecutor} in a working directory with
 * an {@link ExecuteWatchdog} (a timeout) and a stream handler, synchronously and asynchronously with
 * a {@link DefaultExecuteResultHandler}. Prints, per command, whether it ran and, when it did not,
 * exactly which exception the application got.
 *
 * <p>Usage: {@code CommonsExecLaunches [WORKSPACE]}.
 */
public final class CommonsExecLaunches {

    static final List<String> COMMANDS = List.of(
            "ls",
            "touch commons-exec-sync.txt",
            "rm -rf scratch");

    private CommonsExecLaunches() {
    }

    public static void main(String[] args) throws Exception {
        Path ws = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("cmdgate-commons-exec");
        Files.createDirectories(ws.resolve("scratch"));
        Files.writeString(ws.resolve("scratch/keep.txt"), "precious\n");
        System.out.println("workspace: " + ws);
        for (String line : COMMANDS) {
            sync(ws, line);
        }
        async(ws, "touch commons-exec-async.txt");
        async(ws, "rm -rf scratch");
        try (var s = Files.walk(ws)) {
            System.out.println("workspace now has: " + s.filter(p -> !p.equals(ws)).map(p -> ws.relativize(p).toString()).sorted().toList());
        }
    }

    private static DefaultExecutor executor(Path ws, ByteArrayOutputStream out) {
        DefaultExecutor executor = DefaultExecutor.builder().setWorkingDirectory(ws.toFile()).get();
        executor.setWatchdog(ExecuteWatchdog.builder().setTimeout(Duration.ofSeconds(20)).get());
        executor.setStreamHandler(new PumpStreamHandler(out));
        return executor;
    }

    private static void sync(Path ws, String line) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DefaultExecutor executor = executor(ws, out);
        try {
            int exit = executor.execute(CommandLine.parse(line));
            System.out.println("RAN     sync  " + line + " (exit " + exit + ")");
        } catch (Exception e) {
            System.out.println("REFUSED sync  " + line + " — " + describe(e));
        }
        System.out.println("        watchdog killed the process: " + executor.getWatchdog().killedProcess());
    }

    private static void async(Path ws, String line) throws InterruptedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DefaultExecutor executor = executor(ws, out);
        DefaultExecuteResultHandler handler = new DefaultExecuteResultHandler();
        try {
            executor.execute(CommandLine.parse(line), handler);
        } catch (Exception e) {
            System.out.println("REFUSED async " + line + " — thrown by execute(): " + describe(e));
            return;
        }
        handler.waitFor(Duration.ofSeconds(20));
        if (!handler.hasResult()) {
            System.out.println("NORESULT async " + line + " — the result handler was never called");
        } else if (handler.getException() != null) {
            System.out.println("REFUSED async " + line + " — handler.getException(): " + describe(handler.getException()));
        } else {
            System.out.println("RAN     async " + line + " (exit " + handler.getExitValue() + ")");
        }
        TimeUnit.MILLISECONDS.sleep(1);
    }

    /** The exception chain as the application sees it: Type: message <- CauseType: message … */
    static String describe(Throwable e) {
        StringBuilder s = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (s.length() > 0) {
                s.append(" <- caused by ");
            }
            s.append(t.getClass().getName()).append(": ").append(t.getMessage());
        }
        return s.toString();
    }
}
