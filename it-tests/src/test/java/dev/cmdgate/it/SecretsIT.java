package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Audit;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secrets in the gated JVM's environment ({@code cmdgate.secrets}). The JVM starts with two secrets and a plain
 * variable; its children print their environment into files, which the test reads. With {@code scrub} a child
 * sees a secret only when every program it runs is granted it (a user rules file grants
 * {@code AWS_SECRET_ACCESS_KEY} to {@code printenv}): {@code printenv} gets it, a shell running only
 * {@code printenv} passes it on, a shell that also runs {@code env} does not, nor does a pipeline ending in
 * {@code cat}; a secret the application sets for the launch is withheld the same way. With the default
 * {@code pass} every child sees both. Either way the audit lines name the secrets and never hold a value.
 */
@SuppressWarnings("unchecked")
class SecretsIT {

    private static final String AWS_VALUE = "aws-test-value-7f3a9c";
    private static final String GH_VALUE = "gh-test-value-19be42";
    private static final String APP_VALUE = "app-set-value-c0ffee";

    @TempDir
    Path tmp;

    private ForkedJvm jvm(Jdk jdk, Path work, String agentArgs) {
        return ForkedJvm.on(jdk).in(work).withAgent(agentArgs)
                .env("AWS_SECRET_ACCESS_KEY", AWS_VALUE).env("GITHUB_TOKEN", GH_VALUE).env("CMDGATE_IT_MARKER", "visible")
                .env("HOME", Dirs.mkdir(tmp, "home").toString());
    }

    @OnEachJdk
    void scrub_gives_each_child_only_what_every_program_it_runs_is_granted(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        Path rules = Dirs.write(tmp.resolve("team.rules"), """
                # printenv may see the AWS key (a stand-in for the AWS CLI, which this machine need not have)
                [@settings]
                secret-grant printenv AWS_SECRET_ACCESS_KEY
                """);
        Spec spec = Spec.attempts()
                .add("env_alone", "@out=" + work.resolve("env.txt"), "env")
                .add("printenv_granted", "@out=" + work.resolve("printenv.txt"), "printenv")
                .add("shell_running_printenv", "sh", "-c", "printenv > " + work.resolve("shell-printenv.txt"))
                .add("shell_running_printenv_and_env", "sh", "-c",
                        "printenv > " + work.resolve("mixed-printenv.txt") + "; env > " + work.resolve("mixed-env.txt"))
                .add("pipeline_into_cat", "@out=" + work.resolve("pipeline.txt"), "printenv", "|", "cat")
                .add("secret_set_by_the_app", "@env=GITHUB_TOKEN=" + APP_VALUE, "@out=" + work.resolve("app-set.txt"), "env");

        Run run = jvm(jdk, work, "autonomy=full,prompt=deny,secrets=scrub,audit=" + audit + ",rules=" + rules)
                .main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (AppResult r : run.results().values()) {
            soft.assertThat(r.status()).as(r.toString()).isEqualTo("ok");
        }
        soft.assertThat(Dirs.read(work.resolve("env.txt"))).contains("CMDGATE_IT_MARKER=visible")
                .doesNotContain("AWS_SECRET_ACCESS_KEY", AWS_VALUE, "GITHUB_TOKEN", GH_VALUE);
        soft.assertThat(Dirs.read(work.resolve("printenv.txt"))).as("the granted program gets its grant, and only it")
                .contains("AWS_SECRET_ACCESS_KEY=" + AWS_VALUE, "CMDGATE_IT_MARKER=visible").doesNotContain(GH_VALUE);
        soft.assertThat(Dirs.read(work.resolve("shell-printenv.txt"))).as("a shell that runs only printenv passes it on")
                .contains("AWS_SECRET_ACCESS_KEY=" + AWS_VALUE).doesNotContain(GH_VALUE);
        soft.assertThat(Dirs.read(work.resolve("mixed-printenv.txt"))).as("the shell also runs env: nobody in it gets it")
                .contains("CMDGATE_IT_MARKER=visible").doesNotContain(AWS_VALUE, GH_VALUE);
        soft.assertThat(Dirs.read(work.resolve("mixed-env.txt"))).doesNotContain(AWS_VALUE, GH_VALUE);
        soft.assertThat(Dirs.read(work.resolve("pipeline.txt"))).as("a pipeline is judged as a whole")
                .contains("CMDGATE_IT_MARKER=visible").doesNotContain(AWS_VALUE, GH_VALUE);
        soft.assertThat(Dirs.read(work.resolve("app-set.txt"))).as("a secret the application sets is withheld too")
                .contains("CMDGATE_IT_MARKER=visible").doesNotContain(APP_VALUE, AWS_VALUE);

        Audit log = Audit.read(audit);
        Audit.Line printenv = log.only(l -> l.argv().equals(List.of("printenv")), "printenv alone");
        soft.assertThat(printenv.json().get("secrets")).isEqualTo(List.of("AWS_SECRET_ACCESS_KEY"));
        // contains, not equals: the machine running the tests may have secrets of its own in its environment
        soft.assertThat((List<Object>) printenv.json().get("secrets_withheld")).contains("GITHUB_TOKEN").doesNotContain("AWS_SECRET_ACCESS_KEY");
        Audit.Line env = log.only(l -> l.argv().equals(List.of("env")) && l.raw().contains("/env.txt"), "env alone");
        soft.assertThat(env.json()).doesNotContainKey("secrets");
        soft.assertThat((List<Object>) env.json().get("secrets_withheld")).contains("AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN");
        soft.assertThat(Dirs.read(audit)).as("no secret value in the audit file").doesNotContain(AWS_VALUE, GH_VALUE, APP_VALUE);
        soft.assertAll();
    }

