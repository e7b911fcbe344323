package dev.cmdgate.agent.hook;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.decision.Decision;
import java.util.ArrayList;
import java.util.List;

/**
 * The reason a host shows the user and hands the model: what cmdgate decided and why — the gate's reason, the
 * findings with the rules rows that made them ({@code builtin.rules:LINE}) — and what to do next. Written for
 * both readers, without wording that looks like a crash or an instruction from the system.
 */
final class ReasonText {

    /** Hosts cap what they pass on (Claude Code at 10,000 characters); a reason stays well below. */
    private static final int MAX = 3_000;
    private static final int MAX_COMMAND = 160;

    private ReasonText() {
    }

    static String of(Decision d, HookAnswer.Kind kind) {
        StringBuilder s = new StringBuilder(400);
        s.append(switch (kind) {
            case ALLOW -> "cmdgate allowed this command: ";
            case ASK -> "cmdgate asks you to approve this command: ";
            default -> "cmdgate refused this command: ";
        });
        List<Reason> reasons = d.reasons();
        for (int i = 0; i < reasons.size() && i < 3; i++) {
            s.append(i == 0 ? "" : "; ").append(reasons.get(i).message());
        }
        s.append('.');
        if (kind != HookAnswer.Kind.ALLOW) {
            // the findings that raised the class, with their rules; the gate's reason already quotes the strongest
            String said = s.toString();
            boolean first = true;
            for (Finding f : strongest(d.classification().findings(), 3)) {
                s.append(first ? " Found: " : "; ");
                first = false;
                s.append('`').append(oneLine(f.command(), MAX_COMMAND)).append('`');
                if (!said.contains(f.reason())) {
                    s.append(" — ").append(f.reason());
                }
                s.append(" (").append(f.commandClass().label());
                if (f.rule() != null) {
                    s.append(", rule ").append(f.rule());
                }
                s.append(')');
            }
            if (!first) {
                s.append('.');
            }
        }
        if (kind == HookAnswer.Kind.DENY) {
            s.append(" Do not retry it in another form; if it is needed, say why and let the user run it or change"
                    + " cmdgate's configuration.");
        }
        s.append(" [cmdgate decision ").append(d.id()).append(']');
        return cut(s.toString(), MAX);
    }

    /** The findings that raised the class, strongest first, at most {@code n}. */
    private static List<Finding> strongest(List<Finding> findings, int n) {
        List<Finding> sorted = new ArrayList<>();
        for (Finding f : findings) {
            if (f.commandClass() == CommandClass.READ) {
                continue;
            }
            int i = 0;
            while (i < sorted.size() && !stronger(f, sorted.get(i))) {
                i++;
            }
            sorted.add(i, f);
        }
        return sorted.size() > n ? sorted.subList(0, n) : sorted;
    }

    private static boolean stronger(Finding a, Finding b) {
        int byClass = a.commandClass().compareTo(b.commandClass());
        return byClass > 0 || (byClass == 0 && a.level().compareTo(b.level()) > 0);
    }

    /** A command on one line, as much of it as fits: its line ends shown as {@code \n}. */
    static String oneLine(String s, int max) {
        StringBuilder b = new StringBuilder(Math.min(s.length(), max) + 8);
        for (int i = 0; i < s.length() && b.length() < max; i++) {
            char c = s.charAt(i);
            if (c == '\n') {
                b.append("\\n");
            } else {
                b.append(c < ' ' || c == '`' ? ' ' : c);
            }
        }
        return cut(b.toString(), max);
    }

    static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
