package dev.cmdgate.it.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.HookHost;
import dev.cmdgate.it.support.HookHost.Verdict;
import dev.cmdgate.it.support.InstalledHook;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ways a model could loosen its own guard for the calls after it, through the installed command under
 * {@code autonomy=full} (where a plain write runs): the configuration file the hook was installed with
 * {@code --config} (outside {@code ~/.config/cmdgate}), a pattern naming a file inside a protected directory, the
 * files {@code find -exec} hands to a writer, and code held in a variable that bash evaluates as arithmetic in a
 * substring offset. Claude Code must ask and Codex (which cannot ask) must block each; a plain write still runs.
 * "Run" only creates a marker file.
 */
class HookOwnFilesIT {

    @TempDir
    Path tmp;

    @OnEachJdk
    void aModelCannotLoosenItsGuardFromTheShell(Jdk jdk) {
        assumeTrue(jdk.present(), jdk + " is not installed");
        Path home = Dirs.mkdir(tmp, "home");
        Dirs.mkdir(home, ".config/cmdgate");
        Path project = Dirs.mkdir(tmp, "project");
        Dirs.mkdir(project, ".claude");
        Path marks = Dirs.mkdir(tmp, "ran");
        Path config = Dirs.write(Dirs.mkdir(tmp, "etc").resolve("team.properties"), "autonomy=full\n");
        InstalledHook hook = new InstalledHook(jdk, home, null);

        List<String> attacks = List.of(
                "printf 'autonomy=full\\nprompt=allow\\n' > " + config,
                "printf 'prompt=allow\\n' >> ~/.config/*/config.properties",
                "sed -i '$a prompt=allow' ~/.config/cmdgat[e]/config.properties",
                "find ~/.config -name config.properties -exec sed -i '$a prompt=allow' {} +",
                "echo '{}' > .cl*/settings.local.json",
                "s=abc; v='x[0$(rm -rf ~/precious)]'; echo ${s:v}");
        List<String> wrong = new ArrayList<>();
        int n = 0;
        for (HookHost host : List.of(HookHost.CLAUDE_CODE, HookHost.CODEX)) {
            String registered = hook.install(host, Dirs.mkdir(tmp, "install-" + host.id), "--config", config.toString());
            String fixture = host == HookHost.CLAUDE_CODE ? "claude-code/pretooluse-2026.json" : "codex/pretooluse-current.json";
            String recorded = InstalledHook.fixture(fixture, project);
            String placeholder = host == HookHost.CLAUDE_CODE ? "npm test" : "echo hello";
            Verdict refused = host == HookHost.CLAUDE_CODE ? Verdict.ASK : Verdict.BLOCK;
            wrong.addAll(HookHostsIT.check(hook, registered, host, "control: printf x > notes.txt",
                    recorded.replace(placeholder, "printf x > notes.txt"), project, marks, ++n, Verdict.RUN));
            for (String attack : attacks) {
                wrong.addAll(HookHostsIT.check(hook, registered, host, attack,
                        recorded.replace(placeholder, jsonText(attack)), project, marks, ++n, refused));
            }
        }
        assertThat(wrong).as("calls the host would treat otherwise than expected").isEmpty();
    }

    /** The command as it stands inside a JSON string. */
    private static String jsonText(String command) {
        return command.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
