package dev.cmdgate.core.hardening;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Coverage-guided fuzzing of the classifier: shell lines and argv lists with environment
 * changes. Besides "no exception, no hang", it checks fail-closed properties (see {@link FuzzChecks}).
 */
class ClassifierFuzzTest {

    @FuzzTest(maxDuration = "2m")
    void classifyShellArbitrary(FuzzedDataProvider data) {
        // the whole input is the line, so seed files are plain shell text
        FuzzChecks.classifyShell(data.consumeRemainingAsString());
    }

    @FuzzTest(maxDuration = "2m")
    void classifyShellTokens(FuzzedDataProvider data) {
        FuzzChecks.classifyShell(Tokens.assemble(data));
    }

    /** An argv list (argv[0] often a shell or a wrapper) plus environment changes. */
    @FuzzTest(maxDuration = "2m")
    void classifyArgv(FuzzedDataProvider data) {
        Map<String, String> env = new LinkedHashMap<>();
        int nEnv = data.consumeInt(0, 3);
        for (int i = 0; i < nEnv; i++) {
            env.put(data.pickValue(Tokens.ENV_NAMES), data.consumeString(20));
        }
        List<String> argv = new ArrayList<>();
        if (data.consumeBoolean()) {
            argv.add(data.pickValue(Tokens.PROGRAMS));
        }
        int n = data.consumeInt(0, 12);
        for (int i = 0; i < n && data.remainingBytes() > 0; i++) {
            argv.add(data.consumeBoolean() ? data.pickValue(Tokens.ARGS) : data.consumeString(64));
        }
        if (data.consumeBoolean()) {
            argv.add(Tokens.assemble(data));
        }
        FuzzChecks.classifyArgv(argv, env);
    }
}
