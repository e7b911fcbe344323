package dev.cmdgate.it.apps;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Several persistent shells, one after another, each fed a few raw writes with a pause between them (as an agent
 * framework writes: no end marker). The arguments are the sessions, separated by {@code --}, each
 * {@code DIR SHELL-ARGV ... :: WRITE...}: the directory (below the working directory) the shell runs in, the shell's
 * command line ({@code bash -i} for an interactive session), then its writes, written as they are (a write ends with a
 * newline only when the argument does). Reports each write as {@code RESULT <dir>.w<N> ok} (the stream took it) or
 * {@code RESULT <dir>.w<N> blocked <exception>: <message>}, then closes the shell's input, waits for it and prints
 * {@code SESSION <dir> exit=N argv=[…] out=…}. Knows nothing about cmdgate.
 */
public final class ShellArgvSessions {

    private ShellArgvSessions() {
    }

    public static void main(String[] args) throws Exception {
        List<List<String>> sessions = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (String a : args) {
            if (a.equals("--")) {
                sessions.add(current);
                current = new ArrayList<>();
            } else {
                current.add(a);
            }
        }
        sessions.add(current);
        for (List<String> s : sessions) {
            int split = s.indexOf("::");
            if (split > 1) {
                session(s.get(0), s.subList(1, split), s.subList(split + 1, s.size()));
            }
        }
        System.out.println("DONE");
    }

    private static void session(String dir, List<String> argv, List<String> writes) throws Exception {
        Process shell = new ProcessBuilder(argv).directory(new File(dir)).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread reader = new Thread(() -> {
            try {
                shell.getInputStream().transferTo(out);
            } catch (IOException ignored) {
                // the shell is gone
            }
        }, "shell-output");
        reader.setDaemon(true);
        reader.start();
        OutputStream stdin = shell.getOutputStream();
        for (int i = 0; i < writes.size(); i++) {
            String name = "RESULT " + dir + ".w" + (i + 1);
            try {
                stdin.write(writes.get(i).getBytes(StandardCharsets.UTF_8));
                stdin.flush();
                System.out.println(name + " ok");
            } catch (IOException e) {
                System.out.println(name + " blocked " + refusal(e));
            }
            Thread.sleep(700);
        }
        try {
            stdin.close();
        } catch (IOException e) {
            System.out.println("RESULT " + dir + ".close blocked " + refusal(e));
        }
        if (!shell.waitFor(20, TimeUnit.SECONDS)) {
            shell.destroyForcibly();
            shell.waitFor();
        }
        reader.join(2000);
        // exit= first: the session's tests read the line from there
        System.out.println("SESSION " + dir + " exit=" + shell.exitValue() + " argv=" + Arrays.toString(argv.toArray())
                + " out=" + out.toString(StandardCharsets.UTF_8).replace("\n", "\\n"));
    }

    private static String refusal(IOException e) {
        return e.getClass().getName() + ": " + String.valueOf(e.getMessage()).replace("\n", "\\n");
    }
}
