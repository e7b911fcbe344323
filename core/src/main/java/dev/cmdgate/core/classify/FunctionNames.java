package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.FunctionDefinition;
import dev.cmdgate.core.shell.Script;
import dev.cmdgate.core.shell.ShellWalker;
import java.util.HashSet;

/**
 * Collects the names a script defines as functions at any depth, and the aliases it defines
 * ({@link Analysis#functionNames}): unlike {@link DefinedFunctions}, which knows where a definition surely holds,
 * this only needs to know that one may.
 */
final class FunctionNames {

    /** Names kept at most: past it, the script has defined too many to matter for the fail-closed reading. */
    private static final int MAX = 1000;

    /** Stands for every name: an alias whose name is only known at run time. */
    static final String ANY = "*";

    private FunctionNames() {
    }

    /** Whether a command of this name may run a function or an alias the script defined. */
    static boolean shadowed(Analysis a, String name) {
        return a.functionNames.contains(name) || a.functionNames.contains(ANY);
    }

    static void add(Analysis a, String name) {
        if (a.functionNames.size() >= MAX) {
            return;
        }
        if (a.functionNames.isEmpty()) {
            a.functionNames = new HashSet<>();
        }
        a.functionNames.add(name);
    }

    static void collect(Analysis a, Script script) {
        ShellWalker.walk(script, n -> {
            if (n instanceof FunctionDefinition f) {
                add(a, f.name());
            }
            return true;
        });
    }
}
