package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A shell pattern against a rules glob, as patterns. */
class PatternOverlapTest {

    private static String w(String pattern, String glob) {
        return PatternOverlap.witness(pattern, glob, false);
    }

    private static String widened(String pattern, String glob) {
        return PatternOverlap.witness(pattern, glob, true);
    }

    @Test
    void aWildcardInADirectoryPartMeetsTheGlobsLiteralDirectory() {
        assertThat(w("~/.[a]ws/credentials", "~/.aws/*")).isEqualTo("~/.aws/credentials");
        assertThat(w("~/.aw*/credentials", "~/.aws/*")).isEqualTo("~/.aws/credentials");
        assertThat(w("/etc/ss?/ssh_host_rsa_key", "/etc/ssh/ssh_host_*")).isEqualTo("/etc/ssh/ssh_host_rsa_key");
        assertThat(w("/run/secret?/db", "/run/secrets/*")).isEqualTo("/run/secrets/db");
        assertThat(w("~/.gnup?/private-keys-v1.d/k", "~/.gnupg/private-keys-v1.d/*")).isNotNull();
    }

    @Test
    void patternsThatCannotNameTheStoreDoNot() {
        assertThat(w("~/.[b]ws/credentials", "~/.aws/*")).isNull();
        assertThat(w("~/.aws", "~/.aws/*")).isNull();
        assertThat(w("src/*/main.c", "*/.ssh/*")).isNull();
        assertThat(w("/etc/s?/x", "/etc/ssh/*")).isNull();
        assertThat(w("~/.aw*/x/y", "/etc/*")).isNull();
    }

    @Test
    void aLeadingWildcardMatchesNoLeadingDotUnlessTheOptionsWereChanged() {
        assertThat(w("~/*/credentials", "~/.aws/*")).isNull();
        assertThat(w("~/*s/credentials", "~/.aws/*")).isNull();
        assertThat(w("~/.*s/credentials", "~/.aws/*")).isEqualTo("~/.aws/credentials");
        assertThat(widened("~/*/credentials", "~/.aws/*")).isEqualTo("~/.aws/credentials");
    }

    @Test
    void afterTheOptionsChangedLettersMatchEitherCaseAndDoubleStarAnyDepth() {
        assertThat(w("/ETC/SHADO?", "/etc/shadow")).isNull();
        assertThat(widened("/ETC/SHADO?", "/etc/shadow")).isEqualTo("/etc/shadow");
        assertThat(widened("/etc/SHADO[W]", "/etc/shadow")).isEqualTo("/etc/shadow");
        assertThat(widened("/etc/**/shadow", "/etc/shadow")).isEqualTo("/etc/shadow");
        assertThat(widened("/etc/**/shadow", "/etc/x/shadow")).isEqualTo("/etc/x/shadow");
        assertThat(w("/etc/**/shadow", "/etc/shadow")).isNull();
        assertThat(widened("/etc/**/passwd", "/etc/shadow")).isNull();
    }

    @Test
    void bracketsAndEscapesAreRead() {
        assertThat(w("/etc/sh[a-c]dow", "/etc/shadow")).isEqualTo("/etc/shadow");
        assertThat(w("/etc/sh[!a]dow", "/etc/shadow")).isNull();
        assertThat(w("/etc/sh\\*dow", "/etc/shadow")).isNull();
        assertThat(w("/etc/sh?dow", PatternOverlap.literal("/etc/sh*dow"))).isEqualTo("/etc/sh*dow");
        assertThat(w("/etc/sh\\?dow", PatternOverlap.literal("/etc/sh*dow"))).isNull();
        assertThat(w("/etc/sh\\*dow", PatternOverlap.literal("/etc/sh*dow"))).isEqualTo("/etc/sh*dow");
    }

    @Test
    void onlyRootedPathsAreCompared() {
        assertThat(PatternOverlap.rooted("~/.aws/*")).isTrue();
        assertThat(PatternOverlap.rooted("/etc/*")).isTrue();
        assertThat(PatternOverlap.rooted("*/.ssh/*")).isFalse();
        assertThat(PatternOverlap.rooted(".aws/*")).isFalse();
    }
}
