package dev.cmdgate.core.classify;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * One printf conversion with its flags, width and precision ({@code %-12s}, {@code %.6s}, {@code %05x},
 * {@code %+.2f}, {@code %*s}, {@code %q}): what it prints for one argument, as bash's printf prints it, so that
 * {@code $(printf '/etc/%.6s' shadowXX)} is known to be {@code /etc/shadow}. Numbers are read and printed by
 * {@link PrintfNumbers}; {@code %q} quotes as bash does (backslashes before the characters the shell treats
 * specially, {@code $'…'} for a word with control characters). A {@code *} width or precision is taken from the
 * argument before ({@link #withStars}). A conversion whose output is not certain ({@code %a}, {@code %(…)T},
 * {@code %Q}, a character outside ASCII where the locale decides, a number bash would complain about) is not
 * evaluated.
 */
record PrintfConversion(int end, String flags, int width, boolean widthStar, int precision, boolean precisionStar,
        char conversion) {

    /** Longest width or precision read: a larger one is not evaluated (it would only pad). */
    static final int MAX_WIDTH = 4096;

    /** The conversion whose {@code %} is at {@code at}, or null when it is one this reading does not evaluate. */
    static PrintfConversion at(String format, int at) {
        int i = at + 1;
        StringBuilder flags = new StringBuilder();
        while (i < format.length() && "-+ #0".indexOf(format.charAt(i)) >= 0) {
            flags.append(format.charAt(i++));
        }
        int width = 0;
        boolean widthStar = false;
        if (i < format.length() && format.charAt(i) == '*') {
            widthStar = true;
            i++;
        }
        while (!widthStar && i < format.length() && Character.isDigit(format.charAt(i))) {
            width = width * 10 + (format.charAt(i++) - '0');
            if (width > MAX_WIDTH) {
                return null;
            }
        }
        int precision = -1;
        boolean precisionStar = false;
        if (i < format.length() && format.charAt(i) == '.') {
            i++;
            precision = 0;
            if (i < format.length() && format.charAt(i) == '*') {
                precisionStar = true;
                i++;
            }
            while (!precisionStar && i < format.length() && Character.isDigit(format.charAt(i))) {
                precision = precision * 10 + (format.charAt(i++) - '0');
                if (precision > MAX_WIDTH) {
                    return null;
                }
            }
        }
        while (i < format.length() && "hjlLtz".indexOf(format.charAt(i)) >= 0) {
            i++; // length modifiers: bash reads every number as the widest type
        }
        if (i >= format.length()) {
            return null;
        }
        char c = format.charAt(i);
        return "sbqcdiuoxXfFeEgG".indexOf(c) >= 0
                ? new PrintfConversion(i, flags.toString(), width, widthStar, precision, precisionStar, c) : null;
    }

    /** Whether this is a plain {@code %s} or {@code %b} (the caller reads those itself). */
    boolean plain() {
        return flags.isEmpty() && width == 0 && !widthStar && precision < 0 && !precisionStar
                && (conversion == 's' || conversion == 'b');
    }

    /**
     * The same conversion with its {@code *} width and precision taken from these arguments (null where there is no
     * star), as bash reads them: a negative width is a left-adjusted one, a negative precision none. Null when an
     * argument is not a number bash reads without complaint.
     */
    PrintfConversion withStars(String widthArg, String precisionArg) {
        int w = width;
        String f = flags;
        int p = precision;
        if (widthStar) {
            BigInteger n = widthArg == null ? null : PrintfNumbers.integer(widthArg);
            if (n == null || n.abs().compareTo(BigInteger.valueOf(MAX_WIDTH)) > 0) {
                return null;
            }
            w = n.abs().intValue();
            if (n.signum() < 0) {
                f = f + "-";
            }
        }
        if (precisionStar) {
            BigInteger n = precisionArg == null ? null : PrintfNumbers.integer(precisionArg);
            if (n == null || n.compareTo(BigInteger.valueOf(MAX_WIDTH)) > 0) {
                return null;
            }
            p = n.signum() < 0 ? -1 : n.intValue();
        }
        return new PrintfConversion(end, f, w, false, p, false, conversion);
    }

    /** The text printed for {@code arg} ({@code %b}'s already unescaped), or null when not evaluated. */
    String apply(String arg) {
        if (widthStar || precisionStar) {
            return null; // the caller takes the stars' arguments first (withStars)
        }
        boolean left = flags.indexOf('-') >= 0;
        boolean zero = flags.indexOf('0') >= 0 && !left;
        String body;
        switch (conversion) {
            case 's', 'b' -> body = precision >= 0 && precision < arg.length() ? arg.substring(0, precision) : arg;
            case 'c' -> body = arg.isEmpty() ? "" : arg.substring(0, 1);
            case 'q' -> {
                body = quoted(arg);
                if (body == null) {
                    return null;
                }
                body = precision >= 0 && precision < body.length() ? body.substring(0, precision) : body;
            }
            case 'd', 'i', 'u', 'o', 'x', 'X' -> {
                BigInteger n = PrintfNumbers.integer(arg);
                if (n == null) {
                    return null;
                }
                body = PrintfNumbers.integer(n, conversion, flags, precision);
                zero &= precision < 0; // a precision turns the 0 flag off for integers
            }
            default -> {
                BigDecimal n = PrintfNumbers.decimal(arg);
                body = n == null ? null : PrintfNumbers.floating(n, conversion, flags, precision);
                if (body == null) {
                    return null;
                }
            }
        }
        int mark = body.indexOf('\u0000');
        if (mark >= 0 && "sbqc".indexOf(conversion) < 0) {
            // a number: its sign or prefix, then the digits, zero padding between them
            String digits = body.substring(mark + 1);
            String prefix = body.substring(0, mark);
            int len = prefix.length() + digits.length();
            if (zero && len < width) {
                return prefix + "0".repeat(width - len) + digits;
            }
            body = prefix + digits;
        }
        if (body.length() >= width) {
            return body;
        }
        String pad = " ".repeat(width - body.length());
        return left ? body + pad : pad + body;
    }

    /**
     * {@code %q} as bash 5 prints it: {@code ''} for an empty word, {@code $'…'} with escapes for one holding a
     * control character, else the word with a backslash before each character the shell treats specially (a
     * {@code #} first, a {@code ~} first or after {@code :} or {@code =}); null for a character outside ASCII.
     */
    static String quoted(String arg) {
        if (arg.isEmpty()) {
            return "''";
        }
        boolean control = false;
        for (int i = 0; i < arg.length(); i++) {
            char c = arg.charAt(i);
            if (c >= 128) {
                return null;
            }
            control |= c < 0x20 || c == 0x7f;
        }
        StringBuilder b = new StringBuilder(arg.length() + 8);
        if (control) {
            b.append("$'");
            for (int i = 0; i < arg.length(); i++) {
                char c = arg.charAt(i);
                String e = switch (c) {
                    case 0x1b -> "\\E";
                    case 0x07 -> "\\a";
                    case 0x0b -> "\\v";
                    case '\b' -> "\\b";
                    case '\f' -> "\\f";
                    case '\n' -> "\\n";
                    case '\r' -> "\\r";
                    case '\t' -> "\\t";
                    case '\\' -> "\\\\";
                    case '\'' -> "\\'";
                    default -> c < 0x20 || c == 0x7f
                            ? "\\" + ((c >> 6) & 7) + ((c >> 3) & 7) + (c & 7) : String.valueOf(c);
                };
                b.append(e);
            }
            return b.append('\'').toString();
        }
        for (int i = 0; i < arg.length(); i++) {
            char c = arg.charAt(i);
            char before = i == 0 ? '\0' : arg.charAt(i - 1);
            if (SPECIAL.indexOf(c) >= 0 || c == '#' && i == 0
                    || c == '~' && (i == 0 || before == ':' || before == '=')) {
                b.append('\\');
            }
            b.append(c);
        }
        return b.toString();
    }

    /** The characters bash's {@code %q} puts a backslash before anywhere in a word. */
    private static final String SPECIAL = "\t\n !\"$&'()*,;<>?[\\]^`{|}";
}
