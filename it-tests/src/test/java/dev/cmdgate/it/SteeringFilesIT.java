package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.WritesThenRuns;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Read command is judged with the files that steer it. The application writes them from Java, as an agent
 * framework's file-editing tool does (cmdgate never sees that write), then launches the Read command: git's
 * {@code core.fsmonitor} in the repository's configuration or in the home directory's names a program that
 * creates a marker file. Under readonly the launch is refused and the marker never appears; the same
 * application in audit mode (nothing blocked) shows the marker does appear when git runs.
 */
class SteeringFilesIT {

    @TempDir
    Path tmp;

    /** The test's places: the application's directory, its HOME, the repository, the marker program and its marker. */
    private record Tree(Path work, Path home, Path repo, Path program, Path marker, Path audit) {
    }

    private Tree tree() {
        Path work = Dirs.mkdir(tmp, "work");
        return new Tree(work, Dirs.mkdir(tmp, "home"), work.resolve("repo"), tmp.resolve("bin/mark"), tmp.resolve("marker"),
                tmp.resolve("audit.jsonl"));
    }

    /** The steps that write a marker program and a repository whose configuration is {@code config}. */
    private static List<String> repoWith(Path repo, Path program, Path marker, String config) {
        List<String> steps = new ArrayList<>(List.of(
                "script", program.toString(), "#!/bin/sh\necho made > '" + marker + "'\n",
                "write", repo.resolve(".git/HEAD").toString(), "ref: refs/heads/main\n",
                "mkdir", repo.resolve(".git/objects").toString(),
                "mkdir", repo.resolve(".git/refs/heads").toString(),
                "write", repo.resolve(".git/config").toString(), config));
        steps.add("--run");
        return steps;
    }

    private ForkedJvm jvm(Jdk jdk, Path work, Path home, String agentArgs, Path audit) {
        // the machine's /etc/gitconfig (a credential helper, say) takes no part: git and cmdgate read an empty one
        return ForkedJvm.on(jdk).in(work).withAgent(agentArgs).cmdgate("audit", audit)
                .env("HOME", home.toString()).env("XDG_CONFIG_HOME", home.resolve(".config").toString())
                .env("GIT_CONFIG_SYSTEM", home.resolve("system.gitconfig").toString())
                .main(WritesThenRuns.class);
    }

    /** The steps writing a repository git accepts at {@code dir} (its .git) with {@code config}. */
    private static List<String> gitDir(Path dotGit, String config) {
        return List.of("write", dotGit.resolve("HEAD").toString(), "ref: refs/heads/main\n",
                "mkdir", dotGit.resolve("objects").toString(),
                "mkdir", dotGit.resolve("refs/heads").toString(),
                "write", dotGit.resolve("config").toString(), "[core]\n\trepositoryformatversion = 1\n" + config);
    }

