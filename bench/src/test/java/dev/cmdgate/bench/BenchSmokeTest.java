package dev.cmdgate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * CI's check that the benchmarks still work (they are not part of the test run, but must
 * compile and survive a one-iteration smoke run): every benchmark method, one short measurement
 * iteration, no warm-up, in this JVM, at the smallest size of each worst-case family.
 */
class BenchSmokeTest {

    @Test
    void everyBenchmarkRunsOneShortIteration() throws RunnerException {
        Options options = new OptionsBuilder()
                .include("dev\\.cmdgate\\.bench\\..*Benchmark\\..*")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(50))
                .param("mix", "all")
                .param("bytes", "131072")
                .param("depth", "1250")
                .param("count", "12500")
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT)
                .build();
        Collection<RunResult> results = new Runner(options).run();

        Set<String> ran = new HashSet<>();
        for (RunResult r : results) {
            assertThat(r.getPrimaryResult().getSampleCount()).as(r.getParams().getBenchmark()).isPositive();
            String b = r.getParams().getBenchmark();
            ran.add(b.substring(b.lastIndexOf('.', b.lastIndexOf('.') - 1) + 1));
        }
        assertThat(ran).contains("ClassifyBenchmark.classify", "GateBenchmark.judge", "GateBenchmark.guard",
                "LongLineBenchmark.classify", "NestingBenchmark.classify", "SeparatorsBenchmark.classify");
    }

    @Test
    void worstCaseInputsHaveTheRequestedSizes() {
        assertThat(WorstCases.longLine(1 << 20)).hasSize(1 << 20).startsWith("echo ");
        assertThat(WorstCases.longWord(1 << 20)).hasSize(1 << 20).endsWith("'");
        assertThat(WorstCases.nesting("subshell", 10_000)).startsWith("( ( ").endsWith(" ) )");
        assertThat(WorstCases.separators("semicolon", 100_000).chars().filter(c -> c == ';').count()).isEqualTo(100_000);
        assertThat(Mix.load("all")).hasSizeGreaterThan(150);
    }
}
