package dev.cmdgate.agent.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.classify.CommandKnowledge;
import dev.cmdgate.core.classify.RulesClassifier;
import dev.cmdgate.core.rules.RuleSet;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * cmdgate.children=gate before the decision: a launch that would start a JVM without cmdgate, or run code in it
 * before cmdgate starts, is Destructive with the reason; everyday JVM launches keep their class.
 */
class UngatedJvmsTest {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final String BOOT = "dev/cmdgate/b19990101000000000/";

    @TempDir
    Path dir;

    private RulesClassifier classifier;

    @BeforeEach
    void review() throws IOException {
        Path ownJar = jar(dir.resolve("cmdgate.jar"), Map.of("Premain-Class", BOOT.replace('/', '.') + "Premain"),
                BOOT + "Premain.class", BOOT + "Bootstrap.class");
        RuleSet rules = RuleSet.builtin();
        UngatedJvms review = new UngatedJvms(JvmOptionRules.load(), ChildJvms.programs(), new CommandKnowledge(rules),
                BootstrapShadows.of(ownJar), ownJar, null, java.util.Set.of());
        classifier = RulesClassifier.of(rules).withReview(review);
    }

    private Classification classify(List<String> argv, Map<String, String> env) {
        return classifier.classifyArgv(argv, env, LaunchSite.of(dir.toString(), LaunchSite.NoFrames.NO_FRAMES));
    }

    private Classification shell(String line) {
        return classify(List.of("sh", "-c", line), Map.of());
    }

    private static String why(Classification c) {
        StringBuilder b = new StringBuilder();
        for (Finding f : c.findings()) {
            b.append(f.commandClass()).append(' ').append(f.command()).append(": ").append(f.reason()).append('\n');
        }
        return b.toString();
    }

    private static void ungated(Classification c) {
        assertThat(c.commandClass()).as(why(c)).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(why(c)).contains("unverifiable code");
    }

    private static void gated(Classification c) {
        assertThat(c.commandClass()).as(why(c)).isNotEqualTo(CommandClass.DESTRUCTIVE);
    }

    /** A finding an option row raises names the row, as a rules row's finding does: {@code jvm-options:LINE}. */
    @Test
    void anOptionsFindingNamesItsRow() throws IOException {
        Classification c = shell("java -javaagent:/tmp/evil.jar -cp . Main");
        ungated(c);
        List<String> lines;
        try (var in = JvmOptionRules.class.getResourceAsStream(JvmOptionRules.RESOURCE)) {
            lines = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().toList();
        }
        Finding f = c.findings().stream().filter(x -> x.reason().contains("another Java agent")).findFirst().orElseThrow();
        assertThat(f.rule()).startsWith(JvmOptionRules.RESOURCE + ":");
        String row = lines.get(Integer.parseInt(f.rule().substring(JvmOptionRules.RESOURCE.length() + 1)) - 1);
        assertThat(row).startsWith("unverifiable -javaagent:*");
        // a finding no row made (an option known only at run time) names none
        Classification runtime = shell("java -Dx=$X -cp . Main");
        assertThat(runtime.findings()).filteredOn(x -> x.reason().contains("only known at run time"))
                .isNotEmpty().allSatisfy(x -> assertThat(x.rule()).isNull());
    }