    @OnEachJdk
    void scrub_keeps_the_jvms_own_secrets_from_commands_that_print_another_processs_environment(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        // each would print the gated JVM's environment, AWS_SECRET_ACCESS_KEY's value among it (@pid@: the JVM)
        List<String> readers = List.of("ps_bsd_e", "ps_e_after", "grep_proc_pid", "grep_proc_in_shell", "xargs_arg_file",
                "cd_and_cat_environ", "jcmd_heap_dump", "for_loop_glob", "echo_into_xargs");
        Spec spec = Spec.attempts()
                .add("ps_bsd_e", "@out=" + work.resolve("ps_bsd_e.txt"), "ps", "eww", "-p", "@pid@")
                .add("ps_e_after", "@out=" + work.resolve("ps_e_after.txt"), "ps", "-p", "@pid@", "-o", "pid,args", "e")
                .add("grep_proc_pid", "@out=" + work.resolve("grep_proc_pid.txt"), "grep", "-r", "-a", "-h", "AWS_SECRET",
                        "/proc/@pid@/")
                .add("grep_proc_in_shell", "sh", "-c", "grep -r -a -h AWS_SECRET /proc/$PPID/ > "
                        + work.resolve("grep_proc_in_shell.txt"))
                .add("xargs_arg_file", "@out=" + work.resolve("xargs_arg_file.txt"), "xargs", "-0", "-a", "/proc/@pid@/environ",
                        "echo")
                .add("cd_and_cat_environ", "sh", "-c", "cd /proc/@pid@ && cat environ > " + work.resolve("cd_and_cat_environ.txt"))
                // names made at run time from words the line shows: a loop over a glob, an echo piped into xargs
                .add("for_loop_glob", "sh", "-c", "for f in /proc/$PPID/e*; do cat $f; done > " + work.resolve("for_loop_glob.txt"))
                .add("echo_into_xargs", "sh", "-c", "echo /proc/$PPID/environ | xargs cat > " + work.resolve("echo_into_xargs.txt"))
                // a heap dump of the JVM holds its environment too
                .add("jcmd_heap_dump", "jcmd", "@pid@", "GC.heap_dump", work.resolve("jcmd_heap_dump.txt").toString())
                .add("ps_plain", "@out=" + work.resolve("ps_plain.txt"), "ps", "-p", "@pid@", "-o", "pid,args")
                .add("ps_every_process", "@out=" + work.resolve("ps_every_process.txt"), "ps", "-e", "-o", "pid,comm");

        Run run = jvm(jdk, work, "autonomy=full,prompt=deny,secrets=scrub,audit=" + audit).main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (String name : readers) {
            soft.assertThat(run.result(name).blocked()).as(name + ": " + run.result(name)).isTrue();
            Path out = work.resolve(name + ".txt");
            soft.assertThat(bytes(out)).as(name).doesNotContain(AWS_VALUE, GH_VALUE);
        }
        soft.assertThat(run.result("ps_plain").ok()).as(run.describe()).isTrue();
        soft.assertThat(Dirs.read(work.resolve("ps_plain.txt"))).contains(Commands.class.getName()).doesNotContain(AWS_VALUE);
        soft.assertThat(run.result("ps_every_process").ok()).as("ps -e selects processes, prints no environment").isTrue();
        Audit log = Audit.read(audit);
        for (Audit.Line l : log.lines()) {
            if (l.outcome().equals("blocked")) {
                soft.assertThat(l.commandClass()).as(l.raw()).isIn("Network", "Destructive");
                soft.assertThat(l.raw()).containsAnyOf("reads a credential store", "inside another JVM");
            }
        }
        soft.assertThat(Dirs.read(audit)).doesNotContain(AWS_VALUE, GH_VALUE);
        soft.assertAll();
    }

