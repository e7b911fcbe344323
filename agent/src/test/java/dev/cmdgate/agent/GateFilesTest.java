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

    /**
     * Every path a setting names is protected, found where the configuration writes its settings: the
     * {@code cmdgate.config} file the settings came from, and with a policy server, an approval service and a
     * decision point each key, secret, certificate and token file — none forgotten by a list kept beside them.
     */
    @Test
    void everyFileTheConfigurationNamesIsProtectedWithTheConfigurationFileItself() throws Exception {
        Path config = Files.writeString(dir.resolve("cmdgate.properties"), "autonomy=full\n");
        Map<String, String> settings = new java.util.HashMap<>();
        settings.put("config", config.toString());
        settings.put("policy", "http://127.0.0.1:1/policy");
        settings.put("policy.state", dir.resolve("state").toString());
        settings.put("policy.secret.file", dir.resolve("bundle.secret").toString());
        settings.put("policy.token.file", dir.resolve("policy.token").toString());
        settings.put("policy.ca", dir.resolve("policy-ca.pem").toString());
        settings.put("policy.client.cert", dir.resolve("client.pem").toString());
        settings.put("policy.client.key", dir.resolve("client.key").toString());
        settings.put("prompt", "http://127.0.0.1:1/approvals");
        settings.put("prompt.token.file", dir.resolve("prompt.token").toString());
        settings.put("prompt.ca", dir.resolve("prompt-ca.pem").toString());
        settings.put("decision.url", "http://127.0.0.1:1/decide");
        settings.put("decision.agent", "agent-1");
        settings.put("decision.token.file", dir.resolve("decision.token").toString());
        settings.put("rules", dir.resolve("team.rules").toString());
        settings.put("signing.key", dir.resolve("signing.key").toString());
        settings.put("audit", dir.resolve("audit.jsonl").toString());
        var c = ConfigParser.fromCheckedSettings(settings);

        List<String> protectedPaths = GateFiles.of(c).entries().stream().map(OwnFiles.Entry::path).toList();
        List<String> named = c.settings().values().stream().filter(v -> v.startsWith(dir.toString())).toList();
        assertThat(named).hasSize(13);
        assertThat(protectedPaths).containsAll(named);
        assertThat(GateFiles.of(c).entries()).filteredOn(e -> e.path().equals(config.toString()))
                .extracting(OwnFiles.Entry::what).containsExactly("the configuration file");
        assertThat(GateFiles.of(c).entries()).filteredOn(e -> e.path().equals(dir.resolve("state").toString()))
                .extracting(OwnFiles.Entry::kind).containsExactly(OwnFiles.Kind.TREE);
        assertThat(GateFiles.describe("decision.token.file")).isEqualTo("the file of cmdgate.decision.token.file");
    }

    /** The file read at start, and the same path in the sealed settings a child JVM gets, so the child protects it too. */
    @Test
    void theConfigurationFileReadAtStartIsProtectedHereAndInAChildJvm() throws Exception {
        Path config = Files.writeString(dir.resolve("cmdgate.properties"), "autonomy=full\n");
        var parent = ConfigParser.read(Map.of("cmdgate.config", config.toString()), "").config();
        assertThat(parent.configFile()).isEqualTo(config.toAbsolutePath());
        var child = ConfigParser.read(Map.of(), dev.cmdgate.agent.config.ChildSettings.agentArguments(parent)).config();
        for (var c : List.of(parent, child)) {
            assertThat(GateFiles.of(c).entries()).extracting(OwnFiles.Entry::path).contains(config.toAbsolutePath().toString());
        }
        assertThat(GateFiles.of(ConfigParser.read(Map.of(), "autonomy=full").config()).entries())
                .extracting(OwnFiles.Entry::what).doesNotContain("the configuration file");
    }
}
