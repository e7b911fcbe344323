package dev.cmdgate.agent.launch;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.core.classify.Chars;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;

/**
 * Hands cmdgate, with this JVM's configuration, to the JVMs this JVM launches ({@code cmdgate.children=gate}),
 * on the copy of the launch that cmdgate owns, after the launch was allowed:
 * <ul>
 *   <li>a JDK's {@code java} (a file in the bin directory of a Java runtime image, found as the JDK finds
 *       it: a path, or the name on this JVM's PATH) gets {@code -javaagent:JAR=SETTINGS} right after the
 *       program name; the JDK tools listed in {@code jvm-programs} get {@code -J-javaagent:…};</li>
 *   <li>every other launch gets the same option appended to {@code JAVA_TOOL_OPTIONS} in its environment
 *       (what the application set there is kept), so a JVM that a shell, a build tool or a JDK tool starts
 *       below it runs under cmdgate too;</li>
 *   <li>a launch that already carries cmdgate's agent (in its arguments, {@code JAVA_TOOL_OPTIONS} or
 *       {@code JDK_JAVA_OPTIONS}) is left with it: never two agents;</li>
 *   <li>every launch gets {@value AuditSink#PARENT_VARIABLE} set to the id of the decision that allowed
 *       it, which the child's audit lines record as {@code parent_decision_id}.</li>
 * </ul>
 * The settings are marked {@code sealed=true}: the child ignores {@code cmdgate.*} system properties and
 * configuration files the application puts on its command line.
 */
final class ChildJvms {

    static final String TOOL_OPTIONS = "JAVA_TOOL_OPTIONS";
    private static final String JDK_JAVA_OPTIONS = "JDK_JAVA_OPTIONS";

    /** One row of {@code jvm-programs}. */
    record Program(String name, boolean viaJ, Set<String> alone) {
    }

    private final String agentOption;
    /** The option as {@code JAVA_TOOL_OPTIONS} holds it. */
    private final String quotedOption;
    private final Map<String, Program> programs;
    private final Path ownJar;

    /**
     * @param agentJar  cmdgate's jar
     * @param arguments the agent arguments for the child ({@code ChildSettings.agentArguments})
     */
    ChildJvms(Path agentJar, String arguments) {
        this.ownJar = agentJar.toAbsolutePath().normalize();
        this.agentOption = "-javaagent:" + ownJar + "=" + arguments;
        this.quotedOption = JvmOptionWords.quote(agentOption);
        this.programs = programs();
    }

    /** The jar this class was loaded from (cmdgate's, in a gated JVM), or null when it is not a jar. */
    static Path ownJar() {
        try {
            Path p = Path.of(ChildJvms.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isRegularFile(p) ? p : null;
        } catch (Exception | LinkageError e) {
            return null;
        }
    }

    /** The option a JVM is given: {@code -javaagent:JAR=SETTINGS}. */
    String agentOption() {
        return agentOption;
    }

    /** The launch with cmdgate handed on: argv and environment (null: inherited) as they are to run. */
    record Handed(List<String> argv, Map<String, String> environment) {
    }

    /**
     * What to launch instead of {@code argv} with {@code environment} (null: this JVM's, inherited) in
     * {@code cwd}, allowed by decision {@code decisionId}.
     */
    Handed hand(List<String> argv, Map<String, String> environment, String cwd, String decisionId) {
        Map<String, String> set = new HashMap<>(4);
        set.put(AuditSink.PARENT_VARIABLE, decisionId);
        Map<String, String> given = environment != null ? environment : OwnEnvironment.get();
        if (!argv.isEmpty() && !hasAgent(argv, given)) {
            String w0 = argv.get(0);
            String name = w0.substring(w0.lastIndexOf('/') + 1);
            Program p = programs.get(name);
            if (p != null && runtimeImage(resolve(w0, cwd))) {
                if (!(argv.size() == 2 && p.alone().contains(argv.get(1)))) {
                    List<String> out = new ArrayList<>(argv.size() + 1);
                    out.add(w0);
                    out.add(p.viaJ() ? "-J" + agentOption : agentOption);
                    out.addAll(argv.subList(1, argv.size()));
                    argv = out;
                }
            } else {
                String before = given.get(TOOL_OPTIONS);
                set.put(TOOL_OPTIONS, before == null || before.isBlank() ? quotedOption : before + " " + quotedOption);
            }
        }
        if (environment == null) {
            return new Handed(argv, new EnvironmentOverlay(set));
        }
        Map<String, String> env = new HashMap<>(environment);
        env.putAll(set);
        return new Handed(argv, env);
    }

    /** Whether cmdgate's agent is already in the arguments or the JVM option variables of this launch. */
    private boolean hasAgent(List<String> argv, Map<String, String> env) {
        for (String a : argv) {
            if (isCmdgateAgent(a.startsWith("-J") ? a.substring(2) : a)) {
                return true;
            }
        }
        for (String variable : List.of(TOOL_OPTIONS, JDK_JAVA_OPTIONS)) {
            String v = env.get(variable);
            if (v != null && v.contains("-javaagent:")) {
                for (String option : JvmOptionWords.split(v)) {
                    if (isCmdgateAgent(option)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** {@code -javaagent:JAR[=ARGS]} naming cmdgate's jar, or any jar whose premain is cmdgate's bootstrap. */
    boolean isCmdgateAgent(String option) {
        if (!option.startsWith("-javaagent:")) {
            return false;
        }
        String spec = option.substring("-javaagent:".length());
        int eq = spec.indexOf('=');
        Path jar = Path.of(eq < 0 ? spec : spec.substring(0, eq)).toAbsolutePath().normalize();
        if (jar.equals(ownJar)) {
            return true;
        }
        try (JarFile f = new JarFile(jar.toFile(), false)) {
            String premain = f.getManifest() == null ? null : f.getManifest().getMainAttributes().getValue("Premain-Class");
            return premain != null && premain.startsWith("dev.cmdgate.");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The file the JDK will run: a path as given (relative to the launch's directory), a name looked up on PATH. */
    private static Path resolve(String program, String cwd) {
        if (program.indexOf('/') >= 0) {
            Path p = Path.of(program);
            return p.isAbsolute() || cwd == null ? p : Path.of(cwd).resolve(p);
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir).resolve(program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** Whether this file is in the bin directory of a Java runtime image (symbolic links followed). */
    private static boolean runtimeImage(Path program) {
        if (program == null) {
            return false;
        }
        try {
            Path real = program.toRealPath();
            Path bin = real.getParent();
            Path home = bin == null ? null : bin.getParent();
            return home != null && bin.getFileName().toString().equals("bin")
                    && (Files.isRegularFile(home.resolve("release")) || Files.isRegularFile(home.resolve("lib/modules")));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static Map<String, Program> programs() {
        Map<String, Program> out = new HashMap<>();
        for (String row : ResourceRows.of("jvm-programs")) {
            String[] w = Chars.splitRuns(row, Chars.WHITESPACE, 0);   // a trimmed row: split("\\s+")
            if (w.length < 2 || !(w[1].equals("argument") || w[1].equals("-J"))
                    || (w.length > 2 && !w[2].equals("alone"))) {
                throw new IllegalStateException("cmdgate: jvm-programs: bad row '" + row + "'");
            }
            Set<String> alone = w.length > 3 ? Set.of(java.util.Arrays.copyOfRange(w, 3, w.length)) : Set.of();
            out.put(w[0], new Program(w[0], w[1].equals("-J"), alone));
        }
        return Map.copyOf(out);
    }
}
