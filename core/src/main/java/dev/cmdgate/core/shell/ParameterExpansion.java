package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code $name}, {@code $1}, {@code $@}, <code>${name}</code>, <code>${#name}</code>,
 * <code>${!name}</code>, <code>${name[sub]}</code>, <code>${name:-word}</code>, <code>${name/pat/rep}</code>,
 * <code>${name:off:len}</code>, <code>${name@Q}</code> …
 *
 * @param name      the parameter name ({@code x}, {@code 1}, {@code @}, {@code ?} …)
 * @param braced    written with braces
 * @param length    <code>${#name}</code>
 * @param indirect  <code>${!name}</code> (indirection or name/key listing)
 * @param subscript the array subscript for <code>${name[sub]}</code> (its substitutions run), else null
 * @param operator  the operator after the name ({@code ":-" "-" ":=" "=" ":?" "?" ":+" "+" "#" "##"
 *                  "%" "%%" "/" "//" "/#" "/%" "^" "^^" "," ",," "~" "~~" "@" ":"} and {@code "*"}/{@code "@"}
 *                  for <code>${!prefix*}</code>), or null
 * @param arguments the operand words of the operator ({@code :-word} → [word]; {@code /pat/rep} →
 *                  [pat, rep]; {@code :off:len} → [off, len]); substitutions in them are exposed
 */
public record ParameterExpansion(int start, int end, String name, boolean braced, boolean length,
        boolean indirect, Word subscript, String operator, List<Word> arguments) implements WordPart {

    public ParameterExpansion {
        arguments = List.copyOf(arguments);
    }

    @Override
    public List<Node> children() {
        List<Node> c = new ArrayList<>(1 + arguments.size());
        if (subscript != null) {
            c.add(subscript);
        }
        c.addAll(arguments);
        return c;
    }
}
