package dev.cmdgate.core.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.testing.Work;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Hostile input: never an exception, always a result, in bounded (linear) time and stack. */
@Timeout(120)
class ParserRobustnessTest {

    /** Parses and exercises every query on every node; fails on any throwable. */
    static ParseResult parseAndTouch(String input) {
        ParseResult r = ShellParser.parse(input);
        assertThat(r).isNotNull();
        assertThat(r.script()).isNotNull();
        int[] budget = {200_000};
        ShellWalker.walk(r.script(), n -> {
            assertThat(n.start()).isBetween(0, input.length());
            assertThat(n.end()).isBetween(n.start(), input.length());
            if (n instanceof Word w && budget[0]-- > 0) {
                w.literalValue();
                w.hasGlob();
                w.tilde();
                w.substitutions();
                if (budget[0] > 199_000) {
                    w.expandBraces();
                }
            }
            if (n instanceof Redirect rd) {
                rd.isFdDuplication();
            }
            return budget[0] > 0;
        });
        return r;
    }

    @Test
    void edgeInputs() {
        List<String> inputs = List.of("", " ", "\0", "\0\0\0", "echo \0 a\0b", "'", "\"", "`", "$(", "${", "$((", "((",
                "[[", "<<", "<<<", "<<EOF", "\\", "\\\n", "$'", "$\"", "&&", "||", ";;", "|", "&", ")", "}", "{", "(",
                "echo 'abc", "echo \"abc", "echo $(echo", "case", "case x in", "for", "for ((", "if", "function",
                "\uD800", "\uDC00", "echo \uD800\uD800 \\\uD800 '\uDC00' $'\\uD800'", "a=(", "x[", "x[1", "${x[",
                "echo ${", "echo ${#", "echo ${!", "echo ${x:", "echo ${x/", "cat <<'", "cat <<-", "\r\n", "echo \r");
        for (String in : inputs) {
            parseAndTouch(in);
        }
        assertThat(ShellParser.parse(null).ok()).isTrue();
        assertThat(ShellParser.parse("").script().statements()).isEmpty();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"(", "$(", "$((", "((", "${x:-", "\"$(", "{ ", "if ", "while ", "`", "<(", "\"${x:-",
        "case x in x) ", "f() { ", "a[", "$[", "for x in a; do ", "[[ ( ", "x=(", "\\\"$(echo "})
    void deepNestingGivesAnErrorNotAStackOverflow(String unit) {
        String in = unit.repeat(10_000);
        ParseResult r = parseAndTouch(in);
        if (!unit.equals("`") && !unit.equals("a[") && !unit.equals("[[ ( ")) {
            assertThat(r.ok()).as("10k x %s", unit).isFalse();
        }
    }

    @Test
    void deepNestingOnASmallStackStillReturnsAResult() throws Exception {
        AtomicReference<Object> out = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                List<ParseResult> rs = new ArrayList<>();
                for (String unit : List.of("$(", "(", "${x:-", "\"$(", "{ ", "if ")) {
                    rs.add(ShellParser.parse(unit.repeat(10_000)));
                }
                out.set(rs);
            } catch (Throwable e) {
                out.set(e);
            }
        }, "small-stack", 128 * 1024);
        t.start();
        t.join();
        assertThat(out.get()).isInstanceOf(List.class);
        @SuppressWarnings("unchecked")
        List<ParseResult> rs = (List<ParseResult>) out.get();
        assertThat(rs).allMatch(r -> !r.ok());
    }

    @Test
    void moderateNestingIsFine() {
        assertThat(ShellParser.parse("echo " + "$(a ".repeat(100) + ")".repeat(100)).ok()).isTrue();
        assertThat(ShellParser.parse("(".repeat(100) + "a" + ")".repeat(100)).ok()).isTrue();
        assertThat(ShellParser.parse("echo " + "$(a ".repeat(100) + ")".repeat(100), 50).ok()).isFalse();
    }

    @Test
    void bigInputs() {
        parseAndTouch("echo " + "a".repeat(1 << 20));
        parseAndTouch("echo '" + "a".repeat(1 << 20) + "'");
        parseAndTouch("echo \"" + "$x ".repeat(1 << 18) + "\"");
        parseAndTouch("a;".repeat(100_000));
        parseAndTouch("a\n".repeat(100_000));
        parseAndTouch("a|".repeat(100_000) + "b");
        parseAndTouch("a && ".repeat(100_000) + "b");
        parseAndTouch(";".repeat(100_000));
        parseAndTouch(")".repeat(1 << 20));
        parseAndTouch("echo " + "[".repeat(100_000));
        parseAndTouch("cat <<E\n".repeat(10_000) + "E\n".repeat(10_000));
        parseAndTouch("e\\\n".repeat(300_000));
        parseAndTouch("echo " + "{a,b}".repeat(100_000));
    }

    @Test
    void randomInputNeverThrows() {
        String alphabet = " \t\n;&|<>()`'\"\\$#{}[]*?~=!:-/,.0123456789abcxyzEOF\0\uD800é";
        String[] tokens = {"$(", "${", "$((", "((", "))", "<<", "<<-", "<<<", "&&", "||", ";;", "|&", "&>", ">&",
            "<(", ">(", "$'", "$\"", "if ", "then ", "fi ", "for ", "in ", "do ", "done ", "case ", "esac ", "{ ",
            " }", "[[ ", " ]]", "function ", "coproc ", "time ", "! ", "EOF\n", "\\\n", "x=", "a[", "]"};
        Random rnd = new Random(20260101L);
        for (int i = 0; i < 5000; i++) {
            int len = rnd.nextInt(120);
            StringBuilder sb = new StringBuilder();
            while (sb.length() < len) {
                if (rnd.nextInt(3) == 0) {
                    sb.append(tokens[rnd.nextInt(tokens.length)]);
                } else {
                    sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
                }
            }
            String in = sb.toString();
            try {
                parseAndTouch(in);
            } catch (AssertionError e) {
                throw new AssertionError("input: " + in.replace("\n", "\\n"), e);
            }
        }
    }

    @Test
    void mutatedRealCommandsNeverThrow() {
        String[] seeds = {"echo ${x:-$(rm -rf ~)}", "cat <<EOF\n$(id)\nEOF\n", "a=(1); echo $(( a[$(rm -rf ~)] ))",
            "for f in *.txt; do echo \"$f\"; done", "case $x in a|b) c;; esac", "f() { g | h & }; f",
            "echo `a \\`b\\``", "[[ $x =~ ^(a|b)$ ]] && echo ok", "find . -exec rm {} \\; -o -print",
            "x=$'\\x72m' && \"$x\" -rf ~", "diff <(ls a) >(cat)", "if a; then b; elif c; then d; else e; fi"};
        Random rnd = new Random(7);
        for (String seed : seeds) {
            for (int i = 0; i < 400; i++) {
                StringBuilder sb = new StringBuilder(seed);
                int edits = 1 + rnd.nextInt(4);
                for (int e = 0; e < edits && sb.length() > 0; e++) {
                    int at = rnd.nextInt(sb.length());
                    switch (rnd.nextInt(3)) {
                        case 0 -> sb.deleteCharAt(at);
                        case 1 -> sb.insert(at, seed.charAt(rnd.nextInt(seed.length())));
                        default -> sb.setCharAt(at, seed.charAt(rnd.nextInt(seed.length())));
                    }
                }
                parseAndTouch(sb.toString());
            }
        }
    }

    /** Best of several runs, in this thread's CPU time and allocation (other processes and GC excluded). */
    private static boolean tooSlow(Work.Cost t1, Work.Cost t4) {
        return t4.cpuNanos() > 10_000_000L && t4.cpuNanos() >= 10 * Math.max(t1.cpuNanos(), 1);
    }

    private static Work.Cost time(String input) {
        return Work.best(5, () -> ShellParser.parse(input));
    }

    /**
     * Linear time: parsing 4x the input must allocate less than 10x as much and take less than 10x as
     * long (each size's best CPU time over up to eight rounds of five, after warming both; generous
     * because the machine is noisy). A quadratic parser would show 16x.
     */
    @ParameterizedTest(name = "[{index}] {0}")
    // growth is judged by the work counted below; the class's two-minute wall-clock limit is for hangs, and a
    // machine at load 25 on 2 CPUs took up to five minutes of wall time for one unit, so this one is longer
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    @ValueSource(strings = {"a; ", "echo 'x' \"$y\" z\\ w | ", "$(a) ", "`a` ", "${x:-$(y)} ", "((", "(", "$((",
        "$(( a) ", "cat <<E\nE\n", "{a,b}", "[", "x=(1 2) ", "if a; then b; fi; ", "\\\n", "\"$(", "${x:-",
        "case x in a) b;; esac; ", "a[", "<(a) ", "))", "'", "${", "f() { a; }; "})
    void linearTime(String unit) {
        IntFunction<String> input = k -> unit.repeat(k);
        // Both sizes well past the CPU caches (200 KB and 800 KB of script), so the ratio measures the
        // algorithm, not the step from cache-resident to memory-bound input.
        int small = Math.max(1, 200_000 / unit.length());
        // both sizes warmed: the first large parse also grows the heap, whose page faults count as this thread's CPU
        for (int i = 0; i < 3; i++) {
            time(input.apply(small));
            time(input.apply(small * 4));
        }
        Work.Cost t1 = time(input.apply(small));
        Work.Cost t4 = time(input.apply(small * 4));
        assertThat((double) t4.bytes() / Math.max(t1.bytes(), 1 << 16)).as("bytes(4x)/bytes(x) for %s: %d / %d", unit,
                t4.bytes(), t1.bytes()).isLessThan(10.0);
        // each size keeps its best over every round: a quadratic parse is slow in all of them, a busy
        // machine's cache and memory traffic rarely in all; a ratio still too high is measured once more at
        // twice the sizes, where a few milliseconds of a busy machine's noise weigh half as much
        for (int attempt = 0; attempt < 2 && tooSlow(t1, t4); attempt++) {
            if (attempt == 1) {
                small *= 2;
                t1 = time(input.apply(small));
                t4 = time(input.apply(small * 4));
            }
            for (int round = 1; round < 8 && tooSlow(t1, t4); round++) {
                t1 = t1.min(time(input.apply(small)));
                t4 = t4.min(time(input.apply(small * 4)));
            }
        }
        if (t4.cpuNanos() > 10_000_000L) { // ignore tiny absolute times: below 10 ms everything is noise
            assertThat((double) t4.cpuNanos() / Math.max(t1.cpuNanos(), 1)).as("time(4x)/time(x) for %s: %d / %d ns",
                    unit, t4.cpuNanos(), t1.cpuNanos()).isLessThan(10.0);
        }
    }
}
