package dev.cmdgate.it.apps;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Several persistent shells, one after another, each fed a few raw writes with a pause between them (as an agent
 * framework writes: no end marker). The arguments are the sessions, separated by {@code --}: the first word of a
 * session names the directory (below the working directory) its {@code bash} runs in, the others are its writes,
 * written as they are (a write ends with a newline only when the argument does). Reports each write as
 * {@code RESULT <dir>.w<N> ok} (the stream took it) or {@code RESULT <dir>.w<N> blocked <exception>: <message>},
 * then closes the shell's input, waits for it and prints {@code SESSION <dir> exit=N out=…}. Knows nothing about
 * cmdgate.
 */
public final class SessionsOfWrites {

    private SessionsOfWrites() {
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
            if (!s.isEmpty()) {
                session(s.get(0), s.subList(1, s.size()));
            }
        }
        System.out.println("DONE");
    }

    private static void session(String dir, List<String> writes) throws Exception {
        Process bash = new ProcessBuilder("bash").directory(new File(dir)).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread reader = new Thread(() -> {
            try {
                bash.getInputStream().transferTo(out);
            } catch (IOException ignored) {
                // the shell is gone
            }
        }, "bash-output");
        reader.setDaemon(true);
        reader.start();
        OutputStream stdin = bash.getOutputStream();
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
            System.out.println("RESULT " + dir + ".close blocked " + e.getClass().getName() + ": "
                    + String.valueOf(e.getMessage()).replace("\n", "\\n"));
        }
        if (!bash.waitFor(20, TimeUnit.SECONDS)) {
            bash.destroyForcibly();
            bash.waitFor();
        }
        reader.join(2000);
        System.out.println("SESSION " + dir + " exit=" + bash.exitValue() + " out="
                + out.toString(StandardCharsets.UTF_8).replace("\n", "\\n"));
    }
}
