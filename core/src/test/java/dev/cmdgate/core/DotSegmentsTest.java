package dev.cmdgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DotSegmentsTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            // trailing slash
            "/dev/                     | /dev",
            "/dev/stdin/               | /dev/stdin",
            "/dev/./                   | /dev",
            "src/                      | src",
            // empty segments
            "//dev//stdin              | /dev/stdin",
            "///                       | /",
            "a//b                      | a/b",
            // dot segments
            "/dev/./stdin              | /dev/stdin",
            "/proc/self/fd/../fd/0     | /proc/self/fd/0",
            "/usr/./lib/../../etc/x    | /etc/x",
            "/a/b/..                   | /a",
            "/a/..                     | /",
            // .. above the root stays at the root
            "/..                       | /",
            "/../../etc/shadow         | /etc/shadow",
            "/a/../../b                | /b",
            // relative paths stay relative; a .. above their start is kept
            "a/../b                    | b",
            "./x                       | x",
            "a/..                      | .",
            ".                         | .",
            "..                        | ..",
            "../x                      | ../x",
            "a/../../x                 | ../x",
            "../../dev/./stdin         | ../../dev/stdin",
            "x/./../..//y/             | ../y",
    })
    void resolvesByTheTextAlone(String path, String expected) {
        assertThat(DotSegments.resolve(path)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/etc/shadow", "src/main", ".hidden", "/a/.b/..c/...", "x", "/dev/fd/0", "a.b/c..d"})
    void aPathWithNothingToResolveIsReturnedAsItIs(String path) {
        assertThat(DotSegments.resolve(path)).isSameAs(path);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/"})
    void theRootAndTheEmptyPathStay(String path) {
        assertThat(DotSegments.resolve(path)).isEqualTo(path);
    }
}
