package dev.cmdgate.it.apps;

import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Launches a child JVM running {@link Commands}: {@code MODE [JVM-OPTION…] :: CHILD-ARGS…}. MODE
 * {@code direct} launches this JDK's {@code java} itself; {@code shell} launches it through
 * {@code sh -c 'exec java …'}. The child's output goes to this JVM's output (its RESULT lines appear
 * beside this one's), and this JVM reports {@code RESULT spawn …} with the child's exit status.
 */
public final class SpawnsJava {

    private SpawnsJava() {
    }

    public static void main(String[] args) {
        int sep = Arrays.asList(args).indexOf("::");
        List<String> options = Arrays.asList(args).subList(1, sep);
        List<String> child = Arrays.asList(args).subList(sep + 1, args.length);
        List<String> java = new ArrayList<>();
        java.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        java.addAll(options);
        java.addAll(List.of("-cp", System.getProperty("java.class.path"), Commands.class.getName()));
        java.addAll(child);
        List<String> argv = args[0].equals("shell") ? List.of("sh", "-c", "exec " + quoted(java)) : java;
        Attempt.run("spawn", () -> new ProcessBuilder(argv).redirectOutput(Redirect.INHERIT)
                .redirectError(Redirect.INHERIT).start());   // launch:spawn
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
