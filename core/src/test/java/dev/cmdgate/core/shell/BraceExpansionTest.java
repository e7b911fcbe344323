package dev.cmdgate.core.shell;

import static dev.cmdgate.core.shell.TestSupport.firstCommand;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.testing.Work;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BraceExpansionTest {

    private static BraceExpansion expand(String word, int cap) {
        return firstCommand("cmd " + word).words().get(1).expandBraces(cap);
    }

    private static List<String> values(BraceExpansion b) {
        return b.words().stream().map(Word::literalValue).toList();
    }

    /** Expected words are separated by ';'. */
    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "-{delete,print}|-delete;-print",
        "{a..e}|a;b;c;d;e",
        "{e..a}|e;d;c;b;a",
        "{1..10..3}|1;4;7;10",
        "{10..1..4}|10;6;2",
        "{05..1}|05;04;03;02;01",
        "{-3..3..2}|-3;-1;1;3",
        "{z..a..5}|z;u;p;k;f;a",
        "a{b,c{d,e}f}g|abg;acdfg;acefg",
        "{x{a,b}}|{xa};{xb}",
        "{a,b}{1,2}|a1;a2;b1;b2",
        "x{,}y|xy;xy",
        "{a,b|{a,b",
        "{a}|{a}",
        "{}|{}",
        "{a..1}|{a..1}",
        "{1..}|{1..}",
        "\"{a,b}\"|{a,b}",
        "\\{a,b}|{a,b}",
        "'{a,b}'|{a,b}",
        "{a\\,b,c}|a,b;c",
        "{a,\"b c\"}d|ad;b cd",
        "rm{,}|rm;rm",
        "--{rec,for}|--rec;--for",
        "{r,f}{f,r}|rf;rr;ff;fr",
        "plain|plain",
        "{,a,b}|a;b",
        "{a,}|a",
        "x{,y}|x;xy",
        "-{,r}f|-f;-rf",
        "{,rm,-rf,/srv/x}|rm;-rf;/srv/x",
        "{\"\",a}|;a",
        "{'',a}|;a",
        "{,\"\"}b|b;b",
        "{,{,c}}|c",
    })
    void expands(String word, String expected) {
        BraceExpansion b = expand(word, 1000);
        assertThat(b.overCap()).isFalse();
        assertThat(values(b)).isEqualTo(Arrays.asList(expected.split(";")));
    }

    @Test
    void onlyNullWordsMakeNoWord() {
        assertThat(expand("{,}", 1000).words()).isEmpty();
        assertThat(expand("{,{,}}", 1000).words()).isEmpty();
        assertThat(expand("{,}", 1000).overCap()).isFalse();
    }

    @Test
    void anAlternativeWithAnExpansionIsNoNullWord() {
        BraceExpansion b = expand("{,$x}", 1000);
        assertThat(b.words()).hasSize(1);
        assertThat(b.words().get(0).literalValue()).isNull();
    }

    @Test
    void expansionsInsideAlternativesStayParts() {
        BraceExpansion b = expand("{$(a),b}x", 1000);
        assertThat(b.words()).hasSize(2);
        assertThat(b.words().get(0).literalValue()).isNull();
        assertThat(b.words().get(0).substitutions()).hasSize(1);
        assertThat(b.words().get(1).literalValue()).isEqualTo("bx");
    }

    @Test
    void globsSurvive() {
        BraceExpansion b = expand("{a,b}*", 1000);
        assertThat(b.words()).allMatch(Word::hasGlob);
    }

    @Test
    void capIsAFailClosedSignal() {
        BraceExpansion seq = expand("{1..100000}", 1000);
        assertThat(seq.overCap()).isTrue();
        BraceExpansion product = expand("{a,b}".repeat(11), 1000);
        assertThat(product.overCap()).isTrue();
        assertThat(product.words().size()).isLessThanOrEqualTo(1000);
        BraceExpansion exact = expand("{a,b}".repeat(10), 1024);
        assertThat(exact.overCap()).isFalse();
        assertThat(exact.words()).hasSize(1024);
        BraceExpansion small = expand("{a,b,c}", 2);
        assertThat(small.overCap()).isTrue();
    }

    @Test
    void hugeAndDeepInputsAreBoundedAndNeverThrow() {
        String deep = "{a,".repeat(5000) + "b" + "}".repeat(5000);
        BraceExpansion d = expand(deep, 1000);
        assertThat(d.overCap()).isTrue();
        String wide = "{a,b}".repeat(100_000);
        BraceExpansion w = expand(wide, 1000);
        assertThat(w.overCap()).isTrue();
        // bounded in this thread's CPU time, best of three (time spent waiting for a core on a busy machine is not counted)
        assertThat(Work.best(3, () -> expand(wide, 1000)).cpuMillis()).isLessThan(5_000);
        String longSuffix = "{a,b}" + "x".repeat(1_000_000);
        BraceExpansion l = expand(longSuffix, 1000);
        assertThat(l.overCap()).isFalse();
        assertThat(l.words()).hasSize(2);
        String manyWithLongSuffix = "{a,b}".repeat(9) + "x".repeat(1_000_000);
        BraceExpansion m = expand(manyWithLongSuffix, 1000);
        assertThat(m.overCap()).isTrue();
    }

    @Test
    void resultWordsKeepTheOriginalRange() {
        String in = "cmd -{delete,print}";
        Word w = firstCommand(in).words().get(1);
        for (Word x : w.expandBraces().words()) {
            assertThat(x.start()).isEqualTo(w.start());
            assertThat(x.end()).isEqualTo(w.end());
            for (WordPart p : x.parts()) {
                assertThat(p.start()).isBetween(w.start(), w.end());
                assertThat(p.end()).isBetween(p.start(), w.end());
            }
        }
    }
}
