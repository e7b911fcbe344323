package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.rules.RuleSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Credentials under plain names, known by their shape alone (every value here is made up): headers and members named
 * in any case, authentication schemes, a password glued to an option, short and one-case generated keys, long hex.
 * And the other side: a developer's and a CI runner's everyday environment keeps every variable.
 */
class SecretShapesTest {

    private static final Secrets S = SecretsTest.S;

    @Test
    void credentialShapesUnderPlainNamesAreSecrets() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("A01", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");
        env.put("A02", "key-3ax6xnjp29jd6fds4gc373sgvjxteol0");
        env.put("A05", "Basic dXNlcjpnaHBfWjlrM1hxN21QMnZMOG5SNHRZNncx");
        env.put("A06", "{\"auths\":{\"ghcr.io\":{\"auth\":\"dXNlcjpnaHBfWjlrM1hxN21QMnZMOG5SNHRZNncx\"}}}");
        env.put("A07", "X-API-Key: Zk9qT3BxUnN0VXZ3WHl6QUJDREVGR0hJ");
        env.put("A08", "PRIVATE-TOKEN: k8s7d6f5g4h3j2k1l0p9o8i7");
        env.put("A09", "AuthoriZation: token 9f8e7d6c5b4a39281706f5e4d3c2b1a0");
        env.put("A10", "7c4a8d09ca3762af61e59520943dc26494f8941b7c4a8d09ca3762af61e59520");
        env.put("A11", "q8Zr2LmX9vTn4KpW7sYb3HcJ6dFg1Q");
        env.put("A12", "Zx9q-Lm3R_vT8nKp-W2sYb7H-cJ4dFg1-QaE5uI6o");
        env.put("A13", "mysql -u root -pHunter2Zx9qLm3RvT8nKp localhost");
        env.put("A14", "user=admin pass=Zx9qLm3RvT8nKpW2sYb7");
        env.put("A15", "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");
        env.put("A16", "ZX9QLM3RVT8NKPW2SYB7HCJ4DFG1QAE5UI6OPL2M");
        env.put("A17", "zx9qlm3rvt8nkpw2syb7hcj4dfg1qae5ui6opl2m");
        env.put("A22", "\"pwd\": \"Zx9qLm3RvT8nKpW2sYb7\"");
        env.put("A23", "Cookie: session=Zx9qLm3RvT8nKpW2sYb7HcJ4dFg1Q");
        env.put("A24", "Zx9qLm3RvT8nKpW2sYb7HcJ4dFg1QaE5uI6o");
        env.put("SPRING_JSON", "{\"datasource\": {\"Password\" : \"app-pw-1\"}}");
        env.put("YAML_LINE", "password: s3cr3t");
        env.put("PROXY_HDR", "proxy-authorization: Basic Zm9vOmJhcjEyMzQ1Njc4OQ==");
        env.put("GIT_CONFIG_VALUE_0", "X-Auth: Zk9qT3BxUnN0VXZ3WHl6");
        env.put("PT", "q8zr2lmx9vtn4kpw7syb3hcj6dfg1q0w");
        assertThat(S.names(env)).containsExactlyInAnyOrderElementsOf(env.keySet());
    }

