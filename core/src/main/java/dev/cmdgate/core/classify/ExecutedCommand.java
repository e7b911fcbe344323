package dev.cmdgate.core.classify;

import java.util.List;
import java.util.Map;

/**
 * A command another program starts ({@code env deploy}, {@code nohup deploy}, {@code xargs deploy},
 * {@code find . -exec deploy {} +}, {@code timeout 5 deploy}, {@code command deploy}): that program execs a file
 * found on PATH, never a function of the shell around it, so a name the script defines as a function is judged as
 * the program of that name there (an unknown one when the rules do not know it), not as the function.
 */
final class ExecutedCommand {

    private ExecutedCommand() {
    }

    static void judge(Analysis a, List<Arg> words, Map<String, String> assigns, Site site) {
        DefinedFunctions outer = a.functions;
        a.functions = DefinedFunctions.NONE;
        try {
            a.command(words, assigns, site, List.of());
        } finally {
            a.functions = outer;
        }
    }
}
