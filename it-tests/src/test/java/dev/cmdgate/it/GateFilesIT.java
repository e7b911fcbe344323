package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.PolicyServer;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.SignedBundles;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files the gate protects. A credential store — a test SSH key written into a temporary HOME — is not read
 * under {@code supervised} with {@code prompt=deny}, whether named through the shell's {@code ~}, by its
 * path or as a ProcessBuilder input redirect, and the audit line names the store; its public half is read.
 * The gate's own files — its rules file, its audit file and a rotated sibling — are not written, truncated
 * or deleted even under {@code full}, by a shell redirection, {@code rm}, {@code truncate} or a ProcessBuilder
 * redirect, from any directory; they stay as they were, and reading them is fine. So is a JVM options file the
 * JVM was started with, also when a quoted option in {@code JAVA_TOOL_OPTIONS} names it by a path with a blank.
 */
class GateFilesIT {

    private static final String KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\ncmdgate test key, not a real one\n"
            + "-----END OPENSSH PRIVATE KEY-----\n";
    private static final String PUB = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAItest cmdgate-test\n";

    @TempDir
    Path tmp;

    @OnEachJdk
    void a_credential_store_is_not_read_under_supervised_and_its_audit_line_names_it(Jdk jdk) {
        Path home = Dirs.mkdir(tmp, "home");
        Path ssh = Dirs.mkdir(home, ".ssh");
        Path key = Dirs.write(ssh.resolve("id_rsa"), KEY);
        Dirs.write(ssh.resolve("id_rsa.pub"), PUB);
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        Spec spec = Spec.attempts()
                .add("cat_key_via_shell", "sh", "-c", "cat ~/.ssh/id_rsa")
                .add("cat_key_by_path", "cat", key)
                .add("key_as_stdin", "@in=" + key, "base64")
                .add("cat_public_key", "sh", "-c", "cat ~/.ssh/id_rsa.pub")
                .add("list_ssh_dir", "ls", ssh);

        Run run = ForkedJvm.on(jdk).in(work).env("HOME", home.toString())
                .withAgent("autonomy=supervised,prompt=deny,audit=" + audit).main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        Audit log = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        Blocked.check(soft, run.result("cat_key_via_shell"), "cat ~/.ssh/id_rsa", log.forWord("cat ~/.ssh/id_rsa"));
        Blocked.check(soft, run.result("cat_key_by_path"), "cat " + key, log.forWord(key.toString()));
        Blocked.assertBlocked(run.result("key_as_stdin"));
        for (Audit.Line l : List.of(log.forWord("cat ~/.ssh/id_rsa"), log.forWord(key.toString()), log.forWord("base64"))) {
            soft.assertThat(l.commandClass()).as(l.raw()).isEqualTo("Destructive");
            soft.assertThat(findingReasons(l)).as(l.raw()).anyMatch(r -> r.startsWith("reads a credential store: ")
                    && (r.endsWith("~/.ssh/id_rsa") || r.endsWith(key.toString())));
        }
        AppResult pub = run.result("cat_public_key");
        soft.assertThat(pub.status()).as(pub.toString()).isEqualTo("ok");
        soft.assertThat(pub.output()).isEqualTo(PUB);
        soft.assertThat(run.result("list_ssh_dir").output()).contains("id_rsa");
        soft.assertThat(run.stdout()).as("the key never reached the application").doesNotContain("cmdgate test key");
        soft.assertAll();
    }

