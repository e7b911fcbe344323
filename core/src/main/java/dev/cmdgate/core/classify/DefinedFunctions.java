package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.Command;
import dev.cmdgate.core.shell.FunctionDefinition;
import dev.cmdgate.core.shell.Pipeline;
import dev.cmdgate.core.shell.Script;
import dev.cmdgate.core.shell.ShellWalker;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Statement;
import dev.cmdgate.core.shell.Word;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The functions one shell script defines, as bash sees them at each command it runs. A name is a function only
 * where it surely is one: after a definition the script always runs, at its own top level — not one in a branch,
 * an {@code &&} list, a subshell, a background job or another shell's script ({@code sh -c} starts without them),
 * never a name {@code unset -f} removes anywhere. Inside a function body every such name counts, since a body runs
 * when it is called, after the definitions before the call. Anything else is the program of that name: a use
 * before the definition, or {@code env}, {@code xargs} and {@code find -exec} running the name, reach the program.
 * A name the rules describe is never shadowed by a definition at all (the caller checks): its use is judged as the
 * program and its body where it is defined, so a definition can only add to a class, never lower it.
 */
final class DefinedFunctions {

    static final DefinedFunctions NONE = new DefinedFunctions(null, "", Map.of(), Set.of());

    private final Script root;
    /** The text the root script was parsed from: the bodies' offsets are in it. */
    private final String src;
    /** Each name's definitions the root script always runs (a later one may replace an earlier one). */
    private final Map<String, List<FunctionDefinition>> definitions;
    /** Definitions the root script always runs, in any order. */
    private final Set<String> declared;
    private final Set<String> removed;
    /** Those whose definition the walk has passed. */
    private final Set<String> visible = new HashSet<>();
    private int bodies;

    private DefinedFunctions(Script root, String src, Map<String, List<FunctionDefinition>> definitions,
            Set<String> removed) {
        this.root = root;
        this.src = src;
        this.definitions = definitions;
        this.declared = definitions.keySet();
        this.removed = removed;
    }

    static DefinedFunctions of(Script root, String src) {
        Map<String, List<FunctionDefinition>> definitions = new HashMap<>();
        for (Statement st : root.statements()) {
            FunctionDefinition f = alwaysDefined(st);
            if (f != null) {
                definitions.computeIfAbsent(f.name(), k -> new ArrayList<>(1)).add(f);
            }
        }
        Set<String> removed = new HashSet<>();
        ShellWalker.walk(root, n -> {
            if (n instanceof SimpleCommand sc) {
                unsetFunctions(sc, removed);
            }
            return true;
        });
        return definitions.isEmpty() ? NONE : new DefinedFunctions(root, src, definitions, removed);
    }

    /** The definition a top-level statement always runs, or null. */
    private static FunctionDefinition alwaysDefined(Statement st) {
        if (st.background() || st.pipelines().size() != 1) {
            return null;
        }
        Pipeline p = st.pipelines().get(0);
        List<Command> cmds = p.commands();
        return cmds.size() == 1 && cmds.get(0) instanceof FunctionDefinition f ? f : null;
    }

    /** {@code unset -f NAME…} (or any {@code unset} whose words are not all literal): names that stop being functions. */
    private static void unsetFunctions(SimpleCommand sc, Set<String> removed) {
        List<Word> words = sc.words();
        if (words.isEmpty() || !"unset".equals(words.get(0).literalValue())) {
            return;
        }
        for (Word w : words.subList(1, words.size())) {
            String t = w.literalValue();
            if (t == null) {
                removed.add("*");   // a name only known at run time may be any function
            } else if (!t.startsWith("-")) {
                removed.add(t);
            }
        }
    }

    /** Called after the walk has handled a top-level statement of {@code script}. */
    void passed(Script script, Statement st) {
        if (script == root) {
            FunctionDefinition f = alwaysDefined(st);
            if (f != null) {
                visible.add(f.name());
            }
        }
    }

    // NONE is shared by every classification, on any thread: it keeps no count (it declares no function to count for)
    void enterBody() {
        if (this != NONE) {
            bodies++;
        }
    }

    void leaveBody() {
        if (this != NONE) {
            bodies--;
        }
    }

    /** The definitions a call of {@code name} may run (where {@link #calls} says it runs one). */
    List<FunctionDefinition> definitions(String name) {
        List<FunctionDefinition> l = definitions.get(name);
        return l == null ? List.of() : l;
    }

    /** The text the definitions' offsets are in. */
    String source() {
        return src;
    }

    /** Whether a command word {@code name} (no slash) runs a function of this script at this point. */
    boolean calls(String name) {
        if (removed.contains(name) || removed.contains("*")) {
            return false;
        }
        return bodies > 0 ? declared.contains(name) : visible.contains(name);
    }
}
