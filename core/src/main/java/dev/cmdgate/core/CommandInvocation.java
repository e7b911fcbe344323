package dev.cmdgate.core;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One simple command found anywhere in the command tree (the top level, inner scripts, wrapper
 * targets, substitutions). Policies reason over these rather than over raw text.
 *
 * @param argv        the words after quote removal and expansion the classifier could do
 * @param program     the program name as looked up in the rules ({@code /usr/bin/rm} → {@code rm});
 *                    for a dynamic command word, the literal text of that word
 * @param path        the command word as written ({@code /usr/bin/rm}, {@code ./tool}, {@code rm})
 * @param options     canonical option names (long names where the rules know them, bundles split)
 * @param operands    the non-option arguments in order
 * @param assignments inline and exported variable assignments that apply to this command
 * @param pipeline    identifies the pipeline this command belongs to (unique within one classification)
 * @param stage       the position in that pipeline, 0-based
 * @param dynamic     true when the command word could not be known statically
 */
public record CommandInvocation(
        List<String> argv,
        String program,
        String path,
        Set<String> options,
        List<String> operands,
        Map<String, String> assignments,
        int pipeline,
        int stage,
        boolean dynamic) {
}
