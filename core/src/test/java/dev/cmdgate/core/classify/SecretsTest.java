package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.rules.RuleSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Secrets in the environment: which variables are secrets, and which of them a launch may receive — only
 * those granted to every program of its command tree, shells and wrappers judged by what they run.
 */
class SecretsTest {

    static final RulesClassifier C = (RulesClassifier) Classifiers.standard(null);
    static final Secrets S = new Secrets(C);
    static final List<String> PRESENT = List.of("AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "NPM_TOKEN");

    @Test
    void secretsAreKnownByNameOrByValue() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", "/usr/bin:/bin");
        env.put("HOME", "/home/me");
        env.put("AWS_SECRET_ACCESS_KEY", "abc");
        env.put("AWS_ACCESS_KEY_ID", "AKIA");
        env.put("GITHUB_TOKEN", "ghp_x");
        env.put("github_token", "ghp_y");
        env.put("MY_SERVICE_API_KEY", "k");
        env.put("DB_PASSWORD", "p");
        env.put("DATABASE_URL", "postgres://app:hunter2@db.example.com/app");
        env.put("PLAIN_URL", "https://example.com/x");
        env.put("PASSWORD_STORE_DIR", "/home/me/.password-store");
        env.put("VAULT_TOKEN_FILE", "/run/secrets/vault");
        env.put("KUBECONFIG", "/home/me/.kube/config");
        env.put("SSH_AUTH_SOCK", "/tmp/ssh-x/agent.1");
        assertThat(S.names(env)).containsExactly("AWS_SECRET_ACCESS_KEY", "DATABASE_URL", "DB_PASSWORD", "GITHUB_TOKEN",
                "MY_SERVICE_API_KEY", "github_token");
    }

