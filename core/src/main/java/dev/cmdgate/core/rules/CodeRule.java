package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@code code} row: where a command finds code or a command line to run, and how that text is
 * read. The reading ({@code language}) is one of
 * <ul>
 * <li>{@code sh}: a shell line, parsed and classified like any script;</li>
 * <li>{@code argv}: words (split at blanks with quotes, or at {@code sep}) run as one command,
 *     without a shell;</li>
 * <li>{@code program}: the name of a program, run with {@code args} (and the command's operands
 *     with {@code withOperands});</li>
 * <li>{@code file}: the path of a file whose content is code cmdgate cannot see;</li>
 * <li>{@code sed}, {@code awk}: analysed for facts; a language with a {@code [@lang NAME]} section:
 *     analysed with that section's tables; any other name: code cmdgate cannot see into.</li>
 * </ul>
 *
 * @param language the reading
 * @param source   where the text is
 * @param name     the option (OPT, FLAG) whose value or presence marks the code
 * @param index    operand index (OPERAND, {@link #EVERY} for every operand) or first operand (OPERANDS)
 * @param after    markers: with {@code keys}, or for operands, the text must start with one and the
 *                 code is what follows it; for OPT values without keys, the code is the text after
 *                 the first occurrence of one (case-insensitive); empty means the whole text
 * @param until    OPERANDS only: words that end the code
 * @param unless   the row does not apply when one of these options is present
 * @param keys     globs of configuration keys (case-insensitive): an OPT value is {@code KEY=VALUE}
 *                 or {@code KEY VALUE}, an OPERAND's key is the operand before it, a VALUES operand
 *                 is {@code KEY=VALUE}; the row applies only when the key matches, and the code is VALUE
 * @param args     {@code program}: fixed arguments the program is run with
 * @param sep      {@code argv}: the character that separates the words (gcc -wrapper's comma), or null
 * @param withOperands {@code program}: the command's operands are the program's arguments
 * @param moreArgs the command runs the code with arguments of its own, known only at run time (git runs
 *                 {@code diff.external} as {@code VALUE PATH …}): a wrapper value ({@code env}) runs one of them
 * @param verdict  raised whenever the row finds code ({@code -> verdict}): the place is an escape to a shell
 *                 whatever the command ({@code gdb -ex '!CMD'}); null for none
 * @param interpreterOnly with {@code verdict}: raised only when the command the text runs is a shell or an
 *                 interpreter ({@code interpreter}: a pager, compressor or helper slot given {@code sh -c …})
 * @param loads    OPT only: the value names a module the interpreter loads before its program ({@code perl -M},
 *                 {@code ruby -r}); the code read is this statement of the language with {@code {}} replaced by
 *                 the value, and it is not the program: the code or script file the command runs is still found
 *                 and read. Null for an ordinary row
 */
public record CodeRule(String language, Source source, String name, int index, List<String> after,
        List<String> until, List<String> unless, List<String> keys, List<String> args, String sep,
        boolean withOperands, boolean moreArgs, Rating verdict, boolean interpreterOnly, String loads) {

    /** OPERAND index meaning every operand. */
    public static final int EVERY = -1;

    /** Where the code is found. */
    public enum Source { OPT, FLAG, OPERAND, OPERANDS, VALUES, INPUT }

    /**
     * {@code code READING opt|flag OPT …}, {@code code READING operand N|* …}, {@code code READING operands …},
     * {@code code READING values …}, {@code code READING input …}, each optionally ending {@code [interpreter] -> verdict} (docs/rules-format.md).
     */
    static CodeRule parse(Section s, RuleLine row) {
        List<String> t = row.words;
        int arrow = t.indexOf("->");
        Rating verdict = null;
        if (arrow >= 0) {
            verdict = row.verdictAfter(row.arrow(4));
            t = t.subList(0, arrow);
        }
        boolean interpreterOnly = false;
        if (t.size() > 3 && t.get(t.size() - 1).equals("interpreter")) {
            if (verdict == null) {
                throw new IllegalArgumentException("interpreter needs a verdict: code … interpreter -> CLASS LEVEL \"reason\"");
            }
            interpreterOnly = true;
            t = t.subList(0, t.size() - 1);
        }
        if (t.size() < 3) {
            throw new IllegalArgumentException("expected: code LANG opt|flag|operand|operands|values|input …");
        }
        String lang = t.get(1);
        String form = t.get(2);
        List<String> after = new ArrayList<>();
        List<String> until = new ArrayList<>();
        List<String> unless = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        List<String> args = new ArrayList<>();
        String sep = null;
        boolean withOperands = false;
        boolean moreArgs = false;
        String loads = null;
        String name = null;
        int index = 0;
        int i = 3;
        Source src;
        switch (form) {
            case "opt" -> {
                src = Source.OPT;
                name = s.optionName(row.need(i++));
            }
            case "flag" -> {
                src = Source.FLAG;
                name = s.optionName(row.need(i++));
            }
            case "operand" -> {
                src = Source.OPERAND;
                String n = row.need(i++);
                index = n.equals("*") ? EVERY : Integer.parseInt(n) - 1;
                if (index < 0 && index != EVERY) {
                    throw new IllegalArgumentException("operand numbers start at 1");
                }
            }
            case "operands" -> src = Source.OPERANDS;
            case "values" -> src = Source.VALUES;
            // the program's input (a literal here-document): its own command language, escapes found by markers
            case "input" -> src = Source.INPUT;
            default -> throw new IllegalArgumentException("unknown code form '" + form + "'");
        }
        List<String> target = null;
        for (; i < t.size(); i++) {
            switch (t.get(i)) {
                case "after" -> target = after;
                case "until" -> target = until;
                case "unless" -> target = unless;
                case "key" -> target = keys;
                case "args" -> target = args;
                case "from" -> index = Integer.parseInt(row.need(++i)) - 1;
                case "sep" -> {
                    sep = row.need(++i);
                    if (sep.length() != 1) {
                        throw new IllegalArgumentException("sep takes one character");
                    }
                }
                case "with-operands" -> withOperands = true;
                case "more-args" -> moreArgs = true;
                case "loads" -> {
                    loads = row.need(++i);
                    if (!loads.contains("{}")) {
                        throw new IllegalArgumentException("loads takes a statement holding {} (the module's name)");
                    }
                }
                default -> {
                    if (target == null) {
                        throw new IllegalArgumentException("unexpected '" + t.get(i) + "' in code row");
                    }
                    target.add(target == unless ? s.optionName(t.get(i)) : t.get(i));
                }
            }
        }
        if (src == Source.OPERAND && !keys.isEmpty() && index < 1) {
            throw new IllegalArgumentException("with key, the operand is the value of the operand before it: number 2 or more");
        }
        if ((!args.isEmpty() || withOperands) && !lang.equals("program")) {
            throw new IllegalArgumentException("args and with-operands belong to the program reading");
        }
        if (moreArgs && !lang.equals("sh") && !lang.equals("argv") && !lang.equals("program")) {
            throw new IllegalArgumentException("more-args belongs to the sh, argv and program readings");
        }
        if (loads != null && (src != Source.OPT || !keys.isEmpty() || !after.isEmpty())) {
            throw new IllegalArgumentException("loads belongs to a code row of an option, without key or after");
        }
        if (sep != null && !lang.equals("argv")) {
            throw new IllegalArgumentException("sep belongs to the argv reading");
        }
        return new CodeRule(lang, src, name, index, List.copyOf(after), List.copyOf(until), List.copyOf(unless),
                List.copyOf(keys), List.copyOf(args), sep, withOperands, moreArgs, verdict, interpreterOnly, loads);
    }
}
