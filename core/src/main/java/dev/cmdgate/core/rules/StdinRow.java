package dev.cmdgate.core.rules;

import java.util.List;

/**
 * What a program (or one of its sub-commands) does with its standard input, for a gated shell session whose
 * commands share that input with the shell: a command that may read it can take bytes cmdgate judged as part of
 * the shell's next command. {@code stdin-unread WORD... [unless OPT...]}: it never reads its standard input;
 * {@code stdin-filter WORD... [skip N] [unless OPT...]}: it reads it only when no file operand is left after N
 * skipped operands (a pattern, a script), or when an operand is {@code -}. With one of the {@code unless}
 * options present it may read it whatever its operands.
 *
 * @param words  the program's name, then the sub-command words ({@code git status})
 * @param filter true for {@code stdin-filter}
 * @param skip   operands before the file operands ({@code grep PATTERN FILE...}: 1)
 * @param unless options with which the program may read its standard input ({@code git log --stdin})
 */
public record StdinRow(List<String> words, boolean filter, int skip, List<String> unless) {

    public StdinRow {
        words = List.copyOf(words);
        unless = List.copyOf(unless);
    }

    static StdinRow parse(boolean filter, List<String> rest) {
        int u = rest.indexOf("unless");
        List<String> head = u < 0 ? rest : rest.subList(0, u);
        List<String> unless = u < 0 ? List.of() : rest.subList(u + 1, rest.size());
        int skip = 0;
        int s = head.indexOf("skip");
        if (s >= 0) {
            if (!filter || s + 2 != head.size()) {
                throw new IllegalArgumentException("expected: stdin-filter WORD... [skip N] [unless OPT...]");
            }
            skip = Integer.parseInt(head.get(s + 1));
            head = head.subList(0, s);
        }
        if (head.isEmpty() || head.get(0).contains("/") || u >= 0 && unless.isEmpty()) {
            throw new IllegalArgumentException("expected: stdin-" + (filter ? "filter" : "unread")
                    + " PROGRAM [SUB...]" + (filter ? " [skip N]" : "") + " [unless OPT...]");
        }
        for (String o : unless) {
            if (!o.startsWith("-")) {
                throw new IllegalArgumentException("stdin rows: '" + o + "' after unless is not an option");
            }
        }
        return new StdinRow(head, filter, skip, unless);
    }
}
