package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Attempt;
import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.apps.EvilAgent;
import dev.cmdgate.it.apps.Tamper;
import dev.cmdgate.it.apps.TamperPrompt;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;

/**
 * What runs is what was judged, and the gate cannot be switched off from inside the JVM without a
 * visible flag: each case is a technique ordinary code could use, tried in a real JVM under the agent,
 * with the file it would create asserted absent.
 */
class SoundnessIT {

    @TempDir
    Path tmp;

    private Run tamper(Jdk jdk, String agentArgs, String scenario, String... more) {
        return tamper(ForkedJvm.on(jdk), agentArgs, scenario, more);
    }

    private Run tamper(ForkedJvm jvm, String agentArgs, String scenario, String... more) {
        Path files = Dirs.mkdir(tmp, "files");
        String[] args = new String[2 + more.length];
        args[0] = scenario;
        args[1] = files.toString();
        System.arraycopy(more, 0, args, 2, more.length);
        return jvm.in(tmp).withAgent(agentArgs).cmdgate("audit", tmp.resolve("audit.jsonl"))
                .main(Tamper.class, (Object[]) args).run();
    }

    private Path file(String name) {
        return tmp.resolve("files").resolve(name);
    }

    @OnEachJdk
    void an_environment_changed_after_the_check_does_not_reach_the_process(Jdk jdk) throws IOException {
        Run run = tamper(jdk, "autonomy=supervised,prompt=" + TamperPrompt.class.getName(), "environment-race");

        assertThat(run.tagged("HANDLER")).as(run.describe()).hasSize(1);
        assertThat(run.result("environment_race").status()).as(run.describe()).isEqualTo("ok");
        assertThat(Files.readString(file("env-out"))).as("SNEAKY was set after the check").isEmpty();
    }

    @OnEachJdk
    void a_redirect_changed_after_the_check_is_not_used(Jdk jdk) {
        Run run = tamper(jdk, "autonomy=supervised,prompt=" + TamperPrompt.class.getName(), "redirect-race");

        assertThat(run.result("redirect_race").status()).as(run.describe()).isEqualTo("ok");
        assertThat(file("allowed")).as("the approved touch ran").exists();
        assertThat(file("redirect-victim")).as("the redirect set after the check").doesNotExist();
    }

    @OnEachJdk
    void the_environment_a_launch_changes_is_judged_by_an_allow_list_and_recorded(Jdk jdk) {
        Path files = Dirs.mkdir(tmp, "files");
        Path traced = files.resolve("trace-out");
        Spec spec = Spec.attempts()
                .add("tar_options", "@env=TAR_OPTIONS=--checkpoint=1 --checkpoint-action=exec=touch " + files.resolve("tar-victim"),
                        "tar", "-tf", files.resolve("none.tar"))
                .add("git_trace", "@env=GIT_TRACE=" + traced, "git", "status")
                .add("home", "@env=HOME=" + files, "git", "log")
                .add("unknown", "@env=SOMETHING_ELSE=1", "date")
                .add("locale", "@env=LANG=C", "@env=TZ=UTC", "ls", files);
        Run run = ForkedJvm.on(jdk).in(tmp).withAgent("autonomy=readonly").cmdgate("audit", tmp.resolve("audit.jsonl"))
                .main(Commands.class).args(spec.args()).run();

        for (String refused : List.of("tar_options", "git_trace", "home", "unknown")) {
            Blocked.assertBlocked(run.result(refused));
        }
        assertThat(files.resolve("tar-victim")).doesNotExist();
        assertThat(traced).doesNotExist();
        assertThat(run.result("locale").status()).as(run.describe()).isEqualTo("ok");
        Audit log = Audit.read(tmp.resolve("audit.jsonl"));
        Map<String, Object> env = log.forWord("tar").map("env");
        assertThat(env.get("changed")).isEqualTo(List.of("TAR_OPTIONS"));
        assertThat(((Map<?, ?>) env.get("hooks")).get("TAR_OPTIONS")).asString().contains("--checkpoint-action=exec=touch");
        Map<String, Object> unknown = log.forWord("date").map("env");
        assertThat(unknown.get("changed")).isEqualTo(List.of("SOMETHING_ELSE"));
        assertThat((Map<?, ?>) unknown.get("hooks")).as("values of variables that are not hooks are not recorded").isEmpty();
    }

    @OnEachJdk
    void a_pipeline_list_cannot_show_one_stage_and_start_another(Jdk jdk) {
        Run run = tamper(jdk, "autonomy=readonly", "pipeline-list");

        AppResult r = run.result("pipeline_list");
        assertThat(r.status()).as(run.describe()).isEqualTo("ok");
        assertThat(r.output()).isEqualTo("harmless\n");
        assertThat(file("pipeline-victim")).doesNotExist();
    }

