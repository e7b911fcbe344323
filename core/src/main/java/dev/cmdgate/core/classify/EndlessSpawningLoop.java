package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.ArithForCommand;
import dev.cmdgate.core.shell.Command;
import dev.cmdgate.core.shell.FunctionDefinition;
import dev.cmdgate.core.shell.Pipeline;
import dev.cmdgate.core.shell.Script;
import dev.cmdgate.core.shell.ShellWalker;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Statement;
import dev.cmdgate.core.shell.WhileCommand;
import java.util.Set;

/**
 * A fork bomb written as a loop: a loop whose condition never ends it ({@code while true}, {@code while :},
 * {@code until false}, {@code for ((;;))}) and whose body starts a process in the background each round without
 * anything that paces it ({@code wait}, {@code sleep}, {@code read}) or leaves it ({@code break}, {@code exit},
 * {@code return}): the processes pile up until the machine has no room for another
 * ({@code while :; do yes > /dev/null & done}). A supervisor that waits for its child, or a poller that sleeps, is
 * not one.
 */
final class EndlessSpawningLoop {

    /** Commands that pace a round or may end the loop: with one anywhere in the body the loop is not judged so. */
    private static final Set<String> PACING = Set.of("wait", "sleep", "usleep", "read", "break", "exit", "return",
            "select");

    private EndlessSpawningLoop() {
    }

    static boolean of(Command c) {
        if (c instanceof WhileCommand w) {
            return alwaysRuns(w.condition(), w.until()) && spawnsUnpaced(w.body());
        }
        if (c instanceof ArithForCommand f) {
            // for ((;;)): an empty condition is always true
            String condition = f.condition() == null ? "" : f.condition().literalValue();
            return condition != null && condition.isBlank() && spawnsUnpaced(f.body());
        }
        return false;
    }

    /** The condition is one command that always succeeds ({@code true}, {@code :}), or fails for {@code until}. */
    private static boolean alwaysRuns(Script condition, boolean until) {
        if (condition == null || condition.statements().size() != 1) {
            return false;
        }
        Statement st = condition.statements().get(0);
        if (st.pipelines().size() != 1) {
            return false;
        }
        Pipeline p = st.pipelines().get(0);
        if (p.commands().size() != 1 || !(p.commands().get(0) instanceof SimpleCommand sc)
                || !sc.assignments().isEmpty() || !sc.redirects().isEmpty()) {
            return false;
        }
        String name = sc.commandName();
        if (name == null) {
            return false;
        }
        String base = name.substring(name.lastIndexOf('/') + 1);
        boolean succeeds = base.equals("true") || name.equals(":") || nonEmptyTest(sc);
        boolean fails = base.equals("false") && sc.words().size() == 1;
        if (sc.words().size() != 1 && !succeeds) {
            return false;
        }
        return p.negated() ? (until ? succeeds : fails) : (until ? fails : succeeds);
    }

    /** {@code [ 1 ]}, {@code test x}: a test of one literal word that is not empty always succeeds. */
    private static boolean nonEmptyTest(SimpleCommand sc) {
        int n = sc.words().size();
        String first = sc.words().get(0).literalValue();
        boolean bracket = "[".equals(first) && n == 3 && "]".equals(sc.words().get(2).literalValue());
        boolean test = "test".equals(first) && n == 2;
        if (!bracket && !test) {
            return false;
        }
        String operand = sc.words().get(1).literalValue();
        return operand != null && !operand.isEmpty() && !operand.startsWith("-") && !operand.equals("!");
    }

    /** The body runs a statement in the background and nothing that paces or leaves the loop. */
    private static boolean spawnsUnpaced(Script body) {
        boolean[] spawns = {false};
        boolean[] paced = {false};
        ShellWalker.walk(body, n -> {
            if (n instanceof FunctionDefinition) {
                return false; // defined here, run only where it is called
            }
            if (n instanceof Statement st && st.background()) {
                // what runs in the background paces nothing and leaves nothing (sleep 1 &, (break) &)
                spawns[0] = true;
                return false;
            }
            if (n instanceof SimpleCommand sc && sc.commandName() != null) {
                String name = sc.commandName();
                if (PACING.contains(name.substring(name.lastIndexOf('/') + 1))) {
                    paced[0] = true;
                }
            }
            return !paced[0];
        });
        return spawns[0] && !paced[0];
    }
}
