package dev.cmdgate.core.classify;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * printf's numbers as bash reads and prints them: an argument read as C's {@code strtoimax} with base 0 reads it
 * (blanks, a sign, {@code 0x} hexadecimal, a leading {@code 0} octal, decimal) or as the character code after a
 * leading quote ({@code 'A} is 65), and printed as C's printf prints a 64-bit integer ({@code %d %i %u %o %x %X}) or
 * a floating-point number ({@code %f %F %e %E %g %G}) with its flags, width and precision. Anything whose output is
 * not certain is null: an argument bash would complain about, a value out of range, a floating-point result that
 * depends on the bits of a long double (more than 18 significant digits, a rounding at a tie), infinities.
 */
final class PrintfNumbers {

    /** Significant digits a long double surely gets right (it holds about 19). */
    private static final int EXACT_DIGITS = 18;
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
    private static final BigDecimal HALF = new BigDecimal("0.5");
    private static final BigDecimal LONG_DOUBLE_ERROR = new BigDecimal("1.1e-19");

    private PrintfNumbers() {
    }

    /** The argument as a signed 64-bit integer ({@code getintmax}); null when bash would complain. */
    static BigInteger integer(String arg) {
        if (!arg.isEmpty() && (arg.charAt(0) == '\'' || arg.charAt(0) == '"')) {
            return arg.length() < 2 ? BigInteger.ZERO : code(arg.charAt(1));
        }
        int i = 0;
        while (i < arg.length() && isSpace(arg.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < arg.length() && (arg.charAt(i) == '+' || arg.charAt(i) == '-')) {
            negative = arg.charAt(i++) == '-';
        }
        if (i == arg.length()) {
            // nothing at all is 0 (a missing argument); a sign or blanks alone are no number
            return i == 0 ? BigInteger.ZERO : null;
        }
        int radix = 10;
        if (arg.startsWith("0x", i) || arg.startsWith("0X", i)) {
            radix = 16;
            i += 2;
        } else if (arg.charAt(i) == '0' && i + 1 < arg.length()) {
            radix = 8;
            i++;
        }
        String digits = arg.substring(i);
        if (digits.isEmpty() || digits.length() > 24) {
            return null;
        }
        for (int j = 0; j < digits.length(); j++) {
            if (Character.digit(digits.charAt(j), radix) < 0) {
                return null;
            }
        }
        BigInteger v = new BigInteger(digits, radix);
        v = negative ? v.negate() : v;
        return v.bitLength() > 63 ? null : v; // past intmax_t: bash clamps and complains
    }

    private static BigInteger code(char c) {
        return c < 128 ? BigInteger.valueOf(c) : null; // a multibyte character's code depends on the locale
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000b';
    }

    /** The argument as a decimal number ({@code getfloatmax}, plain decimal notation only); null otherwise. */
    static BigDecimal decimal(String arg) {
        if (!arg.isEmpty() && (arg.charAt(0) == '\'' || arg.charAt(0) == '"')) {
            BigInteger c = arg.length() < 2 ? BigInteger.ZERO : code(arg.charAt(1));
            return c == null ? null : new BigDecimal(c);
        }
        String t = arg.stripLeading();
        if (t.isEmpty()) {
            return arg.isEmpty() ? BigDecimal.ZERO : null;
        }
        if (!t.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]{1,4})?") || t.length() > 64) {
            return null; // hexadecimal floats, inf, nan, trailing junk: not read here
        }
        return new BigDecimal(t.startsWith("+") ? t.substring(1) : t);
    }

    /** {@code %d %i %u %o %x %X} of {@code v} with the flags and precision (-1: none); width is applied by the caller. */
    static String integer(BigInteger v, char conversion, String flags, int precision) {
        boolean signed = conversion == 'd' || conversion == 'i';
        BigInteger n = v;
        if (!signed && n.signum() < 0) {
            n = n.add(TWO_64); // the unsigned conversions print the two's complement
        }
        String digits = switch (conversion) {
            case 'o' -> n.toString(8);
            case 'x' -> n.toString(16);
            case 'X' -> n.toString(16).toUpperCase(java.util.Locale.ROOT);
            default -> n.abs().toString();
        };
        if (precision == 0 && n.signum() == 0) {
            digits = ""; // %.0d of 0 prints no digit
        }
        if (precision > digits.length()) {
            digits = "0".repeat(precision - digits.length()) + digits;
        }
        String prefix = "";
        if (signed) {
            prefix = n.signum() < 0 ? "-" : flags.indexOf('+') >= 0 ? "+" : flags.indexOf(' ') >= 0 ? " " : "";
        } else if (flags.indexOf('#') >= 0) {
            if (conversion == 'o' && !digits.startsWith("0")) {
                digits = "0" + digits;
            } else if ((conversion == 'x' || conversion == 'X') && n.signum() != 0) {
                prefix = conversion == 'x' ? "0x" : "0X";
            }
        }
        return prefix + '\u0000' + digits; // the NUL marks where zero padding goes
    }

    /** {@code %f %F %e %E %g %G} of {@code v} (width applied by the caller, zero padding at the NUL); null if unsure. */
    static String floating(BigDecimal v, char conversion, String flags, int precision) {
        int p = precision < 0 ? 6 : precision;
        boolean alternate = flags.indexOf('#') >= 0;
        String sign = v.signum() < 0 ? "-" : flags.indexOf('+') >= 0 ? "+" : flags.indexOf(' ') >= 0 ? " " : "";
        BigDecimal a = v.abs();
        String body;
        switch (Character.toLowerCase(conversion)) {
            case 'f' -> body = fixed(a, p, alternate);
            case 'e' -> body = scientific(a, p, alternate, conversion == 'E');
            case 'g' -> {
                int P = p == 0 ? 1 : p;
                BigDecimal r = round(a, P);
                if (r == null) {
                    return null;
                }
                int x = r.signum() == 0 ? 0 : r.precision() - r.scale() - 1;
                if (P > x && x >= -4) {
                    body = fixed(a, P - 1 - x, alternate);
                } else {
                    body = scientific(a, P - 1, alternate, conversion == 'G');
                }
                if (body != null && !alternate) {
                    body = stripZeros(body);
                }
            }
            default -> {
                return null;
            }
        }
        return body == null ? null : sign + '\u0000' + body;
    }

    /** {@code a} rounded to {@code digits} significant digits, or null at a tie a long double may round either way. */
    private static BigDecimal round(BigDecimal a, int digits) {
        if (a.signum() == 0) {
            return a;
        }
        int scale = digits - (a.precision() - a.scale());
        return roundScale(a, scale);
    }

    /** {@code a} rounded to {@code scale} decimals; null when the result is not certain for a long double. */
    private static BigDecimal roundScale(BigDecimal a, int scale) {
        BigDecimal r = a.setScale(scale, RoundingMode.HALF_EVEN);
        if (r.precision() > EXACT_DIGITS && r.signum() != 0) {
            return null; // digits past what a long double holds are its binary value's, not the argument's
        }
        if (exactInBinary(a)) {
            return r; // a long double holds it exactly: C rounds a tie to even, as above
        }
        BigDecimal units = a.movePointRight(scale);
        BigDecimal dropped = units.subtract(units.setScale(0, RoundingMode.DOWN));
        // a long double differs from the decimal by less than 2^-63 of it: near a tie, its bits decide
        BigDecimal error = units.multiply(LONG_DOUBLE_ERROR).add(BigDecimal.ONE.movePointLeft(40));
        if (dropped.signum() != 0 && dropped.subtract(HALF).abs().compareTo(error) <= 0) {
            return null;
        }
        return r;
    }

    /** Whether a long double (64 bits of mantissa) holds the decimal exactly: a binary fraction that fits. */
    private static boolean exactInBinary(BigDecimal a) {
        BigInteger u = a.unscaledValue().abs();
        int s = a.scale();
        BigInteger m;
        if (s <= 0) {
            if (s < -40) {
                return false;
            }
            m = u.multiply(BigInteger.TEN.pow(-s));
        } else {
            BigInteger[] qr = u.divideAndRemainder(BigInteger.valueOf(5).pow(s));
            if (qr[1].signum() != 0) {
                return false; // a 5 left in the denominator: no binary fraction
            }
            m = qr[0];
        }
        return m.signum() == 0 || m.shiftRight(m.getLowestSetBit()).bitLength() <= 64;
    }

    private static String fixed(BigDecimal a, int p, boolean alternate) {
        if (p > 64) {
            return null;
        }
        BigDecimal r = roundScale(a, p);
        if (r == null) {
            return null;
        }
        String s = r.toPlainString();
        return p == 0 && alternate ? s + "." : s;
    }

    private static String scientific(BigDecimal a, int p, boolean alternate, boolean upper) {
        if (p > 64) {
            return null;
        }
        BigDecimal r = round(a, p + 1);
        if (r == null) {
            return null;
        }
        int x = r.signum() == 0 ? 0 : r.precision() - r.scale() - 1;
        BigDecimal m = r.movePointLeft(x).setScale(p, RoundingMode.UNNECESSARY);
        String mant = m.toPlainString();
        if (p == 0 && alternate) {
            mant += ".";
        }
        String exp = Integer.toString(Math.abs(x));
        return mant + (upper ? "E" : "e") + (x < 0 ? "-" : "+") + (exp.length() < 2 ? "0" + exp : exp);
    }

    /** %g's output without the trailing zeros of its fraction (and a point left alone). */
    private static String stripZeros(String s) {
        int e = Math.max(s.indexOf('e'), s.indexOf('E'));
        String mant = e < 0 ? s : s.substring(0, e);
        String exp = e < 0 ? "" : s.substring(e);
        if (mant.indexOf('.') >= 0) {
            int end = mant.length();
            while (end > 0 && mant.charAt(end - 1) == '0') {
                end--;
            }
            if (end > 0 && mant.charAt(end - 1) == '.') {
                end--;
            }
            mant = mant.substring(0, end);
        }
        return mant + exp;
    }
}
