package dev.cmdgate.core.json;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * RFC 8785 JSON Canonicalization Scheme (JCS).
 * <ul>
 *   <li>Object members sorted by their names compared as arrays of UTF-16 code units
 *       ({@link String#compareTo} is exactly that), no whitespace anywhere.</li>
 *   <li>Strings: {@code "} and {@code \} escaped with a backslash; U+0008, U+0009, U+000A, U+000C,
 *       U+000D as {@code \b \t \n \f \r}; every other control character below U+0020 as
 *       {@code \}{@code u00xx} with lower-case hex; everything else (including U+007F, U+2028,
 *       non-ASCII) as itself. Lone surrogates are not I-JSON and are rejected.</li>
 *   <li>Numbers: the value as an IEEE 754 double, written the way ECMAScript's
 *       {@code Number.prototype.toString} writes it (shortest round-trip digits; plain notation for
 *       exponents -7 &lt; e &lt; 21, else {@code 1e+21}-style); {@code -0} is {@code 0}; NaN and
 *       infinities are rejected.</li>
 * </ul>
 * Accepts the values {@link JsonParser} produces plus any {@link Number}, {@link CharSequence},
 * {@link Collection} or {@code Object[]}. Anything else, a non-string key, NaN/Infinity or a lone
 * surrogate throws {@link IllegalArgumentException}.
 */
public final class Jcs {

    private Jcs() {
    }

    /** The canonical form as a string. */
    public static String canonicalize(Object value) {
        StringBuilder out = new StringBuilder(256);
        write(value, out, 0);
        return out.toString();
    }

    /** The canonical form as UTF-8 bytes: the input to hashes and signatures. */
    public static byte[] canonicalBytes(Object value) {
        return canonicalize(value).getBytes(StandardCharsets.UTF_8);
    }

    private static void write(Object value, StringBuilder out, int depth) {
        if (depth > 1000) {
            throw new IllegalArgumentException("JSON value nested too deeply to canonicalise");
        }
        if (value == null) {
            out.append("null");
        } else if (value instanceof Boolean b) {
            out.append(b.booleanValue());
        } else if (value instanceof CharSequence s) {
            quote(s.toString(), out);
        } else if (value instanceof Number n) {
            out.append(number(toDouble(n)));
        } else if (value instanceof Map<?, ?> map) {
            List<Map.Entry<String, Object>> entries = new ArrayList<>(map.size());
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!(e.getKey() instanceof CharSequence)) {
                    throw new IllegalArgumentException("JSON object member names must be strings, found "
                            + (e.getKey() == null ? "null" : e.getKey().getClass().getName()));
                }
                entries.add(new java.util.AbstractMap.SimpleImmutableEntry<>(e.getKey().toString(), e.getValue()));
            }
            entries.sort(Map.Entry.comparingByKey());
            for (int i = 1; i < entries.size(); i++) {
                if (entries.get(i).getKey().equals(entries.get(i - 1).getKey())) {
                    throw new IllegalArgumentException("duplicate member name \"" + entries.get(i).getKey() + "\"");
                }
            }
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> e : entries) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                quote(e.getKey(), out);
                out.append(':');
                write(e.getValue(), out, depth + 1);
            }
            out.append('}');
        } else if (value instanceof Collection<?> list) {
            out.append('[');
            boolean first = true;
            for (Object o : list) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                write(o, out, depth + 1);
            }
            out.append(']');
        } else if (value instanceof Object[] array) {
            write(java.util.Arrays.asList(array), out, depth);
        } else {
            throw new IllegalArgumentException("cannot canonicalise " + value.getClass().getName() + " as JSON");
        }
    }

    private static double toDouble(Number n) {
        if (n instanceof BigDecimal bd) {
            return bd.doubleValue(); // correctly rounded
        }
        if (n instanceof java.math.BigInteger bi) {
            return new BigDecimal(bi).doubleValue();
        }
        if (n instanceof Double || n instanceof Float) {
            return n.doubleValue();
        }
        if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
            return (double) n.longValue(); // round to nearest
        }
        return new BigDecimal(n.toString()).doubleValue();
    }

    /** Appends s as a JCS string literal. */
    public static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
                    } else if (Character.isHighSurrogate(c)) {
                        if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                            throw new IllegalArgumentException("lone surrogate U+" + Integer.toHexString(c).toUpperCase()
                                    + " in a string (not I-JSON)");
                        }
                        out.append(c).append(s.charAt(++i));
                    } else if (Character.isLowSurrogate(c)) {
                        throw new IllegalArgumentException("lone surrogate U+" + Integer.toHexString(c).toUpperCase()
                                + " in a string (not I-JSON)");
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /**
     * ECMAScript {@code Number.prototype.toString(10)} of a finite double (ECMA-262 Number::toString).
     *
     * @throws IllegalArgumentException for NaN and infinities, which JSON cannot represent
     */
    public static String number(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new IllegalArgumentException("JSON has no representation for " + d);
        }
        if (d == 0) {
            return "0"; // also -0
        }
        if (d < 0) {
            return "-" + number(-d);
        }
        // Shortest decimal digits s (k digits) and exponent n with d == s × 10^(n−k) after rounding.
        BigDecimal exact = new BigDecimal(d);
        String digits = null;
        int n = 0;
        for (int p = 1; p <= 17 && digits == null; p++) {
            BigDecimal best = null;
            BigDecimal bestDistance = null;
            for (RoundingMode mode : new RoundingMode[] {RoundingMode.FLOOR, RoundingMode.CEILING}) {
                BigDecimal candidate = exact.round(new java.math.MathContext(p, mode));
                if (candidate.doubleValue() != d) {
                    continue;
                }
                BigDecimal distance = candidate.subtract(exact).abs();
                int cmp = bestDistance == null ? -1 : distance.compareTo(bestDistance);
                if (cmp < 0 || (cmp == 0 && isEvenLastDigit(candidate))) {
                    best = candidate;
                    bestDistance = distance;
                }
            }
            if (best != null) {
                BigDecimal stripped = best.stripTrailingZeros();
                digits = stripped.unscaledValue().toString();
                // value = unscaled × 10^(−scale) = digits × 10^(n−k)  ⇒  n = k − scale
                n = digits.length() - stripped.scale();
            }
        }
        if (digits == null) {
            throw new IllegalStateException("no round-trip representation for " + d); // cannot happen
        }
        int k = digits.length();
        StringBuilder sb = new StringBuilder(24);
        if (k <= n && n <= 21) {
            sb.append(digits);
            for (int i = 0; i < n - k; i++) {
                sb.append('0');
            }
        } else if (0 < n && n <= 21) {
            sb.append(digits, 0, n).append('.').append(digits, n, k);
        } else if (-6 < n && n <= 0) {
            sb.append("0.");
            for (int i = 0; i < -n; i++) {
                sb.append('0');
            }
            sb.append(digits);
        } else {
            int e = n - 1;
            sb.append(digits.charAt(0));
            if (k > 1) {
                sb.append('.').append(digits, 1, k);
            }
            sb.append('e').append(e < 0 ? '-' : '+').append(Math.abs(e));
        }
        return sb.toString();
    }

    private static boolean isEvenLastDigit(BigDecimal v) {
        String u = v.unscaledValue().toString();
        return (u.charAt(u.length() - 1) - '0') % 2 == 0;
    }
}
