package dev.cmdgate.it.promptapps;

import dev.cmdgate.api.CheckResult;
import dev.cmdgate.api.Cmdgate;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CyclicBarrier;

/**
 * A test application: launches each command given as {@code label[@dir]:word|word|…} — or as
 * {@code label[@dir]:@FILE}, its argv read from FILE (words separated by NUL), for words a command line
 * cannot carry — in order and prints one line per launch:
 * <pre>
 *   RESULT label ok EXIT MILLIS
 *   RESULT label blocked MILLIS MESSAGE
 *   RESULT label error MILLIS EXCEPTION
 * </pre>
 * With {@code -Dpromptapps.check=true} it first prints {@code CHECK label DECISION CLASS} from
 * {@link Cmdgate#check}. With {@code -Dpromptapps.parallel=true} all launches start at once, one thread each.
 * With {@code -Dpromptapps.readStdin=true} it finally reads its standard input and prints {@code STDIN …}.
 */
public final class LaunchEach {

    public static void main(String[] args) throws Exception {
        List<Spec> specs = new ArrayList<>();
        for (String a : args) {
            specs.add(Spec.parse(a));
        }
        if (Boolean.getBoolean("promptapps.parallel")) {
            CyclicBarrier start = new CyclicBarrier(specs.size());
            List<Thread> threads = new ArrayList<>();
            for (Spec s : specs) {
                Thread t = new Thread(() -> {
                    try {
                        start.await();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    launch(s);
                }, "launcher-" + s.label);
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
        } else {
            for (Spec s : specs) {
                launch(s);
            }
        }
        if (Boolean.getBoolean("promptapps.readStdin")) {
            String in = new String(System.in.readAllBytes()).trim().replace('\n', ' ');
            System.out.println("STDIN " + in);
        }
        System.out.println("DONE");
    }

    static void launch(Spec s) {
        if (Boolean.getBoolean("promptapps.check")) {
            CheckResult c = Cmdgate.check(s.argv, s.dir == null ? null : Path.of(s.dir));
            print("CHECK " + s.label + " " + c.decision() + " " + c.commandClass().label() + " " + c.agentActive());
        }
        long t0 = System.nanoTime();
        try {
            ProcessBuilder pb = new ProcessBuilder(s.argv).redirectErrorStream(true);
            if (s.dir != null) {
                pb.directory(new File(s.dir));
            }
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            int exit = p.waitFor();
            print("RESULT " + s.label + " ok " + exit + " " + millis(t0) + (out.isEmpty() ? "" : " " + out.replace('\n', ' ')));
        } catch (SecurityException e) {
            print("RESULT " + s.label + " blocked " + millis(t0) + " " + e.getMessage().replace('\n', ' '));
        } catch (Exception e) {
            print("RESULT " + s.label + " error " + millis(t0) + " " + e);
        }
    }

    static long millis(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    static synchronized void print(String line) {
        System.out.println(line);
        System.out.flush();
    }

    record Spec(String label, String dir, List<String> argv) {
        static Spec parse(String s) {
            int colon = s.indexOf(':');
            String head = s.substring(0, colon);
            int at = head.indexOf('@');
            String words = s.substring(colon + 1);
            List<String> argv;
            if (words.startsWith("@")) {
                try {
                    argv = Arrays.asList(java.nio.file.Files.readString(Path.of(words.substring(1)),
                            java.nio.charset.StandardCharsets.UTF_8).split("\0"));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            } else {
                argv = Arrays.asList(words.split("\\|"));
            }
            return new Spec(at < 0 ? head : head.substring(0, at), at < 0 ? null : head.substring(at + 1), argv);
        }
    }
}
