package dev.cmdgate.core.hardening;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzzing of the shell parser. Without {@code JAZZER_FUZZ} these replay
 * the seeds in {@code src/test/resources/dev/cmdgate/core/hardening/ShellParserFuzzTestInputs/}
 * as ordinary JUnit tests; with {@code JAZZER_FUZZ=1} Jazzer mutates them (docs/adversarial.md).
 */
class ShellParserFuzzTest {

    /** Arbitrary text: never throws, never overflows the stack, answers in bounded time. */
    @FuzzTest(maxDuration = "2m")
    void parseArbitrary(FuzzedDataProvider data) {
        // the whole input is the text, so seed files are plain shell text
        FuzzChecks.parse(data.consumeRemainingAsString());
    }

    /**
     * Text assembled from shell tokens (quotes, substitutions, here-docs, operators), which reaches
     * deep grammar states faster than raw bytes.
     */
    @FuzzTest(maxDuration = "2m")
    void parseTokens(FuzzedDataProvider data) {
        FuzzChecks.parse(Tokens.assemble(data));
    }
}
