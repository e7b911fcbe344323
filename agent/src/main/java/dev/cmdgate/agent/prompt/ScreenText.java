package dev.cmdgate.agent.prompt;

import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Text as a prompt screen may show it: every character a terminal would not draw as a visible glyph of
 * its own is replaced by an escape, so what the person approves is what the shell will read.
 * <ul>
 *   <li>C0 and C1 controls and DEL: {@code \x1b};</li>
 *   <li>format characters (Unicode category Cf: zero-width space and joiners, bidi controls, the BOM,
 *       soft hyphen, tag characters), every other default-ignorable code point (variation selectors,
 *       Hangul fillers, the combining grapheme joiner…), spaces other than U+0020 (Zs), line and
 *       paragraph separators (Zl, Zp), private-use, unassigned and lone surrogate code units, and the
 *       blank braille pattern: {@code \u200b}, or {@code \U000e0041} beyond the BMP (the forms of
 *       bash's {@code $'…'});</li>
 *   <li>a combining mark that does not follow a letter or digit (at the start of a word, after a space
 *       or an operator, where it would hide or disguise the character before it), and a fourth mark
 *       in a row (stacked marks draw over neighbouring text);</li>
 *   <li>a backslash that would read as the start of one of these escapes is doubled ({@code \\u}),
 *       and the brackets used for folded runs are escaped, so nothing in the text can imitate either.</li>
 * </ul>
 * Nothing is cut. A run of {@value #FOLD_SPACES} or more spaces is folded to {@code ⟨312 spaces⟩}, and
 * a run of {@value #FOLD_ESCAPES} or more of one escaped character to {@code ⟨40 × \x09⟩}: a command
 * cannot push its tail off the screen, and nothing of it is hidden.
 *
 * <p>On a terminal whose character set cannot show a character (an ASCII terminal and {@code é}), the
 * character is escaped rather than left to become {@code ?}; there, runs are folded as
 * {@code \{312 spaces}} and a backslash before {@code {} is doubled as well.
 */
public final class ScreenText {

    static final int FOLD_SPACES = 8;
    static final int FOLD_ESCAPES = 4;
    private static final int MAX_MARKS = 3;
    private static final char OPEN = '\u27e8';
    private static final char CLOSE = '\u27e9';

    private ScreenText() {
    }

    /** {@code s} as a Unicode screen (a UTF-8 terminal, a web page) may show it. */
    public static String of(String s) {
        return of(s, StandardCharsets.UTF_8);
    }

    /** {@code s} as a terminal using {@code terminal} may show it. */
    static String of(String s, Charset terminal) {
        if (s == null) {
            return "";
        }
        CharsetEncoder encoder = terminal.newEncoder();
        boolean unicode = encoder.canEncode("\u27e8\u27e9\u00d7");
        String open = unicode ? "\u27e8" : "\\{";
        String close = unicode ? "\u27e9" : "}";
        String times = unicode ? " \u00d7 " : " x ";
        String escapable = unicode ? "xuU" : "xuU{";
        StringBuilder out = new StringBuilder(s.length() + 16);
        int marks = 0;        // combining marks shown in a row after the current base character
        boolean base = false; // the last character shown is a letter or a digit (a mark may follow it)
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            int width = Character.charCount(cp);
            if (cp == ' ') {
                int run = run(s, i, ' ');
                if (run >= FOLD_SPACES) {
                    out.append(open).append(run).append(" spaces").append(close);
                } else {
                    out.append(" ".repeat(run));
                }
                i += run;
                base = false;
                marks = 0;
                continue;
            }
            boolean mark = isMark(cp);
            boolean shown = showable(encoder, cp);
            if (mark && base && marks < MAX_MARKS && shown) {
                out.appendCodePoint(cp);
                marks++;
                i += width;
                continue;
            }
            if (mark || !shown) {
                // a run of the same escaped character is folded (not surrogates: the last of a run may be half a pair)
                int run = cp <= 0xffff && !Character.isSurrogate((char) cp) ? run(s, i, (char) cp) : 1;
                if (run >= FOLD_ESCAPES) {
                    out.append(open).append(run).append(times).append(escape(cp)).append(close);
                    i += run;
                } else {
                    out.append(escape(cp));
                    i += width;
                }
                base = false;
                marks = 0;
                continue;
            }
            if (cp == '\\' && i + 1 < s.length() && escapable.indexOf(s.charAt(i + 1)) >= 0) {
                out.append("\\\\");
            } else if (cp == OPEN || cp == CLOSE) {
                out.append(escape(cp));
            } else {
                out.appendCodePoint(cp);
            }
            base = Character.isLetterOrDigit(cp);
            marks = 0;
            i += width;
        }
        return out.toString();
    }

    /** How a run of {@code count} spaces is shown on a terminal using {@code terminal}. */
    static String foldedSpaces(String count, Charset terminal) {
        return terminal.newEncoder().canEncode("\u27e8\u27e9\u00d7") ? "\u27e8" + count + " spaces\u27e9"
                : "\\{" + count + " spaces}";
    }

    private static boolean showable(CharsetEncoder terminal, int cp) {
        return !invisible(cp) && (cp < 0x80 || terminal.canEncode(new String(Character.toChars(cp))));
    }

    /** How many times {@code c} occurs in a row from {@code from}. */
    private static int run(String s, int from, char c) {
        int j = from;
        while (j < s.length() && s.charAt(j) == c) {
            j++;
        }
        return j - from;
    }

    private static boolean isMark(int cp) {
        int t = Character.getType(cp);
        return t == Character.NON_SPACING_MARK || t == Character.ENCLOSING_MARK || t == Character.COMBINING_SPACING_MARK;
    }

    /** True for a code point a terminal draws as nothing, as blank, or as something else. */
    static boolean invisible(int cp) {
        if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) {
            return true;
        }
        switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.PRIVATE_USE, Character.SURROGATE, Character.UNASSIGNED,
                 Character.SPACE_SEPARATOR, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> {
                return true;
            }
            default -> {
                return defaultIgnorable(cp) || cp == 0x2800;
            }
        }
    }

    /**
     * Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties) that are not format
     * characters already: drawn as nothing by conforming renderers.
     */
    private static boolean defaultIgnorable(int cp) {
        return cp == 0x00ad || cp == 0x034f || cp == 0x061c || cp == 0x115f || cp == 0x1160 || cp == 0x17b4 || cp == 0x17b5
                || (cp >= 0x180b && cp <= 0x180f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e)
                || (cp >= 0x2060 && cp <= 0x206f) || cp == 0x3164 || (cp >= 0xfe00 && cp <= 0xfe0f) || cp == 0xfeff
                || cp == 0xffa0 || (cp >= 0xfff0 && cp <= 0xfff8) || (cp >= 0x1bca0 && cp <= 0x1bca3)
                || (cp >= 0x1d173 && cp <= 0x1d17a) || (cp >= 0xe0000 && cp <= 0xe0fff);
    }

    static String escape(int cp) {
        if (cp <= 0x9f) {
            return String.format(Locale.ROOT, "\\x%02x", cp);
        }
        if (cp <= 0xffff) {
            return String.format(Locale.ROOT, "\\u%04x", cp);
        }
        return String.format(Locale.ROOT, "\\U%08x", cp);
    }
}
