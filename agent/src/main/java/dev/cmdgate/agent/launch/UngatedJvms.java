package dev.cmdgate.agent.launch;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandInvocation;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.classify.CommandKnowledge;
import dev.cmdgate.core.classify.LaunchReview;
import dev.cmdgate.core.rules.Verdict;
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
 *   <li>a class of cmdgate's bootstrap on the JVM's class path or module path ({@link BootstrapShadows}).</li>
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
    private final Verdict verdict;

    UngatedJvms(JvmOptionRules rules, Map<String, ChildJvms.Program> programs, CommandKnowledge knowledge,
                BootstrapShadows shadows) {
        this.rules = rules;
        this.programs = programs;
        this.knowledge = knowledge;
        this.shadows = shadows;
        this.verdict = new Verdict(CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS, rules.reason());
    }

    /**
     * The review for this JVM's launches, with the rules its classifier uses ({@code rules}: for which commands
     * change variables or directories).
     *
     * @throws IllegalStateException when cmdgate's own jar cannot be read (then no launch may be decided)
     */
    public static UngatedJvms of(dev.cmdgate.core.rules.RuleSet rules) {
        Path jar = ChildJvms.ownJar();
        BootstrapShadows shadows;
        try {
            shadows = jar == null ? null : BootstrapShadows.of(jar);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cmdgate: cannot read its own jar " + jar + ": " + e.getMessage(), e);
        }
        return new UngatedJvms(JvmOptionRules.load(), ChildJvms.programs(), new CommandKnowledge(rules), shadows);
    }

    @Override
    public Set<String> guardedVariables() {
        return rules.variables();
    }

    @Override
    public Verdict verdict() {
        return verdict;
    }

    @Override
    public boolean readsFiles(Classification c) {
        for (CommandInvocation inv : c.commands()) {
            if (jvm(inv) != null) {
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
            for (Map.Entry<String, String> e : environmentChanges.entrySet()) {
                if (rules.variables().contains(e.getKey()) || rules.passed().contains(e.getKey())) {
                    options(e.getKey() + "=" + e.getValue(), new JvmCommandLine(dirs.list()).variable(e.getValue()), out);
                }
            }
            for (CommandInvocation inv : c.commands()) {
                inTree(inv, environmentChanges, dirs, out);
                dirs.after(inv, knowledge);
            }
        } catch (RuntimeException | LinkageError e) {
            out.add(finding(String.join(" ", argv), "cmdgate could not check the JVMs it would start (" + e + ")"));
        }
        return out;
    }

    private void inTree(CommandInvocation inv, Map<String, String> launchEnv, Directories dirs, List<Finding> out) {
        String shown = String.join(" ", inv.argv());
        for (String removed : knowledge.removedVariables(inv.argv())) {
            if (removed.equals(CommandKnowledge.ANY_VARIABLE) || rules.variables().contains(removed)) {
                out.add(finding(shown, rules.reason() + ": " + (removed.equals(CommandKnowledge.ANY_VARIABLE)
                        ? "it removes variables from the environment, " + String.join(" and ", rules.variables()) + " among them"
                        : "it removes " + removed + " from the environment")));
                break;
            }
        }
        for (Map.Entry<String, String> a : inv.assignments().entrySet()) {
            if (rules.passed().contains(a.getKey()) && !a.getValue().equals(launchEnv.get(a.getKey()))) {
                options(a.getKey() + "=" + a.getValue(), new JvmCommandLine(dirs.list()).variable(a.getValue()), out);
            }
        }
        ChildJvms.Program p = jvm(inv);
        if (p == null) {
            return;
        }
        List<String> words = inv.argv().subList(1, inv.argv().size());
        JvmCommandLine cl = new JvmCommandLine(dirs.list());
        if (p.viaJ()) {
            cl.tool(words);
        } else {
            cl.java(words).manifest();
        }
        options(shown, cl, out);
        if (shadows != null) {
            String shadow = shadow(inv, cl, launchEnv, dirs);
            if (shadow != null) {
                out.add(finding(shown, rules.reason() + ": a class named like cmdgate's own start-up code is on its class"
                        + " or module path, where the JVM would find it before cmdgate's: " + shadow));
            }
        }
    }

    /** Each option's verdict, each unreadable file and each option only known at run time. */
    private void options(String shown, JvmCommandLine cl, List<Finding> out) {
        for (String o : cl.options) {
            String why = JvmCommandLine.runtime(o)
                    ? rules.reason() + ": the JVM option " + o + " is only known at run time"
                    : rules.why(o);
            if (why != null) {
                out.add(finding(shown, why + " (" + o + ")"));
            }
        }
        for (String f : cl.unreadable) {
            out.add(finding(shown, rules.reason() + ": cannot read the JVM options or jar it names: " + f));
        }
    }

    /** Where a class of cmdgate's bootstrap is on the JVM's class path or module path, or null. */
    private String shadow(CommandInvocation inv, JvmCommandLine cl, Map<String, String> launchEnv, Directories dirs) {
        List<String> classPath = new ArrayList<>();
        if (cl.jar != null) {
            classPath.add(cl.jar);   // its Class-Path is followed
        } else {
            List<String> given = cl.values(CLASS_PATH);
            if (given.isEmpty()) {
                String env = inv.assignments().get("CLASSPATH");
                env = env != null ? env : launchEnv.get("CLASSPATH");
                env = env != null ? env : OwnEnvironment.get().get("CLASSPATH");
                given = List.of(env != null ? env : ".");
            }
            for (String v : given) {
                classPath.addAll(BootstrapShadows.split(v));
            }
        }
        List<String> modulePath = new ArrayList<>();
        for (String v : cl.values(MODULE_PATH)) {
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

    /** The row of {@code jvm-programs} this command is, or null when it starts no JVM of the JDK's. */
    private ChildJvms.Program jvm(CommandInvocation inv) {
        if (inv.argv().isEmpty() || inv.dynamic()) {
            return null;
        }
        String w0 = inv.argv().get(0);
        return programs.get(w0.substring(w0.lastIndexOf('/') + 1));
    }

    private Finding finding(String command, String reason) {
        return new Finding(command.length() > 200 ? command.substring(0, 197) + "..." : command, WHERE,
                CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS, reason);
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