    @OnEachJdk
    void scrub_withholds_a_value_that_looks_secret_under_a_name_listed_as_not_secret(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        // a not-secret-vars name (*_TOKEN_URL, *_AUTH_URL) holding a URL with a password, and names of the kinds
        // a connection string and a short password take
        Run run = jvm(jdk, work, "autonomy=full,prompt=deny,secrets=scrub")
                .env("OAUTH_TOKEN_URL", "https://cid:tu-value-5d1e@auth.example/token")
                .env("DB_AUTH_URL", "postgres://u:au-value-88b0@db/x")
                .env("AZURE_STORAGE_CONNECTION_STRING", "AccountName=a;AccountKey=cs-value-0a7c")
                .env("SMTP_PWD", "pwd-value-3e91")
                .env("PLAIN_TOKEN_URL", "https://auth.example/plain-token-url")
                .main(Commands.class).args(Spec.attempts().add("env", "@out=" + work.resolve("env.txt"), "env").args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("env").ok()).as(run.describe()).isTrue();
        assertThat(Dirs.read(work.resolve("env.txt"))).contains("CMDGATE_IT_MARKER=visible", "PLAIN_TOKEN_URL=")
                .doesNotContain("tu-value-5d1e", "au-value-88b0", "cs-value-0a7c", "pwd-value-3e91", AWS_VALUE, GH_VALUE);
    }

    /**
     * The approval service's token, given by {@code prompt.token.env} under a plain name with a value no shape rule
     * knows (32 lower-case letters and digits): cmdgate knows it is a bearer token, and under scrub no child gets it,
     * nor a copy of its value under another plain name, whole or inside a longer value. Nothing listens on port 9; {@code env} is Read under full, so no prompt is sent.
     */
    @OnEachJdk
    void scrub_withholds_the_variables_the_configuration_names_as_cmdgates_own_tokens(Jdk jdk) {
        String token = "q8zr2lmx9vtn4kpw7syb3hcj6dfg1q0w";
        withholdsTheApprovalToken(jdk, "plain", token, "");
        // the value's shape alone would withhold it now: with the shape rules off it is the configuration that does
        Path rules = Dirs.write(tmp.resolve("shapes-off.rules"), "[@settings]\nsecret-random-runs off\nsecret-random-values off\n");
        withholdsTheApprovalToken(jdk, "shapes-off", token, ",rules=" + rules);
    }

