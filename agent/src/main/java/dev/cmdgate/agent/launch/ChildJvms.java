package dev.cmdgate.agent.launch;

import dev.cmdgate.agent.audit.AuditSink;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.config.ChildSettings;
import dev.cmdgate.agent.config.ConfigParser;
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

/**
 * Hands cmdgate, with this JVM's configuration, to the JVMs this JVM launches ({@code cmdgate.children=gate}),
 * on the copy of the launch that cmdgate owns, after the launch was allowed:
 * <ul>
 *   <li>a JDK's {@code java} (a file in the bin directory of a Java runtime image, found as the JDK finds
 *       it: a path, or the name on this JVM's PATH) gets {@code -javaagent:JAR=SETTINGS} right after the
 *       program name; the JDK tools listed in {@code jvm-programs} get {@code -J-javaagent:…};</li>
 *   <li>every other launch gets the same option put first in {@code JAVA_TOOL_OPTIONS} in its environment
 *       (what the application set there is kept, after it: an agent there would otherwise start before
 *       cmdgate), so a JVM that a shell, a build tool or a JDK tool starts below it runs under cmdgate too;</li>
 *   <li>cmdgate's own agent with other settings — in the JVM options of the command line, or in
 *       {@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS}, {@code _JAVA_OPTIONS} or {@code JDK_AOT_VM_OPTIONS} — is taken out: never two
 *       agents, and never settings the application chose. cmdgate is recognised by its jar's path only;
 *       a word after the main class is the application's, whatever it says. The exception is the operator's
 *       own {@code JAVA_TOOL_OPTIONS} ({@code ./cmdgate run}), inherited by this JVM and kept as it is by the
 *       launch: its cmdgate settings stand, sealed;</li>
 *   <li>every launch gets {@value AuditSink#PARENT_VARIABLE} set to the id of the decision that allowed
 *       it, which the child's audit lines record as {@code parent_decision_id}.</li>
 * </ul>
 * The settings are marked {@code sealed=true}: the child ignores {@code cmdgate.*} system properties and
 * configuration files the application puts on its command line. What would start a JVM without cmdgate
 * anyway, or run code in it before cmdgate, is judged before the launch is decided ({@link UngatedJvms}).
 */
final class ChildJvms {

    static final String TOOL_OPTIONS = "JAVA_TOOL_OPTIONS";
    /** The variables a JVM (or the java launcher) reads options from, where an agent of cmdgate's may be. */
    private static final List<String> OPTION_VARIABLES = List.of(TOOL_OPTIONS, "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS",
            "JDK_AOT_VM_OPTIONS");
    private static final String AGENT = "-javaagent:";

    /** One row of {@code jvm-programs}. */
    record Program(String name, boolean viaJ, Set<String> alone) {
    }

    private final String agentOption;
    /** The option as {@code JAVA_TOOL_OPTIONS} holds it. */
    private final String quotedOption;
    private final Map<String, Program> programs;
    private final Path ownJar;
    /** {@link #ownJar} with its links resolved, or null when that fails. */
    private final Path realJar;
    /** The operator's JAVA_TOOL_OPTIONS last sealed ({@link #sealed}) and what it became: worked out once. */
    private volatile String[] operators;

    /**
     * @param agentJar  cmdgate's jar
     * @param arguments the agent arguments for the child ({@code ChildSettings.agentArguments})
     */
    ChildJvms(Path agentJar, String arguments) {
        this.ownJar = agentJar.toAbsolutePath().normalize();
        this.realJar = real(ownJar);
        this.agentOption = AGENT + ownJar + "=" + arguments;
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
        if (!argv.isEmpty()) {
            // The operator's own JAVA_TOOL_OPTIONS (./cmdgate run), which this JVM inherited and the launch keeps as it
            // is: the cmdgate settings there stand for the child, sealed, so that no -Dcmdgate.* on its command line
            // loosens them. cmdgate the application put anywhere else is replaced by this JVM's sealed settings.
            String tool = given.get(TOOL_OPTIONS);
            boolean operators = tool != null && tool.equals(OwnEnvironment.get().get(TOOL_OPTIONS)) && !withoutOwnAgent(tool).equals(tool);
            for (String variable : OPTION_VARIABLES) {
                String v = given.get(variable);
                if (v != null && v.contains(AGENT)) {
                    String kept = operators && variable.equals(TOOL_OPTIONS) ? sealed(v) : withoutOwnAgent(v);
                    if (!kept.equals(v)) {
                        set.put(variable, kept);
                    }
                }
            }
            String w0 = argv.get(0);
            Program p = programs.get(w0.substring(w0.lastIndexOf('/') + 1));
            if (p != null && runtimeImage(resolve(w0, cwd))) {
                if (!(argv.size() == 2 && p.alone().contains(argv.get(1)))) {
                    List<String> out = new ArrayList<>(argv.size() + 1);
                    out.add(w0);
                    if (!operators) {
                        out.add(p.viaJ() ? "-J" + agentOption : agentOption);
                    }
                    out.addAll(p.viaJ() ? withoutOwnToolAgent(argv) : withoutOwnJavaAgent(argv));
                    argv = out;
                }
            } else if (!operators) {
                String before = set.containsKey(TOOL_OPTIONS) ? set.get(TOOL_OPTIONS) : given.get(TOOL_OPTIONS);
                set.put(TOOL_OPTIONS, before == null || before.isBlank() ? quotedOption : quotedOption + " " + before);
            }
        }
        if (environment == null) {
            return new Handed(argv, new EnvironmentOverlay(set));
        }
        Map<String, String> env = new HashMap<>(environment);
        env.putAll(set);
        return new Handed(argv, env);
    }

