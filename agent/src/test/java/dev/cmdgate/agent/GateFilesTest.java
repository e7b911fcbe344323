package dev.cmdgate.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.agent.config.ConfigParser;
import dev.cmdgate.core.classify.OwnFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The files the gate protects: what the configuration names, the JDK, and the JVM's options files. */
class GateFilesTest {

    @TempDir
    Path dir;

    @Test
    void optionFilesAreTheArgfilesAndTheJvmOptionFiles() {
        assertThat(GateFiles.optionFiles(List.of("java", "@/etc/app.args", "@@literal", "@", "-XX:VMOptionsFile=vm.opts",
                "-XX:Flags=/srv/.hotspotrc", "-Dx=@y", "-jar", "app.jar"), "/srv/app"))
                .containsExactly(Path.of("/etc/app.args"), Path.of("/srv/app/vm.opts"), Path.of("/srv/.hotspotrc"));
    }

    @Test
    void onlyTheLauncherOptionsBeforeTheMainClassCount() {
        assertThat(GateFiles.launcherOptions(List.of("/usr/bin/java", "-cp", "@not-an-argfile", "@jvm.args", "-Xmx1g",
                "com.acme.Main", "@out=x", "-XX:Flags=y"))).containsExactly("-cp", "@jvm.args", "-Xmx1g");
        assertThat(GateFiles.launcherOptions(List.of("java", "-jar", "app.jar", "@args"))).isEmpty();
    }

    @Test
    void theConfiguredFilesAndTheJdkAreProtected() throws Exception {
        Path rules = Files.writeString(dir.resolve("team.rules"), "");
        Path audit = dir.resolve("audit.jsonl");
        OwnFiles own = GateFiles.of(ConfigParser.fromMap(Map.of("rules", rules.toString(), "audit", audit.toString())));
        assertThat(own.entries()).extracting(OwnFiles.Entry::what)
                .contains("the rules file", "the audit file", "the JDK cmdgate runs in");
        assertThat(own.entries()).filteredOn(e -> e.what().equals("the audit file"))
                .allMatch(e -> e.kind() == OwnFiles.Kind.ROTATED);
        assertThat(own.entries()).extracting(OwnFiles.Entry::path).contains(rules.toAbsolutePath().toString());
    }
}
