package dev.cmdgate.core.policy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandInvocation;
import dev.cmdgate.core.RiskLevel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Hand-built command trees, shaped the way the classifier reports them, so
 * the policy's semantics are tested independently of how far the classifier is.
 */
final class Trees {

    private static final Set<String> SYSTEM_DIRS = Set.of("/bin", "/usr/bin", "/sbin", "/usr/sbin");
    private static int nextPipeline = 1000;

    private Trees() {
    }

    static Classification tree(CommandInvocation... commands) {
        return new Classification(CommandClass.WRITE, RiskLevel.MEDIUM, List.of(), Arrays.asList(commands));
    }

    /** A simple command alone in its own pipeline; options left for the policy to canonicalise. */
    static CommandInvocation cmd(String... argv) {
        return stage(nextPipeline++, 0, argv);
    }

    static CommandInvocation stage(int pipeline, int stage, String... argv) {
        return build(pipeline, stage, Map.of(), false, argv);
    }

    static CommandInvocation assigning(Map<String, String> assignments, String... argv) {
        return build(nextPipeline++, 0, assignments, false, argv);
    }

    static CommandInvocation dynamic(String word, String... args) {
        List<String> all = new ArrayList<>();
        all.add(word);
        all.addAll(Arrays.asList(args));
        return build(nextPipeline++, 0, Map.of(), true, all.toArray(String[]::new));
    }

    /** The classifier's canonical options supplied explicitly (as the real classifier would). */
    static CommandInvocation withOptions(Set<String> options, String... argv) {
        CommandInvocation c = cmd(argv);
        return new CommandInvocation(c.argv(), c.program(), c.path(), options, c.operands(), c.assignments(),
                c.pipeline(), c.stage(), c.dynamic());
    }

    private static CommandInvocation build(int pipeline, int stage, Map<String, String> assignments, boolean dynamic,
            String... argv) {
        String path = argv.length == 0 ? "" : argv[0];
        String program = path;
        int slash = path.lastIndexOf('/');
        if (slash > 0 && SYSTEM_DIRS.contains(path.substring(0, slash))) {
            program = path.substring(slash + 1);
        }
        List<String> operands = new ArrayList<>();
        for (int i = 1; i < argv.length; i++) {
            if (!argv[i].startsWith("-")) {
                operands.add(argv[i]);
            }
        }
        return new CommandInvocation(List.of(argv), program, path, new LinkedHashSet<>(), operands,
                new LinkedHashMap<>(assignments), pipeline, stage, dynamic);
    }
}
