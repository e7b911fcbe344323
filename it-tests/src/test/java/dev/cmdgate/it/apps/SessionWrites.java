package dev.cmdgate.it.apps;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A persistent shell fed one command per write: starts {@code bash} with its standard input piped,
 * writes each argument as one command followed by an end marker, and reports each write as
 * {@code RESULT c<N> ok exit=0 out=…} (the shell got it; its output up to the marker) or
 * {@code RESULT c<N> blocked java.io.IOException: <message>} (the gate refused it: the shell never saw
 * it). Ends with {@code DONE}. Runs in its working directory; knows nothing about cmdgate.
 */
public final class SessionWrites {

    private SessionWrites() {
    }

    public static void main(String[] args) throws Exception {
        Process bash = new ProcessBuilder("bash").redirectErrorStream(true).start();
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
        for (int i = 0; i < args.length; i++) {
            String name = "c" + (i + 1);
            try {
                stdin.write((args[i] + "\n").getBytes(StandardCharsets.UTF_8));
                stdin.flush();
            } catch (IOException e) {
                System.out.println("RESULT " + name + " blocked " + e.getClass().getName() + ": "
                        + String.valueOf(e.getMessage()).replace("\n", "\\n"));
                continue;
            }
            stdin.write("echo @@done\n".getBytes(StandardCharsets.UTF_8));
            stdin.flush();
            StringBuilder out = new StringBuilder();
            for (String l; (l = lines.poll(30, TimeUnit.SECONDS)) != null && !l.equals("@@done"); ) {
                out.append(l).append("\\n");
            }
            System.out.println("RESULT " + name + " ok exit=0 out=" + out);
        }
        stdin.close();
        bash.waitFor(30, TimeUnit.SECONDS);
        System.out.println("DONE");
    }
}