    @OnEachJdk
    void the_gates_own_files_are_not_changed_by_any_tool_even_under_full(Jdk jdk) {
        Path state = Dirs.mkdir(tmp, "state");
        String rulesText = "# the team's rules\n[deploy-status]\nis Read minimal \"internal status tool\"\n";
        Path rules = Dirs.write(state.resolve("team.rules"), rulesText);
        Path audit = state.resolve("audit.jsonl");
        Path rotated = Dirs.write(state.resolve("audit.jsonl.1"), "{\"rotated\":true}\n");
        Path work = Dirs.mkdir(tmp, "work");
        Spec spec = Spec.attempts()
                .add("shell_redirect_over_rules", "sh", "-c", "echo > " + rules)
                .add("rm_audit", "rm", audit)
                .add("rm_rotated_audit", "rm", rotated)
                .add("truncate_rules", "truncate", "-s", "0", rules)
                .add("rm_audit_relative", "@dir=" + state, "rm", "audit.jsonl")
                .add("jdk_redirect_onto_audit", "@append=" + audit, "echo", "forged")
                .add("write_elsewhere", "sh", "-c", "echo x > " + work.resolve("other.txt"))
                .add("read_rules", "cat", rules);

        Run run = ForkedJvm.on(jdk).in(work).env("HOME", Dirs.mkdir(tmp, "home").toString())
                .withAgent("autonomy=full,prompt=deny,audit=" + audit + ",rules=" + rules)
                .main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        Audit log = Audit.read(audit);
        SoftAssertions soft = new SoftAssertions();
        for (String name : List.of("shell_redirect_over_rules", "rm_audit", "rm_rotated_audit", "truncate_rules",
                "rm_audit_relative", "jdk_redirect_onto_audit")) {
            AppResult r = run.result(name);
            Blocked.assertBlocked(r);
            soft.assertThat(r.message()).as(r.toString()).contains("(Destructive, dangerous)", "changes cmdgate's own files");
        }
        soft.assertThat(findingReasons(log.forWord("echo > " + rules))).anyMatch(r -> r.equals("changes cmdgate's own files: the rules file " + rules));
        soft.assertThat(findingReasons(log.forWord(rotated.toString()))).anyMatch(r -> r.startsWith("changes cmdgate's own files: the audit file "));
        soft.assertThat(Dirs.read(rules)).isEqualTo(rulesText);
        soft.assertThat(rotated).exists();
        soft.assertThat(Dirs.read(rotated)).isEqualTo("{\"rotated\":true}\n");
        soft.assertThat(audit).exists();
        soft.assertThat(Dirs.read(audit).lines()).as("only cmdgate's own lines").allMatch(l -> l.startsWith("{\"time\":"));
        soft.assertThat(log.size()).as(log.dump()).isEqualTo(8);
        soft.assertThat(run.result("write_elsewhere").status()).isEqualTo("ok");
        soft.assertThat(work.resolve("other.txt")).exists();
        soft.assertThat(run.result("read_rules").output()).isEqualTo(rulesText);
        soft.assertAll();
    }

    @OnEachJdk
    void a_jvm_options_file_named_in_a_quoted_option_is_not_changed(Jdk jdk) {
        // the JVM reads quotes in its option variables, so a path with a blank arrives whole: the gate must too
        Path options = Dirs.write(Dirs.mkdir(tmp, "jvm options").resolve("vm.opts"), "-Xss2m\n");
        Path work = Dirs.mkdir(tmp, "work");
        Spec spec = Spec.attempts()
                .add("truncate_options_file", "truncate", "-s", "0", options)
                .add("append_to_options_file", "@append=" + options, "echo", "-javaagent:/tmp/other.jar");

        Run run = ForkedJvm.on(jdk).in(work).env("HOME", Dirs.mkdir(tmp, "home").toString())
                .env("JAVA_TOOL_OPTIONS", "-XX:VMOptionsFile='" + options + "'")
                .withAgent("autonomy=full,prompt=deny")
                .main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (String name : List.of("truncate_options_file", "append_to_options_file")) {
            AppResult r = run.result(name);
            Blocked.assertBlocked(r);
            soft.assertThat(r.message()).as(r.toString()).contains("changes cmdgate's own files");
        }
        soft.assertThat(Dirs.read(options)).isEqualTo("-Xss2m\n");
        soft.assertAll();
    }

