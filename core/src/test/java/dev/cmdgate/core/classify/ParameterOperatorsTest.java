package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** bash's parameter-expansion operators on a known value, each case as bash 5.2 computes it. */
class ParameterOperatorsTest {

    @ParameterizedTest(name = "{0} {1} {2} = {3}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', emptyValue = "", value = {
        "/etc/shadowXX|%|XX|/etc/shadow",
        "/etc/shadowXX|%%|X*|/etc/shadow",
        "/etc/shadowXX|%|X*|/etc/shadowX",
        "XX/etc/shadow|#|XX|/etc/shadow",
        "abcb|#|*b|cb",
        "abcb|##|*b|``",
        "abcb|%|b*|abc",
        "abcb|%%|b*|a",
        "a/b/c|##|*/|c",
        "a/b/c|#|*/|b/c",
        "a/b/c|%|/*|a/b",
        "a/b/c|%%|/*|a",
        ".x|#|?|x",
        "abc|#|``|abc",
        "abc|#|[ab]|bc",
        "abc|#|[!b]|bc",
        "abc|#|[^a]|abc",
        "abc|%|\\c|ab",
        "abc|#|x|abc",
        "abc|##|*|``",
        "abc|%|*|abc",
        "a1b2|#|[[:alpha:]][[:digit:]]|b2",
        "``|#|*|``",
    })
    void trims(String value, String op, String pattern, String expected) {
        assertThat(ParameterOperators.trim(value, op, pattern, false)).isEqualTo(expected);
    }

    /** The replacement's pieces are separated by {@code ;}, {@code &} standing for the match. */
    @ParameterizedTest(name = "{0} {1} {2} {3} = {4}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', emptyValue = "", value = {
        "/etc/shxadow|//|x|``|/etc/shadow",
        "/etc/shxadow|/|x|``|/etc/shadow",
        "/x/x/x|/|x|y|/y/x/x",
        "/x/x/x|//|x|y|/y/y/y",
        "abcb|/|b*|X|aX",
        "abcbd|//|b?|X|aXX",
        "abcbd|//|?|X|XXXXX",
        "abcbd|//|*|X|X",
        "abcbd|/%|b*|X|aX",
        "abcbd|/%|d|X|abcbX",
        "abcbd|/%|b|X|abcbd",
        "abcbd|/#|a?|X|Xcbd",
        "abcbd|/#|b|X|abcbd",
        "abc|/#|``|X|Xabc",
        "abc|/%|``|X|abcX",
        "abc|//|``|X|abc",
        "abc|/|``|X|abc",
        "``|/|*|X|X",
        "``|//|*|X|X",
        "``|/#|``|X|X",
        "``|/|a|X|``",
        "a*b|/|\\*|S|aSb",
        "a*b|//|[*]|S|aSb",
        "a/b/c|//|[\\/]|_|a_b_c",
        "abcb|/|b|[;&;]|a[b]cb",
        "abcb|//|b|&;&|abbcbb",
        "abc|/#|``|&|abc",
    })
    void replaces(String value, String op, String pattern, String replacement, String expected) {
        List<String> pieces = Arrays.stream(replacement.split(";", -1)).map(p -> p.equals("&") ? null : p).toList();
        assertThat(ParameterOperators.replace(value, op, pattern, new ParameterOperators.Replacement(pieces), false))
                .isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} {1} {2} = {3}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', emptyValue = "", value = {
        "aBc|^|``|ABc",
        "aBc|^^|``|ABC",
        "aBc|^^|[ab]|ABc",
        "aBc|,,|``|abc",
        "aBc|,|``|aBc",
        "ABc|,|``|aBc",
        "aBc|~|``|ABc",
        "aBc|~~|``|AbC",
        "aBc|^^|*|ABC",
        "aBc|^|b|aBc",
        "aBc|^|a|ABc",
        "/etc/SHADOW|,,|``|/etc/shadow",
        "/ETC/shadow|~~|[A-Z]|/etc/shadow",
        "rM|,,|[M]|rm",
        "``|^^|``|``",
    })
    void changesCase(String value, String op, String pattern, String expected) {
        assertThat(ParameterOperators.caseChange(value, op, pattern)).isEqualTo(expected);
    }

    @Test
    void transformsAndLength() {
        assertThat(ParameterOperators.transform("aBc", "U")).isEqualTo("ABC");
        assertThat(ParameterOperators.transform("aBc", "L")).isEqualTo("abc");
        assertThat(ParameterOperators.transform("aBc", "u")).isEqualTo("ABc");
        assertThat(ParameterOperators.transform("aBc", "Q")).isEqualTo("'aBc'");
        assertThat(ParameterOperators.transform("it's", "Q")).isEqualTo("'it'\\''s'");
        assertThat(ParameterOperators.transform("a\tb", "Q")).as("bash writes $'…'").isNull();
        assertThat(ParameterOperators.transform("abc", "A")).isNull();
        assertThat(ParameterOperators.transform("abc", "P")).isNull();
        assertThat(ParameterOperators.transform("a\\x41\\tb", "E")).isEqualTo("aA\tb");
        assertThat(ParameterOperators.transform("it's\\'", "E")).isEqualTo("it's'");
        assertThat(ParameterOperators.transform("a\\", "E")).as("a lone backslash at the end").isNull();
        assertThat(ParameterOperators.length("it's")).isEqualTo("4");
        assertThat(ParameterOperators.length("")).isEqualTo("0");
    }

    @Test
    void substrings() {
        assertThat(ParameterOperators.substring("/etc/shadowxx", 0, 11)).isEqualTo("/etc/shadow");
        assertThat(ParameterOperators.substring("xx/etc/shadow", 2, null)).isEqualTo("/etc/shadow");
        assertThat(ParameterOperators.substring("abcdef", -3, 2)).isEqualTo("de");
        assertThat(ParameterOperators.substring("abcdef", 1, -2)).isEqualTo("bcd");
        assertThat(ParameterOperators.substring("abcdef", 4, -3)).as("bash: substring expression < 0").isNull();
    }

    @Test
    void ignoringCaseMatchesEitherCaseAndKeepsTheValuesOwn() {
        ParameterOperators.Replacement none = ParameterOperators.Replacement.literal("");
        assertThat(ParameterOperators.replace("/etc/shXadow", "/", "x", none, true)).isEqualTo("/etc/shadow");
        assertThat(ParameterOperators.replace("/etc/shXadow", "/", "x", none, false)).isEqualTo("/etc/shXadow");
        assertThat(ParameterOperators.trim("/Etc/Shadow", "%", "/s*", true)).isEqualTo("/Etc");
    }

    @Test
    void whatDependsOnOptionsOrTheLocaleIsNotComputed() {
        ParameterOperators.Replacement none = ParameterOperators.Replacement.literal("");
        assertThat(ParameterOperators.replace("abc", "/", "@(b)", none, false)).as("extglob").isNull();
        assertThat(ParameterOperators.replace("abc", "/", "!(b)", none, false)).as("extglob").isNull();
        assertThat(ParameterOperators.trim("a b", "#", "a[[:space:]]", false)).as("a locale class").isNull();
        assertThat(ParameterOperators.trim("ab", "#", "[[=a=]]", false)).as("an equivalence class").isNull();
        assertThat(ParameterOperators.trim("\u00e9x", "#", "?", false)).as("a character outside ASCII").isNull();
        assertThat(ParameterOperators.caseChange("\u00e9x", "^^", "")).isNull();
        assertThat(ParameterOperators.length("\u00e9")).isNull();
        assertThat(ParameterOperators.trim("x".repeat(ParameterOperators.MAX_VALUE + 1), "#", "x", false)).isNull();
        assertThat(ParameterOperators.replace("x".repeat(4000), "//", "*y", none, false)).as("bounded work").isNull();
    }

    @Test
    void stringPatternsCrossSlashesAndLeadingDots() {
        assertThat(ShellPattern.matchesString("*", "a/.b")).isTrue();
        assertThat(ShellPattern.matchesString("a?b", "a/b")).isTrue();
        assertThat(ShellPattern.matchesString("?x", ".x")).isTrue();
        assertThat(ShellPattern.matchesString("[\\/]", "/")).isTrue();
        assertThat(ShellPattern.matchesString("a*c", "abd")).isFalse();
        assertThat(ShellPattern.matchesString("a\\*", "ab")).isFalse();
        assertThat(ShellPattern.matchesString("a\\*", "a*")).isTrue();
        assertThat(ShellPattern.matchesString("[a", "[a")).as("an unclosed bracket is literal").isTrue();
        assertThat(ShellPattern.matches("*", "a/b")).as("a path pattern does not").isFalse();
    }
}