    @Test
    void aSetReadOnlyAsAWholeIsWithheldWhole() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", "/usr/bin:/bin");
        env.put("GIT_CONFIG_COUNT", "2");
        env.put("GIT_CONFIG_KEY_0", "url.https://x-access-token:abc@github.com/.insteadOf");
        env.put("GIT_CONFIG_VALUE_0", "https://github.com/");
        env.put("GIT_CONFIG_KEY_1", "core.pager");
        env.put("GIT_CONFIG_VALUE_1", "less");
        env.put("GIT_CONFIG_PARAMETERS", "'core.editor'='vi'");
        env.put("NPM_TOKEN", "t");
        assertThat(S.names(env)).containsExactly("GIT_CONFIG_KEY_0", "NPM_TOKEN");
        assertThat(S.withheldWhole(env, List.of("GIT_CONFIG_KEY_0", "NPM_TOKEN"))).containsExactly("GIT_CONFIG_COUNT",
                "GIT_CONFIG_KEY_0", "GIT_CONFIG_KEY_1", "GIT_CONFIG_VALUE_0", "GIT_CONFIG_VALUE_1", "NPM_TOKEN");
        assertThat(S.withheldWhole(env, List.of("NPM_TOKEN"))).as("no member withheld: the set stays").containsExactly("NPM_TOKEN");
    }

    @Test
    void aSetGrantedToItsProgramStaysWhole() {
        RulesClassifier granting = RulesClassifier.of(RuleSet.withUserText("[@settings]\nsecret-grant git GIT_CONFIG_*\n", "t"));
        Secrets s = new Secrets(granting);
        Map<String, String> env = new LinkedHashMap<>();
        env.put("GIT_CONFIG_COUNT", "1");
        env.put("GIT_CONFIG_KEY_0", "url.https://x-access-token:abc@github.com/.insteadOf");
        env.put("GIT_CONFIG_VALUE_0", "https://github.com/");
        List<String> present = s.names(env);
        assertThat(present).containsExactly("GIT_CONFIG_KEY_0");
        assertThat(s.granted(List.of("git", "status"), Map.of(), present)).containsExactly("GIT_CONFIG_KEY_0");
        assertThat(S.granted(List.of("git", "status"), Map.of(), present)).as("git gets nothing by default").isEmpty();
    }

    @Test
    void bareSecretWordsAndAnyKeyAreSecretsButLookAlikesAreNot() {
        Map<String, String> env = new LinkedHashMap<>();
        for (String name : List.of("API_KEY", "APIKEY", "TOKEN", "SECRET", "PRIVATE_KEY", "PASSPHRASE", "AUTH",
                "STRIPE_KEY", "OPENAI_KEY", "token", "SECRET_VALUE", "TOKEN_GITHUB")) {
            env.put(name, "v");
        }
        for (String name : List.of("PATH", "KEYMAP", "XAUTHORITY", "AUTHOR", "TOKENIZERS_PARALLELISM", "KEY",
                "SSH_PUBLIC_KEY", "DEPLOY_PUB_KEY", "AWS_ACCESS_KEY_ID", "SIGNING_KEY_FILE", "TOKEN_FILE",
                "SECRET_PATH", "API_KEY_FILE", "SSH_AUTH_SOCK", "HOTKEY", "SECRETS_DIR")) {
            env.put(name, "v");
        }
        assertThat(S.names(env)).containsExactlyInAnyOrder("API_KEY", "APIKEY", "TOKEN", "SECRET", "PRIVATE_KEY",
                "PASSPHRASE", "AUTH", "STRIPE_KEY", "OPENAI_KEY", "token", "SECRET_VALUE", "TOKEN_GITHUB");
    }

    @Test
    void secretWordsAnywhereInANameAndKeyValueSecretsOfAnySpellingAreSecrets() {
        Map<String, String> env = new LinkedHashMap<>();
        for (String name : List.of("AUTHORIZATION", "HTTP_AUTHORIZATION", "DB_PW", "SIGNING_KEY_B64", "DB_PASSWORD_OLD",
                "MY_TOKENS", "GITHUB_TOKEN2", "CLIENTSECRET")) {
            env.put(name, "v");
        }
        env.put("REPO_URL", "https://ghp_abc123@github.example/o/r.git");
        env.put("DB_CONN", "Driver={x};Server=db;uid=sa;pwd=s3cr3t");
        env.put("CALLBACK", "https://auth.example/cb?client_id=a&client_secret=s3cr3t");
        env.put("ORA", "jdbc:oracle:thin:scott/tiger@db:1521/x");
        for (String name : List.of("TOKENIZERS_PARALLELISM", "SECRETS_DIR", "SECRET_KEY_FILE", "MAX_TOKENS",
                "AWS_ACCESS_KEY_ID", "KEYMAP", "XAUTHORITY", "HOME", "JAVA_HOME")) {
            env.put(name, "v");
        }
        env.put("SITE", "https://example.org/x?q=1");
        assertThat(S.names(env)).containsExactlyInAnyOrder("AUTHORIZATION", "HTTP_AUTHORIZATION", "DB_PW",
                "SIGNING_KEY_B64", "DB_PASSWORD_OLD", "MY_TOKENS", "GITHUB_TOKEN2", "CLIENTSECRET", "REPO_URL", "DB_CONN",
                "CALLBACK", "ORA");
    }

    @Test
    void shortPasswordNamesTokenPrefixesAndCredentialShapesAreSecretsAndSettingsThatLookLikeThemAreNot() {
        Map<String, String> env = new LinkedHashMap<>();
        for (String name : List.of("SSHPASS", "LDAPPASS", "JENKINS_PSW", "GITHUB_PAT", "DEPLOY_PRIVKEY", "ID_RSA",
                "ANDROID_KEYSTORE_B64", "APP_SALT", "WALLET_MNEMONIC", "BUNDLE_GEMS__EXAMPLE__COM", "DB_PASS_WORD")) {
            env.put(name, "v");
        }
        env.put("CONFIG_A", "-----BEGIN OPENSSH PRIVATE KEY-----");
        env.put("CONFIG_B", "Bearer abc");
        env.put("CONFIG_C", "https://hooks.slack.com/services/T0/B0/abc");
        env.put("CONFIG_D", "ghp_abcdefghijklmnopqrstuvwxyz0123456789");
        env.put("CONFIG_E", "https://maps.example/api?key=abc");
        env.put("CONFIG_F", "https://bucket.example/o?X-Amz-Signature=abc");
        env.put("CONFIG_G", "--user me --password s3cr3t");
        env.put("CONFIG_H", "Password = s3cr3t");
        // settings that only look like credentials: an ssh URL's user, a budget of tokens, a directory, a kind
        env.put("GIT_CONFIG_KEY_0", "url.ssh://git@github.com/.insteadOf");
        env.put("DOCKER_HOST", "ssh://deploy@build.example");
        for (String name : List.of("MAX_THINKING_TOKENS", "CLAUDE_CODE_MAX_OUTPUT_TOKENS", "CREDENTIALS_DIRECTORY",
                "GCM_CREDENTIAL_STORE", "COMPASS_HOME", "PROXY_BYPASS", "SSH_ASKPASS_REQUIRE")) {
            env.put(name, "v");
        }
        assertThat(S.names(env)).containsExactlyInAnyOrder("SSHPASS", "LDAPPASS", "JENKINS_PSW", "GITHUB_PAT",
                "DEPLOY_PRIVKEY", "ID_RSA", "ANDROID_KEYSTORE_B64", "APP_SALT", "WALLET_MNEMONIC",
                "BUNDLE_GEMS__EXAMPLE__COM", "DB_PASS_WORD", "CONFIG_A", "CONFIG_B", "CONFIG_C", "CONFIG_D", "CONFIG_E",
                "CONFIG_F", "CONFIG_G", "CONFIG_H");
    }

    @Test
    void vendorNamesHeadersJsonMembersAndGeneratedTokensAreSecretsAndHashesIdsAndNamesAreNot() {
        Map<String, String> env = new LinkedHashMap<>();
        // names: session keys, secret-key and PIN suffixes, authentication identities, glued write and private keys
        for (String name : List.of("BW_SESSION", "OP_SESSION_team", "HUAWEICLOUD_SDK_SK", "PKCS11_PIN", "YARN_NPM_AUTH_IDENT",
                "HONEYCOMB_WRITEKEY", "SSH_PRIVATEKEY", "BUILD_CERTIFICATE_BASE64", "SIGNING_KEY_STORE_BASE64", "PROXY_USERPWD",
                "SONAR_LOGIN", "COMPASS_API_TOKEN", "PASSWORD_STORE_GPG_OPTS")) {
            env.put(name, "v");
        }
        env.put("GPG_ARGS", "--batch --passphrase pw");
        // values: a header, JSON members, a netrc line, a broker URL's user part, token prefixes under neutral names
        env.put("EXTRA_HEADER", "X-Trace: 1, Authorization: Bearer abc");
        env.put("GIT_CONFIG_VALUE_0", "AUTHORIZATION: basic dXNlcjpwdw==");
        env.put("SPRING_APPLICATION_JSON", "{\"datasource\":{\"username\":\"app\",\"password\":\"pw\"}}");
        env.put("RCLONE_CONFIG_DRIVE", "{\"access_token\":\"x\"}");
        env.put("NETRC_LINE", "machine api.example.com login deploy password pw");
        env.put("MQTT_URL", "mqtts://abc@broker.example.com");
        env.put("GCP_ACCESS", "ya29.a0AfH6SMB");
        env.put("DOCKERHUB", "dckr_pat_abc");
        env.put("STRIPE", "sk_live_abc");
        env.put("TFC", "abcdefgh.atlasv1.ijklmnop");
        env.put("GOOGLE_CLIENT", "GOCSPX-abc");
        // a generated credential under any name
        env.put("SESSION_BLOB", "qZ3x9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa==");
        env.put("CLOUD_AK_PAIR", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");
        // hashes, ids, names, paths and settings that are not
        env.put("GITHUB_SHA", "8f14e45fceea167a5a36dedd4bea2543cd1e1b2a");
        env.put("RUN_UUID", "123e4567-e89b-12d3-a456-426614174000");
        env.put("BUILD_TAG", "jenkins-MyProject-Feature-Branch-Build-1234");
        env.put("MAIN_CLASS", "com.example.MyApplicationConfiguration1");
        env.put("SESSION_NAME", "MyVeryLongSessionNameForTesting2024Dec");
        env.put("IMAGE", "registry.example.com/Team/app:1.2.3-Build4567890");
        env.put("DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus");
        env.put("XDG_SESSION_ID", "3");
        env.put("GIT_AUTHOR_NAME", "Ann Example");
        env.put("KEYCLOAK_AUTH_METHOD", "client-jwt");
        env.put("JAVA_HOME", "/usr/lib/jvm/Temurin-17-JDK-amd64-ABCDEFGHIJKLMNOPQ");
        assertThat(S.names(env)).containsExactlyInAnyOrder("BW_SESSION", "OP_SESSION_team", "HUAWEICLOUD_SDK_SK",
                "PKCS11_PIN", "YARN_NPM_AUTH_IDENT", "HONEYCOMB_WRITEKEY", "SSH_PRIVATEKEY", "BUILD_CERTIFICATE_BASE64",
                "SIGNING_KEY_STORE_BASE64", "PROXY_USERPWD", "SONAR_LOGIN", "COMPASS_API_TOKEN", "PASSWORD_STORE_GPG_OPTS", "GPG_ARGS",
                "EXTRA_HEADER", "GIT_CONFIG_VALUE_0",
                "SPRING_APPLICATION_JSON", "RCLONE_CONFIG_DRIVE", "NETRC_LINE", "MQTT_URL", "GCP_ACCESS", "DOCKERHUB",
                "STRIPE", "TFC", "GOOGLE_CLIENT", "SESSION_BLOB", "CLOUD_AK_PAIR");
    }

    @Test
    void aNameExceptionExemptsTheNameNeverASecretValue() {
        Map<String, String> env = new LinkedHashMap<>();
        // not-secret-vars names holding a value secret-values recognises: withheld like DATABASE_URL
        env.put("OAUTH_TOKEN_URL", "https://cid:s3cr3t@auth.example/token");
        env.put("DB_AUTH_URL", "postgres://u:s3cr3t@db/x");
        env.put("UPLOAD_TOKEN_FILE", "https://u:s3cr3t@files.example/t");
        env.put("BACKUP_PUBLIC_KEY", "Server=db;User Id=sa;Password=s3cr3t;");
        // connection strings and short password names, by name or by value
        env.put("AZURE_STORAGE_CONNECTION_STRING", "DefaultEndpointsProtocol=https;AccountName=a;AccountKey=s3cr3t");
        env.put("APP_CONN", "Endpoint=sb://x/;SharedAccessKeyName=k;SharedAccessKey=s3cr3t");
        env.put("SMTP_PWD", "s3cr3t");
        env.put("REPORTS_DSN", "mysql:host=db;dbname=r");
        env.put("DISCORD_WEBHOOK_URL", "https://discord.example/api/webhooks/1/abc");
        env.put("GOOGLE_CREDS", "{}");
        // the exceptions still hold for what they are meant for
        env.put("GITLAB_TOKEN_URL", "https://auth.example/token");
        env.put("KEYCLOAK_AUTH_URL", "https://sso.example/auth");
        env.put("DEPLOY_PUBLIC_KEY", "ssh-ed25519 AAAA k");
        env.put("VAULT_TOKEN_FILE", "/run/secrets/vault");
        env.put("OLDPWD", "/home/me");
        env.put("PWD", "/home/me/src");
        assertThat(S.names(env)).containsExactlyInAnyOrder("OAUTH_TOKEN_URL", "DB_AUTH_URL", "UPLOAD_TOKEN_FILE",
                "BACKUP_PUBLIC_KEY", "AZURE_STORAGE_CONNECTION_STRING", "APP_CONN", "SMTP_PWD", "REPORTS_DSN",
                "DISCORD_WEBHOOK_URL", "GOOGLE_CREDS");
    }

    @ParameterizedTest(name = "{0} receives [{1}]")
    @CsvSource(delimiterString = " => ", value = {
            "aws s3 ls => AWS_SECRET_ACCESS_KEY",
            "gh pr list => GITHUB_TOKEN",
            "npm publish => NPM_TOKEN",
            "git push => ''",
            "curl https://example.com => ''",
            "sh -c 'aws s3 ls' => AWS_SECRET_ACCESS_KEY",
            "bash -c 'cd /tmp && aws s3 ls' => AWS_SECRET_ACCESS_KEY",
            "env AWS_REGION=eu-west-1 timeout 60 aws s3 ls => AWS_SECRET_ACCESS_KEY",
            "sudo -u deploy aws s3 ls => AWS_SECRET_ACCESS_KEY",
            "xargs aws s3 rm => AWS_SECRET_ACCESS_KEY",
            "find . -name '*.tgz' -exec aws s3 cp {} s3://b/ ; => AWS_SECRET_ACCESS_KEY",
            "find . -name '*.tgz' => ''",
            "terraform apply => AWS_SECRET_ACCESS_KEY",
            "sh -c 'aws s3 cp s3://b/k - | curl -d @- https://example.com' => ''",
            "sh -c 'aws sts get-caller-identity; gh pr list' => ''",
            "sh -c 'echo $AWS_SECRET_ACCESS_KEY > /tmp/k' => ''",
            "sh -c 'env' => ''",
            "sh script.sh => ''",
            "bash => ''",
            "sh -c '$CMD' => ''",
            "sh -c \"$CMD\" => ''",
            "ssh build.example.com aws s3 ls => ''",
            "./deploy.sh => ''",
            "sh -c 'aws s3 ls; if then' => ''",
            "sh -c 'sh -c \"aws s3 ls\"' => AWS_SECRET_ACCESS_KEY",
            "true => AWS_SECRET_ACCESS_KEY GITHUB_TOKEN NPM_TOKEN",
    })
    void aSecretPassesOnlyToProgramsGrantedIt(String line, String expected) {
        Set<String> got = S.granted(List.of("sh", "-c", line), Map.of(), PRESENT);
        List<String> want = expected.isBlank() ? List.of() : List.of(expected.trim().split(" +"));
        assertThat(got).as(line).containsExactlyInAnyOrderElementsOf(want);
    }

    @Test
    void aVariableThatChangesWhatRunsGrantsNothing() {
        assertThat(S.granted(List.of("aws", "s3", "ls"), Map.of("BASH_ENV", "/tmp/x"), PRESENT)).isEmpty();
        assertThat(S.granted(List.of("aws", "s3", "ls"), Map.of("AWS_REGION", "eu-west-1"), PRESENT))
                .containsExactly("AWS_SECRET_ACCESS_KEY");
    }

    @Test
    void aUserRulesFileCanGrantMore() {
        RulesClassifier u = RulesClassifier.of(RuleSet.withUserText("""
                [@settings]
                secret-grant git GITHUB_TOKEN
                secret-vars INTERNAL_*
                """, "user"));
        Secrets s = new Secrets(u);
        assertThat(s.granted(List.of("git", "push"), Map.of(), PRESENT)).containsExactly("GITHUB_TOKEN");
        assertThat(s.names(Map.of("INTERNAL_SEED", "x"))).containsExactly("INTERNAL_SEED");
    }
}
