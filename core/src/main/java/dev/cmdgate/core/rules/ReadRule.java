package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@code reads} row: which arguments name files whose contents the command reads. Every read path is
 * checked against the credential stores of {@code [@settings]} ({@code credential-paths},
 * {@code credential-names}); reading one is the first half of exfiltration.
 *
 * @param target     which arguments: OPERANDS, FIRST, LAST, BUT_FIRST (every operand but the first: zip's
 *                   files after the archive), BUT_LAST (every operand but the last: cp's sources), OPT (the
 *                   value of option {@code name}), KEY ({@code name=PATH} operands, dd's {@code if=}), AFTER
 *                   (the argument after one of {@code words}), MENTIONS_OPT / MENTIONS_OPERANDS (every path
 *                   named inside the value or the operands: {@code curl -d @FILE}, {@code -F k=@FILE})
 * @param name       the option's canonical name or the key
 * @param conditions the row applies only when these hold
 * @param words      the marker words of an AFTER row (empty otherwise)
 * @param recursive  the command reads a directory operand's whole tree (tar -c, cp -r, grep -r): a directory
 *                   that holds a credential store counts as reading it
 * @param following  the tree is read through the symbolic links inside it ({@code grep -R}, {@code find -L},
 *                   {@code zip -r}): a link below the directory that leads to a credential store reads it
 */
public record ReadRule(Target target, String name, List<Condition> conditions, List<String> words, boolean recursive,
        boolean following) {

    /** A row whose tree, if any, is read without following the links inside it. */
    public ReadRule(Target target, String name, List<Condition> conditions, List<String> words, boolean recursive) {
        this(target, name, conditions, words, recursive, false);
    }

    /** Which arguments are read. */
    public enum Target { OPERANDS, FIRST, LAST, BUT_FIRST, BUT_LAST, OPT, KEY, AFTER, MENTIONS_OPT, MENTIONS_OPERANDS }

    /**
     * {@code reads operands|first|last|but-first|but-last|opt OPT|key NAME|after WORD...|mentions operands|mentions opt OPT
     * [recursive [following]] [if CONDITION...]} ({@code reads none} is not a rule: the section says it).
     */
    static ReadRule parse(Section s, RuleLine row) {
        List<String> t = row.words;
        if (t.size() < 2) {
            throw new IllegalArgumentException("expected: reads operands|first|last|but-first|but-last|opt OPT|key NAME|after WORD...|mentions … [recursive] [if CONDITION...] (or: reads none)");
        }
        Target target;
        String name = null;
        List<String> words = new ArrayList<>();
        int i = 2;
        switch (t.get(1)) {
            case "operands" -> target = Target.OPERANDS;
            case "first" -> target = Target.FIRST;
            case "last" -> target = Target.LAST;
            case "but-first" -> target = Target.BUT_FIRST;
            case "but-last" -> target = Target.BUT_LAST;
            case "opt" -> {
                target = Target.OPT;
                name = s.optionName(row.need(i++));
            }
            case "key" -> {
                target = Target.KEY;
                name = row.need(i++);
            }
            case "after" -> {
                target = Target.AFTER;
                while (i < t.size() && !t.get(i).equals("recursive") && !t.get(i).equals("if")) {
                    words.add(t.get(i++));
                }
                if (words.isEmpty()) {
                    throw new IllegalArgumentException("expected: reads after WORD... [recursive] [if CONDITION...]");
                }
            }
            case "mentions" -> {
                String what = row.need(i++);
                if (what.equals("operands")) {
                    target = Target.MENTIONS_OPERANDS;
                } else if (what.equals("opt")) {
                    target = Target.MENTIONS_OPT;
                    name = s.optionName(row.need(i++));
                } else {
                    throw new IllegalArgumentException("expected: reads mentions operands|opt OPT …");
                }
            }
            default -> throw new IllegalArgumentException("unknown reads target '" + t.get(1) + "'");
        }
        boolean recursive = false;
        boolean following = false;
        if (i < t.size() && t.get(i).equals("recursive")) {
            recursive = true;
            i++;
            if (i < t.size() && t.get(i).equals("following")) {
                following = true;
                i++;
            }
        }
        List<Condition> conds = List.of();
        if (i < t.size()) {
            if (!t.get(i).equals("if") || i + 1 == t.size()) {
                throw new IllegalArgumentException("expected 'recursive' or 'if CONDITION...' in reads row ('following' may follow 'recursive'), not '" + t.get(i) + "'");
            }
            conds = row.conditions(s, i + 1, t.size());
        }
        return new ReadRule(target, name, conds, List.copyOf(words), recursive, following);
    }
}
