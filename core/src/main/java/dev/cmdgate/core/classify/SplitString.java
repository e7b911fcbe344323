package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * The words of a {@code split} option's value ({@code env -S STRING}), split as GNU env splits it (coreutils
 * {@code env.c}, {@code build_argv}): blanks ({@code ' ' \t \n \v \f \r}) outside quotes separate words;
 * {@code '…'} and {@code "…"} quote (inside single quotes only {@code \\} and {@code \'} are escapes); a backslash
 * outside single quotes escapes {@code " # $ ' \} and writes {@code \f \n \r \t \v}; {@code \_} separates words
 * outside double quotes and is a blank inside them; {@code \c} ends the string; a {@code #} starting a word
 * comments out the rest; <code>${NAME}</code> outside single quotes is the variable's value (one word piece, never
 * split), kept as written and so only known at run time (<code>${HOME}</code> is the home directory).
 *
 * <p>What env refuses (an unknown escape, a quote left open, {@code $} not followed by a braced name, {@code \c}
 * inside double quotes, a backslash ending the string) makes it stop with an error before it runs anything: a
 * literal string it refuses splits into no words at all ({@code null}), and the caller drops what follows it. A
 * string only known at run time is never taken for a refusal: it gives one word only known at run time.
 */
final class SplitString {

    private SplitString() {
    }

    /**
     * The words, each carrying {@code from}'s offsets; null when env refuses the literal string (and runs nothing),
     * one word only known at run time when it would refuse a string that is not literal.
     */
    static List<Arg> split(String value, Arg from) {
        List<Arg> out = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        boolean in = false;      // a word is started (quotes alone start an empty one)
        boolean dynamic = false; // the word holds a variable's value
        boolean sq = false;
        boolean dq = false;
        int n = value.length();
        int k = 0;
        scan:
        while (k < n) {
            char c = value.charAt(k);
            if (c == '\'' && !dq) {
                sq = !sq;
                in = true;
                k++;
                continue;
            }
            if (c == '"' && !sq) {
                dq = !dq;
                in = true;
                k++;
                continue;
            }
            if (!sq && !dq && isBlank(c)) {
                if (in) {
                    out.add(word(b, dynamic, from));
                    in = false;
                    dynamic = false;
                }
                k++;
                continue;
            }
            if (c == '#' && !sq && !dq && !in) {
                break; // a comment to the end of the string
            }
            if (c == '$' && !sq) {
                int close = value.indexOf('}', k);
                if (k + 1 >= n || value.charAt(k + 1) != '{' || close < 0 || !Variables.isName(value.substring(k + 2, close))) {
                    return refused(from);
                }
                b.append(value, k, close + 1);
                dynamic = true;
                in = true;
                k = close + 1;
                continue;
            }
            if (c == '\\' && (!sq || k + 1 < n && (value.charAt(k + 1) == '\\' || value.charAt(k + 1) == '\''))) {
                if (k + 1 >= n) {
                    return refused(from);
                }
                char e = value.charAt(k + 1);
                k += 2;
                switch (e) {
                    case '"', '#', '$', '\'', '\\' -> b.append(e);
                    case '_' -> {
                        if (dq) {
                            b.append(' ');
                        } else {
                            if (in) {
                                out.add(word(b, dynamic, from));
                                in = false;
                                dynamic = false;
                            }
                            continue scan;
                        }
                    }
                    case 'c' -> {
                        if (dq) {
                            return refused(from);
                        }
                        break scan;
                    }
                    case 'f' -> b.append('\f');
                    case 'n' -> b.append('\n');
                    case 'r' -> b.append('\r');
                    case 't' -> b.append('\t');
                    case 'v' -> b.append('\u000b');
                    default -> {
                        return refused(from);
                    }
                }
                in = true;
                continue;
            }
            b.append(c);
            in = true;
            k++;
        }
        if (sq || dq) {
            return refused(from);
        }
        if (in) {
            out.add(word(b, dynamic, from));
        }
        return out;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000b' || c == '\f' || c == '\r';
    }

    private static Arg word(StringBuilder b, boolean dynamic, Arg from) {
        Arg a = new Arg(b.toString(), from.dynamic || dynamic, false, from.start, from.end);
        b.setLength(0);
        return a;
    }

    /** A string env refuses: null (env runs nothing), or a word only known at run time when the string is too. */
    private static List<Arg> refused(Arg from) {
        return from.unresolved() ? List.of(new Arg("$(…)", true, false, from.start, from.end)) : null;
    }
}
