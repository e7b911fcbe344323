package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.LaunchSite;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Files that steer a program, judged with the built-in rules over a tree held in memory: commands those files name
 * are steered by their own files in turn (bounded, fail closed past the bound), keys that make the program write a
 * file, and programs whose configuration can only be judged by being absent.
 */
class SteeringTest {

    static final CommandClassifier BUILTIN = Classifiers.standard(null);

    /** Files as path, then its lines joined by newlines; paths as {@link FixtureFiles} takes them. */
    static Map<String, String> files(String... pathThenText) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pathThenText.length; i += 2) {
            m.put(pathThenText[i], pathThenText[i + 1]);
        }
        return m;
    }

    static Classification judge(String cwd, String line, Map<String, String> files) {
        return BUILTIN.classifyArgv(List.of("sh", "-c", line), Map.of(),
                LaunchSite.of(cwd, LaunchSite.NoFrames.NO_FRAMES, new FixtureFiles(files)));
    }

    static Classification judge(String line, Map<String, String> files) {
        return judge(FixtureFiles.CWD, line, files);
    }

    static void assertClass(Classification c, CommandClass expected) {
        assertThat(c.commandClass()).as(c.findings().toString()).isEqualTo(expected);
    }

    static final String LESSKEY_PREPROCESSOR = "#env\nLESSOPEN=|touch /tmp/m %s\n";

    // ------------------------------------------------------------------ commands named by steering files

    @Test
    void aCommandAGitDriverNamesIsSteeredByItsOwnFiles() {
        Map<String, String> f = files(".git/config", "[diff \"t\"]\n\ttextconv = less\n", "~/.lesskey", LESSKEY_PREPROCESSOR);
        assertClass(judge("git diff a.x b.x", f), CommandClass.WRITE);
        // without the lesskey file the same driver is Read, as less is
        assertClass(judge("git diff a.x b.x", files(".git/config", "[diff \"t\"]\n\ttextconv = less\n")), CommandClass.READ);
    }

    @Test
    void aPythonModuleADriverRunsIsLookedForWhereGitRunsIt() {
        Map<String, String> f = files(".git/config", "[diff \"t\"]\n\ttextconv = python3 -m json.tool\n", "json.py", "import os\n");
        assertClass(judge("git diff a.x b.x", f), CommandClass.WRITE);
        // launched in a subdirectory, git runs the driver at the top of the working tree, where json.py is
        assertClass(judge(FixtureFiles.CWD + "/sub", "git diff a.x b.x",
                files(".git/config", "[diff \"t\"]\n\ttextconv = python3 -m json.tool\n", "json.py", "import os\n", "sub/a.x", "")),
                CommandClass.WRITE);
        assertClass(judge("git diff a.x b.x", files(".git/config", "[diff \"t\"]\n\ttextconv = python3 -m json.tool\n")),
                CommandClass.READ);
    }

    @Test
    void aNestedGitReadsTheRepositoryItIsPointedAt() {
        Map<String, String> f = files(".git/config", "[diff \"t\"]\n\ttextconv = git -C ../evil status --short --\n",
                "/evil/.git/config", "[core]\n\tfsmonitor = touch /tmp/m\n");
        assertClass(judge("git diff --no-index a.x b.x", f), CommandClass.WRITE);
        assertClass(judge("git diff --no-index a.x b.x", files(".git/config",
                "[diff \"t\"]\n\ttextconv = git -C ../evil status --short --\n", "/evil/.git/config", "[core]\n\tbare = false\n")),
                CommandClass.READ);
    }

    /** {@code --work-tree}: git runs the commands its files name at the top of that tree. */
    @Test
    void aModuleInTheWorkTreeNamedOnTheLineIsLookedForThere() {
        Map<String, String> f = files(".git/config", "[core]\n\tfsmonitor = python3 -m json.tool\n", "/tree/json.py", "import os\n");
        assertClass(judge("git --work-tree=/tree status", f), CommandClass.WRITE);
        assertClass(judge("git --work-tree /tree status", f), CommandClass.WRITE);
        assertClass(judge("git status", f), CommandClass.READ);
        assertClass(judge("git --work-tree=$T status", f), CommandClass.WRITE);
    }

    /** {@code --work-tree}: git status recurses into the submodules checked out there, at the index's gitlinks. */
    @Test
    void aSubmoduleCheckedOutInTheWorkTreeNamedOnTheLineIsSteered() throws Exception {
        Map<String, String> f = files(".git/config", "[core]\n\tbare = false\n", ".git/index", oneGitlink("sub"),
                "/tree/sub/.git/config", "[core]\n\tfsmonitor = touch /tmp/m\n");
        assertClass(judge("git --work-tree=/tree status", f), CommandClass.WRITE);
        assertClass(judge("git status", f), CommandClass.READ);
    }

    /** {@code --bare}: the directory git works in is the repository, whatever {@code .git} it holds. */
    @Test
    void aBareGitReadsTheDirectoryItWorksInAsTheRepository() {
        Map<String, String> f = files("config", "[diff]\n\texternal = touch /tmp/m\n", ".git/config", "[core]\n\tbare = false\n");
        assertClass(judge("git --bare diff --no-index a.txt b.txt", f), CommandClass.WRITE);
        assertClass(judge("git -C sub --bare status", files("sub/config", "[core]\n\tfsmonitor = touch /tmp/m\n")),
                CommandClass.WRITE);
        assertClass(judge("git diff --no-index a.txt b.txt", f), CommandClass.READ);
    }


    /** git keeps the blanks of a .git file's path and of a commondir: so does the reading of what steers it. */
    @Test
    void theRepositoryAGitFileOrCommondirNamesKeepsItsBlanks() {
        String fsmonitor = "[core]\n\tfsmonitor = touch /tmp/m\n";
        assertClass(judge("git status", files(".git", "gitdir:  evil", " evil/HEAD", "ref: refs/heads/main\n",
                " evil/objects/info/.keep", "", " evil/refs/heads/.keep", "", " evil/config", fsmonitor)), CommandClass.WRITE);
        assertClass(judge("git status", files(".git", "gitdir: evil \n", "evil /HEAD", "ref: refs/heads/main\n",
                "evil /objects/info/.keep", "", "evil /refs/heads/.keep", "", "evil /config", fsmonitor)), CommandClass.WRITE);
        assertClass(judge("git status", files(".git", "gitdir: wt\n", "wt/HEAD", "ref: refs/heads/main\n",
                "wt/commondir", "../common \n", "common /objects/info/.keep", "", "common /refs/heads/.keep", "",
                "common /config", fsmonitor)), CommandClass.WRITE);
        assertClass(judge("git status", files(".git", "gitdir: wt\n", "wt/HEAD", "ref: refs/heads/main\n",
                "wt/commondir", "../common \n", "common /objects/info/.keep", "", "common /refs/heads/.keep", "",
                "common /config", "[core]\n\tbare = false\n")), CommandClass.READ);
    }

    @Test
    void aCommandInAScriptTheProgramRunsIsSteered() {
        assertClass(judge("mvn -v", files("~/.mavenrc", "less /project/a.txt\n", "~/.lesskey", LESSKEY_PREPROCESSOR)),
                CommandClass.WRITE);
        assertClass(judge("mvn -v", files("~/.mavenrc", "less /project/a.txt\n")), CommandClass.READ);
    }

    @Test
    void anAliasRunningTheSameProgramAgainEnds() {
        // the nested git log reads the same files, names the same alias: checked once, stays Read
        assertClass(judge("git log", files("~/.gitconfig", "[alias]\n\tlg = !git log --oneline\n",
                ".git/config", "[diff \"t\"]\n\ttextconv = git log -1\n")), CommandClass.READ);
    }

    // ------------------------------------------------------------------ the mechanisms over a small rule set

    /** A program steered by a git-format file with a key naming a command, one naming a written file, and a viewer. */
    static final String RULES = MechanismTest.SETTINGS + """
            sensitive-names .bashrc
            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c
            [tool]
            is Read minimal "shows things"
            opt -c =VALUE
            opt -C =DIR
            code sh opt -c key run.cmd
            steer-dir opt -C
            steer git-config .toolrc ~/.toolrc as -c include include.path writes log.target -> Write high "tool file"
            [viewer]
            is Read minimal "views"
            steer text ~/.viewerrc has OPEN \\ -> Write high "viewer file"
            [touch]
            is Write medium "touches"
            """;

    static final CommandClassifier SMALL = RulesClassifier.of(dev.cmdgate.core.rules.RuleSet.parse(RULES, "test rules"));

    static Classification small(String line, Map<String, String> files) {
        return SMALL.classifyArgv(List.of("sh", "-c", line), Map.of(),
                LaunchSite.of(FixtureFiles.CWD, LaunchSite.NoFrames.NO_FRAMES, new FixtureFiles(files)));
    }

    @Test
    void aWrittenKeyIsAWriteOfItsPath() {
        assertClass(small("tool", files(".toolrc", "[log]\n\ttarget = /tmp/t.log\n")), CommandClass.WRITE);
        assertClass(small("tool", files(".toolrc", "[log]\n\ttarget = /home/user/.bashrc\n")), CommandClass.DESTRUCTIVE);
        // relative to the directory the program works in, and through an include
        assertClass(small("tool -C sub", files("sub/x", "", "~/.toolrc", "[include]\n\tpath = ~/more\n",
                "~/more", "[log]\n\ttarget = t.log\n")), CommandClass.WRITE);
        // a descriptor, true or a false boolean names no file
        assertClass(small("tool", files(".toolrc", "[log]\n\ttarget = 2\n")), CommandClass.READ);
        assertClass(small("tool", files(".toolrc", "[log]\n\ttarget = false\n")), CommandClass.READ);
        assertThat(small("tool", files(".toolrc", "[log]\n\ttarget = /tmp/t.log\n")).findings().toString())
                .contains(".toolrc: log.target makes tool write /tmp/t.log");
    }

    @Test
    void writesBelongsToTheGitConfigReader() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> dev.cmdgate.core.rules.RuleSet.parse(
                MechanismTest.SETTINGS + "[v]\nis Read minimal \"v\"\nsteer text ~/.v writes a.b -> Write high \"v\"\n", "t"))
                .hasMessageContaining("writes belong");
    }

    @Test
    void textWordsMatchInAnyCaseAndAnEscapeCharacterCounts() {
        assertClass(small("viewer", files("~/.viewerrc", "open = x\n")), CommandClass.WRITE);
        assertClass(small("viewer", files("~/.viewerrc", "\"\\u004fPEN\" = x\n")), CommandClass.WRITE);
        assertClass(small("viewer", files("~/.viewerrc", "close = x\n")), CommandClass.READ);
    }

    @Test
    void aCommandNamedInAFileIsSteeredInTheDirectoryTheProgramWorksIn() {
        // tool -C sub runs run.cmd in sub: the viewer it names is steered by its own (home) file, a nested tool by sub's
        assertClass(small("tool -C sub", files("sub/.toolrc", "[run]\n\tcmd = viewer\n", "~/.viewerrc", "OPEN=x\n")),
                CommandClass.WRITE);
        assertClass(small("tool -C sub", files("sub/.toolrc", "[run]\n\tcmd = viewer\n")), CommandClass.READ);
        assertClass(small("tool -C sub", files("sub/.toolrc", "[run]\n\tcmd = tool -C inner\n",
                "sub/inner/.toolrc", "[run]\n\tcmd = touch x\n")), CommandClass.WRITE);
        // the same file found again from the nested tool is judged once: no loop, stays Read
        assertClass(small("tool", files(".toolrc", "[run]\n\tcmd = tool\n")), CommandClass.READ);
    }

    @Test
    void aChainDeeperThanTheBoundIsNotRead() {
        // each repository's driver runs git in the next one: past the bound the launch is not Read
        Map<String, String> f = new LinkedHashMap<>();
        f.put(".git/config", "[diff \"t\"]\n\ttextconv = git -C /r1 status\n");
        for (int i = 1; i <= Steering.MAX_NESTED_DEPTH + 1; i++) {
            f.put("/r" + i + "/.git/config", "[diff \"t\"]\n\ttextconv = git -C /r" + (i + 1) + " status\n");
        }
        assertClass(judge("git status", f), CommandClass.WRITE);
        assertThat(judge("git status", f).findings().toString()).contains("deep");
        // a shorter chain of harmless repositories is Read
        Map<String, String> shorter = new LinkedHashMap<>();
        shorter.put(".git/config", "[diff \"t\"]\n\ttextconv = git -C /r1 status\n");
        shorter.put("/r1/.git/config", "[diff \"t\"]\n\ttextconv = git -C /r2 status\n");
        shorter.put("/r2/.git/config", "[core]\n\tbare = false\n");
        assertClass(judge("git status", shorter), CommandClass.READ);
        // and a harmful one at the end of it is found
        shorter.put("/r2/.git/config", "[core]\n\tfsmonitor = rm -rf ~\n");
        assertClass(judge("git status", shorter), CommandClass.DESTRUCTIVE);
    }

    // ------------------------------------------------------------------ the repositories git status recurses into

    private static final String FSMONITOR = "[core]\n\tfsmonitor = touch /tmp/m\n";

    private static String oneGitlink(String path) {
        return new IndexBytes(2, 20).add("README.md", IndexBytes.FILE).add(path, IndexBytes.GITLINK).text();
    }

    /** git steps from an index entry to the next by the length its flags give: a reader stepping by the NUL does not. */
    @Test
    void anIndexWhoseNameLengthsDisagreeWithItsNulsIsNotGuessed() {
        byte[] hidden = new byte[80];
        hidden[0] = 'a';
        String index = new IndexBytes(2, 20).add(new IndexBytes.Entry(hidden, IndexBytes.FILE, 80))
                .add("sub", IndexBytes.GITLINK).text();
        Classification c = judge("git status", files(".git/index", index, "sub/.git/config", "[core]\n\tbare = false\n"));
        assertClass(c, CommandClass.WRITE);
        assertThat(c.findings().toString()).contains(".git/index cannot be read for its submodules");
        // the same entries with true lengths: the submodule's configuration is read, and harmless
        assertClass(judge("git status", files(".git/index", oneGitlink("sub"), "sub/.git/config", "[core]\n\tbare = false\n")),
                CommandClass.READ);
        assertClass(judge("git status", files(".git/index", oneGitlink("sub"), "sub/.git/config", FSMONITOR)), CommandClass.WRITE);
    }

    /** An index of a SHA-256 repository holds 32-byte object names: read with the length the configuration gives. */
    @Test
    void theIndexIsReadWithTheRepositorysObjectNameLength() {
        String sha256 = new IndexBytes(2, 32).add("sub", IndexBytes.GITLINK).text();
        String config = "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tobjectFormat = sha256\n";
        assertClass(judge("git status", files(".git/config", config, ".git/index", sha256, "sub/.git/config", FSMONITOR)),
                CommandClass.WRITE);
        assertClass(judge("git status", files(".git/config", config, ".git/index", sha256, "sub/.git/config",
                "[core]\n\tbare = false\n")), CommandClass.READ);
        // read with SHA-1's length, the same bytes are not an index: not guessed
        assertClass(judge("git status", files(".git/index", sha256, "sub/.git/config", "[core]\n\tbare = false\n")),
                CommandClass.WRITE);
    }

    /** git goes where a gitlink's path leads from the top of the work tree; one git never writes is not guessed. */
    @Test
    void aGitlinkPathGitNeverWritesIsNotGuessed() {
        for (String path : new String[] {"/evil", "../evil", "a/../../evil", "x/.git/y"}) {
            Classification c = judge("git status", files(".git/index", oneGitlink(path), "/evil/.git/config",
                    "[core]\n\tbare = false\n"));
            assertClass(c, CommandClass.WRITE);
            assertThat(c.findings().toString()).as(path).contains("git never writes");
        }
    }

    /** A submodule whose .git names a commondir takes its configuration and hooks from there, as git does. */
    @Test
    void aSubmodulesCommondirSteersIt() {
        Map<String, String> f = files(".git/index", oneGitlink("sub"), "sub/.git/HEAD", "ref: refs/heads/main\n",
                "sub/.git/commondir", "../../c/.git\n", "c/.git/config", FSMONITOR);
        Classification c = judge("git status", f);
        assertClass(c, CommandClass.WRITE);
        assertThat(c.findings().toString()).contains("c/.git/config: core.fsmonitor");
        f.put("c/.git/config", "[core]\n\tbare = false\n");
        assertClass(judge("git status", f), CommandClass.READ);
        f.put("c/.git/hooks/post-checkout", "#!/bin/sh\n");
        assertClass(judge("git status", f), CommandClass.WRITE);
    }

    /**
     * An absorbed submodule (its repository in .git/modules, its work tree's .git a file naming it) is found both
     * below modules/ and through the gitlink: its own gitlinks are read from its work tree either way.
     */
    @Test
    void anAbsorbedSubmodulesGitlinksAreFollowed() {
        Map<String, String> f = files(".git/index", oneGitlink("sub"), ".git/modules/x/config", "[core]\n\tbare = false\n",
                ".git/modules/x/index", oneGitlink("y"), "sub/.git", "gitdir: ../.git/modules/x\n",
                "sub/y/.git/config", FSMONITOR);
        Classification c = judge("git status", f);
        assertClass(c, CommandClass.WRITE);
        assertThat(c.findings().toString()).contains("sub/y/.git/config: core.fsmonitor");
        f.put("sub/y/.git/config", "[core]\n\tbare = false\n");
        assertClass(judge("git status", f), CommandClass.READ);
    }

    /** A path naming the reading process (/proc/self/cwd is the JVM's directory to cmdgate, git's to git) is not guessed. */
    @Test
    void aSteeringPathNamingTheReadingProcessIsNotGuessed() {
        for (String include : new String[] {"/proc/self/cwd/evil.cfg", "/proc/thread-self/cwd/evil.cfg", "/dev/fd/3",
                "/proc/self/../self/cwd/x", "/dev/stdin"}) {
            Classification c = judge("git status", files(".git/config", "[include]\n\tpath = " + include + "\n"));
            assertClass(c, CommandClass.WRITE);
            assertThat(c.findings().toString()).as(include).contains("names the process that reads it");
        }
        assertClass(judge("git -C /proc/self/cwd/sub status", files("sub/.git/config", "[core]\n\tbare = false\n")),
                CommandClass.WRITE);
        assertClass(judge("git status", files(".git", "gitdir: /proc/self/cwd/x\n")), CommandClass.WRITE);
        // any process's directory may be git's own: a pid free now is git's once it runs with it
        for (String include : new String[] {"/proc/1/cwd/x.cfg", "/proc/" + (Integer.MAX_VALUE - 1) + "/cwd/evil.cfg"}) {
            Classification c = judge("git status", files(".git/config", "[include]\n\tpath = " + include + "\n"));
            assertClass(c, CommandClass.WRITE);
            assertThat(c.findings().toString()).as(include).contains("names the process that reads it");
        }
        assertClass(judge("git status", files(".git/config", "[include]\n\tpath = ../x.cfg\n")), CommandClass.READ);
    }

    /**
     * core.worktree in a repository's own configuration is where git works (every absorbed submodule has one): it is
     * followed as a place — its gitlinks read from there — not judged as a command; elsewhere it still is.
     */
    @Test
    void aRepositorysCoreWorktreeIsFollowedAsAPlace() {
        Map<String, String> absorbed = files(".git/index", oneGitlink("sub"), ".git/modules/sub/config",
                "[core]\n\tbare = false\n\tworktree = ../../../sub\n", "sub/.git", "gitdir: ../.git/modules/sub\n",
                "sub/README.md", "");
        assertClass(judge("git status", absorbed), CommandClass.READ);
        // the work tree it names is walked for gitlinks: a submodule there is steered by its own files
        Map<String, String> elsewhere = files(".git/config", "[core]\n\tworktree = ../other\n", ".git/index", oneGitlink("sub"),
                "other/sub/.git/config", FSMONITOR);
        Classification c = judge("git status", elsewhere);
        assertClass(c, CommandClass.WRITE);
        assertThat(c.findings().toString()).contains("core.fsmonitor");
        elsewhere.put("other/sub/.git/config", "[core]\n\tbare = false\n");
        assertClass(judge("git status", elsewhere), CommandClass.READ);
        // set anywhere else it is judged as before
        assertClass(judge("git status", files(".git/config", "[core]\n\tbare = false\n", "~/.gitconfig",
                "[core]\n\tworktree = /srv/x\n")), CommandClass.WRITE);
    }
}