    /**
     * The files the configuration names beyond the rules, passport and audit file: the {@code cmdgate.config} file
     * this JVM read its settings from and, with a policy server, the shared secret its bundles are verified with and
     * its token file. Under {@code full}, with a passport that allows {@code cp} and {@code sh}, a plain copy or a
     * shell redirect over each is refused and each keeps its bytes (the next start would otherwise run with the
     * model's settings or verify the model's bundles); a copy elsewhere runs.
     */
    @OnEachJdk
    void the_configuration_file_and_the_policy_secret_and_token_files_are_not_changed(Jdk jdk) throws Exception {
        Path etc = Dirs.mkdir(tmp, "etc");
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        byte[] secret = "a-shared-secret-of-32-bytes-ok!!".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Path secretFile = Files.write(etc.resolve("bundle.secret"), secret);
        Path tokenFile = Dirs.write(etc.resolve("policy.token"), "token-1\n");
        for (Path p : List.of(secretFile, tokenFile)) {
            Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        }
        byte[] bundle = SignedBundles.signedHs256(SignedBundles.files(SignedBundles.passport("cp", "sh", "echo"), "1"), secret);
        PolicyServer server = PolicyServer.serving("/bundle.tar.gz", bundle);
        try {
            String configText = "autonomy=full\nprompt=deny\npolicy=" + server.url()
                    + "\npolicy.wait=20\npolicy.secret.file=" + secretFile + "\npolicy.token.file=" + tokenFile
                    + "\naudit=" + audit + "\n";
            Path config = Dirs.write(etc.resolve("cmdgate.properties"), configText);
            Dirs.write(work.resolve("evil"), "mode=audit\n");
            Spec spec = Spec.attempts()
                    .add("cp_over_config", "cp", "evil", config)
                    .add("cp_over_secret", "cp", "evil", secretFile)
                    .add("redirect_over_token", "sh", "-c", "echo forged > " + tokenFile)
                    .add("cp_elsewhere", "cp", "evil", work.resolve("copy"));

            Run run = ForkedJvm.on(jdk).in(work).env("HOME", Dirs.mkdir(tmp, "home").toString()).withAgent()
                    .cmdgate("config", config).main(Commands.class).args(spec.args()).run();

            assertThat(run.exit()).as(run.describe()).isZero();
            SoftAssertions soft = new SoftAssertions();
            for (String name : List.of("cp_over_config", "cp_over_secret", "redirect_over_token")) {
                AppResult r = run.result(name);
                soft.assertThat(r.blocked()).as(name + "\n" + run.describe()).isTrue();
                soft.assertThat(r.message()).as(name).contains("changes cmdgate's own files");
            }
            soft.assertThat(findingReasons(Audit.read(audit).forWord(config.toString())))
                    .contains("changes cmdgate's own files: the configuration file " + config);
            soft.assertThat(Dirs.read(config)).isEqualTo(configText);
            soft.assertThat(secretFile).hasBinaryContent(secret);
            soft.assertThat(Dirs.read(tokenFile)).isEqualTo("token-1\n");
            soft.assertThat(run.result("cp_elsewhere").ok()).as(run.describe()).isTrue();
            soft.assertThat(work.resolve("copy")).exists();
            soft.assertAll();
        } finally {
            server.close();
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> findingReasons(Audit.Line l) {
        return ((List<Map<String, Object>>) l.json().get("findings")).stream().map(f -> String.valueOf(f.get("reason"))).toList();
    }

    /**
     * What one command line could not do, two could: an earlier launch makes a link into a protected directory
     * (or another name for a protected file), a later one writes through it. Under {@code full}, with a policy
     * server's state directory and the CLI's class-data archives among the gate's files: making such a link is
     * refused, and so is writing through one that exists when the launch is decided (a symbolic link to the
     * directory, a hard link to its file); the kept policy is untouched. An ordinary copy elsewhere runs.
     */
    @OnEachJdk
    void links_into_the_gates_directories_are_not_made_and_not_written_through(Jdk jdk) throws Exception {
        Path state = Dirs.mkdir(tmp, "state");
        Path work = Dirs.mkdir(tmp, "work");
        Path elsewhere = Dirs.mkdir(tmp, "elsewhere");
        Path archives = ForkedJvm.AGENT_JAR.toAbsolutePath().getParent().resolve("cli-archive");
        Path forged = archives.resolve("forged-" + jdk.feature() + ".jsa");
        boolean madeArchives = !Files.isDirectory(archives);
        Files.createDirectories(archives);   // as the launcher script makes it: a copy into it would land
        Dirs.write(work.resolve("evil"), "{\"passport_id\":\"forged\"}");
        byte[] passport = ("{\"passport_id\":\"pp-links\",\"status\":\"active\",\"capabilities\":[{\"id\":"
                + "\"system.command.execute\"}],\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"ln\",\"cp\","
                + "\"sh\",\"echo\",\"link\"],\"max_execution_time\":60}}}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        PolicyServer server = PolicyServer.serving("/policy.json", passport);
        try {
            Spec spec = Spec.attempts().add("first", "echo", "x").add("await", "kept")
                    .add("ln_to_dir", "ln", "-s", state, "lnk")
                    .add("ln_to_file", "ln", state.resolve("policy.body"), "hard-made")
                    .add("cp_s_to_file", "cp", "-s", state.resolve("policy.body"), "soft-made")
                    .add("cp_through_link", "cp", "evil", "pre/")
                    .add("write_through_hard_link", "sh", "-c", "cat evil > hard")
                    .add("cp_into_archives", "cp", "evil", forged)
                    .add("cp_elsewhere", "cp", "evil", elsewhere + "/");
            try (ForkedJvm.Running app = ForkedJvm.on(jdk).in(work).withAgent("autonomy=full,prompt=deny,policy.wait=20")
                    .cmdgate("policy", server.url())
                    .cmdgate("policy.state", state).main(Commands.class).args(spec.args()).start()) {
                app.awaitLine("AWAIT kept", Duration.ofSeconds(30));
                for (int i = 0; i < 100 && !Files.exists(state.resolve("policy.body")); i++) {
                    Thread.sleep(100);
                }
                // made before this JVM's launches: by an earlier launch, a checkout, an archive
                Files.createSymbolicLink(work.resolve("pre"), state);
                Files.createLink(work.resolve("hard"), state.resolve("policy.body"));
                app.send("go\n");
                Run run = app.finish();
                for (String name : List.of("ln_to_dir", "ln_to_file", "cp_s_to_file", "cp_through_link",
                        "write_through_hard_link", "cp_into_archives")) {
                    AppResult r = run.result(name);
                    assertThat(r.blocked()).as(name + "\n" + run.describe()).isTrue();
                    assertThat(r.message()).as(name).contains("changes cmdgate's own files");
                }
                assertThat(run.result("cp_elsewhere").ok()).as(run.describe()).isTrue();
            }
            assertThat(work.resolve("lnk")).doesNotExist();
            assertThat(work.resolve("hard-made")).doesNotExist();
            assertThat(work.resolve("soft-made")).doesNotExist();
            assertThat(state.resolve("evil")).doesNotExist();
            assertThat(forged).doesNotExist();
            assertThat(state.resolve("policy.body")).hasBinaryContent(passport);
            assertThat(elsewhere.resolve("evil")).exists();
        } finally {
            server.close();
            Files.deleteIfExists(forged);
            if (madeArchives) {
                Files.deleteIfExists(archives);
            }
        }
    }
    /**
     * Commands that run in another directory than the shell's, or create files, under {@code full} with a policy
     * server's state directory and the CLI's class-data archives among the gate's files: {@code env -C} (also
     * wrapped in timeout), {@code find -execdir}, {@code git -C}, a cd after CDPATH or HOME was given a value,
     * {@code touch}, {@code mkdir}, and a copy into the archives directory named {@code .}: each is refused and the
     * state directory holds only what the gate wrote; the same copy into another directory runs.
     */
    @OnEachJdk
    void commands_run_in_another_directory_do_not_write_the_gates_files(Jdk jdk) throws Exception {
        Path state = Dirs.mkdir(tmp, "state");
        Path work = Dirs.mkdir(tmp, "work");
        Path elsewhere = Dirs.mkdir(tmp, "elsewhere");
        Path archives = ForkedJvm.AGENT_JAR.toAbsolutePath().getParent().resolve("cli-archive");
        String forgedName = "forged-cwd-" + jdk.feature() + ".jsa";
        boolean madeArchives = !Files.isDirectory(archives);
        Files.createDirectories(archives);
        Path evil = Dirs.write(work.resolve("evil"), "{\"passport_id\":\"forged\"}");
        Dirs.write(Dirs.mkdir(work, "one").resolve(forgedName), "forged archive");
        byte[] passport = ("{\"passport_id\":\"pp-cwd\",\"status\":\"active\",\"capabilities\":[{\"id\":"
                + "\"system.command.execute\"}],\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"*\"],"
                + "\"max_execution_time\":60}}}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        PolicyServer server = PolicyServer.serving("/policy.json", passport);
        try {
            Spec spec = Spec.attempts().add("first", "echo", "x").add("await", "kept")
                    .add("env_C_kept", "sh", "-c", "env -C " + state + " cp " + evil + " policy.body")
                    .add("env_chdir_new", "sh", "-c", "env --chdir=" + state + " cp " + evil + " planted")
                    .add("timeout_env_C", "sh", "-c", "timeout 5 env -C " + state + " cp " + evil + " planted2")
                    .add("find_execdir", "sh", "-c", "find " + state + " -name policy.body -execdir cp " + evil
                            + " policy.body \\;")
                    .add("git_C_init", "sh", "-c", "git -C " + state + " init -q")
                    .add("cdpath", "sh", "-c", "CDPATH=" + tmp + "; cd state && cp " + evil + " planted3")
                    .add("home_cd", "sh", "-c", "HOME=" + state + "; cd && cp " + evil + " planted4")
                    .add("touch", "touch", state.resolve("planted5").toString())
                    .add("mkdir", "sh", "-c", "cd " + state + " && mkdir planted6")
                    .add("archive_dot", "sh", "-c", "env -C " + archives + " cp " + work.resolve("one/" + forgedName) + " .")
                    .add("cp_elsewhere", "sh", "-c", "env -C " + elsewhere + " cp " + evil + " copied");
            try (ForkedJvm.Running app = ForkedJvm.on(jdk).in(work).withAgent("autonomy=full,prompt=deny,policy.wait=20")
                    .cmdgate("policy", server.url())
                    .cmdgate("policy.state", state).main(Commands.class).args(spec.args()).start()) {
                app.awaitLine("AWAIT kept", Duration.ofSeconds(30));
                for (int i = 0; i < 100 && !Files.exists(state.resolve("policy.body")); i++) {
                    Thread.sleep(100);
                }
                List<String> kept;
                try (var files = Files.list(state)) {
                    kept = files.map(f -> f.getFileName().toString()).sorted().toList();
                }
                app.send("go\n");
                Run run = app.finish();
                for (String name : List.of("env_C_kept", "env_chdir_new", "timeout_env_C", "find_execdir", "git_C_init",
                        "cdpath", "home_cd", "touch", "mkdir", "archive_dot")) {
                    AppResult r = run.result(name);
                    assertThat(r.blocked()).as(name + "\n" + run.describe()).isTrue();
                    assertThat(r.message()).as(name).contains("Destructive");
                }
                assertThat(run.result("cp_elsewhere").ok()).as(run.describe()).isTrue();
                try (var files = Files.list(state)) {
                    assertThat(files.map(f -> f.getFileName().toString()).sorted().toList()).isEqualTo(kept);
                }
            }
            assertThat(state.resolve("policy.body")).hasBinaryContent(passport);
            assertThat(archives.resolve(forgedName)).doesNotExist();
            assertThat(elsewhere.resolve("copied")).exists();
        } finally {
            server.close();
            Files.deleteIfExists(archives.resolve(forgedName));
            if (madeArchives) {
                Files.deleteIfExists(archives);
            }
        }
    }
}
