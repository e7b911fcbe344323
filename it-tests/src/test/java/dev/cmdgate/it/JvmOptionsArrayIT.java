package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.SpawnsJava;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * bash exports no array: {@code declare -ga JAVA_TOOL_OPTIONS} inside a function (or {@code -gA}, {@code typeset -ga},
 * {@code -g -a}) removes cmdgate from every JVM the shell starts after it, one shell further down too. Under
 * {@code children=gate} such a launch is unverifiable and refused: the child's {@code touch} and {@code rm -rf} of a
 * fresh temporary directory must not run.
 */
class JvmOptionsArrayIT {

    @TempDir
    Path tmp;

    @OnEachJdk
    void makingAJvmOptionsVariableAnArrayFromAFunctionIsRefused(Jdk jdk) throws IOException {
        List<String> templates = List.of(
                "f(){ declare -ga JAVA_TOOL_OPTIONS; }; f; exec {java}",
                "f(){ declare -g -a JAVA_TOOL_OPTIONS; }; f; exec {java}",
                "f(){ typeset -ga JAVA_TOOL_OPTIONS; }; f; exec {java}",
                "f(){ declare -gA JAVA_TOOL_OPTIONS; }; f; exec {java}",
                "bash -c \"f(){ declare -ga JAVA_TOOL_OPTIONS; }; f; exec {java}\"");
        SoftAssertions soft = new SoftAssertions();
        for (int i = 0; i < templates.size(); i++) {
            Path dir = Files.createDirectories(tmp.resolve("case" + i));
            Path victim = Files.createDirectories(dir.resolve("victim"));
            Files.writeString(victim.resolve("keep.txt"), "precious\n");
            Path touched = dir.resolve("touched-by-child");
            Run run = ForkedJvm.on(jdk).in(dir).withAgent("autonomy=full,prompt=deny,children=gate")
                    .env("HOME", dir.toString()).main(SpawnsJava.class)
                    .args(List.of("shell=" + templates.get(i), "::", "child-touch", "touch", touched.toString(), "--",
                            "child-rm", "rm", "-rf", victim.toString()))
                    .run();
            soft.assertThat(run.result("spawn").blocked()).as(templates.get(i) + " " + run.describe()).isTrue();
            soft.assertThat(run.result("spawn").message()).as(templates.get(i)).contains("unverifiable code");
            soft.assertThat(run.results()).as(templates.get(i)).doesNotContainKey("child-touch");
            soft.assertThat(touched).as(templates.get(i)).doesNotExist();
            soft.assertThat(victim.resolve("keep.txt")).as(templates.get(i)).exists();
        }
        soft.assertAll();
    }
}