    /** The words after a {@code java} program, without the agent options of cmdgate's jar among its JVM options. */
    private List<String> withoutOwnJavaAgent(List<String> argv) {
        List<String> out = new ArrayList<>(argv.size());
        boolean options = true;
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (options) {
                if (ownAgent(a)) {
                    continue;
                }
                if (JvmOptionWords.WITH_VALUE.contains(a) && i + 1 < argv.size()) {
                    out.add(a);
                    a = argv.get(++i);
                } else if (JvmOptionWords.endsOptions(a)) {
                    options = false;   // what follows the main class, the jar or the module is the application's
                }
            }
            out.add(a);
        }
        return out;
    }

    /** The words after a JDK tool, without {@code -J-javaagent:} options naming cmdgate's jar. */
    private List<String> withoutOwnToolAgent(List<String> argv) {
        List<String> out = new ArrayList<>(argv.size());
        for (String a : argv.subList(1, argv.size())) {
            if (!(a.startsWith("-J") && ownAgent(a.substring(2)))) {
                out.add(a);
            }
        }
        return out;
    }

    /** An options variable's value without the agent options naming cmdgate's jar (as it was, when it had none). */
    private String withoutOwnAgent(String value) {
        List<String> kept = new ArrayList<>();
        boolean dropped = false;
        for (String o : JvmOptionWords.split(value)) {
            if (ownAgent(o)) {
                dropped = true;
            } else {
                kept.add(JvmOptionWords.quote(o));
            }
        }
        return dropped ? String.join(" ", kept) : value;
    }

    /**
     * The operator's {@code JAVA_TOOL_OPTIONS} as a child gets it: each agent option naming cmdgate's jar replaced by
     * the configuration those agent arguments give (a configuration file they name read into it) marked sealed —
     * what a JVM started with that value alone would run with, and nothing the application adds can change.
     */
    private String sealed(String value) {
        String[] known = operators;
        if (known == null || !value.equals(known[0])) {
            List<String> out = new ArrayList<>();
            for (String o : JvmOptionWords.split(value)) {
                if (ownAgent(o)) {
                    int eq = o.indexOf('=', AGENT.length());
                    AgentConfig c = ConfigParser.parse(Map.of(), eq < 0 ? null : o.substring(eq + 1));
                    o = AGENT + ownJar + "=" + ChildSettings.agentArguments(c);
                }
                out.add(JvmOptionWords.quote(o));
            }
            known = new String[] {value, String.join(" ", out)};
            operators = known;
        }
        return known[1];
    }

    /** {@code -javaagent:JAR[=ARGS]} naming cmdgate's jar (by its path, or a link to it), whatever its settings. */
    boolean ownAgent(String option) {
        return agentOf(option, ownJar, realJar);
    }

    /** {@code -javaagent:JAR[=ARGS]} naming {@code ownJar} by its path or a link to it ({@code realJar}: its real path, or null). */
    static boolean agentOf(String option, Path ownJar, Path realJar) {
        if (ownJar == null || !option.startsWith(AGENT)) {
            return false;
        }
        String spec = option.substring(AGENT.length());
        int eq = spec.indexOf('=');
        try {
            Path jar = Path.of(eq < 0 ? spec : spec.substring(0, eq)).toAbsolutePath().normalize();
            return jar.equals(ownJar) || realJar != null && realJar.equals(real(jar));
        } catch (RuntimeException e) {
            return false;
        }
    }

    static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The file the JDK will run: a path as given (relative to the launch's directory), a name looked up on PATH. */
    static Path resolve(String program, String cwd) {
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
    static boolean runtimeImage(Path program) {
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

    /** The rows of {@code jvm-programs} by program name. */
    static Map<String, Program> programs() {
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
