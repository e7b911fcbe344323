package dev.cmdgate.agent.stdin;

import dev.cmdgate.core.rules.RuleSet;
import java.util.ArrayList;
import java.util.List;

/** A gate that lets every command through and records what it was asked; a refusal throws, as the real one does. */
final class RecordingGate implements StdinGate {

    final List<String> checked = new ArrayList<>();
    final List<String> refused = new ArrayList<>();

    /** The commands written, one after another, to a session under the built-in rules; the first refusal throws. */
    static RecordingGate session(boolean interactive, String... commands) {
        RecordingGate gate = new RecordingGate();
        SessionInput input = new SessionInput(gate, RuleSet.builtin(), interactive);
        for (String c : commands) {
            input.check(c);
        }
        return gate;
    }

    @Override
    public void check(String command) {
        checked.add(command);
    }

    @Override
    public void refuse(String text, String why) {
        refused.add(why);
        throw new SecurityException("cmdgate: blocked " + text + ": " + why);
    }
}
