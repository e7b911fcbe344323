package dev.cmdgate.core.rules;

import java.util.List;

/**
 * What a program (or one of its sub-commands) does with its standard input, for a gated shell session whose
 * commands share that input with the shell: a command that may read it can take bytes cmdgate judged as part of
 * the shell's next command. {@code stdin-unread WORD... [unless OPT...]}: it never reads its standard input;
 * {@code stdin-filter WORD... [skip N] [files N] [values-after OPT...] [unless OPT...]}: it reads it only when fewer
 * than {@code files} (1 unless given) file operands are left after N skipped operands (a pattern, a script), or when
 * an operand is {@code -}. With one of the {@code unless} options present it may read it whatever its operands.
 *
 * @param words       the program's name, then the sub-command words ({@code git status})
 * @param filter      true for {@code stdin-filter}
 * @param skip        operands before the file operands ({@code grep PATTERN FILE...}: 1)
 * @param files       how many file operands it needs to leave its input alone ({@code cmp A B}: 2; {@code cmp A}
 *                    compares A with its input)
 * @param valuesAfter options after which the operands are values, not files ({@code jq --args})
 * @param unless      options with which the program may read its standard input ({@code git log --stdin})
 */
public record StdinRow(List<String> words, boolean filter, int skip, int files, List<String> valuesAfter,
        List<String> unless) {

    private static final String SYNTAX = "stdin-filter WORD... [skip N] [files N] [values-after OPT...] [unless OPT...]";

    public StdinRow {
        words = List.copyOf(words);
        valuesAfter = List.copyOf(valuesAfter);
        unless = List.copyOf(unless);
    }

    static StdinRow parse(boolean filter, List<String> rest) {
        int u = rest.indexOf("unless");
        List<String> head = u < 0 ? rest : rest.subList(0, u);
        List<String> unless = u < 0 ? List.of() : rest.subList(u + 1, rest.size());
        int v = head.indexOf("values-after");
        List<String> valuesAfter = v < 0 ? List.of() : head.subList(v + 1, head.size());
        head = v < 0 ? head : head.subList(0, v);
        if (v >= 0 && (!filter || valuesAfter.isEmpty())) {
            throw new IllegalArgumentException("expected: " + SYNTAX);
        }
        int files = number(filter, head, "files", 1);
        head = cut(head, "files");
        int skip = number(filter, head, "skip", 0);
        head = cut(head, "skip");
        if (head.isEmpty() || head.get(0).contains("/") || u >= 0 && unless.isEmpty()) {
            throw new IllegalArgumentException("expected: " + (filter ? SYNTAX
                    : "stdin-unread PROGRAM [SUB...] [unless OPT...]"));
        }
        for (String o : unless) {
            if (!o.startsWith("-")) {
                throw new IllegalArgumentException("stdin rows: '" + o + "' after unless is not an option");
            }
        }
        for (String o : valuesAfter) {
            if (!o.startsWith("-")) {
                throw new IllegalArgumentException("stdin rows: '" + o + "' after values-after is not an option");
            }
        }
        return new StdinRow(head, filter, skip, files, valuesAfter, unless);
    }

    /** The number after {@code key} (which must end the words or come before another such pair), or {@code absent}. */
    private static int number(boolean filter, List<String> head, String key, int absent) {
        int s = head.indexOf(key);
        if (s < 0) {
            return absent;
        }
        if (!filter || s + 1 >= head.size() || !head.get(s + 1).matches("[0-9]+")) {
            throw new IllegalArgumentException("expected: " + SYNTAX);
        }
        return Integer.parseInt(head.get(s + 1));
    }

    private static List<String> cut(List<String> head, String key) {
        int s = head.indexOf(key);
        if (s < 0) {
            return head;
        }
        List<String> out = new java.util.ArrayList<>(head.subList(0, s));
        out.addAll(head.subList(s + 2, head.size()));
        return out;
    }
}
