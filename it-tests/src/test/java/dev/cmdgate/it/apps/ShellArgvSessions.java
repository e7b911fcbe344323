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
 * As {@link SessionsOfWrites}, with the shell's command line chosen: the arguments are sessions separated by
 * {@code --}, each {@code DIR SHELL-ARGV ... :: WRITE...} ({@code bash -i} for an interactive session). Reports each
 * write as {@code RESULT <dir>.w<N> ok} or {@code RESULT <dir>.w<N> blocked <exception>: <message>}, then closes the
 * shell's input and prints {@code SESSION <dir> exit=N out=…}. Knows nothing about cmdgate.
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
                System.out.println(name + " blocked " + e.getClass().getName() + ": "
                        + String.valueOf(e.getMessage()).replace("\n", "\\n"));
            }
            Thread.sleep(700);
        }
        try {
            stdin.close();
        } catch (IOException e) {
            System.out.println("RESULT " + dir + ".close blocked " + e.getClass().getName());
        }
        if (!shell.waitFor(20, TimeUnit.SECONDS)) {
            shell.destroyForcibly();
            shell.waitFor();
        }
        reader.join(2000);
        System.out.println("SESSION " + dir + " argv=" + Arrays.toString(argv.toArray()) + " exit=" + shell.exitValue()
                + " out=" + out.toString(StandardCharsets.UTF_8).replace("\n", "\\n"));
    }
}