    /** git's index (version 2, SHA-1) holding one gitlink (mode 160000) at {@code path}, base64. */
    private static String gitlinkIndex(String path) throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream d = new java.io.DataOutputStream(out);
        d.writeBytes("DIRC");
        d.writeInt(2);
        d.writeInt(1);
        byte[] name = path.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        d.write(new byte[24]);
        d.writeInt(0160000);
        d.write(new byte[12]);
        d.write(new byte[20]);
        d.writeShort(name.length);
        d.write(name);
        d.write(new byte[8 - (62 + name.length) % 8]);
        out.write(java.security.MessageDigest.getInstance("SHA-1").digest(out.toByteArray()));
        return java.util.Base64.getEncoder().encodeToString(out.toByteArray());
    }

    /**
     * Five ways a file chose what a Read git command runs, each with its own marker program: a submodule's own
     * configuration (found through the index's gitlink), a {@code .git} directory git rejects (git walks on to the
     * repository above), {@code -C link/..} through a symbolic link, a partial clone's lazy fetch through an
     * {@code ext::} remote, and {@code diff.external = env} (git adds the file, env runs it). Under readonly every
     * launch is refused and no marker appears; in audit mode git runs every one.
     */
    private List<String> fiveWays(Path w, String tag) throws Exception {
        List<String> steps = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            steps.addAll(List.of("script", w.resolve("bin/m" + i).toString(), "#!/bin/sh\necho made > '" + w.resolve(tag + i) + "'\n"));
        }
        // 1: git status recurses into the checked-out submodule sub, whose own config names the program
        steps.addAll(gitDir(w.resolve("s1/.git"), ""));
        steps.addAll(List.of("bytes", w.resolve("s1/.git/index").toString(), gitlinkIndex("sub")));
        steps.addAll(gitDir(w.resolve("s1/sub/.git"), "\tfsmonitor = " + w.resolve("bin/m1") + "\n"));
        // 2: s2/inner/.git has no HEAD, objects or refs: git uses s2/.git
        steps.addAll(gitDir(w.resolve("s2/.git"), "\tfsmonitor = " + w.resolve("bin/m2") + "\n"));
        steps.addAll(List.of("write", w.resolve("s2/inner/.git/config").toString(), "[core]\n\tbare = false\n"));
        // 3: s3/link/.. is elsewhere/deep, in the repository elsewhere
        steps.addAll(gitDir(w.resolve("s3/.git"), ""));
        steps.addAll(gitDir(w.resolve("elsewhere/.git"), "\tfsmonitor = " + w.resolve("bin/m3") + "\n"));
        steps.addAll(List.of("mkdir", w.resolve("elsewhere/deep/dir").toString(),
                "link", w.resolve("s3/link").toString(), w.resolve("elsewhere/deep/dir").toString()));
        // 4: a missing object makes git fetch from the promisor remote, whose ext:: URL runs the program
        steps.addAll(gitDir(w.resolve("s4/.git"), "[extensions]\n\tpartialClone = origin\n[remote \"origin\"]\n\turl = ext::"
                + w.resolve("bin/m4") + "\n\tpromisor = true\n[protocol]\n\tallow = always\n"));
        // 5: git diff --no-index runs env d/m5 …: env runs its first argument
        steps.addAll(gitDir(w.resolve("s5/.git"), "[diff]\n\texternal = env\n"));
        steps.addAll(List.of("script", w.resolve("s5/d/a.sh").toString(), "#!/bin/sh\necho made > '" + w.resolve(tag + 5) + "'\n",
                "write", w.resolve("s5/d/b.sh").toString(), "#!/bin/sh\n"));
        steps.add("--run");
        steps.addAll(Spec.attempts()
                .add("submodule", "@dir=" + w.resolve("s1"), "git", "status")
                .add("rejected", "@dir=" + w.resolve("s2/inner"), "git", "status")
                .add("symlink", "@dir=" + w.resolve("s3"), "git", "-C", "link/..", "status")
                .add("partial", "@dir=" + w.resolve("s4"), "git", "cat-file", "-p", "0123456789012345678901234567890123456789")
                .add("wrapper", "@dir=" + w.resolve("s5"), "git", "diff", "--no-index", "d/a.sh", "d/b.sh").args());
        return steps;
    }

    private static final List<String> WAYS = List.of("submodule", "rejected", "symlink", "partial", "wrapper");

    /** The steps that write one way's files, with its marker programs writing {@code tag}N in {@code w}, then its attempts. */
    private interface Ways {
        List<String> steps(Path w, String tag) throws Exception;
    }

    /**
     * Under readonly every way is refused and no marker appears; the same files in audit mode (nothing blocked) show
     * each way's program does run when git runs. Returns the readonly run.
     */
    private Run refusedAndRunWhenNotGated(Jdk jdk, List<String> ways, Ways steps) throws Exception {
        Tree t = tree();
        Path w = Dirs.mkdir(tmp, "w");
        Run run = jvm(jdk, t.work(), t.home(), "autonomy=readonly", t.audit()).args(steps.steps(w, "marker")).run();
        assertThat(run.exit()).as(run.describe()).isZero();
        for (int i = 0; i < ways.size(); i++) {
            assertThat(run.result(ways.get(i)).blocked()).as(ways.get(i) + ": " + run.describe()).isTrue();
            assertThat(Files.exists(w.resolve("marker" + (i + 1)))).as(ways.get(i) + ": the program never ran").isFalse();
        }

        // the control: the same files, nothing blocked — git runs every program
        Path c = Dirs.mkdir(tmp, "c");
        Run control = jvm(jdk, t.work(), t.home(), "autonomy=readonly,mode=audit", tmp.resolve("control.jsonl"))
                .args(steps.steps(c, "control")).run();
        for (int i = 0; i < ways.size(); i++) {
            assertThat(control.result(ways.get(i)).blocked()).as(control.describe()).isFalse();
            assertThat(Files.exists(c.resolve("control" + (i + 1)))).as(ways.get(i) + " runs the program when not gated: "
                    + control.describe()).isTrue();
        }
        return run;
    }

    @OnEachJdk
    void five_ways_a_file_chose_the_command_are_refused_and_each_runs_when_not_gated(Jdk jdk) throws Exception {
        Run run = refusedAndRunWhenNotGated(jdk, WAYS, this::fiveWays);
        assertThat(run.stderr()).contains("sub/.git/config: core.fsmonitor", "diff.external");
        // the partial clone's fetch program: named by its setting, or, where the temp directory is shared by every user
        // (/tmp), by the stranger's program it runs
        assertThat(run.stderr().contains("extensions.partialclone") || run.stderr().contains("remote.origin.url makes git run ext::"))
                .as(run.stderr()).isTrue();
    }

    /**
     * Three ways the command line points git at another tree or repository than the one found from its directory:
     * {@code --work-tree=T}, where git runs its fsmonitor (a {@code python3 -m} module there takes the place of the
     * one named), {@code --work-tree=T} whose checked-out submodule's configuration names a program, and {@code --bare},
     * which reads the working directory as the repository (its {@code diff.external}) past a harmless {@code .git}.
     */
    private List<String> pointedElsewhere(Path w, String tag) throws Exception {
        List<String> steps = new ArrayList<>();
        for (int i = 2; i <= 3; i++) {
            steps.addAll(List.of("script", w.resolve("bin/m" + i).toString(), "#!/bin/sh\necho made > '" + w.resolve(tag + i) + "'\n"));
        }
        // 1: git runs the fsmonitor at the top of the work tree named, where json.py is imported for json
        steps.addAll(gitDir(w.resolve("r1/.git"), "\tfsmonitor = python3 -m json.tool\n"));
        steps.addAll(List.of("write", w.resolve("t1/json.py").toString(),
                "open('" + w.resolve(tag + 1) + "', 'w').write('made')\n"));
        // 2: the index's gitlink sub is checked out in the work tree named, with a configuration of its own
        steps.addAll(gitDir(w.resolve("r2/.git"), ""));
        steps.addAll(List.of("bytes", w.resolve("r2/.git/index").toString(), gitlinkIndex("sub")));
        steps.addAll(gitDir(w.resolve("t2/sub/.git"), "\tfsmonitor = " + w.resolve("bin/m2") + "\n"));
        // 3: with --bare the directory itself is the repository; its .git is not read
        steps.addAll(gitDir(w.resolve("d3"), "[diff]\n\texternal = " + w.resolve("bin/m3") + "\n"));
        steps.addAll(gitDir(w.resolve("d3/.git"), ""));
        steps.addAll(List.of("write", w.resolve("d3/a.txt").toString(), "a\n", "write", w.resolve("d3/b.txt").toString(), "b\n"));
        steps.add("--run");
        steps.addAll(Spec.attempts()
                .add("work_tree_module", "@dir=" + w.resolve("r1"), "git", "--work-tree=" + w.resolve("t1"), "status")
                .add("work_tree_submodule", "@dir=" + w.resolve("r2"), "git", "--work-tree=" + w.resolve("t2"), "status")
                .add("bare", "@dir=" + w.resolve("d3"), "git", "--bare", "diff", "--no-index", "a.txt", "b.txt").args());
        return steps;
    }

    private static final List<String> ELSEWHERE = List.of("work_tree_module", "work_tree_submodule", "bare");

    @OnEachJdk
    void a_tree_or_repository_the_line_names_is_read_for_what_steers_git(Jdk jdk) throws Exception {
        refusedAndRunWhenNotGated(jdk, ELSEWHERE, this::pointedElsewhere);
    }

    /**
     * git writes {@code core.worktree} into every absorbed submodule's repository ({@code .git/modules/NAME/config},
     * naming the superproject's {@code NAME}): a place, not a command, so {@code git status} in such a superproject
     * stays Read (it was refused under readonly in every repository with an absorbed submodule).
     */
    @OnEachJdk
    void an_absorbed_submodules_own_work_tree_keeps_git_status_read(Jdk jdk) throws Exception {
        Tree t = tree();
        Path top = Dirs.mkdir(tmp, "w").resolve("top");
        List<String> steps = new ArrayList<>(gitDir(top.resolve(".git"), ""));
        steps.addAll(List.of("bytes", top.resolve(".git/index").toString(), gitlinkIndex("sub"),
                "write", top.resolve("sub/.git").toString(), "gitdir: ../.git/modules/sub\n"));
        steps.addAll(gitDir(top.resolve(".git/modules/sub"), "\tworktree = ../../../sub\n"));
        steps.add("--run");
        steps.addAll(Spec.attempts().add("status", "@dir=" + top, "git", "status").args());
        Run run = jvm(jdk, t.work(), t.home(), "autonomy=readonly", t.audit()).args(steps).run();
        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("status").blocked()).as(run.describe()).isFalse();
    }

    @OnEachJdk
    void git_status_with_a_repository_fsmonitor_is_refused_under_readonly(Jdk jdk) {
        Tree t = tree();
        String config = "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tfsmonitor = " + t.program() + "\n";

        Run run = jvm(jdk, t.work(), t.home(), "autonomy=readonly", t.audit())
                .args(repoWith(t.repo(), t.program(), t.marker(), config))
                .args(Spec.attempts()
                        .add("status", "@dir=" + t.repo(), "git", "status")
                        .add("status_C", "git", "-C", "repo", "status")
                        .add("ls", "ls", t.repo()).args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("status").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("status_C").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("ls").ok()).as(run.describe()).isTrue();
        assertThat(Files.exists(t.marker())).as("the fsmonitor program never ran").isFalse();
        Audit log = Audit.read(t.audit());
        List<Audit.Line> gits = log.lines().stream().filter(l -> l.argv().contains("git")).toList();
        assertThat(gits).as(log.dump()).hasSize(2);
        for (Audit.Line status : gits) {
            assertThat(status.outcome()).as(status.raw()).isEqualTo("blocked");
            assertThat(status.raw()).contains(".git/config: core.fsmonitor");
        }
        assertThat(run.stderr()).contains(".git/config: core.fsmonitor");

        // the control: the same files, nothing blocked — git runs the t.program()
        Path controlMarker = tmp.resolve("control-marker");
        Path controlRepo = t.work().resolve("control");
        Run control = jvm(jdk, t.work(), t.home(), "autonomy=readonly,mode=audit", tmp.resolve("control.jsonl"))
                .args(repoWith(controlRepo, tmp.resolve("bin/control"), controlMarker,
                        config.replace(t.program().toString(), tmp.resolve("bin/control").toString())))
                .args(Spec.attempts().add("status", "@dir=" + controlRepo, "git", "status").args())
                .run();
        assertThat(control.result("status").ok()).as(control.describe()).isTrue();
        assertThat(Files.exists(controlMarker)).as("git runs core.fsmonitor on status: " + control.describe()).isTrue();
    }

    @OnEachJdk
    void git_status_with_a_home_fsmonitor_is_refused_and_allowed_once_it_is_gone(Jdk jdk) {
        Tree t = tree();
        List<String> steps = new ArrayList<>(repoWith(t.repo(), t.program(), t.marker(), "[core]\n\tbare = false\n"));
        steps.remove(steps.size() - 1);
        steps.addAll(List.of("write", t.home().resolve(".gitconfig").toString(), "[core]\n\tfsmonitor = " + t.program() + "\n", "--run"));

        Run run = jvm(jdk, t.work(), t.home(), "autonomy=readonly", t.audit())
                .args(steps)
                .args(Spec.attempts()
                        .add("status", "@dir=" + t.repo(), "git", "status")
                        .add("java-rm", t.home().resolve(".gitconfig"))
                        .add("again", "@dir=" + t.repo(), "git", "status").args())
                .run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("status").blocked()).as(run.describe()).isTrue();
        assertThat(run.result("again").ok()).as("the same launch once the file is gone: " + run.describe()).isTrue();
        assertThat(Files.exists(t.marker())).isFalse();
        List<Audit.Line> gits = Audit.read(t.audit()).lines().stream().filter(l -> l.argv().contains("git")).toList();
        assertThat(gits).hasSize(2);
        assertThat(gits.get(0).raw()).contains("~/.gitconfig: core.fsmonitor");
        assertThat(gits.get(1).outcome()).as(gits.get(1).raw()).isEqualTo("allowed");
    }

    /** One index entry as git writes it (version 2, SHA-1): mode, name, and the name length its flags give. */
    private static byte[] entry(int mode, byte[] name, int flagsLength) {
        java.nio.ByteBuffer e = java.nio.ByteBuffer.allocate((62 + flagsLength + 8) & ~7);
        e.position(24);
        e.putInt(mode);
        e.position(40);
        for (int k = 0; k < 20; k++) {
            e.put((byte) 0x11);
        }
        e.putShort((short) flagsLength);
        e.put(name, 0, Math.min(name.length, e.remaining()));
        return e.array();
    }

    /** A version-2 index: the entries, then the extensions' bytes, then the SHA-1 of it all, base64. */
    private static String index(int count, byte[]... parts) throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.writeBytes("DIRC".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        out.writeBytes(java.nio.ByteBuffer.allocate(8).putInt(2).putInt(count).array());
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        out.writeBytes(java.security.MessageDigest.getInstance("SHA-1").digest(out.toByteArray()));
        return java.util.Base64.getEncoder().encodeToString(out.toByteArray());
    }

    /**
     * An index git reads as a file {@code a} whose flags give an 80-byte name, then the gitlink {@code sub}; a reader
     * stepping by the first NUL reads {@code a}, a file {@code b} hidden in git's long name, then an extension that
     * covers git's gitlink.
     */
    private static String nameLengthIndex() throws Exception {
        byte[] first = entry(0100644, new byte[0], 80);
        int nameAt = 62;
        first[nameAt] = 'a';
        byte[] hidden = entry(0100644, "b".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 1);
        System.arraycopy(hidden, 0, first, nameAt + 2, 63);   // a second entry right after the NUL, name "b", then a NUL
        int extensionAt = nameAt + 2 + 64;                    // where that reader's extensions start (inside git's name)
        byte[] gitlink = entry(0160000, "sub".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 3);
        byte[] tail = "tail".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        java.io.ByteArrayOutputStream ext = new java.io.ByteArrayOutputStream();
        ext.writeBytes("YYYY".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        ext.writeBytes(java.nio.ByteBuffer.allocate(4).putInt(tail.length).array());
        ext.writeBytes(tail);
        int rest = first.length - extensionAt - 8 + gitlink.length + ext.size();
        System.arraycopy("ZZZZ".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, first, extensionAt, 4);
        System.arraycopy(java.nio.ByteBuffer.allocate(4).putInt(rest).array(), 0, first, extensionAt + 4, 4);
        return index(2, first, gitlink, ext.toByteArray());
    }

    /**
     * Four ways into the repositories {@code git status} recurses into, each with its own marker program in a
     * submodule's configuration: an index whose entry's flags give another name length than its NUL (git steps to
     * a gitlink a NUL-stepping reader never sees), a submodule whose {@code .git} names a {@code commondir} holding
     * the configuration, a gitlink with an absolute path, and an absorbed submodule's own gitlink.
     */
    private List<String> fourSubmodules(Path w, String tag) throws Exception {
        List<String> steps = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            steps.addAll(List.of("script", w.resolve("bin/m" + i).toString(), "#!/bin/sh\necho made > '" + w.resolve(tag + i) + "'\n"));
        }
        String plain = "[core]\n\tbare = false\n";
        // 1: git's second entry is the gitlink sub
        steps.addAll(gitDir(w.resolve("s1/.git"), ""));
        steps.addAll(List.of("bytes", w.resolve("s1/.git/index").toString(), nameLengthIndex()));
        steps.addAll(gitDir(w.resolve("s1/sub/.git"), "\tfsmonitor = " + w.resolve("bin/m1") + "\n"));
        // 2: sub/.git has a HEAD and a commondir; the configuration git reads is the commondir's
        steps.addAll(gitDir(w.resolve("s2/.git"), ""));
        steps.addAll(List.of("bytes", w.resolve("s2/.git/index").toString(), gitlinkIndex("sub"),
                "write", w.resolve("s2/sub/.git/HEAD").toString(), "ref: refs/heads/main\n",
                "write", w.resolve("s2/sub/.git/commondir").toString(), "../../c2/.git\n"));
        steps.addAll(gitDir(w.resolve("s2/c2/.git"), "\tfsmonitor = " + w.resolve("bin/m2") + "\n"));
        // 3: the gitlink's path is absolute
        steps.addAll(gitDir(w.resolve("s3/.git"), ""));
        steps.addAll(List.of("bytes", w.resolve("s3/.git/index").toString(), gitlinkIndex(w.resolve("evil3").toString())));
        steps.addAll(gitDir(w.resolve("evil3/.git"), "\tfsmonitor = " + w.resolve("bin/m3") + "\n"));
        // 4: the submodule's repository is .git/modules/x (sub/.git names it); its index has the gitlink y
        steps.addAll(gitDir(w.resolve("s4/.git"), ""));
        steps.addAll(List.of("bytes", w.resolve("s4/.git/index").toString(), gitlinkIndex("sub")));
        steps.addAll(gitDir(w.resolve("s4/.git/modules/x"), plain));
        steps.addAll(List.of("bytes", w.resolve("s4/.git/modules/x/index").toString(), gitlinkIndex("y"),
                "write", w.resolve("s4/sub/.git").toString(), "gitdir: ../.git/modules/x\n"));
        steps.addAll(gitDir(w.resolve("s4/sub/y/.git"), "\tfsmonitor = " + w.resolve("bin/m4") + "\n"));
        steps.add("--run");
        steps.addAll(Spec.attempts()
                .add("name_length", "@dir=" + w.resolve("s1"), "git", "status")
                .add("commondir", "@dir=" + w.resolve("s2"), "git", "status")
                .add("absolute", "@dir=" + w.resolve("s3"), "git", "status")
                .add("absorbed", "@dir=" + w.resolve("s4"), "git", "status").args());
        return steps;
    }

    private static final List<String> SUBMODULES = List.of("name_length", "commondir", "absolute", "absorbed");

    @OnEachJdk
    void git_status_recursing_into_submodules_git_finds_is_refused_and_each_runs_when_not_gated(Jdk jdk) throws Exception {
        Tree t = tree();
        Path w = Dirs.mkdir(tmp, "w");
        Run run = jvm(jdk, t.work(), t.home(), "autonomy=readonly", t.audit()).args(fourSubmodules(w, "marker")).run();
        assertThat(run.exit()).as(run.describe()).isZero();
        for (int i = 0; i < SUBMODULES.size(); i++) {
            assertThat(run.result(SUBMODULES.get(i)).blocked()).as(SUBMODULES.get(i) + ": " + run.describe()).isTrue();
            assertThat(Files.exists(w.resolve("marker" + (i + 1)))).as(SUBMODULES.get(i) + ": the program never ran").isFalse();
        }
        assertThat(run.stderr()).contains(".git/index cannot be read for its submodules", "git never writes",
                "c2/.git/config: core.fsmonitor", "sub/y/.git/config: core.fsmonitor");

        // the control: the same files, nothing blocked — git runs every program
        Path c = Dirs.mkdir(tmp, "c");
        Run control = jvm(jdk, t.work(), t.home(), "autonomy=readonly,mode=audit", tmp.resolve("control.jsonl"))
                .args(fourSubmodules(c, "control")).run();
        for (int i = 0; i < SUBMODULES.size(); i++) {
            assertThat(control.result(SUBMODULES.get(i)).blocked()).as(control.describe()).isFalse();
            assertThat(Files.exists(c.resolve("control" + (i + 1)))).as(SUBMODULES.get(i) + " runs the program when not gated: "
                    + control.describe()).isTrue();
        }
    }

    /**
     * A path that names the process reading it: {@code /proc/self/cwd} is the JVM's directory to cmdgate and git's
     * (the repository's top) to git. An include of {@code /proc/self/cwd/evil.cfg}, and {@code git -C
     * /proc/self/cwd/sub status} with a plain {@code sub} in the JVM's own directory, are refused under readonly; in
     * audit mode git reads the launch directory's files and runs each program.
     */
    private List<String> readerOwnPaths(Path w, Path jvmDir, String tag) {
        List<String> steps = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            steps.addAll(List.of("script", w.resolve("bin/p" + i).toString(), "#!/bin/sh\necho made > '" + w.resolve(tag + i) + "'\n"));
        }
        steps.addAll(gitDir(w.resolve("r1/.git"), "[include]\n\tpath = /proc/self/cwd/evil.cfg\n"));
        steps.addAll(List.of("write", w.resolve("r1/evil.cfg").toString(), "[core]\n\tfsmonitor = " + w.resolve("bin/p1") + "\n"));
        steps.addAll(gitDir(w.resolve("r2/sub/.git"), "\tfsmonitor = " + w.resolve("bin/p2") + "\n"));
        steps.addAll(List.of("mkdir", jvmDir.resolve("sub").toString(), "--run"));
        steps.addAll(Spec.attempts()
                .add("include", "@dir=" + w.resolve("r1"), "git", "status")
                .add("dash_C", "@dir=" + w.resolve("r2"), "git", "-C", "/proc/self/cwd/sub", "status").args());
        return steps;
    }

    @OnEachJdk
    void paths_naming_the_reading_process_are_refused_and_each_runs_when_not_gated(Jdk jdk) {
        Tree t = tree();
        Path w = Dirs.mkdir(tmp, "w");
        Run run = jvm(jdk, t.work(), t.home(), "autonomy=readonly", t.audit()).args(readerOwnPaths(w, t.work(), "marker")).run();
        assertThat(run.exit()).as(run.describe()).isZero();
        for (String name : List.of("include", "dash_C")) {
            assertThat(run.result(name).blocked()).as(name + ": " + run.describe()).isTrue();
        }
        assertThat(Files.exists(w.resolve("marker1"))).isFalse();
        assertThat(Files.exists(w.resolve("marker2"))).isFalse();
        assertThat(run.stderr()).contains("names the process that reads it");

        Path c = Dirs.mkdir(tmp, "c");
        Run control = jvm(jdk, t.work(), t.home(), "autonomy=readonly,mode=audit", tmp.resolve("control.jsonl"))
                .args(readerOwnPaths(c, t.work(), "control")).run();
        assertThat(Files.exists(c.resolve("control1"))).as("git reads the launch directory's evil.cfg: " + control.describe()).isTrue();
        assertThat(Files.exists(c.resolve("control2"))).as("git enters the launch directory's sub: " + control.describe()).isTrue();
    }

    /**
     * The same place reached through a symbolic link in the repository: an include of {@code p/cwd/evil.cfg} with
     * {@code .git/p -> /proc/self}, of {@code q/self/cwd/evil.cfg} with {@code .git/q -> /proc}, and of {@code
     * c/evil.cfg} with {@code .git/c -> /proc/self/cwd}. To git each is the repository's own evil.cfg; to cmdgate
     * the JVM's directory, which holds none.
     */
    private static final List<String> LINKED = List.of("self_link", "proc_link", "cwd_link");

    private static List<String> linkedReaderOwnPaths(Path w, String tag) {
        String[][] ways = {{"p", "/proc/self", "p/cwd/evil.cfg"}, {"q", "/proc", "q/self/cwd/evil.cfg"},
            {"c", "/proc/self/cwd", "c/evil.cfg"}};
        List<String> steps = new ArrayList<>();
        Spec attempts = Spec.attempts();
        for (int i = 1; i <= ways.length; i++) {
            Path r = w.resolve("r" + i);
            steps.addAll(List.of("script", w.resolve("bin/p" + i).toString(), "#!/bin/sh\necho made > '" + w.resolve(tag + i) + "'\n"));
            steps.addAll(gitDir(r.resolve(".git"), "[include]\n\tpath = " + ways[i - 1][2] + "\n"));
            steps.addAll(List.of("link", r.resolve(".git/" + ways[i - 1][0]).toString(), ways[i - 1][1]));
            steps.addAll(List.of("write", r.resolve("evil.cfg").toString(), "[core]\n\tfsmonitor = " + w.resolve("bin/p" + i) + "\n"));
            attempts.add(LINKED.get(i - 1), "@dir=" + r, "git", "status");
        }
        steps.add("--run");
        steps.addAll(attempts.args());
        return steps;
    }

    @OnEachJdk
    void links_to_the_reading_process_are_refused_and_each_runs_when_not_gated(Jdk jdk) {
        Tree t = tree();
        Path w = Dirs.mkdir(tmp, "w");
        Run run = jvm(jdk, t.work(), t.home(), "autonomy=readonly", t.audit()).args(linkedReaderOwnPaths(w, "marker")).run();
        assertThat(run.exit()).as(run.describe()).isZero();
        for (int i = 0; i < LINKED.size(); i++) {
            assertThat(run.result(LINKED.get(i)).blocked()).as(LINKED.get(i) + ": " + run.describe()).isTrue();
            assertThat(Files.exists(w.resolve("marker" + (i + 1)))).as(LINKED.get(i) + ": the program never ran").isFalse();
        }
        assertThat(run.stderr()).contains("names the process that reads it");

        Path c = Dirs.mkdir(tmp, "c");
        Run control = jvm(jdk, t.work(), t.home(), "autonomy=readonly,mode=audit", tmp.resolve("control.jsonl"))
                .args(linkedReaderOwnPaths(c, "control")).run();
        for (int i = 0; i < LINKED.size(); i++) {
            assertThat(Files.exists(c.resolve("control" + (i + 1)))).as(LINKED.get(i) + ": git reads the repository's"
                    + " evil.cfg: " + control.describe()).isTrue();
        }
    }

    /**
     * An absorbed submodule as {@code git submodule add} lays it out ({@code .git/modules/sub} with {@code core.worktree
     * = ../../../sub}, {@code sub/.git} naming it) is an ordinary repository: {@code git status} runs under readonly.
     * A {@code core.worktree} naming another directory is followed there: a submodule of that work tree whose
     * configuration names a program is refused, and runs in audit mode.
     */
    private List<String> workTrees(Path w, String tag) throws Exception {
        List<String> steps = new ArrayList<>(List.of("script", w.resolve("bin/q").toString(),
                "#!/bin/sh\necho made > '" + w.resolve(tag) + "'\n"));
        steps.addAll(gitDir(w.resolve("a/.git"), ""));
        steps.addAll(List.of("bytes", w.resolve("a/.git/index").toString(), gitlinkIndex("sub")));
        steps.addAll(gitDir(w.resolve("a/.git/modules/sub"), "\tworktree = ../../../sub\n"));
        steps.addAll(List.of("write", w.resolve("a/sub/.git").toString(), "gitdir: ../.git/modules/sub\n"));
        steps.addAll(gitDir(w.resolve("b/.git"), "\tworktree = ../elsewhere\n"));
        steps.addAll(List.of("bytes", w.resolve("b/.git/index").toString(), gitlinkIndex("sub")));
        steps.addAll(gitDir(w.resolve("b/elsewhere/sub/.git"), "\tfsmonitor = " + w.resolve("bin/q") + "\n"));
        steps.add("--run");
        steps.addAll(Spec.attempts()
                .add("ordinary", "@dir=" + w.resolve("a"), "git", "status")
                .add("elsewhere", "@dir=" + w.resolve("b"), "git", "status").args());
        return steps;
    }

    @OnEachJdk
    void a_repositorys_core_worktree_is_followed_as_git_follows_it(Jdk jdk) throws Exception {
        Tree t = tree();
        Path w = Dirs.mkdir(tmp, "w");
        Run run = jvm(jdk, t.work(), t.home(), "autonomy=readonly", t.audit()).args(workTrees(w, "marker")).run();
        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("ordinary").ok()).as("an ordinary submodule: " + run.describe()).isTrue();
        assertThat(run.result("elsewhere").blocked()).as(run.describe()).isTrue();
        assertThat(Files.exists(w.resolve("marker"))).isFalse();

        Path c = Dirs.mkdir(tmp, "c");
        Run control = jvm(jdk, t.work(), t.home(), "autonomy=readonly,mode=audit", tmp.resolve("control.jsonl"))
                .args(workTrees(c, "control")).run();
        assertThat(Files.exists(c.resolve("control"))).as("git status goes into the configured work tree's submodule: "
                + control.describe()).isTrue();
    }
}
