package dev.cmdgate.core.hardening;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.shell.BraceExpansion;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.ShellWalker;
import dev.cmdgate.core.shell.Word;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Map;

/**
 * The invariants every fuzz target (Jazzer or the seeded fallback generators) checks for one input:
 * no exception, no StackOverflowError, an answer in bounded time, and fail-closed answers.
 */
final class FuzzChecks {

    /**
     * Generous per-input bound of this thread's CPU time: fuzz inputs are a few KiB, linear time makes this
     * milliseconds. CPU time, not wall time: waiting for a core on a busy machine is not a hang.
     */
    static final long MAX_NANOS_PER_INPUT = 5_000_000_000L;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    static final CommandClassifier CLASSIFIER = Classifiers.standard(null);

    private FuzzChecks() {
    }

    /** Parses, walks the whole tree, and asks every word for its literal value and brace expansion. */
    static ParseResult parse(String input) {
        long t0 = cpuNanos();
        ParseResult r = ShellParser.parse(input);
        if (cpuNanos() - t0 >= MAX_NANOS_PER_INPUT) {
            t0 = cpuNanos();
            r = ShellParser.parse(input); // once more: a GC pause is not a hang
        }
        check(r != null, "parse returned null", input);
        check(r.script() != null, "parse returned a null script", input);
        check(r.errors() != null, "parse returned null errors", input);
        int[] words = {0};
        ShellWalker.walk(r.script(), n -> {
            check(n != null, "null node in tree", input);
            check(n.children() != null, "null children", input);
            check(n.start() <= n.end(), "node with start > end: " + n.getClass().getSimpleName(), input);
            if (n instanceof Word w && words[0]++ < 10_000) {
                w.literalValue();
                w.hasGlob();
                w.tilde();
                BraceExpansion b = w.expandBraces();
                check(b != null && b.words() != null, "null brace expansion", input);
                check(b.words().size() <= Word.DEFAULT_BRACE_CAP, "brace expansion over the cap", input);
            }
            return true;
        });
        ShellWalker.simpleCommands(r.script()).forEach(sc -> sc.commandName());
        elapsed(t0, "parse", input);
        return r;
    }

    /** Classifies a shell line and checks it fails closed where it must. */
    static Classification classifyShell(String line) {
        Classification c = timed(() -> CLASSIFIER.classifyShell(line), "classifyShell", line);
        checkShape(c, line);
        // fail closed: input the parser rejects must be Destructive
        ParseResult r = ShellParser.parse(line);
        if (!r.ok()) {
            check(c.commandClass() == CommandClass.DESTRUCTIVE,
                    "unparseable input classified " + c.commandClass() + " (parse errors " + r.errors() + ")", line);
        }
        // determinism
        check(CLASSIFIER.classifyShell(line).commandClass() == c.commandClass(), "non-deterministic class", line);
        // whatever follows a destructive command cannot hide it
        Classification prefixed = CLASSIFIER.classifyShell("rm -rf ~;" + line);
        check(prefixed.commandClass() == CommandClass.DESTRUCTIVE,
                "'rm -rf ~;' prefix not Destructive: " + prefixed.commandClass(), line);
        return c;
    }

    static Classification classifyArgv(List<String> argv, Map<String, String> env) {
        Classification c = timed(() -> CLASSIFIER.classifyArgv(argv, env), "classifyArgv", String.valueOf(argv));
        checkShape(c, String.valueOf(argv));
        return c;
    }

    private static void checkShape(Classification c, String input) {
        check(c != null, "null classification", input);
        check(c.commandClass() != null, "null class", input);
        check(c.level() != null, "null level", input);
        check(c.findings() != null && c.commands() != null, "null findings/commands", input);
        if (c.commandClass() != CommandClass.READ) {
            check(!c.findings().isEmpty(), "class " + c.commandClass() + " without any finding", input);
        }
    }

    /**
     * Runs {@code op} and checks the time bound; a slow first run is repeated once, so that a GC
     * pause of the (instrumented, memory-hungry) fuzzing JVM is not reported as a hang.
     */
    private static Classification timed(java.util.function.Supplier<Classification> op, String what, String input) {
        long t0 = cpuNanos();
        Classification c = op.get();
        if (cpuNanos() - t0 >= MAX_NANOS_PER_INPUT) {
            t0 = cpuNanos();
            c = op.get();
            elapsed(t0, what + " (measured twice)", input);
        }
        return c;
    }

    private static void elapsed(long t0, String what, String input) {
        long ns = cpuNanos() - t0;
        check(ns < MAX_NANOS_PER_INPUT, what + " took " + ns / 1_000_000 + " ms", input);
    }

    private static long cpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }

    static void check(boolean ok, String message, String input) {
        if (!ok) {
            throw new AssertionError(message + " for input " + Corpus.show(input));
        }
    }

}