    private void withholdsTheApprovalToken(Jdk jdk, String name, String token, String moreArgs) {
        Path work = Dirs.mkdir(tmp, name);
        Path audit = tmp.resolve(name + "-audit.jsonl");
        Run run = jvm(jdk, work, "autonomy=full,prompt=http://127.0.0.1:9/approve,prompt.token.env=PT,secrets=scrub,audit=" + audit
                + moreArgs)
                .env("PT", token).env("HANDOFF", token).env("WRAPPED", "k=" + token + ";")
                .main(Commands.class).args(Spec.attempts()
                        .add("env", "@out=" + work.resolve("env.txt"), "env")
                        .add("shell", "sh", "-c", "printenv PT > " + work.resolve("shell.txt") + "; env >> " + work.resolve("shell.txt"))
                        .args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("env").ok()).as(run.describe()).isTrue();
        assertThat(Dirs.read(work.resolve("env.txt"))).contains("CMDGATE_IT_MARKER=visible")
                .doesNotContain(token, "PT=", "HANDOFF=", "WRAPPED=");
        assertThat(bytes(work.resolve("shell.txt"))).doesNotContain(token);
        Audit.Line env = Audit.read(audit).only(l -> l.argv().equals(List.of("env")), "env");
        assertThat((List<Object>) env.json().get("secrets_withheld")).contains("PT", "HANDOFF", "WRAPPED", "AWS_SECRET_ACCESS_KEY");
        assertThat(Dirs.read(audit)).doesNotContain(token);
    }

