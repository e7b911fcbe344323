package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.testing.Work;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Bad input gets an answer (fail closed) in bounded time: no exception, no stack overflow. */
class ClassifierRobustnessTest {

    static final CommandClassifier C = Classifiers.standard(null);

    /**
     * Classifies within a bound of this thread's CPU time (a busy machine does not count against it), the best
     * of up to three runs: a first run's class loading, JIT or page faults are not the classifier's bound.
     */
    private static Classification timed(String line, long maxMillis) {
        Classification[] c = new Classification[1];
        Work.Cost cost = Work.of(() -> c[0] = C.classifyShell(line));
        for (int run = 1; run < 3 && cost.cpuMillis() >= maxMillis; run++) {
            cost = cost.min(Work.of(() -> c[0] = C.classifyShell(line)));
        }
        assertThat(cost.cpuMillis()).as("CPU time for input of %d chars", line.length()).isLessThan(maxMillis);
        return checked(c[0]);
    }

    private static Classification checked(Classification c) {
        assertThat(c).isNotNull();
        assertThat(c.findings()).isNotEmpty();
        return c;
    }

    @Test
    void emptyAndNullArgvAreDestructive() {
        assertThat(C.classifyArgv(List.of(), Map.of()).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(C.classifyArgv(null, null).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        Classification withNull = C.classifyArgv(Arrays.asList("rm", null, "-rf", "x"), Map.of());
        assertThat(withNull.commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void nulBytes() {
        timed("ls\0; rm -rf ~", 2000);
        assertThat(timed("rm -rf ~\0", 2000).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        Classification c = C.classifyArgv(List.of("ls\0", "-la"), Map.of());
        assertThat(c.commandClass()).isGreaterThanOrEqualTo(CommandClass.WRITE);
    }

    @Test
    void unmatchedQuotesAndBrokenSyntaxFailClosed() {
        for (String s : List.of("echo 'abc", "echo \"abc", "ls $(", "ls `", "if true; then ls", "ls |", "ls &&",
                "case x in", "echo ${", "(((", ")", "ls )", "f() {", "$((1+", "echo $'\\")) {
            Classification c = timed(s, 2000);
            assertThat(c.commandClass()).as(s).isEqualTo(CommandClass.DESTRUCTIVE);
            assertThat(c.findings()).anySatisfy(f -> assertThat(f.reason()).contains("could not parse"));
        }
    }

    @Test
    void oneMebibyteLine() {
        StringBuilder b = new StringBuilder("ls");
        while (b.length() < 1 << 20) {
            b.append(" a");
        }
        assertThat(timed(b.toString(), 10000).commandClass()).isEqualTo(CommandClass.READ);
        StringBuilder q = new StringBuilder("echo '");
        while (q.length() < 1 << 20) {
            q.append("rm -rf ~; ");
        }
        q.append("'");
        assertThat(timed(q.toString(), 10000).commandClass()).isEqualTo(CommandClass.READ);
        StringBuilder many = new StringBuilder();
        while (many.length() < 1 << 20) {
            many.append("ls;");
        }
        timed(many.toString(), 15000);
    }

    @Test
    void deepNestingFailsClosedWithoutStackOverflow() {
        int n = 10_000;
        // "((((ls))))" is an arithmetic command (no command runs): only check that it answers
        timed("(".repeat(n) + "ls" + ")".repeat(n), 5000);
        String parens = "( ".repeat(n) + "ls" + " )".repeat(n);
        String subst = "echo " + "$(".repeat(n) + "ls" + ")".repeat(n);
        String backq = "echo " + "\"$(".repeat(n) + "ls" + ")\"".repeat(n);
        String braces = "{ ".repeat(n) + "ls; " + "}; ".repeat(n);
        String brace = "echo " + "{a,".repeat(n) + "b" + "}".repeat(n);
        for (String s : List.of(parens, subst, backq, braces, brace)) {
            Classification c = timed(s, 5000);
            assertThat(c.commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        }
    }

    @Test
    void nestedShellScriptsHaveADepthCap() {
        // each eval's operands form a new script, so this nests 40 scripts without quoting blow-up
        Classification c = timed("eval ".repeat(40) + "ls", 5000);
        assertThat(c.commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(c.findings()).anySatisfy(f -> assertThat(f.reason()).contains("too complex"));
        assertThat(C.classifyShell("eval ".repeat(5) + "ls").commandClass()).isEqualTo(CommandClass.READ);
        String shallow = "sh -c " + quote("sh -c " + quote("ls"));
        assertThat(C.classifyShell(shallow).commandClass()).isEqualTo(CommandClass.READ);
        assertThat(C.classifyShell("sh -c " + quote("sh -c " + quote("rm -rf ~"))).commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void wrapperChainsHaveADepthAndAWordBudget() {
        assertThat(C.classifyShell("env ".repeat(5) + "ls").commandClass()).isEqualTo(CommandClass.READ);
        assertThat(C.classifyShell("env ".repeat(Budget.MAX_WRAPPER_DEPTH + 1) + "ls").commandClass())
                .isEqualTo(CommandClass.DESTRUCTIVE);
        // 40 wrappers are within the depth cap, but each hands on 20,000 words: the budget stops it
        List<String> argv = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            argv.add("env");
        }
        argv.add("ls");
        for (int i = 0; i < 20_000; i++) {
            argv.add("f" + i);
        }
        Classification c = C.classifyArgv(argv, Map.of());
        assertThat(c.commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(c.findings()).anySatisfy(f -> assertThat(f.reason()).contains("words in all"));
        // a few wrappers over a long argv are fine
        assertThat(C.classifyArgv(argv.subList(37, argv.size()), Map.of()).commandClass())
                .isEqualTo(CommandClass.READ);
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    @Test
    void braceExpansionHasAnOverallBudget() {
        StringBuilder b = new StringBuilder("echo");
        while (b.length() < 1 << 20) {
            b.append(" {1..999}");
        }
        assertThat(timed(b.toString(), 15000).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void theReasonIsListedEvenPastTheFindingsCap() {
        Classification c = C.classifyShell("ls; ".repeat(1000) + "rm -rf ~");
        assertThat(c.commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(c.findings()).anySatisfy(f -> assertThat(f.command()).isEqualTo("rm -rf ~"));
        assertThat(c.findings().size()).isLessThanOrEqualTo(400);
    }

    @Test
    void invalidUtf16() {
        timed("ls \uD800 \uDC00x \uDFFF\uD800", 2000);
        timed("\uD800", 2000);
        assertThat(timed("rm -rf ~ \uDC00", 2000).commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        C.classifyArgv(List.of("\uD800", "\uDC00"), Map.of("\uD800", "\uDFFF"));
    }

    @Test
    void randomAndAdversarialInputNeverThrows() {
        Random r = new Random(42);
        String alphabet = "ab rm-f~/$(){}[]'\"`\\;|&<>!*?=#\n\t0123456789\u0000\uD800";
        String[] pieces = {"$(", ")", "`", "'", "\"", "<<EOF\n", "EOF\n", "${", "}", "((", "))", " | ", " && ", ";",
            "sh -c ", "eval ", "rm -rf ~", "sudo ", "env -S ", "{a,b}", "<(", ">(", "2>&1", "> /dev/tcp/h/1 ",
            "case x in a) ;; esac", "if ", " then ", " fi", "for i in ", " do ", " done", "f() { ", " }", "\\"};
        for (int i = 0; i < 3000; i++) {
            StringBuilder b = new StringBuilder();
            int len = r.nextInt(120);
            for (int k = 0; k < len; k++) {
                if (r.nextInt(3) == 0) {
                    b.append(pieces[r.nextInt(pieces.length)]);
                } else {
                    b.append(alphabet.charAt(r.nextInt(alphabet.length())));
                }
            }
            String s = b.toString();
            Classification c = C.classifyShell(s);
            assertThat(c).as(s).isNotNull();
            assertThat(c.findings()).as(s).isNotEmpty();
            List<String> argv = new ArrayList<>(Arrays.asList(s.split(" ")));
            assertThat(C.classifyArgv(argv, Map.of()).findings()).isNotEmpty();
        }
    }

    @Test
    void timeGrowsLinearly() {
        String unit = "ls -la | grep -rn foo src && echo \"$(date)\" > /dev/null; ";
        // warm up
        for (int i = 0; i < 50; i++) {
            C.classifyShell(unit.repeat(20));
        }
        Work.Cost small = Work.best(5, () -> C.classifyShell(unit.repeat(250)));
        Work.Cost large = Work.best(5, () -> C.classifyShell(unit.repeat(2000)));
        // 8x the input must not cost more than ~8x the work (generous margin for noise in CPU time;
        // allocation is a count and gets less)
        assertThat(large.bytes()).as("bytes: small=%d large=%d", small.bytes(), large.bytes())
                .isLessThan(small.bytes() * 12);
        for (int round = 1; round < 5 && large.cpuNanos() >= small.cpuNanos() * 30 + 20_000_000L; round++) {
            large = large.min(Work.best(5, () -> C.classifyShell(unit.repeat(2000))));
        }
        assertThat(large.cpuNanos()).as("CPU: small=%dns large=%dns", small.cpuNanos(), large.cpuNanos())
                .isLessThan(small.cpuNanos() * 30 + 20_000_000L);
    }
}
