package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.ParameterExpansion;
import dev.cmdgate.core.shell.ShellWalker;
import dev.cmdgate.core.shell.Substitution;
import dev.cmdgate.core.shell.Word;

/**
 * Reading a nameref ({@code declare -n r=$x; echo $r}) expands the variable its value names, and bash evaluates the
 * subscript in that name ({@code a[$(cmd)]}) as arithmetic, which runs its command substitutions: a nameref whose
 * target is only known at run time is read like {@code ${!x}}, as unverifiable arithmetic. Assigning through one is
 * judged where variables are set.
 */
final class NamerefReads {

    private NamerefReads() {
    }

    /** Raises for each expansion in the word (outside its command substitutions, judged on their own) of such a nameref. */
    static void judge(Analysis a, Word w, Site site) {
        ShellWalker.walk(w, n -> {
            if (n instanceof Substitution) {
                return false;
            }
            if (n instanceof ParameterExpansion pe && Variables.isName(pe.name()) && a.env.resolve(pe.name()) == null) {
                a.raise(site, a.setting("dynamic-arithmetic"), "reads " + pe.name() + ", a reference (declare -n) to a "
                        + "variable whose name is only known at run time: bash evaluates a subscript in that name");
            }
            return true;
        });
    }
}