    /**
     * Credentials under plain names known only by their shape (made-up values): headers and members in any case, an
     * authentication scheme, docker's auths, a password glued to mysql's -p, short and one-case generated keys, long
     * hex, and git's extra header set. {@code env} prints none of them; everyday variables reach it unchanged.
     */
    @OnEachJdk
    void scrub_withholds_credentials_under_plain_names_by_their_shape(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        java.util.Map<String, String> secret = new java.util.LinkedHashMap<>();
        secret.put("A02", "key-3ax6xnjp29jd6fds4gc373sgvjxteol0");
        secret.put("A05", "Basic dXNlcjpnaHBfWjlrM1hxN21QMnZMOG5SNHRZNncx");
        secret.put("A06", "{\"auths\":{\"ghcr.io\":{\"auth\":\"dXNlcjpnaHBfWjlrM1hxN21QMnZMOG5SNHRZNnc2\"}}}");
        secret.put("A07", "X-API-Key: Zk9qT3BxUnN0VXZ3WHl6QUJDREVGR0hJ");
        secret.put("A08", "PRIVATE-TOKEN: k8s7d6f5g4h3j2k1l0p9o8i7");
        secret.put("A09", "AuthoriZation: token 9f8e7d6c5b4a39281706f5e4d3c2b1a0");
        secret.put("A10", "7c4a8d09ca3762af61e59520943dc26494f8941b7c4a8d09ca3762af61e59520");
        secret.put("A11", "q8Zr2LmX9vTn4KpW7sYb3HcJ6dFg1Q");
        secret.put("A13", "mysql -u root -pHunter2Zx9qLm3RvT8nKp localhost");
        secret.put("A14", "user=admin pass=Zx9qLm3RvT8nKpW2sYb7");
        secret.put("A15", "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");
        secret.put("A16", "ZX9QLM3RVT8NKPW2SYB7HCJ4DFG1QAE5UI6OPL2M");
        secret.put("A17", "zx9qlm3rvt8nkpw2syb7hcj4dfg1qae5ui6opl2m");
        secret.put("A22", "\"pwd\": \"Zx9qLm3RvT8nKpW2sYb8\"");
        secret.put("A23", "Cookie: session=Zx9qLm3RvT8nKpW2sYb7HcJ4dFg1Q");
        secret.put("A24", "Zx9qLm3RvT8nKpW2sYb7HcJ4dFg1QaE5uI6o");
        secret.put("GIT_CONFIG_VALUE_0", "X-Auth: Zk9qT3BxUnN0VXZ3WHl6");
        secret.put("K1", "svc:aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vWxY");
        secret.put("K6", "https://hooks.example.com/services/7aK2mQ9xL4vB8nR3tY6wZ1cD5");
        java.util.Map<String, String> everyday = new java.util.LinkedHashMap<>();
        everyday.put("GITHUB_SHA", "8f14e45fceea167a5a36dedd4bea2543cd1e1b2a");
        everyday.put("INVOCATION_ID", "0f6b3c2a9d8e4f5a6b7c8d9e0f1a2b3c");
        everyday.put("RUN_UUID", "123e4567-e89b-12d3-a456-426614174000");
        everyday.put("POD_HOST", "widgets-deployment-7d4b9c8f6d-x2k9p");
        everyday.put("JAVA_VERSION_IT", "jdk-17.0.9+9");
        everyday.put("MAIN_CLASS", "com.example.widgets.WidgetApplication2");
        everyday.put("LS_COLORS", "rs=0:di=01;34:ln=01;36:ex=01;32:*.tar=01;31");
        everyday.put("GOOGLE_APPLICATION_CREDENTIALS", "/home/ci/gcp/sa.json");
        everyday.put("KEYCLOAK_AUTH_SERVER_URL", "https://sso.example/auth");
        everyday.put("NIX_PATH", "nixpkgs=/nix/store/9krlzvny65gdc8s7kpb6lkx8cd02c25b-source");
        everyday.put("PYTHON_SHA256", "2a2c7cd1cf4e5fe5b5d6e3b2c1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2");
        everyday.put("GPG_KEY", "A035C8C19219BA821ECEA86B64E628F8D684696D");
        everyday.put("CI_COMMIT_TITLE", "Rename password: field in signup form");
        everyday.put("VERCEL_DEPLOYMENT_ID", "dpl_8ZpqZ4tF3KmW2nB7xYc9LrA1sDfG");
        everyday.put("JENKINS_NODE_COOKIE", "0b6ef5c8-a2f0-4f4c-9e1d-1a2b3c4d5e6f");
        ForkedJvm forked = jvm(jdk, work, "autonomy=full,prompt=deny,secrets=scrub")
                .env("GIT_CONFIG_COUNT", "1").env("GIT_CONFIG_KEY_0", "http.extraHeader");
        for (java.util.Map<String, String> variables : List.of(secret, everyday)) {
            for (java.util.Map.Entry<String, String> e : variables.entrySet()) {
                forked = forked.env(e.getKey(), e.getValue());
            }
        }
        Run run = forked.main(Commands.class).args(Spec.attempts().add("env", "@out=" + work.resolve("env.txt"), "env").args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("env").ok()).as(run.describe()).isTrue();
        String printed = Dirs.read(work.resolve("env.txt"));
        SoftAssertions soft = new SoftAssertions();
        for (java.util.Map.Entry<String, String> e : secret.entrySet()) {
            soft.assertThat(printed).as(e.getKey()).doesNotContain(e.getValue(), e.getKey() + "=");
        }
        soft.assertThat(printed).doesNotContain("GIT_CONFIG_COUNT", "GIT_CONFIG_KEY_0");
        for (java.util.Map.Entry<String, String> e : everyday.entrySet()) {
            soft.assertThat(printed).as(e.getKey()).contains(e.getKey() + "=" + e.getValue());
        }
        soft.assertThat(printed).contains("CMDGATE_IT_MARKER=visible");
        soft.assertAll();
    }

