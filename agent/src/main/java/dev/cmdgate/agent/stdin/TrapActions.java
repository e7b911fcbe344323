package dev.cmdgate.agent.stdin;

import java.util.List;

/**
 * What a {@code trap} command does: set an action, or only list, reset or ignore. bash's grammar is
 * {@code trap [-lpP] [[ACTION] SIGNAL…]}: with one operand that operand is a signal to reset, with more the first is
 * the action — {@code -} resets, the empty string ignores, any other text is code the shell runs later.
 */
final class TrapActions {

    private TrapActions() {
    }

    /**
     * The action this {@code trap} sets (as written, or a note that it is only known at run time), or null when it
     * sets none: {@code trap -p}, {@code trap -l}, {@code trap - INT}, {@code trap '' INT}, {@code trap INT}.
     *
     * @param args the words after {@code trap}, null where a word is only known at run time
     */
    static String sets(List<String> args) {
        int at = 0;
        while (at < args.size()) {
            String a = args.get(at);
            if (a == null) {
                return "(a word only known at run time)";
            }
            if (a.equals("--")) {
                at++;
                break;
            }
            if (!a.startsWith("-") || a.equals("-")) {
                break;
            }
            if (!a.substring(1).chars().allMatch(c -> c == 'l' || c == 'p' || c == 'P')) {
                return a;   // an option bash may learn later: not taken for a harmless one
            }
            return null;   // -l, -p, -P only print
        }
        List<String> operands = args.subList(at, args.size());
        if (operands.size() < 2) {
            return null;   // no operand: prints; one: the signal it resets
        }
        String action = operands.get(0);
        if (action == null) {
            return "(an action only known at run time)";
        }
        return action.isEmpty() || action.equals("-") ? null : "'" + action + "'";
    }
}