    @OnEachJdk
    void a_file_whose_path_changes_is_read_once(Jdk jdk) {
        Run run = tamper(jdk, "autonomy=readonly", "file-subclass");

        assertThat(run.result("file_subclass").status()).as(run.describe()).isEqualTo("ok");
        assertThat(file("file-victim")).doesNotExist();
    }

    @OnEachJdk
    void the_gate_cannot_be_reached_by_plain_reflection(Jdk jdk) {
        Run run = tamper(jdk, "autonomy=readonly", "reflect-gate");

        assertThat(run.tagged("ACTIVE")).as(run.describe()).containsExactly("true");
        assertThat(run.tagged("REFLECT")).as(run.describe()).containsExactly("refused java.lang.reflect.InaccessibleObjectException");
        Blocked.assertBlocked(run.result("touch_after_reflection"));
        assertThat(file("touched")).doesNotExist();
    }

    @OnEachJdk
    void impostors_of_cmdgate_classes_on_the_class_path_change_nothing(Jdk jdk) throws IOException {
        Path impostors = impostorClasses();
        Run run = tamper(ForkedJvm.on(jdk).classPath(impostors), "autonomy=readonly", "touch");

        Blocked.assertBlocked(run.result("touch"));
        assertThat(file("touched")).doesNotExist();
        assertThat(run.stdout()).doesNotContain("IMPOSTOR");
    }

    @OnEachJdk
    void a_second_agent_cannot_unhook_the_launcher_nor_open_java_lang(Jdk jdk) throws IOException {
        Path evil = evilAgentJar();
        Run run = tamper(ForkedJvm.on(jdk).jvmArg("-javaagent:" + evil + "=" + tmp.resolve("files")), "autonomy=readonly", "touch");

        assertThat(run.tagged("EVIL")).as(run.describe()).hasSize(4)
                .allMatch(l -> l.contains("refused"))
                .anyMatch(l -> l.startsWith("retransform refused") && l.contains("UnmodifiableClassException"))
                .anyMatch(l -> l.startsWith("redefineModule refused") && l.contains("UnmodifiableModuleException"))
                .anyMatch(l -> l.startsWith("native refused") && l.contains("InaccessibleObjectException"));
        Blocked.assertBlocked(run.result("touch"));
        assertThat(file("touched")).doesNotExist();
        assertThat(file("agent-victim")).as(run.describe()).doesNotExist();
        assertThat(run.stderr()).contains("cmdgate: refused another agent's request to retransform java.lang.ProcessImpl")
                .contains("cmdgate: refused another agent's request to open or export packages of java.base");
    }

    @OnEachJdk
    void an_agent_the_application_jar_names_cannot_unhook_the_launcher(Jdk jdk) throws IOException {
        // java -jar starts a Launcher-Agent-Class after every premain and before main: cmdgate must not still be
        // starting in the background then, or the agent's transformer gets the launcher's first load after it
        Path app = tamperJarWithLauncherAgent();
        Path files = Dirs.mkdir(tmp, "files");
        Run run = ForkedJvm.on(jdk).in(tmp).withAgent("autonomy=readonly")
                .executableJar(app, "touch", files).run();

        assertThat(run.tagged("EVIL")).as(run.describe()).hasSize(3).allMatch(l -> l.contains("refused"))
                .anyMatch(l -> l.startsWith("redefine refused") && l.contains("UnmodifiableClassException"))
                .anyMatch(l -> l.startsWith("redefineModule refused"));
        Blocked.assertBlocked(run.result("touch"));
        assertThat(file("touched")).doesNotExist();
    }

    @OnEachJdk
    void no_agent_can_be_attached_while_cmdgate_gates_the_jvm(Jdk jdk) throws IOException {
        Path evil = evilAgentJar();
        ForkedJvm jvm = ForkedJvm.on(jdk).prop("jdk.attach.allowAttachSelf", "true");
        if (jdk.feature() >= 21) {
            jvm.jvmArg("-XX:+EnableDynamicAgentLoading");
        }
        Run run = tamper(jvm, "autonomy=readonly", "self-attach", evil.toString());

        assertThat(run.tagged("ATTACH")).as(run.describe()).singleElement().asString().startsWith("failed")
                .contains("AgentInitializationException");
        assertThat(run.tagged("EVIL")).as("the agent never ran\n" + run.describe()).isEmpty();
        assertThat(run.stderr()).contains("cmdgate: refused to load the agent " + EvilAgent.class.getName());
        Blocked.assertBlocked(run.result("touch_after_attach"));
        assertThat(file("touched")).doesNotExist();
    }

    @OnEachJdk
    void the_diagnostic_command_cannot_load_an_agent(Jdk jdk) throws IOException {
        Path evil = evilAgentJar();
        Run run = tamper(ForkedJvm.on(jdk).jvmArg("-XX:+DisableAttachMechanism"), "autonomy=readonly",
                "diagnostic-command", evil.toString());

        assertThat(run.tagged("DCMD")).as(run.describe()).singleElement().asString().startsWith("refused")
                .contains("cmdgate: refused to load an agent");
        assertThat(run.tagged("EVIL")).as("the agent never ran").isEmpty();
        Blocked.assertBlocked(run.result("touch_after_dcmd"));
        assertThat(file("touched")).doesNotExist();
    }

