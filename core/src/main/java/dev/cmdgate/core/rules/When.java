package dev.cmdgate.core.rules;

import java.util.List;

/** A {@code when} row: when all conditions hold, the command is raised to the verdict. */
public record When(List<Condition> conditions, Rating verdict, String text) {

    /** {@code when CONDITION... -> CLASS LEVEL "reason"}; {@code text} is the conditions as written. */
    static When parse(Section s, RuleLine row) {
        List<String> t = row.words;
        int arrow = t.indexOf("->");
        if (arrow < 2) {
            throw new IllegalArgumentException("expected: when CONDITION... -> CLASS LEVEL \"reason\"");
        }
        List<Condition> conds = row.conditions(s, 1, arrow);
        String text = String.join(" ", t.subList(1, arrow));
        return new When(conds, row.verdictAfter(arrow), text);
    }
}
