package dev.cmdgate.core.classify;

import java.util.List;

/**
 * What {@code cut} prints from known input ({@code prints cut}): {@code -c}/{@code -b} characters or {@code -f}
 * fields at {@code -d}'s delimiter (a tab unless given), with {@code -s}. A list of positions is read as GNU cut
 * reads it ({@code 2}, {@code 2-}, {@code -3}, {@code 1,4-5}); each selected position is printed once, in the
 * line's order. Null for any option or operand not read here ({@code --complement}, a file, a list it refuses),
 * so a word cut out of literals by a means not followed stays one only known at run time.
 */
final class CutFilter {

    private CutFilter() {
    }

    static String apply(List<Arg> words, String input) {
        String list = null;
        boolean fields = false;
        char delimiter = '\t';
        boolean onlyDelimited = false;
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i).text;
            String value;
            char kind;
            if (w.equals("-s") || w.equals("--only-delimited")) {
                onlyDelimited = true;
                continue;
            } else {
                ValuedOption o = ValuedOption.at(words, i, "cbfd", List.of("characters", "bytes", "fields", "delimiter"));
                if (o == null || o.value() == null) {
                    return null; // a file operand, -, --complement, -n, --output-delimiter …: not read
                }
                kind = o.letter();
                value = o.value();
                i = o.last();
            }
            if (kind == 'd') {
                if (value.length() != 1) {
                    return null;
                }
                delimiter = value.charAt(0);
            } else {
                if (list != null) {
                    return null; // cut refuses two lists
                }
                list = value;
                fields = kind == 'f';
            }
        }
        boolean[] selected = list == null ? null : positions(list);
        if (selected == null || !fields && (onlyDelimited || delimiter != '\t' && hasDelimiterOption(words))) {
            return null; // -d and -s only go with -f
        }
        StringBuilder out = new StringBuilder();
        for (String line : Lines.of(input)) {
            if (fields) {
                if (line.indexOf(delimiter) < 0) {
                    if (!onlyDelimited) {
                        out.append(line).append('\n');
                    }
                    continue;
                }
                String[] parts = line.split(java.util.regex.Pattern.quote(String.valueOf(delimiter)), -1);
                StringBuilder l = new StringBuilder();
                boolean any = false;
                for (int k = 0; k < parts.length; k++) {
                    if (selected(selected, k + 1)) {
                        if (any) {
                            l.append(delimiter);
                        }
                        l.append(parts[k]);
                        any = true;
                    }
                }
                out.append(l).append('\n');
            } else {
                for (int k = 0; k < line.length(); k++) {
                    if (selected(selected, k + 1)) {
                        out.append(line.charAt(k));
                    }
                }
                out.append('\n');
            }
        }
        return out.toString();
    }

    private static boolean hasDelimiterOption(List<Arg> words) {
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i).text;
            if (w.startsWith("-d") || w.startsWith("--delimiter")) {
                return true;
            }
        }
        return false;
    }

    /** Position N (from 1) is selected; the last slot of the table stands for every position past it. */
    private static boolean selected(boolean[] table, int n) {
        return n < table.length ? table[n] : table[table.length - 1];
    }

    /** The positions a list selects, up to the largest one written (the last slot: every later one); null if refused. */
    static boolean[] positions(String list) {
        if (list.isEmpty()) {
            return null;
        }
        int max = 1;
        String[] items = list.split("[,\\s]", -1);
        int[][] ranges = new int[items.length][];
        for (int i = 0; i < items.length; i++) {
            String item = items[i];
            int dash = item.indexOf('-');
            int from;
            int to;
            try {
                if (dash < 0) {
                    from = to = Integer.parseInt(item);
                } else {
                    from = dash == 0 ? 1 : Integer.parseInt(item.substring(0, dash));
                    to = dash == item.length() - 1 ? Integer.MAX_VALUE : Integer.parseInt(item.substring(dash + 1));
                    if (dash == 0 && dash == item.length() - 1) {
                        return null; // a lone "-"
                    }
                }
            } catch (NumberFormatException e) {
                return null;
            }
            if (from < 1 || to < from || item.startsWith("+") || item.indexOf('+') >= 0) {
                return null;
            }
            if (from > 4096 || to != Integer.MAX_VALUE && to > 4096) {
                return null;
            }
            ranges[i] = new int[] {from, to};
            max = Math.max(max, to == Integer.MAX_VALUE ? from : to);
        }
        boolean[] table = new boolean[max + 2];
        for (int[] r : ranges) {
            int end = r[1] == Integer.MAX_VALUE ? table.length - 1 : r[1];
            for (int n = r[0]; n <= end; n++) {
                table[n] = true;
            }
        }
        return table;
    }
}
