package dev.cmdgate.it.apps;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.UndeclaredThrowableException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * How the test applications report: one line per attempt, {@code RESULT <name> ok exit=N out=OUTPUT},
 * {@code RESULT <name> blocked <exception class>: <message>} for a SecurityException, or
 * {@code RESULT <name> error <exception class>: <message>} for anything else. Newlines and
 * backslashes in OUTPUT and messages are escaped, so each attempt is exactly one line.
 */
public final class Attempt {

    /** A launch that returns one Process, or a List of them (a pipeline). */
    @FunctionalInterface
    public interface Launch {
        Object run() throws Exception;
    }

    private Attempt() {
    }

    public static void run(String name, Launch launch) {
        Object started;
        try {
            started = launch.run();
        } catch (Throwable t) {
            failed(name, t);
            return;
        }
        finished(name, started);
    }

    /** Waits for the process(es), then reports the last one's exit status and standard output. */
    @SuppressWarnings("unchecked")
    public static void finished(String name, Object started) {
        try {
            List<Process> processes = started instanceof List ? (List<Process>) started : List.of((Process) started);
            String out = "";
            int exit = 0;
            for (Process p : processes) {
                p.getOutputStream().close();
                byte[] bytes = readAll(p.getInputStream());
                readAll(p.getErrorStream());
                exit = p.waitFor();
                out = new String(bytes, StandardCharsets.UTF_8);
            }
            print("RESULT " + name + " ok exit=" + exit + " out=" + escape(out));
        } catch (Throwable t) {
            print("RESULT " + name + " error while waiting: " + t.getClass().getName() + ": " + escape(String.valueOf(t.getMessage())));
        }
    }

    public static void failed(String name, Throwable thrown) {
        Throwable t = unwrap(thrown);
        String status = t instanceof SecurityException ? "blocked" : "error";
        print("RESULT " + name + " " + status + " " + t.getClass().getName() + ": " + escape(String.valueOf(t.getMessage())));
    }

    static Throwable unwrap(Throwable t) {
        while ((t instanceof InvocationTargetException || t instanceof ExecutionException
                || t instanceof CompletionException || t instanceof UndeclaredThrowableException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out);
        return out.toByteArray();
    }

    public static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }

    public static void print(String line) {
        synchronized (System.out) {
            System.out.println(line);
            System.out.flush();
        }
    }
}