    /**
     * Secrets that hid from the plain shapes (made-up values): a copy of a withheld value under a plain name, in the
     * JVM's environment and set by the application for the launch; a key printed in groups; a percent-encoded URL
     * with a password; base64 of {@code user:password} without a scheme word; a token used as a variable's name.
     * {@code env} prints none of them; the everyday values beside each (a UUID, a version, a build id, a commit hash,
     * a hyphenated branch, a percent-encoded plain URL, short base64 of plain text) reach it unchanged.
     */
    @OnEachJdk
    void scrub_withholds_copies_grouped_keys_and_encoded_credentials(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        java.util.Map<String, String> secret = new java.util.LinkedHashMap<>();
        secret.put("API_KEY", "Hunter2Hunter2x");
        secret.put("HELPER_ARG", "Hunter2Hunter2x");
        secret.put("HELPER_OPTS", "--verbose --key=Hunter2Hunter2x");
        secret.put("PRODUCT_LICENSE", "7K3PQ-M9XWT-4HJ2D-QR8VN-6TC3Y");
        secret.put("DSN_ENC", "postgres%3A%2F%2Fadmin%3AS3cretPw%40db%3A5432%2Fapp");
        secret.put("UPSTREAM_HDR", "dXNlcjpTM2NyZXRQdzk=");
        String tokenName = "ghp_Z9k3Xq7mP2vL8nR4tY6w1aB3cD5eF7gH9iJ";
        java.util.Map<String, String> everyday = new java.util.LinkedHashMap<>();
        everyday.put("RUN_UUID", "123e4567-e89b-12d3-a456-426614174000");
        everyday.put("APP_VERSION", "1.2.3-rc-1");
        everyday.put("BUILD_ID", "20261206.7");
        everyday.put("GIT_COMMIT", "8f14e45fceea167a5a36dedd4bea2543cd1e1b2a");
        everyday.put("BRANCH_NAME", "feature/add-login-form-2");
        everyday.put("RETURN_URL", "https%3A%2F%2Fexample.com%2Fdocs%3Fq%3Dcmd%20gate");
        everyday.put("GREETING_TEXT", "aGVsbG8gd29ybGQ=");   // hello world (a *_B64 name is a secret by name)
        everyday.put("CI", "true");
        ForkedJvm forked = jvm(jdk, work, "autonomy=full,prompt=deny,secrets=scrub").env(tokenName, "1");
        for (java.util.Map<String, String> variables : List.of(secret, everyday)) {
            for (java.util.Map.Entry<String, String> e : variables.entrySet()) {
                forked = forked.env(e.getKey(), e.getValue());
            }
        }
        Spec spec = Spec.attempts()
                .add("env", "@out=" + work.resolve("env.txt"), "env")
                .add("copy_set_by_the_app", "@env=HANDED_ON=Hunter2Hunter2x", "@env=PLAIN_SET=visible-too",
                        "@out=" + work.resolve("app-set.txt"), "env");
        Run run = forked.main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.result("env").ok()).as(run.describe()).isTrue();
        assertThat(run.result("copy_set_by_the_app").ok()).as(run.describe()).isTrue();
        String printed = Dirs.read(work.resolve("env.txt"));
        String appSet = Dirs.read(work.resolve("app-set.txt"));
        SoftAssertions soft = new SoftAssertions();
        for (java.util.Map.Entry<String, String> e : secret.entrySet()) {
            soft.assertThat(printed).as(e.getKey()).doesNotContain(e.getValue(), e.getKey() + "=");
        }
        soft.assertThat(printed).as("a credential as a name").doesNotContain(tokenName);
        soft.assertThat(appSet).as("a copy the application sets").doesNotContain("Hunter2Hunter2x", "HANDED_ON=")
                .contains("PLAIN_SET=visible-too");
        for (java.util.Map.Entry<String, String> e : everyday.entrySet()) {
            soft.assertThat(printed).as(e.getKey()).contains(e.getKey() + "=" + e.getValue());
            soft.assertThat(appSet).as(e.getKey()).contains(e.getKey() + "=" + e.getValue());
        }
        soft.assertThat(printed).contains("CMDGATE_IT_MARKER=visible");
        soft.assertAll();
    }

    /**
     * git's configuration in the environment — {@code GIT_CONFIG_COUNT} and numbered pairs, one key carrying a token
     * (a URL rewrite with credentials) — goes whole or not at all: scrubbed, git starts without any of it (with one
     * member missing it refused to start, exit 128) and no child sees the token; granted to git, git gets it whole.
     */
    @OnEachJdk
    void scrub_withholds_gits_configuration_variables_as_a_whole(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        String token = "gitcfg-value-6b2d";
        String key = "url.https://x-access-token:" + token + "@example.invalid/.insteadOf";
        Spec spec = Spec.attempts()
                .add("git", "@out=" + work.resolve("git.txt"), "git", "config", "--list")
                .add("env", "@out=" + work.resolve("env.txt"), "env");
        Path audit = tmp.resolve("audit.jsonl");
        Run scrubbed = gitConfig(jvm(jdk, work, "autonomy=full,prompt=deny,secrets=scrub,audit=" + audit), key)
                .main(Commands.class).args(spec.args()).run();
        assertThat(scrubbed.result("git").ok()).as(scrubbed.describe()).isTrue();
        assertThat(scrubbed.result("git").exitStatus()).as(scrubbed.describe()).isZero();
        assertThat(Dirs.read(work.resolve("git.txt"))).doesNotContain(token, "user.name=");
        assertThat(Dirs.read(work.resolve("env.txt"))).contains("CMDGATE_IT_MARKER=visible").doesNotContain(token, "GIT_CONFIG_COUNT", "GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_");
        assertThat(Dirs.read(audit)).contains("GIT_CONFIG_COUNT").doesNotContain(token);

        Path rules = Dirs.write(tmp.resolve("git.rules"), "[@settings]\nsecret-grant git GIT_CONFIG_*\n");
        Path granted = Dirs.mkdir(tmp, "granted");
        Run whole = gitConfig(jvm(jdk, granted, "autonomy=full,prompt=deny,secrets=scrub,rules=" + rules), key)
                .main(Commands.class).args(Spec.attempts()
                        .add("git", "@out=" + granted.resolve("git.txt"), "git", "config", "--list")
                        .add("env", "@out=" + granted.resolve("env.txt"), "env").args()).run();
        assertThat(whole.result("git").ok() && whole.result("git").exitStatus() == 0).as(whole.describe()).isTrue();
        assertThat(Dirs.read(granted.resolve("git.txt"))).contains("user.name=it", token);
        assertThat(Dirs.read(granted.resolve("env.txt"))).doesNotContain(token, "GIT_CONFIG_COUNT", "GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_");
    }

    private static ForkedJvm gitConfig(ForkedJvm jvm, String secretKey) {
        return jvm.env("GIT_CONFIG_COUNT", "2").env("GIT_CONFIG_KEY_0", "user.name").env("GIT_CONFIG_VALUE_0", "it")
                .env("GIT_CONFIG_KEY_1", secretKey).env("GIT_CONFIG_VALUE_1", "https://example.invalid/")
                .env("GIT_CONFIG_NOSYSTEM", "1");
    }

    /** A file's bytes as text whatever they are (a heap dump is not UTF-8); empty when there is no file. */
    private static String bytes(Path file) {
        try {
            return Files.exists(file) ? new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1) : "";
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @OnEachJdk
    void pass_is_the_default_and_the_audit_line_names_what_each_child_received(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path audit = tmp.resolve("audit.jsonl");
        Spec spec = Spec.attempts()
                .add("env_alone", "@out=" + work.resolve("env.txt"), "env")
                .add("shell", "sh", "-c", "env > " + work.resolve("shell.txt"));

        Run run = jvm(jdk, work, "autonomy=full,prompt=deny,audit=" + audit).main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(Dirs.read(work.resolve("env.txt"))).contains("AWS_SECRET_ACCESS_KEY=" + AWS_VALUE, "GITHUB_TOKEN=" + GH_VALUE);
        soft.assertThat(Dirs.read(work.resolve("shell.txt"))).contains(AWS_VALUE, GH_VALUE);
        Audit log = Audit.read(audit);
        soft.assertThat(log.size()).as(log.dump()).isEqualTo(2);
        for (Audit.Line l : log.lines()) {
            soft.assertThat(l.outcome()).isEqualTo("allowed");
            soft.assertThat((List<Object>) l.json().get("secrets")).as(l.raw())
                    .contains("AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN");
            soft.assertThat(l.json()).doesNotContainKey("secrets_withheld");
        }
        soft.assertThat(Dirs.read(audit)).as("no secret value in the audit file").doesNotContain(AWS_VALUE, GH_VALUE);
        soft.assertAll();
    }
}
