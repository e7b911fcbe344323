package dev.cmdgate.core.classify;

/**
 * One printf conversion with its flags, width and precision ({@code %-12s}, {@code %.6s}, {@code %5d},
 * {@code %q}, {@code %c}): what it prints for one argument, so that {@code $(printf '/etc/%.6s' shadowXX)} is known
 * to be {@code /etc/shadow}. A conversion whose output this reading cannot give exactly ({@code %x}, {@code %f},
 * a width taken from an argument, {@code %q} of a word with characters the shell quotes, a number that is not
 * plain decimal) is not evaluated.
 */
record PrintfConversion(int end, boolean left, boolean zero, int width, int precision, char conversion) {

    /** Longest width or precision read: a larger one is not evaluated (it would only pad). */
    static final int MAX_WIDTH = 4096;

    /** The conversion whose {@code %} is at {@code at}, or null when it is one this reading does not evaluate. */
    static PrintfConversion at(String format, int at) {
        int i = at + 1;
        boolean left = false;
        boolean zero = false;
        while (i < format.length() && "-+ #0".indexOf(format.charAt(i)) >= 0) {
            if (format.charAt(i) == '-') {
                left = true;
            } else if (format.charAt(i) == '0') {
                zero = true;
            } else {
                return null; // + space #: signs and alternate forms of numbers
            }
            i++;
        }
        int width = 0;
        while (i < format.length() && Character.isDigit(format.charAt(i))) {
            width = width * 10 + (format.charAt(i++) - '0');
            if (width > MAX_WIDTH) {
                return null;
            }
        }
        int precision = -1;
        if (i < format.length() && format.charAt(i) == '.') {
            i++;
            precision = 0;
            while (i < format.length() && Character.isDigit(format.charAt(i))) {
                precision = precision * 10 + (format.charAt(i++) - '0');
                if (precision > MAX_WIDTH) {
                    return null;
                }
            }
        }
        if (i >= format.length()) {
            return null;
        }
        char c = format.charAt(i);
        return "sbqdic".indexOf(c) >= 0 ? new PrintfConversion(i, left, zero, width, precision, c) : null;
    }

    /** Whether this is a plain {@code %s} or {@code %b} (the caller reads those itself). */
    boolean plain() {
        return !left && !zero && width == 0 && precision < 0 && (conversion == 's' || conversion == 'b');
    }

    /** The text printed for {@code arg} ({@code %b}'s already unescaped), or null when not evaluated. */
    String apply(String arg) {
        String body;
        switch (conversion) {
            case 's', 'b' -> body = precision >= 0 && precision < arg.length() ? arg.substring(0, precision) : arg;
            case 'c' -> body = arg.isEmpty() ? "" : arg.substring(0, 1);
            case 'q' -> {
                body = quoted(arg);
                if (body == null) {
                    return null;
                }
            }
            case 'd', 'i' -> {
                String n = arg.strip();
                if (n.isEmpty()) {
                    n = "0";
                }
                int from = n.charAt(0) == '-' ? 1 : 0;
                if (from == n.length() || n.length() > 18 || precision >= 0
                        || !n.substring(from).chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
                    return null;
                }
                body = Long.toString(Long.parseLong(n));
                if (zero && !left && body.length() < width) {
                    boolean neg = body.startsWith("-");
                    String digits = neg ? body.substring(1) : body;
                    return (neg ? "-" : "") + "0".repeat(width - body.length()) + digits;
                }
            }
            default -> {
                return null;
            }
        }
        if (body.length() >= width) {
            return body;
        }
        String pad = " ".repeat(width - body.length());
        return left ? body + pad : pad + body;
    }

    /** {@code %q} of a word bash prints as it is: one with none of the characters it quotes; null otherwise. */
    private static String quoted(String arg) {
        if (arg.isEmpty()) {
            return "''";
        }
        for (int i = 0; i < arg.length(); i++) {
            char c = arg.charAt(i);
            if (!(Character.isLetterOrDigit(c) && c < 128 || "/._-+:,@%".indexOf(c) >= 0)) {
                return null;
            }
        }
        return arg;
    }
}