    /**
     * JVM options that make the JVM write a file (-Xlog:…:file=, -XX:DumpLoadedClassList=) are written files wherever
     * they come from: an options variable the launch sets, an argument file, a project's jvm.config.
     */
    @Test
    void jvmOptionsFromVariablesAndFilesThatWriteTheGatesFilesAreRefused() throws IOException {
        Path audit = dir.resolve("audit.jsonl");
        Files.writeString(audit, "");
        RuleSet rules = RuleSet.builtin();
        RulesClassifier own = RulesClassifier.of(rules).withOwnFiles(dev.cmdgate.core.classify.OwnFiles.builder(dir.toString())
                .add(audit, dev.cmdgate.core.classify.OwnFiles.Kind.ROTATED, "the audit file").build());
        RulesClassifier c = own.withReview(new UngatedJvms(JvmOptionRules.load(), ChildJvms.programs(),
                new CommandKnowledge(rules), null, null, own, java.util.Set.of()));
        LaunchSite site = LaunchSite.of(dir.toString(), LaunchSite.NoFrames.NO_FRAMES);
        Files.writeString(dir.resolve("opts"), "-Xmx1g\n-XX:DumpLoadedClassList=audit.jsonl\n");
        Files.writeString(dir.resolve("harmless"), "-Xmx1g\n-XX:DumpLoadedClassList=classes.lst\n");
        Files.createDirectories(dir.resolve(".mvn"));
        Files.writeString(dir.resolve(".mvn/jvm.config"), "-Xloggc:" + audit + "\n");
        Files.writeString(dir.resolve("pom.xml"), "<project/>\n");

        for (Classification r : List.of(
                c.classifyArgv(List.of(JAVA, "-version"), Map.of("JDK_JAVA_OPTIONS", "-Xlog:gc:file=" + audit), site),
                c.classifyArgv(List.of(JAVA, "-version"), Map.of("JAVA_TOOL_OPTIONS", "-XX:StartFlightRecording=filename=" + audit), site),
                c.classifyArgv(List.of("sh", "-c", "mvn -q validate"), Map.of("MAVEN_OPTS", "-Xlog:gc:" + audit), site),
                c.classifyArgv(List.of(JAVA, "@opts", "-version"), Map.of(), site),
                c.classifyArgv(List.of("sh", "-c", "mvn -q validate"), Map.of(), site))) {
            assertThat(r.commandClass()).as(why(r)).isEqualTo(CommandClass.DESTRUCTIVE);
            assertThat(why(r)).contains("changes cmdgate's own files: the audit file").contains("(a JVM option: ");
        }
        Classification harmless = c.classifyArgv(List.of(JAVA, "@harmless", "-version"), Map.of(), site);
        assertThat(harmless.commandClass()).as(why(harmless)).isEqualTo(CommandClass.WRITE);
        Classification elsewhere = c.classifyArgv(List.of(JAVA, "-version"), Map.of("JDK_JAVA_OPTIONS", "-Xlog:gc:file=gc.log"), site);
        assertThat(why(elsewhere)).doesNotContain("own files");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "unset JAVA_TOOL_OPTIONS; java -cp . Main",
            "unset -v JAVA_TOOL_OPTIONS; java -cp . Main",
            "JAVA_TOOL_OPTIONS= java -cp . Main",
            "JAVA_TOOL_OPTIONS=-Xmx1g java -cp . Main",
            "export JAVA_TOOL_OPTIONS=; java -cp . Main",
            "export -n JAVA_TOOL_OPTIONS; java -cp . Main",
            "declare +x JAVA_TOOL_OPTIONS; java -cp . Main",
            "f() { local JAVA_TOOL_OPTIONS; java -cp . Main; }; f",
            "JAVA_TOOL_OPTIONS+=' -Djava.system.class.loader=E' java -cp . Main",
            "shopt -s expand_aliases; alias java='env -u JAVA_TOOL_OPTIONS java'; java -cp . Main",
            "nice -n 5 env -u JAVA_TOOL_OPTIONS java -cp . Main",
            "declare -n r=JAVA_TOOL_OPTIONS; r= java -cp . Main",
            "declare -n r=JAVA_TOOL_OPTIONS; unset r; java -cp . Main",
            "f() { local -n r=$1; unset r; java -cp . Main; }; f JAVA_TOOL_OPTIONS",
            "setpriv --reset-env java -cp . Main",
            "for JAVA_TOOL_OPTIONS in ''; do java -cp . Main; done",
            "read JAVA_TOOL_OPTIONS < /dev/null; java -cp . Main",
            "printf -v JAVA_TOOL_OPTIONS ''; java -cp . Main",
            "v=JAVA_TOOL_OPTIONS; unset \"$v\"; java -cp . Main",
            "export \"$v\"=; java -cp . Main",
            "env -u JAVA_TOOL_OPTIONS java -cp . Main",
            "env --unset=JAVA_TOOL_OPTIONS mvn test",
            "env -i java -cp . Main",
            "env -i PATH=/usr/bin mvn test",
            "env - java -cp . Main",
            "exec -c java -cp . Main",
            "env JAVA_TOOL_OPTIONS= java -cp . Main",
            "JDK_JAVA_OPTIONS=-Djava.system.class.loader=E java -cp . Main",
            "_JAVA_OPTIONS=-Xmx1g java -cp . Main",
            "MAVEN_OPTS=-Djava.system.class.loader=E mvn test",
            "export GRADLE_OPTS='-agentpath:/tmp/a.so'; gradle build",
    })
    void changingTheVariablesCmdgateTravelsInIsUnverifiable(String line) {
        ungated(shell(line));
    }

    /** bash exports no array and no reference: an attribute that makes one of a JVM options variable removes it. */
    @ParameterizedTest
    @ValueSource(strings = {
            "f(){ declare -ga JAVA_TOOL_OPTIONS; }; f; java -cp . Hit",
            "f(){ declare -g -a JAVA_TOOL_OPTIONS; }; f; java -cp . Hit",
            "f(){ typeset -ga JAVA_TOOL_OPTIONS; }; f; java -cp . Hit",
            "f(){ declare -gA JAVA_TOOL_OPTIONS; }; f; java -cp . Hit",
            "f(){ declare -ga JAVA_TOOL_OPTIONS; }; f; sh -c 'java -cp . Hit'",
            "bash -c 'f(){ declare -ga JAVA_TOOL_OPTIONS; }; f; java -cp . Hit'",
            "declare -ga JDK_JAVA_OPTIONS; java -cp . Hit",
            "declare -gA _JAVA_OPTIONS; java -cp . Hit",
            "f(){ declare -gn JAVA_TOOL_OPTIONS=x; }; f; java -cp . Hit",
            "declare -g -n JDK_AOT_VM_OPTIONS; java -XX:AOTCacheOutput=a.aot -cp . Hit",
            "readonly -a JAVA_TOOL_OPTIONS; java -cp . Hit",
            "g(){ local -ga JAVA_TOOL_OPTIONS; }; g; mvn test",
            "declare -a JAVA_TOOL_OPTIONS; java -cp . Hit",
            "typeset -A JAVA_TOOL_OPTIONS; java -cp . Hit",
    })
    void anAttributeThatStopsTheExportOfAJvmOptionsVariableIsUnverifiableWherever(String line) {
        ungated(shell(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "f(){ declare -ga files=(a b); }; f; java -cp . Hit",
            "declare -gA seen; java -cp . Hit",
            "declare -g JAVA_HOME=/usr/lib/jvm/x; java -cp . Hit",
    })
    void anArrayOfAnotherNameLeavesTheLaunchGated(String line) {
        gated(shell(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "java -Djava.system.class.loader=Evil -cp /tmp Main",
            "java -Djava.security.manager=Evil -cp /tmp Main",
            "java -Djava.nio.file.spi.DefaultFileSystemProvider=Evil -cp /tmp Main",
            "java -agentpath:/tmp/evil.so -cp . Main",
            "java -agentlib:evil -cp . Main",
            "java -Xrunevil -cp . Main",
            "java -agentlib:jdwp=transport=dt_socket,address=localhost:1,launch=/tmp/x.sh -cp . Main",
            "java -agentlib:jdwp=transport=dt_socket,address=localhost:5005 -cp . Main",
            "java -Xrunjdwp:transport=dt_socket,server=y -cp . Main",
            "java -agentpath:/usr/lib/jvm/x/lib/libjdwp.so=transport=dt_socket -cp . Main",
            "jshell -J-agentlib:jdwp=transport=dt_socket,server=y",
            "java -javaagent:/tmp/evil.jar -cp . Main",
            "java -javaagent:evil.jar=x -jar app.jar",
            "java -Djdk.attach.allowAttachSelf=true -cp . Main",
            "java -Djdk.attach.allowAttachSelf -cp . Main",
            "java -XX:+EnableDynamicAgentLoading -cp . Main",
            "java -XXaltjvm=/tmp/alt -cp . Main",
            "jshell -J-XXaltjvm=/tmp/alt",
            "java -Xbootclasspath/a:/tmp/evil.jar -cp . Main",
            "java --patch-module java.base=/tmp/evil -cp . Main",
            "java --patch-module=jdk.jshell=/tmp/evil -cp . Main",
            "java --upgrade-module-path /tmp/mods -cp . Main",
            "java --add-opens java.base/java.lang=ALL-UNNAMED -cp . Main",
            "java --add-opens=java.base/java.lang.invoke=ALL-UNNAMED -cp . Main",
            "java --add-exports java.base/jdk.internal.access=ALL-UNNAMED -cp . Main",
            "java -XX:OnOutOfMemoryError='touch /tmp/x' -cp . Main",
            "java -XX:OnError=/tmp/x -cp . Main",
            "java -XX:SharedArchiveFile=/tmp/x.jsa -cp . Main",
            "java -Xverify:none -cp . Main",
            "java $OPTS -cp . Main",
            "java -cp . $MAIN",
            "java -cp \"$CP\" Main",
            "jshell -J-Djava.system.class.loader=Evil",
            "javac -J-agentpath:/tmp/evil.so X.java",
            "keytool -J-Djava.system.class.loader=Evil -list",
            "/usr/lib/jvm/x/bin/java -Djava.system.class.loader=Evil -cp /tmp Main",
    })
    void optionsThatRunCodeBeforeCmdgateAreUnverifiable(String line) {
        ungated(shell(line));
        assertThat(why(shell(line))).contains(line.split(" ")[0].contains("/") ? "java" : line.split(" ")[0]);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "java -cp . Main",
            "java -cp . Main -Djava.system.class.loader=Evil -agentpath:/x.so",
            "java -jar app.jar -Djava.system.class.loader=Evil",
            "java -Xmx1g -Dfoo=bar -cp . Main",
            "java -Djava.security.manager=allow -cp . Main",
            "java -Djdk.attach.allowAttachSelf=false -XX:-EnableDynamicAgentLoading -cp . Main",
            "java --add-opens java.base/java.util=ALL-UNNAMED -cp . Main",
            "java -cp . Main \"$@\"",
            "java -version",
            "javac -d out X.java",
            "mvn test",
            "unset FOO; ls",
            "f() { local X; java -cp . Main; }; f",
            "f() { declare -p JAVA_TOOL_OPTIONS; java -cp . Main; }; f",
            "f() { declare -g JAVA_TOOL_OPTIONS; java -cp . Main; }; f",
            "env -u FOO ls",
            "declare -n r=HOME; unset r; java -cp . Main",
            "JAVA_HOME=/opt/jdk mvn test",
            "MAVEN_OPTS=-Xmx1g mvn test",
    })
    void everydayJvmLaunchesKeepTheirClass(String line) throws IOException {
        jar(dir.resolve("app.jar"), Map.of("Main-Class", "Main"), "Main.class");
        gated(shell(line));
    }

    @Test
    void cmdgatesOwnAgentIsFineAndAnyOtherAgentIsUnverifiable() throws IOException {
        Path own = dir.resolve("cmdgate.jar");
        Path link = java.nio.file.Files.createSymbolicLink(dir.resolve("link.jar"), own);
        gated(classify(List.of(JAVA, "-javaagent:" + own + "=autonomy=full", "-cp", ".", "Main"), Map.of()));
        gated(classify(List.of(JAVA, "-javaagent:" + link, "-cp", ".", "Main"), Map.of()));
        Path copy = java.nio.file.Files.copy(own, dir.resolve("copy.jar"));
        ungated(classify(List.of(JAVA, "-javaagent:" + copy, "-cp", ".", "Main"), Map.of()));
        // in the options variables of a direct launch, another agent would start before cmdgate's first argument
        ungated(classify(List.of(JAVA, "-cp", ".", "Main"), Map.of("JDK_JAVA_OPTIONS", "-javaagent:/tmp/evil.jar")));
        ungated(classify(List.of(JAVA, "-cp", ".", "Main"), Map.of("JAVA_TOOL_OPTIONS", "-javaagent:/tmp/evil.jar")));
        gated(classify(List.of(JAVA, "-cp", ".", "Main"), Map.of("JAVA_TOOL_OPTIONS", "-javaagent:" + own)));
    }

    @Test
    void mavensJvmConfigIsFoundWhereTheMvnScriptLooksAndReadAsItSplitsIt() throws IOException {
        Path other = java.nio.file.Files.createDirectories(dir.resolve("other/.mvn"));
        java.nio.file.Files.writeString(other.resolve("jvm.config"), "-agentpath:/tmp/x.so\n");
        java.nio.file.Files.writeString(dir.resolve("other/pom.xml"), "<project/>\n");
        ungated(shell("mvn -f other/pom.xml -v"));
        ungated(shell("mvn --file other -v"));
        ungated(shell("MAVEN_BASEDIR=other mvn -v"));
        ungated(shell("mvn -f \"$P\" -v"));
        gated(shell("mvn -v"));
        // the mvn script splits the file at blanks and keeps quotes as they are
        Path here = java.nio.file.Files.createDirectories(dir.resolve(".mvn"));
        java.nio.file.Files.writeString(here.resolve("jvm.config"), "-Dq=\"a -agentpath:/tmp/x.so -Dr=b\"\n");
        ungated(shell("mvn -v"));
        ungated(shell("MAVEN_OPTS='-Dq=\"a -agentpath:/tmp/x.so\"' mvn -v"));
    }

    @Test
    void anExecutableJarsLauncherAgentIsUnverifiable() throws IOException {
        jar(dir.resolve("agent-app.jar"), Map.of("Main-Class", "Main", "Launcher-Agent-Class", "Evil"), "Main.class");
        Classification c = shell("java -jar agent-app.jar");
        ungated(c);
        assertThat(why(c)).contains("-javaagent:" + dir.resolve("agent-app.jar"));
    }

    @Test
    void theLaunchsOwnVariablesAreReadAsOptionsNotForbidden() {
        gated(classify(List.of(JAVA, "-cp", ".", "Main"), Map.of("JAVA_TOOL_OPTIONS", "-Xmx1g")));
        gated(classify(List.of("sh", "-c", "java -cp . Main"), Map.of("JDK_JAVA_OPTIONS", "-Xss2m")));
        ungated(classify(List.of("sh", "-c", "java -cp . Main"), Map.of("JDK_JAVA_OPTIONS", "-Djava.system.class.loader=E")));
        ungated(classify(List.of(JAVA, "-cp", ".", "Main"), Map.of("JAVA_TOOL_OPTIONS", "-agentpath:/tmp/a.so")));
        ungated(classify(List.of("mvn", "test"), Map.of("MAVEN_OPTS", "-Djava.system.class.loader=E")));
        ungated(classify(List.of("env", "-u", "JAVA_TOOL_OPTIONS", JAVA, "-cp", ".", "Main"), Map.of()));
    }

    @Test
    void optionsInFilesAreReadAndAnUnreadableOneIsUnverifiable() throws IOException {
        Files.writeString(dir.resolve("opts"), "# JVM options\n-Xmx1g\n\"-Djava.system.class.loader=Evil\"\n");
        Files.writeString(dir.resolve("plain"), "-Xmx1g -cp .\n");
        Files.writeString(dir.resolve("vmopts"), "-XX:OnOutOfMemoryError=/tmp/x\n");
        Files.writeString(dir.resolve("flags"), "+UseSerialGC\nOnError=/tmp/x\n");
        ungated(classify(List.of(JAVA, "@opts", "Main"), Map.of()));
        ungated(classify(List.of(JAVA, "@" + dir.resolve("opts"), "Main"), Map.of()));
        gated(classify(List.of(JAVA, "@plain", "Main"), Map.of()));
        gated(classify(List.of(JAVA, "-cp", ".", "Main", "@opts"), Map.of()));   // the application's argument
        ungated(classify(List.of(JAVA, "-XX:VMOptionsFile=vmopts", "-cp", ".", "Main"), Map.of()));
        ungated(classify(List.of(JAVA, "-XX:Flags=flags", "-cp", ".", "Main"), Map.of()));
        ungated(classify(List.of(JAVA, "@missing", "Main"), Map.of()));
        // a device or a FIFO is not read: it could block the decision or never end
        ungated(classify(List.of(JAVA, "@/dev/zero", "Main"), Map.of()));
        ungated(classify(List.of(JAVA, "-jar", "/dev/zero"), Map.of()));
        ungated(classify(List.of("sh", "-c", "java @opts Main"), Map.of()));
        ungated(classify(List.of("sh", "-c", "cd \"$D\" && java @plain Main"), Map.of()));   // which file: not known
        ungated(classify(List.of("sh", "-c", "java -cp . Main"), Map.of("JDK_JAVA_OPTIONS", "@opts")));
        // a file read is a verdict not reused for the next launch of the same command
        assertThat(classifier.reusable(classify(List.of(JAVA, "@plain", "Main"), Map.of()))).isFalse();
        assertThat(classifier.reusable(classify(List.of("ls"), Map.of()))).isTrue();
    }

    @Test
    void anExecutableJarThatOpensTheLauncherIsUnverifiable() throws IOException {
        jar(dir.resolve("opens.jar"), Map.of("Main-Class", "Main", "Add-Opens", "java.base/java.util java.base/java.lang"), "Main.class");
        jar(dir.resolve("plain.jar"), Map.of("Main-Class", "Main", "Add-Opens", "java.base/java.util"), "Main.class");
        ungated(classify(List.of(JAVA, "-jar", "opens.jar"), Map.of()));
        assertThat(why(classify(List.of(JAVA, "-jar", "opens.jar"), Map.of()))).contains("--add-opens=java.base/java.lang=ALL-UNNAMED");
        gated(classify(List.of(JAVA, "-jar", "plain.jar"), Map.of()));
        ungated(classify(List.of(JAVA, "-jar", "missing.jar"), Map.of()));
    }

    @Test
    void aCopyOfCmdgatesBootstrapOnTheClassPathIsUnverifiable() throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes/" + BOOT));
        Files.writeString(classes.resolve("Premain.class"), "");
        Path lib = Files.createDirectories(dir.resolve("lib"));
        jar(lib.resolve("evil.jar"), Map.of(), BOOT + "Bootstrap.class");
        jar(dir.resolve("app.jar"), Map.of("Main-Class", "Main", "Class-Path", "lib/evil.jar"), "Main.class");
        jar(dir.resolve("clean.jar"), Map.of("Main-Class", "Main"), "Main.class");
        ungated(classify(List.of(JAVA, "-cp", "classes", "Main"), Map.of()));
        ungated(classify(List.of(JAVA, "-cp", "x.jar:lib/*", "Main"), Map.of()));
        ungated(classify(List.of(JAVA, "-jar", "app.jar"), Map.of()));
        ungated(classify(List.of(JAVA, "-p", "lib", "-m", "m/Main"), Map.of()));
        ungated(classify(List.of("jshell", "-J-cp", "-Jclasses"), Map.of()));
        ungated(classify(List.of("sh", "-c", "cd classes && java Main"), Map.of()));   // "." by default
        ungated(classify(List.of(JAVA, "Main"), Map.of("CLASSPATH", dir.resolve("classes").toString())));
        gated(classify(List.of(JAVA, "-jar", "clean.jar"), Map.of()));
        gated(classify(List.of(JAVA, "-cp", "clean.jar", "Main"), Map.of()));
        // a multi-release jar's entry for any Java version: the child's JDK may be newer than this one
        jar(dir.resolve("mr.jar"), Map.of("Multi-Release", "true"), "Main.class", "META-INF/versions/99/" + BOOT + "Premain.class");
        ungated(classify(List.of(JAVA, "-cp", "mr.jar", "Main"), Map.of()));
        // a class path the launch gives through an options variable, or a CLASSPATH exported earlier in the script
        ungated(classify(List.of("sh", "-c", "java Main"), Map.of("JDK_JAVA_OPTIONS", "-cp " + dir.resolve("classes"))));
        ungated(classify(List.of("sh", "-c", "export CLASSPATH=" + dir.resolve("classes") + "; java Main"), Map.of()));
        ungated(classify(List.of(JAVA, "-m", "m/Main"), Map.of("JDK_JAVA_OPTIONS", "--module-path lib")));
    }

    @Test
    void aLauncherOfARuntimeImageByAnotherNameIsAJvmToo() throws IOException {
        Path renamed = Files.createSymbolicLink(dir.resolve("notjava"), Path.of(JAVA));
        ungated(classify(List.of(renamed.toString(), "-Djava.system.class.loader=Evil", "-cp", ".", "Main"), Map.of()));
        ungated(classify(List.of("sh", "-c", "./notjava -J-Djava.system.class.loader=Evil"), Map.of()));
        gated(classify(List.of(renamed.toString(), "-cp", ".", "Main"), Map.of()));
    }

    @Test
    void mavensJvmConfigIsReadAsItsJvmsOptions() throws IOException {
        Path project = Files.createDirectories(dir.resolve("project/module"));
        Files.createDirectories(dir.resolve("project/.mvn"));
        Files.writeString(dir.resolve("project/.mvn/jvm.config"), "-Xmx1g\n-Djava.system.class.loader=Evil\n");
        LaunchSite site = LaunchSite.of(project.toString(), LaunchSite.NoFrames.NO_FRAMES);
        Classification c = classifier.classifyArgv(List.of("mvn", "test"), Map.of(), site);
        ungated(c);
        assertThat(why(c)).contains(".mvn/jvm.config");
        Files.writeString(dir.resolve("project/.mvn/jvm.config"), "-Xmx1g\n");
        gated(classifier.classifyArgv(List.of("mvn", "test"), Map.of(), site));
        gated(classifier.classifyArgv(List.of("sh", "-c", "./mvnw -q verify"), Map.of(), site));
    }

    @Test
    void aVariableThatLoadsNativeCodeIntoAJvmIsUnverifiable() {
        ungated(shell("LD_PRELOAD=/tmp/x.so java -cp . Main"));
        ungated(shell("export LD_LIBRARY_PATH=/tmp/libs; java -cp . Main"));
        ungated(classify(List.of(JAVA, "-cp", ".", "Main"), Map.of("LD_PRELOAD", "/tmp/x.so")));
        ungated(classify(List.of("jshell"), Map.of("DYLD_INSERT_LIBRARIES", "/tmp/x.dylib")));
        // a launch that starts no JVM keeps the env-hook verdict it had (a library in /tmp is anyone's: Destructive
        // whatever the program)
        gated(shell("LD_PRELOAD=/opt/lib/x.so ls"));
    }

    @Test
    void aTrustRowsEllipsisDoesNotCoverAnOptionThatRunsCodeFirst() {
        RuleSet rules = RuleSet.withUserText("[@trust]\ntrust " + JAVA + " ... jdk.jshell.execution.RemoteExecutionControl * -> \"engine\"\n", "t.rules");
        RulesClassifier trusted = RulesClassifier.of(rules).withReview(new UngatedJvms(JvmOptionRules.load(), ChildJvms.programs(),
                new CommandKnowledge(rules), null, null, null, java.util.Set.of()));
        LaunchSite site = LaunchSite.of(dir.toString(), LaunchSite.NoFrames.NO_FRAMES);
        assertThat(trusted.classifyArgv(List.of(JAVA, "-Xmx1g", "jdk.jshell.execution.RemoteExecutionControl", "1"), Map.of(), site)
                .commandClass()).isEqualTo(CommandClass.READ);
        Classification c = trusted.classifyArgv(List.of(JAVA, "-Djava.system.class.loader=E", "-cp", "/tmp",
                "jdk.jshell.execution.RemoteExecutionControl", "1"), Map.of(), site);
        ungated(c);
    }

    static Path jar(Path file, Map<String, String> attributes, String... entries) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        for (Map.Entry<String, String> e : attributes.entrySet()) {
            m.getMainAttributes().put(new Attributes.Name(e.getKey()), e.getValue());
        }
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream j = new JarOutputStream(out, m)) {
            for (String e : entries) {
                j.putNextEntry(new JarEntry(e));
                j.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
                j.closeEntry();
            }
        }
        return file;
    }

    /** The gate's own review reads the bootstrap's class list on first use: it finds the same copies as one read at once. */
    @Test
    void aListReadOnFirstUseFindsTheSameCopies() throws IOException {
        Path ownJar = jar(dir.resolve("own.jar"), Map.of("Premain-Class", BOOT.replace('/', '.') + "Premain"),
                BOOT + "Premain.class", BOOT + "Bootstrap.class");
        RulesClassifier lazy = lazyReview(ownJar);
        Path classes = Files.createDirectories(dir.resolve("classes/" + BOOT));
        Files.writeString(classes.resolve("Bootstrap.class"), "");
        jar(dir.resolve("clean.jar"), Map.of("Main-Class", "Main"), "Main.class");
        ungated(lazy.classifyArgv(List.of(JAVA, "-cp", "classes", "Main"), Map.of(), here()));
        gated(lazy.classifyArgv(List.of(JAVA, "-cp", "clean.jar", "Main"), Map.of(), here()));
        gated(lazy.classifyArgv(List.of("ls", "-l"), Map.of(), here()));
    }

    /**
     * cmdgate's jar unreadable when the list is first needed: a launch that starts a JVM with a class path is one the
     * review could not check (Destructive), never "no copy"; a launch that starts no JVM does not need the list; and
     * the next look-up reads the jar again.
     */
    @Test
    void anUnreadableJarOnFirstUseFailsClosed() throws IOException {
        Path ownJar = dir.resolve("later/cmdgate.jar");
        RulesClassifier lazy = lazyReview(ownJar);
        jar(dir.resolve("clean.jar"), Map.of("Main-Class", "Main"), "Main.class");
        Classification missing = lazy.classifyArgv(List.of(JAVA, "-cp", "clean.jar", "Main"), Map.of(), here());
        assertThat(missing.commandClass()).as(why(missing)).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(why(missing)).contains("could not check the JVMs").contains("cannot read its own jar");
        gated(lazy.classifyArgv(List.of("ls", "-l"), Map.of(), here()));
        Files.createDirectories(ownJar.getParent());
        jar(ownJar, Map.of("Premain-Class", BOOT.replace('/', '.') + "Premain"), BOOT + "Premain.class");
        gated(lazy.classifyArgv(List.of(JAVA, "-cp", "clean.jar", "Main"), Map.of(), here()));
    }

    private RulesClassifier lazyReview(Path ownJar) {
        RuleSet rules = RuleSet.builtin();
        return RulesClassifier.of(rules).withReview(new UngatedJvms(JvmOptionRules.load(), ChildJvms.programs(),
                new CommandKnowledge(rules), BootstrapShadows.onFirstUse(ownJar), ownJar, null, java.util.Set.of()));
    }

    private LaunchSite here() {
        return LaunchSite.of(dir.toString(), LaunchSite.NoFrames.NO_FRAMES);
    }

    /**
     * JDK 25's AOT cache assembly JVM ({@code java -XX:AOTCacheOutput=F}: the JVM starts it itself, with no Java agent)
     * takes the options of JDK_AOT_VM_OPTIONS: the variable is judged as the other options variables are, wherever it
     * is set — the launch's environment, an inline assignment, export, env — and changing it inside a tree is a
     * change of a variable cmdgate checks.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "JDK_AOT_VM_OPTIONS=-Djava.system.class.loader=Evil java -XX:AOTCacheOutput=app.aot -cp app.jar Main",
        "export JDK_AOT_VM_OPTIONS='-Dx=1 -Djava.system.class.loader=Evil'; java -XX:AOTCacheOutput=app.aot -cp app.jar Main",
        "env JDK_AOT_VM_OPTIONS=-agentpath:/tmp/x.so java -XX:AOTCacheOutput=app.aot -cp app.jar Main",
        "JDK_AOT_VM_OPTIONS=-Xmx1g java -XX:AOTCacheOutput=app.aot -cp app.jar Main",
        "unset JDK_AOT_VM_OPTIONS; java -XX:AOTCacheOutput=app.aot -cp app.jar Main",
        "declare -x JDK_AOT_VM_OPTIONS=\"$OPTS\"; java -XX:AOTCacheOutput=app.aot -cp app.jar Main",
    })
    void theAotAssemblyJvmsOptionsVariableSetInATreeIsUnverifiable(String line) {
        ungated(shell(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "-Djava.system.class.loader=Evil",
        "-Dvictim=/tmp/v -Djava.system.class.loader=Evil",
        "-javaagent:/tmp/ag.jar",
        "-XX:OnError=touch\\ /tmp/m",
        "-Xbootclasspath/a:/tmp/x.jar",
        "-XX:AOTCache=/tmp/other.aot",
        "-Dx=$HOME",
    })
    void theAotAssemblyJvmsOptionsInTheLaunchsEnvironmentAreJudged(String value) {
        for (List<String> argv : List.of(List.of(JAVA, "-XX:AOTCacheOutput=app.aot", "-cp", "app.jar", "Main"),
                List.of("sh", "-c", "java -XX:AOTCacheOutput=app.aot -cp app.jar Main"))) {
            ungated(classify(argv, Map.of("JDK_AOT_VM_OPTIONS", value)));
        }
    }

    @Test
    void anOrdinaryAotCacheBuildStaysGated() {
        gated(classify(List.of(JAVA, "-XX:AOTCacheOutput=app.aot", "-cp", "app.jar", "Main"), Map.of()));
        gated(classify(List.of(JAVA, "-XX:AOTCacheOutput=app.aot", "-cp", "app.jar", "Main"),
                Map.of("JDK_AOT_VM_OPTIONS", "-Xmx1g -Xlog:aot")));
        gated(shell("java -XX:AOTMode=record -XX:AOTConfiguration=app.conf -cp app.jar Main"));
    }

    /**
     * The JDK copies the training JVM's options, cmdgate's own agent word among them, into the JAVA_TOOL_OPTIONS of
     * the assembly JVM it starts: the exact word cmdgate gave (the sealed one, or the one this JVM was started with)
     * names the audit file as cmdgate's setting, not as a write; the same jar with other settings is the application's.
     */
    @Test
    void cmdgatesOwnAgentWordIsNoWriteOfTheAuditFileButALookAlikeIs() throws IOException {
        Path audit = dir.resolve("audit.jsonl");
        Files.writeString(audit, "");
        Path ownJar = jar(Files.createDirectories(dir.resolve("own")).resolve("cmdgate.jar"), Map.of("Premain-Class", "x.Premain"),
                "x/Premain.class");
        String sealed = "audit=" + audit + ",autonomy=full,children=gate,sealed=true";
        String started = "-javaagent:" + ownJar + "=autonomy=full,prompt=deny,audit=" + audit;
        RuleSet rules = RuleSet.builtin();
        RulesClassifier own = RulesClassifier.of(rules).withOwnFiles(dev.cmdgate.core.classify.OwnFiles.builder(dir.toString())
                .add(audit, dev.cmdgate.core.classify.OwnFiles.Kind.ROTATED, "the audit file").build());
        java.util.Set<String> words = UngatedJvms.ownAgentWords(ownJar, sealed, List.of("-Xmx1g", started, "-javaagent:/tmp/a.jar"));
        assertThat(words).containsExactlyInAnyOrder("-javaagent:" + ownJar + "=" + sealed, started);
        RulesClassifier c = own.withReview(new UngatedJvms(JvmOptionRules.load(), ChildJvms.programs(),
                new CommandKnowledge(rules), null, ownJar, own, words));
        LaunchSite site = LaunchSite.of(dir.toString(), LaunchSite.NoFrames.NO_FRAMES);
        String assembly = "-Djava.class.path=app.jar %s -XX:AOTCacheOutput=app.aot -XX:AOTConfiguration=app.aot.config"
                + " -XX:AOTMode=create";
        for (String word : List.of("-javaagent:" + ownJar + "=" + sealed, started)) {
            Classification r = c.classifyArgv(List.of(JAVA), Map.of("JAVA_TOOL_OPTIONS", String.format(assembly, word)), site);
            assertThat(r.commandClass()).as(why(r)).isNotEqualTo(CommandClass.DESTRUCTIVE);
        }
        for (String word : List.of("-javaagent:" + ownJar + "=" + sealed.replace("autonomy=full", "autonomy=read"),
                "-javaagent:" + ownJar + "=audit=" + audit, "-javaagent:" + ownJar + "/../cmdgate.jar=" + sealed)) {
            Classification r = c.classifyArgv(List.of(JAVA), Map.of("JAVA_TOOL_OPTIONS", String.format(assembly, word)), site);
            assertThat(r.commandClass()).as(why(r)).isEqualTo(CommandClass.DESTRUCTIVE);
            assertThat(why(r)).contains("changes cmdgate's own files: the audit file");
        }
        // another write of the audit file beside the own word is still one
        Classification both = c.classifyArgv(List.of(JAVA), Map.of("JAVA_TOOL_OPTIONS",
                String.format(assembly, started) + " -Xlog:gc:file=" + audit), site);
        assertThat(why(both)).contains("changes cmdgate's own files: the audit file");
    }

}
