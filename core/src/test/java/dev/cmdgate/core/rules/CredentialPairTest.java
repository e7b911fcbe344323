package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CredentialPairTest {

    @Test
    void userAndPasswordArePairs() {
        assertThat(CredentialPair.is("user:S3cretPw9")).isTrue();
        assertThat(CredentialPair.is("admin@example.com:pw-99-qq")).isTrue();
        assertThat(CredentialPair.is("DOMAIN\\svc:P@ss w")).isFalse();   // a blank: prose, not one pair
        assertThat(CredentialPair.is("svc.bot:a:b:c:d:e")).isTrue();     // Basic splits at the first colon
    }

    @Test
    void hostsUrlsPathsAndShortValuesAreNot() {
        assertThat(CredentialPair.is("localhost:8080")).isFalse();
        assertThat(CredentialPair.is("hello:world")).isFalse();
        assertThat(CredentialPair.is("https://example.com/a")).isFalse();
        assertThat(CredentialPair.is("jdbc:postgresql://db/app")).isFalse();
        assertThat(CredentialPair.is("host:/srv/export")).isFalse();
        assertThat(CredentialPair.is("two words:value123")).isFalse();
        assertThat(CredentialPair.is(":password")).isFalse();
    }
}
