package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.FunctionDefinition;
import dev.cmdgate.core.shell.Script;
import dev.cmdgate.core.shell.ShellWalker;
import java.util.HashSet;

/**
 * Collects the names a script defines as functions at any depth ({@link Analysis#functionNames}): unlike
 * {@link DefinedFunctions}, which knows where a definition surely holds, this only needs to know that one may.
 */
final class FunctionNames {

    /** Names kept at most: past it, the script has defined too many to matter for the fail-closed reading. */
    private static final int MAX = 1000;

    private FunctionNames() {
    }

    static void collect(Analysis a, Script script) {
        ShellWalker.walk(script, n -> {
            if (n instanceof FunctionDefinition f && a.functionNames.size() < MAX) {
                if (a.functionNames.isEmpty()) {
                    a.functionNames = new HashSet<>();
                }
                a.functionNames.add(f.name());
            }
            return true;
        });
    }
}
