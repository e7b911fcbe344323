package dev.cmdgate.agent.stdin;

import dev.cmdgate.agent.launch.LaunchGuard;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.classify.ShellState;
import dev.cmdgate.core.decision.CommandText;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;

/**
 * Decides the commands written to one gated shell session like launches of {@code sh -c COMMAND}, each
 * judged after the state the session's earlier allowed commands left in the shell ({@link ShellState}):
 * the audit line shows the command, its findings include those of the state it was judged with.
 * Used under the session stream's lock, one command at a time.
 */
public final class SessionGate implements StdinGate {
    private final LaunchGuard guard;
    private final Launch session;
    private final String origin;
    private final ShellState state;

    /**
     * @param session the shell's launch, as it was decided
     * @param pid     the shell's process id, for the audit context
     * @param rules   the rules its commands are judged with, which say what changes the shell's state
     */
    public SessionGate(LaunchGuard guard, Launch session, long pid, RuleSet rules) {
        this.guard = guard;
        this.session = session;
        this.origin = CommandText.render(session.argv()) + " (pid " + pid + ")";
        this.state = new ShellState(rules);
    }

    private Launch command(String text) {
        return new Launch(List.of("sh", "-c", text), state.judged(text), session.cwd(), session.environmentChanges(),
                List.of(), null, session.declaredClass());
    }

    private Map<String, String> context() {
        if (state.untracked()) {
            return Map.of("stdin_of", origin, "shell_state", "judged as after an unknown script: the session's earlier "
                    + "commands changed its state more than cmdgate keeps track of");
        }
        if (state.pieces() > 0) {
            return Map.of("stdin_of", origin, "shell_state", "judged after the state left by earlier commands ("
                    + state.pieces() + " kept)");
        }
        return Map.of("stdin_of", origin);
    }

    @Override
    public void check(String command) {
        // no process starts: the shell has its environment already
        StdinContext.with(context(), () -> guard.enforce(command(command), null, null, false));
        state.ran(command);   // allowed: the shell is about to run it
    }

    @Override
    public void refuse(String text, String why) {
        throw new SecurityException(guard.refuse(command(text), new Reason("stdin.unjudgeable", why)).blockMessage());
    }
}
