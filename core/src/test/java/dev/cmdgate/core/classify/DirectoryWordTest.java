package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The directories the shell keeps, read from the start of a word. */
class DirectoryWordTest {

    @Test
    void theTildeFormsNameTheShellsDirectoriesNotTheHomeDirectory() {
        assertThat(DirectoryWord.of("~/x")).isNull();
        assertThat(DirectoryWord.of("~/")).isNull();
        assertThat(DirectoryWord.of("~user/x")).isNull();
        assertThat(DirectoryWord.of("~+/x")).isEqualTo(new DirectoryWord(DirectoryWord.Kind.PWD, "PWD", "/x"));
        assertThat(DirectoryWord.of("~-")).isEqualTo(new DirectoryWord(DirectoryWord.Kind.OLDPWD, "OLDPWD", ""));
        assertThat(DirectoryWord.of("~2/x")).isEqualTo(new DirectoryWord(DirectoryWord.Kind.STACK, "DIRSTACK", "/x"));
        assertThat(DirectoryWord.of("~-1")).isEqualTo(new DirectoryWord(DirectoryWord.Kind.STACK, "DIRSTACK", ""));
    }

    @Test
    void theVariablesAreReadAsWrittenOrBraced() {
        assertThat(DirectoryWord.of("$PWD/x")).isEqualTo(new DirectoryWord(DirectoryWord.Kind.PWD, "PWD", "/x"));
        assertThat(DirectoryWord.of("${PWD}")).isEqualTo(new DirectoryWord(DirectoryWord.Kind.PWD, "PWD", ""));
        assertThat(DirectoryWord.of("${OLDPWD}/a")).isEqualTo(new DirectoryWord(DirectoryWord.Kind.OLDPWD, "OLDPWD", "/a"));
        assertThat(DirectoryWord.of("$OLDPWD")).isEqualTo(new DirectoryWord(DirectoryWord.Kind.OLDPWD, "OLDPWD", ""));
        // another variable whose name starts alike is not one of them
        assertThat(DirectoryWord.of("$PWDX/a")).isNull();
        assertThat(DirectoryWord.of("$OLDPWDS")).isNull();
        assertThat(DirectoryWord.of("${PWD:-/}")).isNull();
        assertThat(DirectoryWord.of("${DIRSTACK[1]}/x")).isEqualTo(new DirectoryWord(DirectoryWord.Kind.STACK, "DIRSTACK", "/x"));
    }
}
