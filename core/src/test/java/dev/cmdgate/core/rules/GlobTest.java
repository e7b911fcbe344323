package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Glob matching, as the rules' globs are written: {@code *} matches any run, slashes too. */
class GlobTest {

    @Test
    void starPatternsMatchAsShellGlobsDo() {
        assertThat(Glob.matches("*_TOKEN", "GITHUB_TOKEN")).isTrue();
        assertThat(Glob.matches("*_TOKEN", "_TOKEN")).isTrue();
        assertThat(Glob.matches("*_TOKEN", "GITHUB_TOKENS")).isFalse();
        assertThat(Glob.matches("*_TOKEN_*", "A_TOKEN_B")).isTrue();
        assertThat(Glob.matches("*://*:*@*", "https://user:pw@example.com")).isTrue();
        assertThat(Glob.matches("*://*:*@*", "https://example.com/a:b")).isFalse();
        assertThat(Glob.matches("~/.ssh/*", "~/.ssh/id_ed25519")).isTrue();
        assertThat(Glob.matches("a*a", "a")).as("the runs may not overlap").isFalse();
        assertThat(Glob.matches("*", "")).isTrue();
        assertThat(Glob.matches("", "")).isTrue();
        assertThat(Glob.matches("", "x")).isFalse();
        assertThat(Glob.matches("PATH", "PATH")).isTrue();
    }
}
