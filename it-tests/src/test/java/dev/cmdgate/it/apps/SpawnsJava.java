package dev.cmdgate.it.apps;

import java.io.File;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Launches a child JVM running {@link Commands}: {@code MODE [JVM-OPTION…] :: CHILD-ARGS…}. MODE
 * {@code direct} launches this JDK's {@code java -cp CLASSPATH Commands CHILD-ARGS} itself; {@code jar=FILE}
 * launches {@code java OPTIONS -jar FILE CHILD-ARGS} (a jar whose manifest names Commands); {@code cp+=DIR} is
 * {@code direct} with DIR first on the class path; {@code shell}
 * launches it through {@code sh -c 'exec java …'}, and {@code shell=TEMPLATE} through {@code sh -c TEMPLATE}
 * with {@code {java}} in it replaced by that command line, quoted ({@code shell=unset JAVA_TOOL_OPTIONS; exec {java}});
 * {@code HOW|SHELL} starts java as HOW ({@code jar=FILE}, {@code cp+=DIR}) through SHELL ({@code shell}, {@code shell=…}).
 * A JVM-OPTION {@code env:NAME=VALUE} is not an option: the launch sets NAME in the child's environment.
 * The child's output goes to this JVM's output (its RESULT lines appear beside this one's), and this JVM reports
 * {@code RESULT spawn …} with the child's exit status.
 */
public final class SpawnsJava {

    private SpawnsJava() {
    }

    public static void main(String[] args) {
        int sep = Arrays.asList(args).indexOf("::");
        String how = args[0];
        String mode = how;   // the shell, if any
        int bar = how.indexOf('|');
        if (bar >= 0) {
            mode = how.substring(bar + 1);
            how = how.substring(0, bar);
        }
        List<String> options = new ArrayList<>();
        java.util.Map<String, String> env = new java.util.HashMap<>();
        for (String o : Arrays.asList(args).subList(1, sep)) {
            if (o.startsWith("env:")) {
                env.put(o.substring(4, o.indexOf('=')), o.substring(o.indexOf('=') + 1));
            } else {
                options.add(o);
            }
        }
        List<String> child = Arrays.asList(args).subList(sep + 1, args.length);
        List<String> java = new ArrayList<>();
        java.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        java.addAll(options);
        if (how.startsWith("jar=")) {
            java.addAll(List.of("-jar", how.substring(4)));
        } else {
            String cp = System.getProperty("java.class.path");
            java.addAll(List.of("-cp", how.startsWith("cp+=") ? how.substring(4) + File.pathSeparator + cp : cp,
                    Commands.class.getName()));
        }
        java.addAll(child);
        List<String> argv = mode.equals("shell") ? List.of("sh", "-c", "exec " + quoted(java))
                : mode.startsWith("shell=") ? List.of("sh", "-c", mode.substring(6).replace("{java}", quoted(java)))
                : java;
        Attempt.run("spawn", () -> {
            ProcessBuilder pb = new ProcessBuilder(argv).redirectOutput(Redirect.INHERIT).redirectError(Redirect.INHERIT);
            pb.environment().putAll(env);
            return pb.start();   // launch:spawn
        });
        System.out.println("DONE");
    }

    private static String quoted(List<String> words) {
        StringBuilder b = new StringBuilder();
        for (String w : words) {
            b.append(b.length() == 0 ? "" : " ").append('\'').append(w.replace("'", "'\\''")).append('\'');
        }
        return b.toString();
    }
}