    @OnEachJdk
    void the_native_launch_method_cannot_be_called_around_the_hooks(Jdk jdk) {
        Run run = tamper(ForkedJvm.on(jdk).openJavaLang(), "autonomy=readonly", "fork-and-exec");

        AppResult r = run.result("fork_and_exec");
        Blocked.assertBlocked(r);
        assertThat(r.message()).contains("touch " + file("fork-victim"));
        assertThat(file("fork-victim")).doesNotExist();
    }

    @OnEachJdk
    void a_refusing_pre_check_is_audited(Jdk jdk) {
        Run run = tamper(jdk, "autonomy=readonly", "pre-check");

        assertThat(run.tagged("CHECK")).as(run.describe()).containsExactly("BLOCK");
        Audit.Line line = Audit.read(tmp.resolve("audit.jsonl")).forWord(file("checked").toString());
        assertThat(line.str("precheck")).isEqualTo("block");
        assertThat(line.outcome()).isEqualTo("blocked");
        assertThat(line.caller()).startsWith(Tamper.class.getName() + ".preCheck(");
        assertThat(run.stderr()).as("nothing was launched, so nothing is reported").doesNotContain("cmdgate: blocked");
    }

    /** A jar holding {@link EvilAgent} as both premain and agentmain class. */
    private Path evilAgentJar() throws IOException {
        return agentJar("evil-agent.jar", Map.of("Premain-Class", EvilAgent.class.getName(),
                "Agent-Class", EvilAgent.class.getName()), List.of(classFile(EvilAgent.class), classFile(Attempt.class)));
    }

    /** An executable jar of {@link Tamper} whose manifest names {@link EvilAgent} as its {@code Launcher-Agent-Class}. */
    private Path tamperJarWithLauncherAgent() throws IOException {
        Path apps = ForkedJvm.APP_CLASSES.resolve(Tamper.class.getPackageName().replace('.', '/'));
        List<String> classes;
        try (var files = Files.list(apps)) {
            classes = files.filter(p -> p.toString().endsWith(".class"))
                    .map(p -> ForkedJvm.APP_CLASSES.relativize(p).toString()).toList();
        }
        return agentJar("tamper-app.jar", Map.of("Main-Class", Tamper.class.getName(),
                "Launcher-Agent-Class", EvilAgent.class.getName()), classes);
    }

    private static String classFile(Class<?> c) {
        return c.getName().replace('.', '/') + ".class";
    }

    /** A jar of test-app class files whose manifest has {@code attributes} and may retransform and redefine classes. */
    private Path agentJar(String name, Map<String, String> attributes, List<String> classFiles) throws IOException {
        Path jar = tmp.resolve(name);
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        attributes.forEach(a::putValue);
        a.putValue("Can-Retransform-Classes", "true");
        a.putValue("Can-Redefine-Classes", "true");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m)) {
            for (String classFile : classFiles) {
                out.putNextEntry(new JarEntry(classFile));
                Files.copy(ForkedJvm.APP_CLASSES.resolve(classFile), (OutputStream) out);
                out.closeEntry();
            }
        }
        return jar;
    }

    /**
     * Classes named like cmdgate's own — the classifier factory of a stale cmdgate-core, and the bridge
     * of earlier versions — that would call everything Read: on the class path before the agent jar.
     */
    private Path impostorClasses() throws IOException {
        Path src = Dirs.mkdir(tmp, "impostor-src");
        Path out = Dirs.mkdir(tmp, "impostors");
        Path classifiers = Dirs.write(Dirs.mkdir(src, "cl").resolve("Classifiers.java"), """
                package dev.cmdgate.core.classify;
                public final class Classifiers {
                    public static dev.cmdgate.core.CommandClassifier standard(java.nio.file.Path rules) {
                        System.out.println("IMPOSTOR classifier used");
                        return (argv, env) -> new dev.cmdgate.core.Classification(dev.cmdgate.core.CommandClass.READ,
                                dev.cmdgate.core.RiskLevel.MINIMAL, java.util.List.of(), java.util.List.of());
                    }
                }
                """);
        Path bridge = Dirs.write(Dirs.mkdir(src, "br").resolve("LaunchBridge.java"), """
                package dev.cmdgate.api.bridge;
                public final class LaunchBridge {
                    public static void onStart(Object[] args) { System.out.println("IMPOSTOR bridge used"); }
                }
                """);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "-d", out.toString(), "-cp", System.getProperty("java.class.path"),
                classifiers.toString(), bridge.toString());
        assertThat(rc).as("impostor classes compile").isZero();
        return out;
    }
}
