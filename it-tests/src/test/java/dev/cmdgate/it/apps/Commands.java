package dev.cmdgate.it.apps;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the attempts given on its command line, one after another, and reports each (see {@link Attempt}).
 * Attempts are separated by {@code --}; each is {@code NAME [@OPTION…] ARGV…}. An argv containing the word
 * {@code |} is a {@code ProcessBuilder.startPipeline}; otherwise {@code new ProcessBuilder(argv).start()}.
 * Options: {@code @out=FILE} / {@code @append=FILE} / {@code @err=FILE} redirect the (last stage's) output,
 * {@code @in=FILE} the (first stage's) input, {@code @dir=DIR} sets the working directory,
 * {@code @env=NAME=VALUE} sets a variable in the launched process's environment,
 * {@code @exec} uses {@code Runtime.exec(String[])} instead. The attempt named {@code read-stdin} reads
 * one line of this JVM's own standard input and prints {@code STDIN <line>}; {@code await LABEL} prints
 * {@code AWAIT LABEL}, waits for one line of standard input and prints {@code GO LABEL <line>} (the test
 * does something to this running JVM in between); {@code java-mkdir DIR} creates a
 * directory from Java (no process), {@code java-rm PATH} deletes a file or empty directory,
 * {@code java-await-exits FILE N} waits (at most a minute) until the audit file FILE holds N exit lines,
 * {@code java-ln LINK TARGET} creates a symbolic link, {@code java-threads PREFIX} prints
 * {@code THREADS PREFIX <n>}, the number of live threads whose names start with PREFIX,
 * {@code java-sleep MILLIS} sleeps (the JVM stays alive, e.g. past a watchdog's deadline), and
 * {@code java-exit} prints {@code DONE} and calls {@code System.exit(0)}. In an argv, {@code @pid@} stands for this
 * JVM's process id. Ends with {@code DONE}.
 */
public final class Commands {

    /** One reader for all attempts that read standard input, so none loses a line another one buffered. */
    private static BufferedReader stdin;

    private Commands() {
    }

    private static BufferedReader stdin() {
        if (stdin == null) {
            stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        }
        return stdin;
    }

    public static void main(String[] args) throws Exception {
        List<List<String>> groups = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (String a : args) {
            if (a.equals("--")) {
                groups.add(current);
                current = new ArrayList<>();
            } else {
                current.add(a);
            }
        }
        groups.add(current);
        for (List<String> g : groups) {
            if (g.isEmpty()) {
                continue;
            }
            String name = g.get(0);
            if (name.equals("java-mkdir")) {
                java.nio.file.Files.createDirectories(java.nio.file.Path.of(g.get(1)));
                Attempt.print("MKDIR " + g.get(1));
                continue;
            }
            if (name.equals("java-await-exits")) {
                // exit lines are written when the process has ended, on cmdgate's own thread: a test that changes the
                // audit file from Java waits for them first (at most a minute), or a late one lands in the new file
                awaitExits(java.nio.file.Path.of(g.get(1)), Integer.parseInt(g.get(2)));
                Attempt.print("EXITS " + g.get(1));
                continue;
            }
            if (name.equals("java-rm")) {
                // deletes one file or empty directory (the tests only name paths in their own temp dir)
                java.nio.file.Files.delete(java.nio.file.Path.of(g.get(1)));
                Attempt.print("RM " + g.get(1));
                continue;
            }
            if (name.equals("java-ln")) {
                java.nio.file.Files.createSymbolicLink(java.nio.file.Path.of(g.get(1)), java.nio.file.Path.of(g.get(2)));
                Attempt.print("LN " + g.get(1) + " " + g.get(2));
                continue;
            }
            if (name.equals("java-threads")) {
                String prefix = g.get(1);
                long n = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(prefix)).count();
                Attempt.print("THREADS " + prefix + " " + n);
                continue;
            }
            if (name.equals("java-sleep")) {
                Thread.sleep(Long.parseLong(g.get(1)));
                Attempt.print("SLEPT " + g.get(1));
                continue;
            }
            if (name.equals("java-exit")) {
                // for handlers that leave non-daemon threads behind, which would keep this JVM alive
                Attempt.print("DONE");
                System.exit(0);
            }
            if (name.equals("read-stdin")) {
                Attempt.print("STDIN " + stdin().readLine());
                continue;
            }
            if (name.equals("await")) {
                // the test acts on this JVM meanwhile (e.g. attaches an agent), then says go on stdin
                Attempt.print("AWAIT " + g.get(1));
                Attempt.print("GO " + g.get(1) + " " + stdin().readLine());
                continue;
            }
            Attempt.run(name, () -> launch(g.subList(1, g.size())));
        }
        Attempt.print("DONE");
    }

    private static Object launch(List<String> spec) throws Exception {
        List<String> argv = new ArrayList<>();
        String out = null;
        String err = null;
        String in = null;
        String dir = null;
        boolean append = false;
        boolean exec = false;
        java.util.Map<String, String> env = new java.util.LinkedHashMap<>();
        for (String w : spec) {
            if (w.startsWith("@out=")) {
                out = w.substring(5);
            } else if (w.startsWith("@append=")) {
                out = w.substring(8);
                append = true;
            } else if (w.startsWith("@err=")) {
                err = w.substring(5);
            } else if (w.startsWith("@in=")) {
                in = w.substring(4);
            } else if (w.startsWith("@dir=")) {
                dir = w.substring(5);
            } else if (w.startsWith("@env=")) {
                String kv = w.substring(5);
                env.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
            } else if (w.equals("@exec")) {
                exec = true;
            } else {
                argv.add(w.replace("@pid@", Long.toString(ProcessHandle.current().pid())));
            }
        }
        if (exec) {
            return Runtime.getRuntime().exec(argv.toArray(String[]::new), null, dir == null ? null : new File(dir));
        }
        List<ProcessBuilder> stages = new ArrayList<>();
        List<String> stage = new ArrayList<>();
        for (String w : argv) {
            if (w.equals("|")) {
                stages.add(new ProcessBuilder(stage));
                stage = new ArrayList<>();
            } else {
                stage.add(w);
            }
        }
        stages.add(new ProcessBuilder(stage));
        for (ProcessBuilder b : stages) {
            b.environment().putAll(env);
            if (dir != null) {
                b.directory(new File(dir));
            }
        }
        ProcessBuilder first = stages.get(0);
        ProcessBuilder last = stages.get(stages.size() - 1);
        if (in != null) {
            first.redirectInput(new File(in));
        }
        if (out != null) {
            last.redirectOutput(append ? Redirect.appendTo(new File(out)) : Redirect.to(new File(out)));
        }
        if (err != null) {
            last.redirectError(new File(err));
        }
        return stages.size() == 1 ? last.start() : ProcessBuilder.startPipeline(stages);
    }

    private static void awaitExits(java.nio.file.Path audit, int count) throws java.io.IOException, InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (java.nio.file.Files.isRegularFile(audit)) {
                long exits = java.nio.file.Files.readAllLines(audit).stream()
                        .filter(l -> l.contains("\"event\":\"exit\"")).count();
                if (exits >= count) {
                    return;
                }
            }
            Thread.sleep(20);
        }
    }
}
