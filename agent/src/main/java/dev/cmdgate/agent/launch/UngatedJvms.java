package dev.cmdgate.agent.launch;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.CommandInvocation;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.classify.CommandKnowledge;
import dev.cmdgate.core.classify.LaunchReview;
import dev.cmdgate.core.rules.Glob;
import dev.cmdgate.core.rules.Rating;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code cmdgate.children=gate} promises, checked before a launch is decided: every JVM the launch starts
 * gets cmdgate, first, with this JVM's sealed settings ({@link ChildJvms}) and runs nothing before cmdgate's
 * premain has hooked its launcher; a launch that would start a JVM otherwise is judged unverifiable code
 * (Destructive, dangerous), with the reason. Found anywhere in the launch's command tree (the launch itself, a
 * shell's script, a wrapper's command):
 * <ul>
 *   <li>a change of the variables cmdgate travels in ({@code JAVA_TOOL_OPTIONS} …) inside the tree — set, emptied,
 *       unset, {@code env -u}, {@code env -i}: the classifier raises those ({@link #guardedVariables()});</li>
 *   <li>a JVM option that runs code, loads native code or replaces classes before premain, or opens the JDK's
 *       launcher ({@code jvm-options}), on a {@code java} command line, in a JDK tool's {@code -J} options, in
 *       the files those name ({@code @argfiles}, {@code -XX:VMOptionsFile=}), in an executable jar's manifest, or
 *       in an options variable the launch or the script sets ({@code JDK_JAVA_OPTIONS}, {@code MAVEN_OPTS} …);</li>
 *   <li>a JVM option only known at run time, or an options file that cannot be read;</li>
 *   <li>a class of cmdgate's bootstrap on the JVM's class path or module path ({@link BootstrapShadows});</li>
 *   <li>a variable that loads native code into every program ({@code LD_PRELOAD} …) set for a launch that starts
 *       a JVM.</li>
 * </ul>
 * The files are read when the launch is decided; one changed between then and the child's start is not seen
 * (docs/threat-model.md).
 */
public final class UngatedJvms implements LaunchReview {

    private static final String WHERE = "children=gate";
    private static final Set<String> CLASS_PATH = Set.of("-cp", "-classpath", "--class-path", "-Djava.class.path");
    private static final Set<String> MODULE_PATH = Set.of("-p", "--module-path");

    private final JvmOptionRules rules;
    private final Map<String, ChildJvms.Program> programs;
    private final CommandKnowledge knowledge;
    /** Null when cmdgate runs from classes rather than its jar (its own tests): nothing can shadow it then. */
    private final BootstrapShadows shadows;
    private final Rating verdict;
    /** cmdgate's jar and its real path (either null when not known): a {@code -javaagent:} naming it is cmdgate. */
    private final Path ownJar;
    private final Path realJar;
    /**
     * The classifier with the gate's own files, without this review, or null: the JVM options of a variable or an
     * options file are judged by it as a {@code java} command line, for the files they make the JVM write
     * ({@code -Xlog:gc:file=F}: the rules' {@code writes} rows of {@code [java]}).
     */
    private final CommandClassifier written;
    /**
     * cmdgate's own agent options exactly as cmdgate gave them: the sealed one this JVM hands its children and those
     * naming cmdgate's jar that this JVM was started with. The JDK copies the latter into the options of the AOT
     * cache assembly JVM it starts ({@code java -XX:AOTCacheOutput}); the files their settings name (the audit file)
     * are cmdgate's to write, so they are no write of the options. The same jar with other settings is the
     * application's word and is judged.
     */
    private final Set<String> ownAgentWords;

    UngatedJvms(JvmOptionRules rules, Map<String, ChildJvms.Program> programs, CommandKnowledge knowledge,
                BootstrapShadows shadows, Path ownJar, CommandClassifier written, Set<String> ownAgentWords) {
        this.written = written;
        this.ownAgentWords = Set.copyOf(ownAgentWords);
        this.rules = rules;
        this.ownJar = ownJar == null ? null : ownJar.toAbsolutePath().normalize();
        this.realJar = ownJar == null ? null : ChildJvms.real(ownJar);
        this.programs = programs;
        this.knowledge = knowledge;
        this.shadows = shadows;
        this.verdict = new Rating(CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS, rules.reason());
    }

    /**
     * The review for this JVM's launches, with the rules its classifier uses ({@code rules}: for which commands
     * change variables or directories). cmdgate's own jar is read for its bootstrap classes when a launch's class
     * or module path is first looked at ({@link BootstrapShadows#onFirstUse}); a jar that cannot be read then makes
     * that launch one whose JVMs could not be checked.
     */
    public static UngatedJvms of(dev.cmdgate.core.rules.RuleSet rules, CommandClassifier written, String childArguments) {
        Path jar = ChildJvms.ownJar();
        BootstrapShadows shadows = jar == null ? null : BootstrapShadows.onFirstUse(jar);
        return new UngatedJvms(JvmOptionRules.load(), ChildJvms.programs(), new CommandKnowledge(rules), shadows, jar,
                written, ownAgentWords(jar, childArguments, ThisJvmOptions.words()));
    }

    /**
     * The agent options that are cmdgate's own, exactly: {@code -javaagent:JAR=childArguments} (what {@link ChildJvms}
     * gives a child) and each word of {@code started} (this JVM's own options) naming cmdgate's jar; none when
     * cmdgate runs from classes.
     */
    static Set<String> ownAgentWords(Path jar, String childArguments, List<String> started) {
        if (jar == null) {
            return Set.of();
        }
        Path own = jar.toAbsolutePath().normalize();
        Path real = ChildJvms.real(own);
        Set<String> out = new java.util.HashSet<>();
        out.add(new ChildJvms(own, childArguments).agentOption());
        for (String w : started) {
            if (ChildJvms.agentOf(w, own, real)) {
                out.add(w);
            }
        }
        return out;
    }

    @Override
    public Set<String> guardedVariables() {
        return rules.variables();
    }

    @Override
    public Rating verdict() {
        return verdict;
    }

    @Override
    public boolean readsFiles(Classification c) {
        for (CommandInvocation inv : c.commands()) {
            // a JVM's options files, a project's options file, or the file system asked whether a program is a JVM
            if (!inv.argv().isEmpty() && (programs.containsKey(name(inv.argv().get(0)))
                    || rules.files().containsKey(name(inv.argv().get(0))) || !knowledge.known(knowledge.programName(inv.argv().get(0))))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public List<Finding> review(List<String> argv, Map<String, String> environmentChanges, LaunchSite site,
                                Classification c) {
        List<Finding> out = new ArrayList<>(0);
        try {
            Directories dirs = new Directories(site.cwd());
            Settings set = new Settings(environmentChanges, c);
            for (Map.Entry<String, String> e : environmentChanges.entrySet()) {
                if (rules.variables().contains(e.getKey())) {
                    options(e.getKey() + "=" + e.getValue(), new JvmCommandLine(dirs.list()).variable(e.getValue()), out);
                } else if (rules.passed().contains(e.getKey())) {
                    options(e.getKey() + "=" + e.getValue(), new JvmCommandLine(dirs.list()).scriptVariable(e.getValue()), out);
                }
            }
            boolean jvms = false;
            Set<String> aliases = aliases(c);
            for (CommandInvocation inv : c.commands()) {
                jvms |= inTree(inv, environmentChanges, set, dirs, aliases, out);
                dirs.after(inv, knowledge);
            }
            if (jvms) {
                for (String name : set.names()) {
                    if (Glob.anyMatch(rules.natives(), name)) {
                        out.add(finding(name + "=" + set.values(name).get(0), rules.reason() + ": " + name
                                + " makes the dynamic linker load a library into the JVM, whose code runs before cmdgate starts in it"));
                    }
                }
            }
        } catch (RuntimeException | LinkageError e) {
            out.add(finding(String.join(" ", argv), "cmdgate could not check the JVMs it would start (" + e + ")"));
        }
        return out;
    }

    /** Reviews one command of the tree; true when it starts a JVM of the JDK's. */
    private boolean inTree(CommandInvocation inv, Map<String, String> launchEnv, Settings set, Directories dirs,
                           Set<String> aliases, List<Finding> out) {
        String shown = String.join(" ", inv.argv());
        for (String removed : knowledge.removedVariables(inv.argv())) {
            if (removed.equals(CommandKnowledge.ANY_VARIABLE) || rules.variables().contains(removed) || aliases.contains(removed)) {
                out.add(finding(shown, rules.reason() + ": " + (removed.equals(CommandKnowledge.ANY_VARIABLE)
                        ? "it removes variables from the environment, " + String.join(" and ", rules.variables()) + " among them"
                        : "it removes " + removed + " from the environment")));
                break;
            }
        }
        for (Map.Entry<String, String> a : inv.assignments().entrySet()) {
            if (rules.passed().contains(a.getKey()) && !a.getValue().equals(launchEnv.get(a.getKey()))) {
                options(a.getKey() + "=" + a.getValue(), new JvmCommandLine(dirs.list()).scriptVariable(a.getValue()), out);
            }
        }
        String projectFile = inv.argv().isEmpty() ? null : rules.files().get(name(inv.argv().get(0)));
        if (projectFile != null) {
            JvmCommandLine fromFile = new JvmCommandLine(dirs.list());
            for (Path f : nearest(projectFile, projectDirs(inv, set, dirs.list(), fromFile))) {
                fromFile.optionsFile(f);
            }
            options(shown + " (" + projectFile + ")", fromFile, out);
        }
        ChildJvms.Program p = jvm(inv, dirs);
        if (p == null) {
            return false;
        }
        List<String> words = inv.argv().subList(1, inv.argv().size());
        JvmCommandLine cl = new JvmCommandLine(dirs.list());
        if (p.viaJ()) {
            cl.tool(words);
        } else {
            cl.java(words).manifest();
        }
        if (p.name() == null) {
            cl.tool(words);   // a launcher of a runtime image by another name: its -J options count too
        }
        options(shown, cl, out);
        if (shadows != null) {
            String shadow = shadow(cl, launchEnv, set, dirs);
            if (shadow != null) {
                out.add(finding(shown, rules.reason() + ": a class named like cmdgate's own start-up code is on its class"
                        + " or module path, where the JVM would find it before cmdgate's: " + shadow));
            }
        }
        return true;
    }

    /**
     * The names the tree makes, or may make, another name for a variable cmdgate travels in: a nameref
     * ({@code declare -n r=JAVA_TOOL_OPTIONS}, or one whose target is set later or only known at run time).
     * {@code unset r} then removes the variable itself.
     */
    private Set<String> aliases(Classification c) {
        Set<String> out = new java.util.HashSet<>();
        for (CommandInvocation inv : c.commands()) {
            List<String> argv = inv.argv();
            if (argv.size() < 2) {
                continue;
            }
            boolean ref = false;
            for (String a : argv.subList(1, argv.size())) {
                ref |= a.startsWith("-") && !a.startsWith("--") && a.indexOf('n') > 0 && a.indexOf('=') < 0;
            }
            Set<String> changed = ref ? knowledge.variablesChanged(argv) : Set.of();
            for (String a : argv.subList(1, argv.size())) {
                int eq = a.indexOf('=');
                String name = eq > 0 ? a.substring(0, eq) : a;
                String target = eq > 0 ? a.substring(eq + 1) : null;
                if (changed.contains(name) && (target == null || JvmCommandLine.runtime(target) || rules.variables().contains(target))) {
                    out.add(name);
                }
            }
        }
        return out;
    }

    /** Each option's verdict, each unreadable file and each option only known at run time. */
    private void options(String shown, JvmCommandLine cl, List<Finding> out) {
        for (String o : cl.options) {
            if (JvmCommandLine.runtime(o)) {
                out.add(finding(shown, rules.reason() + ": the JVM option " + o + " is only known at run time (" + o + ")"));
                continue;
            }
            JvmOptionRules.Row row = rules.row(o, ownJar, realJar);
            if (row != null && row.reason() != null) {
                out.add(finding(shown, row.reason() + " (" + o + ")", row.rule()));
            }
        }
        for (String f : cl.unreadable) {
            out.add(finding(shown, rules.reason() + ": cannot read the JVM options or jar it names: " + f));
        }
        writtenFiles(shown, cl, out);
    }

    /**
     * The files the options make the JVM write, wherever the options come from (a variable, an argument file, a
     * project's options file): judged as the same options on a {@code java} command line, so the rules decide which
     * options write and the classifier whether the file is one of the gate's own or a sensitive place; each
     * Destructive finding is kept. Relative names start in the launch's directory when that is the only one the
     * command may run in, else they are compared by name.
     */
    private void writtenFiles(String shown, JvmCommandLine cl, List<Finding> out) {
        if (written == null || cl.options.isEmpty()) {
            return;
        }
        List<String> argv = new ArrayList<>(Math.min(cl.options.size(), 256) + 1);
        argv.add("java");
        for (int i = 0; i < cl.options.size() && argv.size() <= 256; i++) {
            if (!ownAgentWords.contains(cl.options.get(i))) {
                argv.add(cl.options.get(i));
            }
        }
        if (argv.size() == 1) {
            return;
        }
        List<Path> ds = cl.dirs();
        LaunchSite at = LaunchSite.of(ds != null && ds.size() == 1 ? ds.get(0).toString() : null, LaunchSite.NoFrames.NO_FRAMES);
        for (Finding f : written.classifyArgv(argv, Map.of(), at).findings()) {
            if (f.commandClass() == CommandClass.DESTRUCTIVE) {
                out.add(new Finding(shown.length() > 200 ? shown.substring(0, 197) + "..." : shown, WHERE,
                        f.commandClass(), f.level(), f.reason() + " (a JVM option: " + f.command() + ")", f.rule()));
            }
        }
    }

    /**
     * Where a class of cmdgate's bootstrap is on the JVM's class path or module path, or null: the jar of
     * {@code -jar}; else every class path the JVM may be given — its {@code -cp}, those in the options variables
     * the launch sets, every value of {@code CLASSPATH} set in the tree or by the launch (else this JVM's), else
     * the current directory — and its module paths.
     */
    private String shadow(JvmCommandLine cl, Map<String, String> launchEnv, Settings set, Directories dirs) {
        JvmCommandLine variables = new JvmCommandLine(dirs.list());
        for (String v : rules.variables()) {
            if (launchEnv.containsKey(v)) {
                variables.variable(launchEnv.get(v));
            }
        }
        List<String> classPath = new ArrayList<>();
        if (cl.jar != null) {
            classPath.add(cl.jar);   // its Class-Path is followed
        } else {
            List<String> given = new ArrayList<>(cl.values(CLASS_PATH));
            given.addAll(variables.values(CLASS_PATH));
            given.addAll(set.values("CLASSPATH"));
            if (given.isEmpty()) {
                String own = OwnEnvironment.get().get("CLASSPATH");
                given.add(own != null ? own : ".");
            }
            for (String v : given) {
                classPath.addAll(BootstrapShadows.split(v));
            }
        }
        List<String> modulePath = new ArrayList<>();
        for (String v : cl.values(MODULE_PATH)) {
            modulePath.addAll(BootstrapShadows.split(v));
        }
        for (String v : variables.values(MODULE_PATH)) {
            modulePath.addAll(BootstrapShadows.split(v));
        }
        List<Path> ds = dirs.list();
        for (Path d : ds == null ? java.util.Collections.<Path>singletonList(null) : ds) {
            String found = shadows.onClassPath(classPath, d);
            found = found != null ? found : shadows.onModulePath(modulePath, d);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /**
     * The variables the launch and its command tree set, wherever: the launch's own changes and every command's
     * assignments (inline, {@code export}, {@code declare} …), each with every value it is given.
     */
    private static final class Settings {
        private final Map<String, List<String>> values = new java.util.LinkedHashMap<>();

        Settings(Map<String, String> launchEnv, Classification c) {
            for (Map.Entry<String, String> e : launchEnv.entrySet()) {
                add(e.getKey(), e.getValue());
            }
            for (CommandInvocation inv : c.commands()) {
                for (Map.Entry<String, String> e : inv.assignments().entrySet()) {
                    add(e.getKey(), e.getValue());
                }
            }
        }

        private void add(String name, String value) {
            List<String> l = values.get(name);
            if (l == null) {
                l = new ArrayList<>(1);
                values.put(name, l);
            }
            if (!l.contains(value)) {
                l.add(value);
            }
        }

        java.util.Set<String> names() {
            return values.keySet();
        }

        List<String> values(String name) {
            List<String> l = values.get(name);
            return l == null ? List.of() : l;
        }
    }

    /**
     * The row of {@code jvm-programs} this command is, or, for a program the rules do not know that is a file of a
     * Java runtime image's bin directory by another name (a renamed or linked launcher), a row with a null name;
     * null when it starts no JVM of the JDK's.
     */
    private ChildJvms.Program jvm(CommandInvocation inv, Directories dirs) {
        if (inv.argv().isEmpty() || inv.dynamic()) {
            return null;
        }
        String w0 = inv.argv().get(0);
        ChildJvms.Program p = programs.get(name(w0));
        if (p != null || knowledge.programName(w0) != null && knowledge.known(knowledge.programName(w0))) {
            return p;
        }
        List<Path> ds = dirs.list();
        for (Path d : ds == null ? java.util.Collections.<Path>singletonList(null) : ds) {
            if (ChildJvms.runtimeImage(ChildJvms.resolve(w0, d == null ? null : d.toString()))) {
                return new ChildJvms.Program(null, false, Set.of());
            }
        }
        return null;
    }

    private static String name(String word) {
        return word.substring(word.lastIndexOf('/') + 1);
    }

    /**
     * The directories a program of a {@code file} row looks for its project's options file from: the directories it
     * may run in, the project an option of its names ({@code mvn -f OTHER/pom.xml}: the file's directory, or the
     * directory itself) and every value the tree, the launch or this JVM gives a variable naming it
     * ({@code MAVEN_BASEDIR}). A name only known at run time, or a directory unknown, is noted as unreadable.
     */
    private List<Path> projectDirs(CommandInvocation inv, Settings set, List<Path> dirs, JvmCommandLine cl) {
        List<String> from = rules.fileFrom().getOrDefault(name(inv.argv().get(0)), List.of());
        if (dirs == null) {
            cl.unreadable.add("the project's options file (the directory is only known at run time)");
            return List.of();
        }
        List<Path> out = new ArrayList<>(dirs);
        List<String> named = new ArrayList<>();
        List<String> argv = inv.argv();
        for (int i = 1; i < argv.size(); i++) {
            if (from.contains(argv.get(i))) {
                named.add(i + 1 < argv.size() ? argv.get(i + 1) : "$");
            }
        }
        for (String f : from) {
            if (f.startsWith("$")) {
                String v = f.substring(1);
                named.addAll(set.values(v));
                String own = OwnEnvironment.get().get(v);
                if (own != null) {
                    named.add(own);
                }
            }
        }
        for (String n : named) {
            if (JvmCommandLine.runtime(n) || n.isEmpty()) {
                cl.unreadable.add("the project's options file (its project is only known at run time: " + n + ")");
                continue;
            }
            for (Path d : dirs) {
                Path p = d.resolve(n).normalize();
                out.add(java.nio.file.Files.isDirectory(p) ? p : p.getParent() == null ? p : p.getParent());
            }
        }
        return out;
    }

    /** The file at {@code relative} in each directory, or in the nearest directory above it that has one. */
    private static List<Path> nearest(String relative, List<Path> dirs) {
        List<Path> out = new ArrayList<>();
        for (Path d : dirs == null ? List.<Path>of() : dirs) {
            for (Path at = d.toAbsolutePath().normalize(); at != null; at = at.getParent()) {
                if (java.nio.file.Files.exists(at.resolve(relative))) {
                    out.add(at.resolve(relative));
                    break;
                }
            }
        }
        return out;
    }

    private Finding finding(String command, String reason) {
        return finding(command, reason, null);
    }

    /** @param rule the {@code jvm-options} row that made it ({@code jvm-options:LINE}), or null */
    private Finding finding(String command, String reason, String rule) {
        return new Finding(command.length() > 200 ? command.substring(0, 197) + "..." : command, WHERE,
                CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS, reason, rule);
    }

    /**
     * The directories the commands of the tree may run in so far: the launch's, and each a {@code cd} may have
     * moved to (one in a subshell or an untaken branch counts too); null once one is only known at run time.
     */
    private static final class Directories {
        private List<Path> dirs;

        Directories(String cwd) {
            dirs = cwd == null ? null : new ArrayList<>(List.of(Path.of(cwd)));
        }

        List<Path> list() {
            return dirs;
        }

        void after(CommandInvocation inv, CommandKnowledge k) {
            if (dirs == null || inv.argv().isEmpty() || !k.changesDirectory(inv.program())) {
                return;
            }
            List<String> ops = inv.operands();
            String to = ops.isEmpty() ? null : ops.get(0);
            if (to == null || to.isEmpty() || to.equals("-") || to.startsWith("~") || to.indexOf('$') >= 0
                    || to.indexOf('`') >= 0 || !(to.startsWith("/") || to.startsWith("."))) {
                dirs = null;   // the home directory, the previous one, a CDPATH lookup or a value only known at run time
                return;
            }
            for (Path d : List.copyOf(dirs)) {
                Path n = d.resolve(to).normalize();
                if (!dirs.contains(n)) {
                    dirs.add(n);
                }
            }
        }
    }
}
