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
    void literalBeginningsAreComparedBeforeTheSearch() {
        // before either's first wildcard both take one character per element: a difference there ends it
        assertThat(w("/etc/x*", "/usr/*")).isNull();
        assertThat(w("~/.aws/*", "/etc/*")).isNull();
        assertThat(w("/ETC/pass*", "/etc/passwd")).isNull();
        assertThat(widened("/ETC/pass*", "/etc/passwd")).isEqualTo("/etc/passwd");
        // an escaped character is that character, on either side
        assertThat(w("/\\etc/pass*", "/etc/passwd")).isEqualTo("/etc/passwd");
        assertThat(w("/etc/sh\\*x", PatternOverlap.literal("/etc/sh*dow"))).isNull();
        assertThat(w("/etc/sh\\*d?w", PatternOverlap.literal("/etc/sh*dow"))).isEqualTo("/etc/sh*dow");
        // a bracket is no literal: the search decides
        assertThat(w("/[e]tc/passwd", "/etc/passwd")).isEqualTo("/etc/passwd");
        assertThat(w("/[u]tc/passwd", "/etc/passwd")).isNull();
    }

    @Test
    void aPatternNamesPathsWithAsManySlashesAsItWrites() {
        // its wildcards never match a slash: fewer slashes than the glob's own cannot meet it
        assertThat(w("/*", "/proc/*")).isNull();
        assertThat(w("/*", "/etc")).isEqualTo("/etc");
        assertThat(w("/e*/*", "/etc/*")).isNotNull();
        // the glob's wildcards match slashes: more in the pattern can meet it
        assertThat(w("/etc/a/b/*", "/etc/*")).isNotNull();
        // a ** component after the options changed matches any number of them
        assertThat(widened("/**", "/etc/ssh/x")).isEqualTo("/etc/ssh/x");
        assertThat(w("/**", "/etc/ssh/x")).isNull();
    }

    @Test
    void onlyRootedPathsAreCompared() {
        assertThat(PatternOverlap.rooted("~/.aws/*")).isTrue();
        assertThat(PatternOverlap.rooted("/etc/*")).isTrue();
        assertThat(PatternOverlap.rooted("*/.ssh/*")).isFalse();
        assertThat(PatternOverlap.rooted(".aws/*")).isFalse();
    }
}
