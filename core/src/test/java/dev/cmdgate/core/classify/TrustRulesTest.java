package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.gate.GateScheme;
import dev.cmdgate.core.rules.RuleSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The user's {@code [@trust]} rows: exact launches and narrow patterns are let through, and nothing
 * around them — the other commands of a chain, redirections, variables, wrappers — is.
 */
class TrustRulesTest {

    private static final String JAVA_HOME = "/opt/jdk-17";
    private static final String PROJECT = "/home/me/proj";
    private static final Map<String, String> PLACES = Map.of("java.home", JAVA_HOME, "user.dir", PROJECT,
            "user.home", "/home/me", "java.io.tmpdir", "/tmp");

    private static final String RULES = """
            [@trust]
            # Maven Surefire's forked test JVM
            trust /bin/sh -c "cd ${user.dir} && ${java.home}/bin/java -jar *" -> "never this: a script is judged part by part"
            trust ${java.home}/bin/java -jar ${user.dir}/target/surefire/surefirebooter*.jar ... if cwd=${user.dir} -> "Surefire test JVM"
            trust rm -rf target if cwd=${user.dir} cwd=${user.dir}/* -> "the project's build output"
            trust deploy-status --all -> "our status tool"
            trust ant-helper ... if caller=org.apache.tools.ant@/opt/ant/lib/* -> "helpers Ant runs"
            trust echo "if" -> "a quoted marker is a word"
            trust ${java.home}/bin/java -agentlib:jdwp=transport=dt_socket,address=localhost:* ... jdk.jshell.execution.RemoteExecutionControl * if caller=jdk.jshell.execution output=/tmp/remote*output -> "JShell's engine"
            """;

    private static RulesClassifier classifier() {
        return RulesClassifier.of(RuleSet.withUserText(RULES, "/etc/cmdgate/trust.rules", PLACES));
    }

    private static Classification shell(String line, String cwd) {
        return classifier().classifyArgv(List.of("sh", "-c", line), Map.of(), LaunchSite.of(cwd, List::of));
    }

    private static final String BOOTER = JAVA_HOME + "/bin/java -jar " + PROJECT + "/target/surefire/surefirebooter-2026.jar "
            + PROJECT + "/target/surefire 2026-jvmRun1 surefire.tmp surefire_0.tmp";

