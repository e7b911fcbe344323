package dev.cmdgate.core.classify;

import java.util.List;

/**
 * What {@code head} and {@code tail} print from known input ({@code prints lines}): the first or last N lines
 * ({@code -n N}, {@code -nN}, {@code --lines=N}, {@code -N}; ten unless given; tail's {@code +N} from line N on)
 * or characters ({@code -c N}). Null for a file operand, a negative count, a size suffix or any other option,
 * so what is cut by a means not followed stays only known at run time.
 */
final class LineFilter {

    private LineFilter() {
    }

    static String apply(List<Arg> words, String input) {
        boolean tail = words.get(0).text.equals("tail");
        if (!tail && !words.get(0).text.equals("head")) {
            return null;
        }
        String count = "10";
        boolean bytes = false;
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i).text;
            ValuedOption o = ValuedOption.at(words, i, "nc", List.of("lines", "bytes"));
            String value;
            boolean c;
            if (o != null) {
                if (o.value() == null) {
                    return null;
                }
                c = o.letter() == 'c';
                value = o.value();
                i = o.last();
            } else if (w.length() > 1 && w.charAt(0) == '-' && w.substring(1).chars().allMatch(Character::isDigit)
                    && i == 1) {
                c = false;
                value = w.substring(1);
            } else {
                return null; // a file, -q, -z, -f …: not read
            }
            count = value;
            bytes = c;
        }
        boolean fromStart = tail && count.startsWith("+");
        String digits = fromStart ? count.substring(1) : count;
        if (digits.isEmpty() || digits.length() > 6 || !digits.chars().allMatch(Character::isDigit)) {
            return null;
        }
        int n = Integer.parseInt(digits);
        if (bytes) {
            if (fromStart) {
                return input.substring(Math.min(input.length(), Math.max(0, n - 1)));
            }
            return tail ? input.substring(Math.max(0, input.length() - n)) : input.substring(0, Math.min(n, input.length()));
        }
        List<String> lines = Lines.of(input);
        List<String> kept;
        if (fromStart) {
            kept = lines.subList(Math.min(lines.size(), Math.max(0, n - 1)), lines.size());
        } else if (tail) {
            kept = lines.subList(Math.max(0, lines.size() - n), lines.size());
        } else {
            kept = lines.subList(0, Math.min(n, lines.size()));
        }
        return Lines.join(kept);
    }
}