    /** Member and element names in the spellings other formats give them, and the forms of a credential beside them. */
    @Test
    void camelCaseEscapedAndElementFieldsAreSecrets() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("C01", "{\"dbPassword\":\"hunter2x\"}");
        env.put("C02", "clientSecret=abc-123-def");
        env.put("C03", "{\"apiToken\": \"tk1\"}");
        env.put("C04", "spring.datasource.xApiKey: v1v2");
        env.put("C05", "{\\\"password\\\":\\\"hunter2\\\"}");
        env.put("C06", "{\"cfg\":\"{\\\"clientSecret\\\": \\\"s3\\\"}\"}");
        env.put("C07", "<settings><password>hunter2</password></settings>");
        env.put("C08", "<Token>t-99</Token>");
        env.put("C09", "<server><id>x</id><passphrase>open sesame</passphrase></server>");
        env.put("C10", "--user deploy --password hunter2");
        env.put("C11", "postgres://app:hunter2@db.internal:5432/app");
        env.put("C12", "mongodb+srv://app:hunter2@cluster0.example.net/db");
        assertThat(S.names(env)).containsExactlyInAnyOrderElementsOf(env.keySet());
    }

    @Test
    void camelCaseEscapedAndElementWordsThatCarryNoCredentialAreNot() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("D01", "{\"maxTokens\": 100, \"tokenizer\": \"bpe\"}");
        env.put("D02", "{\\\"password\\\":\\\"\\\"}");
        env.put("D03", "<password></password><secret/>");
        env.put("D04", "passThrough=1 tokenCount=2");
        env.put("D05", "compassRose: north");
        env.put("D06", "<PasswordPolicy>strict</PasswordPolicy>");
        assertThat(S.names(env)).isEmpty();
    }

    @Test
    void wordsThatOnlyLookLikeTheMarkersAreNot() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("GRADLE_ARGS", "--bypass=true --compass: x");
        env.put("EMPTY_MEMBERS", "{\"cookie\": \"\", \"auth\": ''}");
        env.put("PROSE", "Basic authentication is disabled");
        env.put("SCHEME_ONLY", "Basic");
        env.put("FLAG", "--token-file=/run/t");
        env.put("CAMEL", "MyVeryLongApplicationName2");
        env.put("ULID_LIKE_NAME", "ReleaseCandidateBuild2024");
        assertThat(S.names(env)).isEmpty();
    }

    /** What a developer's shell and a CI runner hold: none of it is a secret, so scrub withholds none of it. */
    @Test
    void everydayDevelopmentAndCiEnvironmentsPass() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/home/dev/.sdkman/candidates/java/current/bin");
        env.put("LS_COLORS", "rs=0:di=01;34:ln=01;36:mh=00:pi=40;33:so=01;35:do=01;35:bd=40;33;01:cd=40;33;01:or=40;31;01:mi=00:"
                + "su=37;41:sg=30;43:ca=30;41:tw=30;42:ow=34;42:st=37;44:ex=01;32:*.tar=01;31:*.tgz=01;31:*.zip=01;31:*.png=01;35");
        env.put("CLASSPATH", "/opt/app/lib/app-2.3.1.jar:/opt/app/lib/commons-lang3-3.14.0.jar:.");
        env.put("GITHUB_SHA", "8f14e45fceea167a5a36dedd4bea2543cd1e1b2a");
        env.put("GITHUB_WORKFLOW_SHA", "0D6E4079E36703EBD37C00722F5891D28B0E2811");
        env.put("CI_COMMIT_SHORT_SHA", "8f14e45f");
        env.put("CI_COMMIT_BEFORE_SHA", "0000000000000000000000000000000000000000");
        env.put("GITHUB_RUN_ID", "7143546521");
        env.put("GITHUB_REF", "refs/heads/main");
        env.put("GITHUB_WORKFLOW_REF", "acme/widgets/.github/workflows/ci.yml@refs/heads/main");
        env.put("RUNNER_TRACKING_ID", "github_5a0e7e1c-8c6b-4a55-9d3e-2f1c0b9a8d7e");
        env.put("RUNNER_NAME", "GitHub Actions 2");
        env.put("ImageOS", "ubuntu22");
        env.put("ImageVersion", "20231115.1.0");
        env.put("CIRCLE_WORKFLOW_ID", "123e4567-e89b-12d3-a456-426614174000");
        env.put("BUILD_ID", "5d4aeac2ccabf517d2f219b8");
        env.put("BUILD_TAG", "jenkins-widgets-main-1234");
        env.put("BUILD_URL", "https://ci.example.com/job/widgets/1234/");
        env.put("CI_PIPELINE_URL", "https://gitlab.example.com/acme/widgets/-/pipelines/98765");
        env.put("JAVA_HOME", "/usr/lib/jvm/temurin-17-jdk-amd64");
        env.put("JAVA_VERSION", "jdk-17.0.9+9");
        env.put("JAVA_TOOL_OPTIONS", "-Dfile.encoding=UTF-8");
        env.put("MAVEN_OPTS", "-Xmx2g -XX:+UseG1GC");
        env.put("NODE_OPTIONS", "--max-old-space-size=4096");
        env.put("GOFLAGS", "-mod=mod");
        env.put("RUSTUP_TOOLCHAIN", "stable-x86_64-unknown-linux-gnu");
        env.put("MAIN_CLASS", "com.example.widgets.WidgetApplication2");
        env.put("LANG", "en_US.UTF-8");
        env.put("LC_ALL", "C.UTF-8");
        env.put("PS1", "\\[\\e]0;\\u@\\h: \\w\\a\\]${debian_chroot:+($debian_chroot)}\\u@\\h:\\w\\$ ");
        env.put("PROMPT_COMMAND", "printf \"\\033]0;%s@%s:%s\\007\" \"${USER}\" \"${HOSTNAME%%.*}\" \"${PWD/#$HOME/\\~}\"");
        env.put("TERM", "xterm-256color");
        env.put("COLORTERM", "truecolor");
        env.put("SSH_AUTH_SOCK", "/tmp/ssh-XXXXk3Jd9a/agent.12345");
        env.put("DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus,guid=3f2c5e0d9b8a7c6d5e4f3a2b1c0d9e8f");
        env.put("INVOCATION_ID", "0f6b3c2a9d8e4f5a6b7c8d9e0f1a2b3c");
        env.put("JOURNAL_STREAM", "8:45678");
        env.put("XDG_RUNTIME_DIR", "/run/user/1000");
        env.put("XAUTHORITY", "/run/user/1000/.mutter-Xwaylandauth.7QW2F2");
        env.put("SESSION_MANAGER", "local/devbox:@/tmp/.ICE-unix/2036,unix/devbox:/tmp/.ICE-unix/2036");
        env.put("GNOME_TERMINAL_SCREEN", "/org/gnome/Terminal/screen/8d2b6f0e_1c3a_4e5f_9a7b_0c1d2e3f4a5b");
        env.put("DISPLAY", ":0");
        env.put("HOSTNAME", "widgets-deployment-7d4b9c8f6d-x2k9p");
        env.put("KUBERNETES_SERVICE_HOST", "10.96.0.1");
        env.put("DOCKER_HOST", "unix:///run/user/1000/docker.sock");
        env.put("HOME", "/home/dev");
        env.put("PWD", "/home/dev/src/widgets");
        env.put("OLDPWD", "/home/dev");
        env.put("LESS", "-R");
        env.put("LESSOPEN", "| /usr/bin/lesspipe %s");
        env.put("HISTCONTROL", "ignoredups:erasedups");
        env.put("GIT_PAGER", "less -FRX");
        env.put("GIT_AUTHOR_NAME", "Ann Example");
        env.put("GIT_AUTHOR_EMAIL", "ann@example.com");
        env.put("VIRTUAL_ENV", "/home/dev/.cache/pypoetry/virtualenvs/widgets-Ab3dEf9h-py3.11");
        env.put("SPRING_PROFILES_ACTIVE", "dev,local");
        env.put("SOURCE_DATE_EPOCH", "1700000000");
        env.put("MACHTYPE", "x86_64-pc-linux-gnu");
        env.put("TERM_PROGRAM_VERSION", "1.84.2");
        env.put("AWS_REGION", "eu-west-1");
        env.put("SHLVL", "1");
        env.put("_", "/usr/bin/env");
        // pointers to credentials, ids, digests, tool state and prose CI hands its jobs
        env.put("GOOGLE_APPLICATION_CREDENTIALS", "/home/ci/gcp/sa.json");
        env.put("AWS_SHARED_CREDENTIALS", "~/.aws/credentials");
        env.put("SSL_CLIENT_KEY", "/etc/ssl/private/client.pem");
        env.put("NIX_PATH", "nixpkgs=/nix/store/9krlzvny65gdc8s7kpb6lkx8cd02c25b-source");
        env.put("_ModuleTable001_", "X01vZHVsZVRhYmxlXz17WyJNVHZlcnNpb24iXT0zLFsiY19yZWJ1aWxkVGltZSJdPWZhbHNlLFsiY19zaG9ydFRpbWUiXT1mYWxz"
                + "ZSxkZXB0aFQ9e30sZmFtaWx5PXt9LG1UPXtHQ0M9e1siZm4iXT0iL29wdC9tb2R1bGVmaWxlcy9HQ0MvMTIuMi4wLmx1YSIsWyJmdWxsTmFtZSJdPSJH");
        env.put("_ModuleTable002_", "cFQ9e30sWyJzdGFja0RlcHRoIl09MCxbInN0YXR1cyJdPSJhY3RpdmUiLFsidXNlck5hbWUiXT0iR0NDIix9LH0sbXBhdGhBPXsi"
                + "L29wdC9tb2R1bGVmaWxlcyIsfSxzeXN0ZW1CYXNlTVBBVEg9Ii9vcHQvbW9kdWxlZmlsZXMiLH0=");
        env.put("_ModuleTable_Sz_", "2");
        env.put("KEYCLOAK_AUTH_SERVER_URL", "https://sso.example/auth");
        env.put("OIDC_TOKEN_ENDPOINT", "https://sso.example/realms/app/protocol/openid-connect/token");
        env.put("GITLAB_USER_LOGIN", "jdoe");
        env.put("JENKINS_NODE_COOKIE", "0b6ef5c8-a2f0-4f4c-9e1d-1a2b3c4d5e6f");
        env.put("HUDSON_SERVER_COOKIE", "4f1b3c5e2a6d7f80");
        env.put("CACHE_KEY", "deps-v1-linux-node20");
        env.put("GPG_KEY", "A035C8C19219BA821ECEA86B64E628F8D684696D");
        env.put("PYTHON_SHA256", "2a2c7cd1cf4e5fe5b5d6e3b2c1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2");
        env.put("NODE_SHA512", "9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0"
                + "9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0");
        env.put("RENDER_SERVICE_ID", "srv-cm1a2b3c4d5e6f7g8h9i");
        env.put("VERCEL_DEPLOYMENT_ID", "dpl_8ZpqZ4tF3KmW2nB7xYc9LrA1sDfG");
        env.put("TFC_RUN_ID", "run-CLVETW6HVxbZrCGS");
        env.put("CI_COMMIT_TITLE", "Rename password: field in signup form");
        env.put("CI_COMMIT_MESSAGE", "Fix client: pass token= through to the API\n\nThe secret=, api_key= and Authorization: "
                + "header names are now read from the config");
        env.put("BUILD_SOURCEVERSIONMESSAGE", "Merge PR 42: store the password hash (bcrypt)");
        env.put("CI_MERGE_REQUEST_TITLE", "Draft: rotate the Cookie: header handling");
        env.put("E02_RUNNER_TRACKING_ID", "github_1a2b3c4d-5e6f-7081-92a3-b4c5d6e7f809");
        env.put("GITHUB_HEAD_REF", "dependabot/npm_and_yarn/lodash-4.17.21");
        env.put("TRACEPARENT", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
        env.put("OTEL_RESOURCE_ATTRIBUTES", "service.name=app,deployment.environment=prod");
        env.put("CODESPACE_NAME", "octocat-improved-space-guide-9v7x6w5q4p3r2");
        env.put("AZURE_HTTP_USER_AGENT", "VSTS_0e7b2a1c4d5f6e8a9b0c1d2e3f4a5b6c_build_12_0");
        env.put("CI_ENVIRONMENT_SLUG", "review-feature-j-8k2m1q");
        env.put("MAVEN_CMD_LINE_ARGS", "-B -ntp verify -Dmaven.repo.local=/home/ci/.m2/repository -Pit");
        assertThat(S.names(env)).isEmpty();
    }

    /** A generated key beside a user, a host or a scheme, or in a URL's path, is judged word by word. */
    @Test
    void keysBesideABlankAColonOrInAUrlPathAreSecrets() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("K1", "svc:aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vWxY");
        env.put("K2", "svc aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vWxY");
        env.put("K3", "minioadmin 7aK2mQ9xL4vB8nR3tY6wZ1cD5");
        env.put("K4", "registry.example:K7Q2M9X4L8V3B6N1R5T0Y2W7");
        env.put("K5", "api:k3j9x7m2q8v4b6n1r5t0y2w7z3c8");
        env.put("K6", "https://hooks.example.com/services/7aK2mQ9xL4vB8nR3tY6wZ1cD5");
        env.put("K7", "https://relay.example/v1/7aK2mQ9xL4vB8nR3tY6wZ1cD5/push?x=1");
        assertThat(S.names(env)).containsExactlyInAnyOrderElementsOf(env.keySet());
    }

    /** A pointer's exception is narrow: a URL carrying a user part or a query, a webhook, a value that is no pointer. */
    @Test
    void pointerNamesStillHoldSecretsThatAreNoPointers() {
        RuleSet r = RuleSet.builtin();
        assertThat(r.isSecretVariable("GOOGLE_APPLICATION_CREDENTIALS", "{\"type\":\"service_account\"}")).isTrue();
        assertThat(r.isSecretVariable("APP_CREDENTIALS", "deploy:hunter2")).isTrue();
        assertThat(r.isSecretVariable("KEYCLOAK_AUTH_SERVER_URL", "https://admin:pw@sso.example/auth")).isTrue();
        assertThat(r.isSecretVariable("SERVICE_AUTH_SERVER_URL", "https://sso.example/auth?client_key=abc")).isTrue();
        assertThat(r.isSecretVariable("TEAM_WEBHOOK_URL", "https://hooks.example.com/services/plain")).isTrue();
        assertThat(r.isSecretVariable("DEPLOY_KEY", "/home/ci/keys/deploy key")).isTrue();
        assertThat(r.isSecretVariable("DEPLOY_KEY", "//share/keys/deploy")).isTrue();
        assertThat(r.isSecretVariable("CI_COMMIT_MESSAGE", "use key aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vWxY now")).isTrue();
        assertThat(r.isSecretVariable("BUILD_ID", "password: hunter2")).isTrue();
    }

    @Test
    void aUserRulesFileCanTurnTheShapesOffOrAddMarkers() {
        String key = "zx9qlm3rvt8nkpw2syb7hcj4dfg1qae5ui6opl2m";
        assertThat(RuleSet.builtin().isSecretVariable("A17", key)).isTrue();
        RuleSet off = RuleSet.withUserText("[@settings]\nsecret-random-runs off\n", "test.rules");
        assertThat(off.isSecretVariable("A17", key)).isFalse();
        assertThat(RuleSet.builtin().isSecretVariable("H", "X-Team-Key: abc")).isFalse();
        RuleSet more = RuleSet.withUserText("[@settings]\nsecret-fields X-Team-Key\nsecret-random-runs 24 80\n", "test.rules");
        assertThat(more.isSecretVariable("H", "x-team-KEY: abc")).isTrue();
        assertThat(more.isSecretVariable("A10", "7c4a8d09ca3762af61e59520943dc26494f8941b7c4a8d09ca3762af61e59520")).isFalse();
    }
}