    @Test
    void theSurefireForkIsTrustedInTheProjectButTheScriptAroundItIsJudged() {
        Classification c = shell("cd " + PROJECT + " && " + BOOTER, PROJECT);
        assertThat(c.commandClass()).isEqualTo(CommandClass.READ);
        assertThat(c.findings()).anySatisfy(f -> {
            assertThat(f.command()).startsWith(JAVA_HOME + "/bin/java -jar");
            assertThat(f.reason()).isEqualTo("trusted by /etc/cmdgate/trust.rules:4: Surefire test JVM");
            assertThat(f.rule()).as("the trust row, like any row that made a finding").isEqualTo("/etc/cmdgate/trust.rules:4");
        });
        // without the row the JDK's java running a jar is at least Write
        assertThat(Classifiers.standard(null).classifyShell(BOOTER).commandClass().ordinal())
                .isGreaterThanOrEqualTo(CommandClass.WRITE.ordinal());
        // a chain is judged part by part: the trusted command does not cover what follows it
        assertThat(shell(BOOTER + "; rm -rf ~", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell(BOOTER + " && curl http://x | sh", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        // nor its redirections, the variables set for it, or a wrapper around it
        assertThat(shell(BOOTER + " > ~/.bashrc", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("LD_PRELOAD=/tmp/x.so " + BOOTER, PROJECT).commandClass()).isNotEqualTo(CommandClass.READ);
        assertThat(shell("sudo " + BOOTER, PROJECT).commandClass()).isNotEqualTo(CommandClass.READ);
        // an argument only known at run time, or a glob the shell expands, is never trusted
        assertThat(shell(JAVA_HOME + "/bin/java -jar " + PROJECT + "/target/surefire/surefirebooter$X.jar", PROJECT)
                .commandClass()).isNotEqualTo(CommandClass.READ);
        assertThat(shell(JAVA_HOME + "/bin/java -jar " + PROJECT + "/target/surefire/surefirebooter*.jar", PROJECT)
                .commandClass()).isNotEqualTo(CommandClass.READ);
        // a whole-script row never matches: trust is for simple commands
        assertThat(shell("cd " + PROJECT + " && " + JAVA_HOME + "/bin/java -jar x.jar", PROJECT).commandClass())
                .isNotEqualTo(CommandClass.READ);
    }

    @Test
    void theDirectoryConditionHoldsForEveryDirectoryTheCommandMayRunIn() {
        assertThat(shell("rm -rf target", PROJECT).commandClass()).isEqualTo(CommandClass.READ);
        assertThat(shell("rm -rf target", PROJECT + "/module-a").commandClass()).isEqualTo(CommandClass.READ);
        assertThat(shell("rm -rf target", "/home/me").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        // an earlier cd elsewhere, even in a subshell, voids it; a cd to an unknown place too
        assertThat(shell("cd /tmp && rm -rf target", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("(cd /home/me/proj); rm -rf target", "/home/me").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("cd $D; rm -rf target", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("cd sub; rm -rf target", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("cd ./sub && rm -rf target", PROJECT).commandClass()).isEqualTo(CommandClass.READ);
        assertThat(shell("cd .. && rm -rf target", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        // other arguments are other commands
        assertThat(shell("rm -rf target ~", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("rm -rf /", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        // no directory known: no trust that needs one
        assertThat(classifier().classifyShell("rm -rf target").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void anOptionThatMovesTheCommandVoidsTheDirectoryConditionWhereItLeadsElsewhere() {
        // env -C, unshare --wd, find -execdir: the command runs in another directory than the shell's
        assertThat(shell("env -C /outside rm -rf target", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("env --chdir=/outside rm -rf target", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("timeout 5 env -C /outside rm -rf target", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("unshare --wd=/outside rm -rf target", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("env -C $D rm -rf target", PROJECT).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        // the word find replaces is a directory named at run time, never one called {}
        assertThat(shell("find /outside -maxdepth 0 -exec env -C {} rm -rf target ';'", PROJECT).commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("find /outside -maxdepth 0 -exec env --chdir={} rm -rf target ';'", PROJECT).commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("find /outside -maxdepth 0 -exec nice env -C {}/. rm -rf target ';'", PROJECT).commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("find /outside/target -execdir rm -rf target ';'", PROJECT).commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("find . -name target -execdir rm -rf target ';'", PROJECT).commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
        // a directory the row allows is still one
        assertThat(shell("env -C module-a rm -rf target", PROJECT).commandClass()).isEqualTo(CommandClass.READ);
        assertThat(shell("env -C /outside true; rm -rf target", PROJECT).commandClass()).isEqualTo(CommandClass.READ);
    }

    @Test
    void aDirectoryOrHomeTheLineItselfMayHaveChangedIsNotKnown() {
        String rows = "[@trust]\ntrust rm -rf ~/.cache/acme -> \"the tool's cache\"\n"
                + "trust rm -rf target if cwd=${user.dir} cwd=${user.dir}/* -> \"build output\"\n";
        RulesClassifier c = RulesClassifier.of(RuleSet.withUserText(rows, "/etc/cmdgate/trust.rules", PLACES));
        java.util.function.Function<String, CommandClass> run = line -> c.classifyArgv(List.of("sh", "-c", line),
                Map.of(), LaunchSite.of(PROJECT, List::of)).commandClass();
        assertThat(run.apply("rm -rf ~/.cache/acme")).isEqualTo(CommandClass.READ);
        // HOME given a value on the line: ~ is that value
        assertThat(run.apply("HOME=/outside; rm -rf ~/.cache/acme")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(run.apply("export HOME=/outside && rm -rf ~/.cache/acme")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(run.apply("read HOME; rm -rf ~/.cache/acme")).isEqualTo(CommandClass.DESTRUCTIVE);
        // HOME set for the launch by the application
        assertThat(c.classifyArgv(List.of("sh", "-c", "rm -rf ~/.cache/acme"), Map.of("HOME", "/outside"),
                LaunchSite.of(PROJECT, List::of)).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        // a link (or anything) the line makes before it cds through it: not the directory on disk now
        assertThat(run.apply("ln -s /outside ./sub && cd ./sub && rm -rf target")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(run.apply("rm -rf sub; ln -s /outside sub; cd ./sub; rm -rf target")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(run.apply("mv /tmp/l ./sub && cd ./sub/deeper && rm -rf target")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(run.apply("ln -s /outside sub && env -C sub rm -rf target")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(run.apply("ln -s $X ./sub && cd ./sub && rm -rf target")).isEqualTo(CommandClass.DESTRUCTIVE);
        // a program the rules do not know to only read its operands (rename.ul, an unknown one) may have moved them
        assertThat(run.apply("rename.ul lnk mod /w/lnk && env -C mod rm -rf target")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(run.apply("./tool --into=mod && env -C mod rm -rf target")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(run.apply("cat mod/x && env -C mod rm -rf target")).isEqualTo(CommandClass.READ);
        // what the line made elsewhere does not matter
        assertThat(run.apply("mkdir -p out && cd ./sub && rm -rf target")).isEqualTo(CommandClass.WRITE);   // mkdir's own
    }

    @Test
    void aDirectoryOrAWordReachedThroughALinkIsJudgedAsWhatItReaches(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws Exception {
        java.nio.file.Path project = java.nio.file.Files.createDirectories(tmp.resolve("proj"));
        java.nio.file.Path home = java.nio.file.Files.createDirectories(tmp.resolve("home"));
        java.nio.file.Files.createDirectories(project.resolve("module/target"));
        RulesClassifier c = RulesClassifier.of(RuleSet.withUserText(
                "[@trust]\ntrust rm -rf target if cwd=${user.dir} cwd=${user.dir}/* -> \"build output\"\n"
                + "trust rm -rf ${user.dir}/cache/* -> \"caches\"\n", "u.rules",
                Map.of("user.dir", project.toString(), "java.home", JAVA_HOME, "user.home", home.toString(), "java.io.tmpdir", "/tmp")));
        java.util.function.BiFunction<List<String>, java.nio.file.Path, CommandClass> cls =
                (argv, dir) -> c.classifyArgv(argv, Map.of(), LaunchSite.of(dir.toString(), List::of)).commandClass();
        assertThat(cls.apply(List.of("rm", "-rf", "target"), project.resolve("module"))).isEqualTo(CommandClass.READ);
        // a directory of the project that is a link to elsewhere: the command would run there
        java.nio.file.Files.createSymbolicLink(project.resolve("away"), home);
        assertThat(cls.apply(List.of("rm", "-rf", "target"), project.resolve("away"))).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls.apply(List.of("sh", "-c", "cd away && rm -rf target"), project)).isEqualTo(CommandClass.DESTRUCTIVE);
        // the word itself a link, or a link on its way
        java.nio.file.Files.createSymbolicLink(project.resolve("target"), home);
        assertThat(cls.apply(List.of("rm", "-rf", "target"), project)).isEqualTo(CommandClass.DESTRUCTIVE);
        java.nio.file.Files.createSymbolicLink(project.resolve("cache"), home);
        assertThat(cls.apply(List.of("rm", "-rf", project + "/cache/x"), tmp)).isEqualTo(CommandClass.DESTRUCTIVE);
        // a glob's * is not a way up
        java.nio.file.Files.delete(project.resolve("cache"));
        java.nio.file.Files.createDirectories(project.resolve("cache"));
        assertThat(cls.apply(List.of("rm", "-rf", project + "/cache/x"), tmp)).isEqualTo(CommandClass.READ);
        assertThat(cls.apply(List.of("rm", "-rf", project + "/cache/../../home"), tmp)).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void programsResolveLikeTheClassifierResolvesThem() {
        assertThat(shell("deploy-status --all", "/").commandClass()).isEqualTo(CommandClass.READ);
        assertThat(shell("/usr/bin/deploy-status --all", "/").commandClass()).isEqualTo(CommandClass.READ);
        assertThat(shell("./deploy-status --all", "/").commandClass()).isNotEqualTo(CommandClass.READ);
        assertThat(shell("/tmp/deploy-status --all", "/").commandClass()).isNotEqualTo(CommandClass.READ);
        assertThat(shell("deploy-status --all --force", "/").commandClass()).isNotEqualTo(CommandClass.READ);
        assertThat(shell("deploy-status", "/").commandClass()).isNotEqualTo(CommandClass.READ);
        // a function of the script with the program's name is the script's code, not the program
        assertThat(shell("deploy-status() { rm -rf ~; }; deploy-status --all", "/").commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(shell("echo if", "/").findings()).anySatisfy(f -> assertThat(f.reason()).startsWith("trusted by"));
    }

    @Test
    void dotsStandForAnyRunOfWords() {
        LaunchSite jshell = LaunchSite.of("/", LaunchSite.frames(List.of("com.sun.tools.jdi.AbstractLauncher",
                "jdk.jshell.execution.JdiInitiator", "jdk.internal.jshell.tool.JShellTool"),
                List.of("jrt:/jdk.jdi", "jrt:/jdk.jshell", "jrt:/jdk.jshell")));
        RulesClassifier c = classifier();
        List<String> jdk17 = List.of(JAVA_HOME + "/bin/java", "-agentlib:jdwp=transport=dt_socket,address=localhost:50975",
                "jdk.jshell.execution.RemoteExecutionControl", "42521");
        List<String> jdk25 = List.of(JAVA_HOME + "/bin/java", "-agentlib:jdwp=transport=dt_socket,address=localhost:39955",
                "-Dstderr.encoding=UTF-8", "-Djdk.console=jdk.jshell", "jdk.jshell.execution.RemoteExecutionControl", "33385");
        assertThat(c.classifyArgv(jdk17, Map.of(), jshell).commandClass()).isEqualTo(CommandClass.READ);
        assertThat(c.classifyArgv(jdk25, Map.of(), jshell).commandClass()).isEqualTo(CommandClass.READ);
        // the same command from other code, or with the engine's port missing, is not trusted
        assertThat(c.classifyArgv(jdk17, Map.of(), LaunchSite.of("/", () -> List.of("com.acme.Agent"))).commandClass())
                .isNotEqualTo(CommandClass.READ);
        // nor from a class the application named into the JDK's package: its code is not the JDK's
        assertThat(c.classifyArgv(jdk17, Map.of(), LaunchSite.of("/", LaunchSite.frames(
                List.of("jdk.jshell.execution.Evil"), List.of("/tmp/evil.jar")))).commandClass()).isNotEqualTo(CommandClass.READ);
        assertThat(c.classifyArgv(jdk17, Map.of(), LaunchSite.of("/", LaunchSite.frames(
                List.of("jdk.jshell.execution.JdiInitiator"), List.of("")))).commandClass()).isNotEqualTo(CommandClass.READ);
        assertThat(c.classifyArgv(jdk17.subList(0, 3), Map.of(), jshell).commandClass()).isNotEqualTo(CommandClass.READ);
    }

    @Test
    void theCallerConditionLooksAtTheLaunchingFramesOnlyWhenAsked() {
        AtomicInteger walks = new AtomicInteger();
        LaunchSite ant = LaunchSite.of("/", new LaunchSite.Frames() {
            @Override
            public List<String> get() {
                walks.incrementAndGet();
                return List.of("org.apache.tools.ant.taskdefs.Execute", "com.acme.Build");
            }

            @Override
            public List<String> origins() {
                return List.of("/opt/ant/lib/ant.jar", "/home/me/proj/build/classes");
            }
        });
        RulesClassifier c = classifier();
        assertThat(c.classifyArgv(List.of("deploy-status", "--all"), Map.of(), ant).commandClass()).isEqualTo(CommandClass.READ);
        assertThat(walks).hasValue(0);
        assertThat(c.classifyArgv(List.of("ant-helper", "x"), Map.of(), ant).commandClass()).isEqualTo(CommandClass.READ);
        assertThat(c.classifyArgv(List.of("ant-helper", "x"), Map.of(),
                LaunchSite.of("/", () -> List.of("org.apache.tools.antx.Evil"))).commandClass()).isNotEqualTo(CommandClass.READ);
        // a class of the package whose code comes from elsewhere (the application's jar, a URLClassLoader's) does not count
        assertThat(c.classifyArgv(List.of("ant-helper", "x"), Map.of(), LaunchSite.of("/", LaunchSite.frames(
                List.of("org.apache.tools.ant.taskdefs.Evil"), List.of("/home/me/proj/app.jar"))))
                .commandClass()).isNotEqualTo(CommandClass.READ);
        assertThat(c.classifyArgv(List.of("ant-helper", "x"), Map.of(), LaunchSite.of("/", LaunchSite.frames(
                List.of("org.apache.tools.ant.taskdefs.Evil"), List.of(""))))
                .commandClass()).isNotEqualTo(CommandClass.READ);
        assertThat(c.classifyArgv(List.of("ant-helper", "x"), Map.of(), LaunchSite.NONE).commandClass())
                .isNotEqualTo(CommandClass.READ);
        assertThat(c.dependsOnSite()).isTrue();
    }

    @Test
    void theGatekeeperNamesTheRowAndNeverReusesASiteDependentVerdict() {
        Gatekeeper g = new Gatekeeper(classifier(), new GateScheme.ByAutonomy(Autonomy.SUPERVISED), null);
        Launch rm = Launch.ofArgv(List.of("rm", "-rf", "target"), PROJECT);
        Verdict inProject = g.judge(rm, LaunchSite.of(PROJECT, List::of));
        assertThat(inProject.gate()).isEqualTo(GateDecision.ALLOW);
        assertThat(inProject.reasons()).extracting(Reason::code).contains("trust");
        assertThat(inProject.reasons()).filteredOn(r -> r.code().equals("trust")).singleElement()
                .satisfies(r -> assertThat(r.message()).isEqualTo(
                        "rm -rf target is trusted by /etc/cmdgate/trust.rules:5: the project's build output"));
        // the same argv launched elsewhere: judged again, not taken from memory
        Verdict elsewhere = g.judge(rm, LaunchSite.of("/home/me", List::of));
        assertThat(elsewhere.gate()).isEqualTo(GateDecision.PROMPT);
        assertThat(elsewhere.reasons()).extracting(Reason::code).doesNotContain("trust");
    }

    @Test
    void aRowMayNameTheFilesTheJdkWritesTheTrustedLaunchsOutputTo() {
        Gatekeeper g = new Gatekeeper(classifier(), new GateScheme.ByAutonomy(Autonomy.SUPERVISED), null);
        LaunchSite jshell = LaunchSite.of("/", LaunchSite.frames(List.of("jdk.jshell.execution.JdiInitiator"),
                List.of("jrt:/jdk.jshell")));
        List<String> engine = List.of(JAVA_HOME + "/bin/java", "-agentlib:jdwp=transport=dt_socket,address=localhost:1",
                "jdk.jshell.execution.RemoteExecutionControl", "2");
        Launch named = new Launch(engine, null, "/", Map.of(), List.of(new Launch.OutputRedirect("/tmp/remote123output", false)),
                null, null);
        assertThat(g.judge(named, jshell).gate()).isEqualTo(GateDecision.ALLOW);
        Launch other = new Launch(engine, null, "/", Map.of(), List.of(new Launch.OutputRedirect("/home/me/.bashrc", true)),
                null, null);
        assertThat(g.judge(other, jshell).classification().commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        Launch plain = new Launch(List.of("deploy-status", "--all"), null, "/", Map.of(),
                List.of(new Launch.OutputRedirect("/tmp/remote123output", false)), null, null);
        assertThat(g.judge(plain, jshell).gate()).as("a row without output= covers no file").isEqualTo(GateDecision.PROMPT);
    }

    @Test
    void badRowsAreErrorsNamingTheLine() {
        List<String> bad = new ArrayList<>(List.of(
                "trust * -> \"everything\"",
                "trust java* -version -> \"a glob name\"",
                "trust rm -rf target",
                "trust rm -rf target -> reason-not-quoted",
                "trust ... rm -> \"dots before the program\"",
                "trust rm -rf target if where=/x -> \"unknown condition\"",
                "trust rm -rf target if cwd=relative -> \"relative directory\"",
                "trust ${java.version}/bin/java -> \"unknown placeholder\"",
                "trust bin/java -> \"relative program path\"",
                "allow rm -> \"not a trust row\"",
                "trust rm -rf target -> \"\"",
                "trust rm -rf target if output=out.txt -> \"relative output\"",
                "trust rm -rf target if caller=org.apache.tools.ant -> \"code outside the JDK, from anywhere\"",
                "trust rm -rf target if caller=com.acme@lib/* -> \"a relative origin\""));
        for (String row : bad) {
            assertThatThrownBy(() -> RuleSet.withUserText("[@trust]\n" + row + "\n", "u.rules", PLACES))
                    .as(row).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("u.rules line 2: ");
        }
    }

    @Test
    void placeholdersAreLiteralPaths() {
        RuleSet r = RuleSet.withUserText("[@trust]\ntrust ${user.dir}/gradlew build -> \"the wrapper\"\n", "u.rules",
                Map.of("user.dir", "/home/me/w*rk", "java.home", JAVA_HOME, "user.home", "/home/me"));
        RulesClassifier c = RulesClassifier.of(r);
        assertThat(c.classifyArgv(List.of("/home/me/w*rk/gradlew", "build"), Map.of(), LaunchSite.NONE).commandClass())
                .isEqualTo(CommandClass.READ);
        assertThat(c.classifyArgv(List.of("/home/me/work/gradlew", "build"), Map.of(), LaunchSite.NONE).commandClass())
                .isNotEqualTo(CommandClass.READ);
        // a relative command path is resolved against the launch's directory
        assertThat(c.classifyArgv(List.of("./gradlew", "build"), Map.of(), LaunchSite.of("/home/me/w*rk", List::of))
                .commandClass()).isEqualTo(CommandClass.READ);
        assertThat(c.classifyArgv(List.of("./gradlew", "build"), Map.of(), LaunchSite.of("/tmp", List::of))
                .commandClass()).isNotEqualTo(CommandClass.READ);
    }

    @Test
    void theShippedBuildToolRowsParseAndTrustTheForksTheyDescribe() throws Exception {
        java.nio.file.Path shipped = java.nio.file.Path.of("..", "examples", "trust", "build-tools.rules");
        RulesClassifier c = RulesClassifier.of(RuleSet.withUserFile(shipped, PLACES));
        String repo = "/home/me/.m2/repository/org/apache/maven/surefire/";
        LaunchSite surefire = LaunchSite.of(PROJECT, LaunchSite.frames(List.of(
                "org.apache.maven.surefire.extensions.util.CommandlineExecutor",
                "org.apache.maven.plugin.surefire.booterclient.ForkStarter"), List.of(
                repo + "surefire-extensions-api/3.5.3/surefire-extensions-api-3.5.3.jar",
                repo + "maven-surefire-common/3.5.3/maven-surefire-common-3.5.3.jar")));
        String fork = "cd '" + PROJECT + "' && '" + JAVA_HOME + "/bin/java' '-jar' '" + PROJECT
                + "/target/surefire/surefirebooter-20261201175109463_3.jar' '" + PROJECT + "/target/surefire'"
                + " '2026-12-01T17-51-09_326-jvmRun1' 'surefire-20261201175109463_1tmp' 'surefire_0-20261201175109463_2tmp'";
        Classification trusted = c.classifyArgv(List.of("/bin/sh", "-c", fork), Map.of(), surefire);
        assertThat(trusted.commandClass()).isEqualTo(CommandClass.READ);
        assertThat(trusted.findings()).anySatisfy(f -> assertThat(f.reason()).startsWith("trusted by " + shipped + ":")
                .endsWith("Maven Surefire's forked test JVM"));
        // the same fork from other code is not trusted, nor from a class of Surefire's package the project defines
        assertThat(c.classifyArgv(List.of("/bin/sh", "-c", fork), Map.of(), LaunchSite.of(PROJECT, () -> List.of("com.acme.X")))
                .commandClass()).isNotEqualTo(CommandClass.READ);
        assertThat(c.classifyArgv(List.of("/bin/sh", "-c", fork), Map.of(), LaunchSite.of(PROJECT, LaunchSite.frames(
                List.of("org.apache.maven.plugin.surefire.booterclient.ForkStarter"), List.of(PROJECT + "/target/classes"))))
                .commandClass()).isNotEqualTo(CommandClass.READ);
        assertThat(c.classifyArgv(List.of("rm", "-rf", "target"), Map.of(), LaunchSite.of(PROJECT, List::of)).commandClass())
                .isEqualTo(CommandClass.READ);
    }
}
