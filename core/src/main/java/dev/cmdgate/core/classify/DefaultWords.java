package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.ArithmeticExpansion;
import dev.cmdgate.core.shell.CommandSubstitution;
import dev.cmdgate.core.shell.DoubleQuoted;
import dev.cmdgate.core.shell.ParameterExpansion;
import dev.cmdgate.core.shell.PatternChar;
import dev.cmdgate.core.shell.Word;
import dev.cmdgate.core.shell.WordPart;
import java.util.List;

/**
 * A word as it reads when each defaulting expansion in it ({@code ${X:-w}}, {@code ${X:=w}}, {@code ${X:+w}} …)
 * gives its argument word: {@code rm ${X:--rf} ~} may be {@code rm -rf ~}, and is judged that way too.
 */
final class DefaultWords {

    private DefaultWords() {
    }

    /** Operators whose argument word can be the expansion's value: ${x:-w} ${x-w} ${x:=w} ${x=w} ${x:+w} ${x+w}. */
    private static final java.util.Set<String> DEFAULTING = java.util.Set.of(":-", "-", ":=", "=", ":+", "+");

    /**
     * The word's value when every defaulting expansion in it gives its argument word, or null when it has none or
     * some part cannot be written ({@code ${X:--rf}} → {@code -rf}, {@code "${X:-"-delete"}"} → {@code -delete},
     * {@code a${X:+b}} → {@code ab}); another expansion is kept as rendered and sets {@code dynamic[0]}
     * ({@code /proc/$PPID/${x:-environ}} → {@code /proc/$PPID/environ}, a path only known in part).
     */
    static String alternative(List<WordPart> parts, int depth, boolean[] dynamic) {
        if (depth > 8) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        boolean any = false;
        for (WordPart p : parts) {
            // a glob is left to the word as written, which marks where pathname expansion may make options
            String text = p instanceof PatternChar ? null : WordPart.staticText(p);
            if (text != null) {
                b.append(text);
            } else if (p instanceof DoubleQuoted d) {
                String inner = alternative(d.parts(), depth + 1, dynamic);
                if (inner == null) {
                    return null;
                }
                b.append(inner);
                any |= containsDefaulting(d.parts());
            } else if (p instanceof ParameterExpansion pe && pe.operator() != null && DEFAULTING.contains(pe.operator())
                    && pe.arguments().size() == 1 && !pe.length() && !pe.indirect()) {
                Word arg = pe.arguments().get(0);
                String v = arg.literalValue();
                if (v == null) {
                    v = alternative(arg.parts(), depth + 1, dynamic);
                }
                if (v == null) {
                    return null;
                }
                b.append(v);
                any = true;
            } else if (p instanceof ParameterExpansion || p instanceof CommandSubstitution
                    || p instanceof ArithmeticExpansion) {
                // another expansion stays one only known at run time: /proc/$PPID/${x:-environ}
                WordArgs.render(List.of(p), b);
                dynamic[0] = true;
            } else {
                return null;
            }
        }
        return any || depth > 0 ? b.toString() : null;
    }

    private static boolean containsDefaulting(List<WordPart> parts) {
        for (WordPart p : parts) {
            if (p instanceof ParameterExpansion pe && pe.operator() != null && DEFAULTING.contains(pe.operator())) {
                return true;
            }
        }
        return false;
    }
}
