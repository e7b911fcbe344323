package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.rules.RuleSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Secrets that hide from the plain shapes (every value here is made up): a copy of a secret's value under a plain
 * name, a key printed in groups, a percent-encoded URL with a password, base64 of a credential, a credential used as
 * a variable's name. And the everyday values next to each that must stay.
 */
class SecretEncodingsTest {

    private static final Secrets S = SecretsTest.S;

    private static List<String> names(String... pairs) {
        Map<String, String> env = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            env.put(pairs[i], pairs[i + 1]);
        }
        return S.names(env);
    }

    @Test
    void aCopyOfASecretValueUnderAPlainNameIsASecret() {
        assertThat(names("API_KEY", "Hunter2Hunter2x", "HELPER_ARG", "Hunter2Hunter2x", "HOME", "/root"))
                .containsExactly("API_KEY", "HELPER_ARG");
        // inside a longer value, and a copy of a value withheld by its shape rather than its name
        assertThat(names("DB_PASSWORD", "pw-4711-xyz", "JDBC_OPTS", "-Duser=app -Dpw=pw-4711-xyz -Dx=1"))
                .containsExactly("DB_PASSWORD", "JDBC_OPTS");
        assertThat(names("UPSTREAM", "ghp_Z9k3Xq7mP2vL8nR4tY6w1aB3cD5eF7gH9iJ", "MIRROR", "ghp_Z9k3Xq7mP2vL8nR4tY6w1aB3cD5eF7gH9iJ"))
                .containsExactly("MIRROR", "UPSTREAM");
        assertThat(names("VAULT_TOKEN", "s.Qx81Lm", "COPY", "s.Qx81Lm")).containsExactly("COPY", "VAULT_TOKEN");
    }

    @Test
    void shortPlainAndPathValuesOfSecretNamesMakeNoCopies() {
        // a flag, a word and a number are equal by chance; a path under a secret name is inside PATH and friends
        assertThat(names("GIT_AUTH", "1", "CI", "1")).containsExactly("GIT_AUTH");
        assertThat(names("SECRET_SCOPE", "production", "DEPLOY_ENV", "production")).containsExactly("SECRET_SCOPE");
        assertThat(names("RUNNER_PIN", "1733450000", "BUILD_TIME", "1733450000")).containsExactly("RUNNER_PIN");
        assertThat(names("TOKEN_HOME", "/opt/vault/bin", "PATH", "/usr/bin:/opt/vault/bin")).containsExactly("TOKEN_HOME");
        assertThat(names("API_KEY", "Hunter2", "OTHER", "xHunter2x")).containsExactly("API_KEY");
    }

    @Test
    void groupedKeysAreSecretsWhatEverTheirName() {
        assertThat(names("PRODUCT_LICENSE", "7K3PQ-M9XWT-4HJ2D-QR8VN-6TC3Y", "SERIAL", "key=AB12-CD34-EF56-GH78",
                "LICENCE", "x7k2m_q9w4z_p3n8r_h6t1v", "WIN", "license 7K3PQ.M9XWT.4HJ2D.QR8VN"))
                .containsExactly("LICENCE", "PRODUCT_LICENSE", "SERIAL", "WIN");
    }

    @Test
    void hyphenatedEverydayValuesAreNoGroupedKeys() {
        assertThat(names("RUN_UUID", "123e4567-e89b-12d3-a456-426614174000", "TRACE", "123e4567-e89b-12d3-a456-426614174000",
                "VERSION", "1.2.3-rc-1", "DATE", "2026-12-06", "BRANCH", "feature-add-login-form", "MAC", "00-1A-2B-3C-4D-5E",
                "POD", "app-7d4b9c8f6d-x2k9p", "IP", "10.120.33.4", "HEXGROUPS", "dead-beef-cafe-f00d",
                "TICKET", "PROJ-1234-fix-login", "WORDS", "abcd-efgh-ijkl-mnop", "CARD", "4111-1111-1111-1111",
                "PKG", "com.example.demo.app", "BUILD", "feat-1234-abcd-ef56")).isEmpty();
    }

    @Test
    void aPercentEncodedUrlWithAPasswordIsASecret() {
        assertThat(names("DSN_ENC", "postgres%3A%2F%2Fadmin%3AS3cretPw%40db%3A5432%2Fapp",
                "REDIRECT", "next=https%3a%2f%2fbot%3Ahunter22%40hooks.example%2Fx",
                "FORM", "user=a%26password%3Dhunter2")).containsExactly("DSN_ENC", "FORM", "REDIRECT");
    }

    @Test
    void percentEncodedEverydayValuesStay() {
        assertThat(names("RETURN_URL", "https%3A%2F%2Fexample.com%2Fdocs%3Fq%3Dcmd%20gate",
                "PATH_ENC", "%2Fhome%2Fci%2Fmy%20project", "PROMPT", "%n@%m %1~ %# ", "LABEL", "100%25 done",
                "BAD", "%zz%4")).isEmpty();
    }

    @Test
    void base64OfACredentialIsASecret() {
        assertThat(names("UPSTREAM_HDR", "dXNlcjpTM2NyZXRQdzk=",          // user:S3cretPw9
                "B1", "ZGVwbG95OmNoYW5nZW1lIQ",                            // deploy:changeme! unpadded
                "B2", "Z2hwX1o5azNYcTdtUDJ2TDhuUjR0WTZ3MWFCM2NENWVGN2dIOWlK", // a ghp_ token
                "B3", "cGFzc3dvcmQ9aHVudGVyMg==",                          // password=hunter2
                "B4", "YWRtaW5AZXhhbXBsZS5jb206cHctOTktcXE"))              // admin@example.com:pw-99-qq
                .containsExactly("B1", "B2", "B3", "B4", "UPSTREAM_HDR");
    }

    @Test
    void base64OfOrdinaryTextAndWordsThatOnlyLookLikeBase64Stay() {
        assertThat(names("GREETING", "aGVsbG8gd29ybGQ=",                  // hello world
                "HOSTPORT", "bG9jYWxob3N0OjgwODA=",                        // localhost:8080
                "WORD", "Administrator", "CLASS", "WidgetApplication2", "BRANCH", "mainbranch12",
                "SHORT", "YTpiY2Rl")).isEmpty();                           // a:bcde: below the bound
        // longer base64 of any text is taken by the random-run shape already (its letters and digits are scattered)
        assertThat(names("URLB64", "aHR0cHM6Ly9leGFtcGxlLmNvbS9h")).containsExactly("URLB64");
    }

    @Test
    void aVariableNamedByACredentialIsASecret() {
        assertThat(names("ghp_Z9k3Xq7mP2vL8nR4tY6w1aB3cD5eF7gH9iJ", "1", "AKIAIOSFODNN7EXAMPLE", "1",
                "Zx9qLm3RvT8nKpW2sYb7HcJ4dFg1Q", "x", "_ModuleTable001_", "X", "GITHUB_EVENT_PATH", "/a", "BASH_FUNC_ls%%", "() { :; }"))
                .containsExactly("AKIAIOSFODNN7EXAMPLE", "Zx9qLm3RvT8nKpW2sYb7HcJ4dFg1Q", "ghp_Z9k3Xq7mP2vL8nR4tY6w1aB3cD5eF7gH9iJ");
    }

    @Test
    void theShapesCanBeTurnedOff() {
        RulesClassifier off = RulesClassifier.of(RuleSet.withUserText(
                "[@settings]\nsecret-grouped-keys off\n", "t"));
        assertThat(new Secrets(off).names(Map.of("K", "7K3PQ-M9XWT-4HJ2D-QR8VN-6TC3Y"))).isEmpty();
    }
}
