package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One condition of a {@code when} or {@code writes … if} row. Conditions in one row are ANDed;
 * {@code negate} inverts a single condition.
 *
 * @param kind   what is tested
 * @param name   the option's canonical name, or the fact's name, or for {@code output-of=} the pattern of the
 *               producing command's operands (null: any), or for {@code other-fact:} the list of facts that do not count
 * @param glob   the pattern for operand and option-value tests (null when unused); {@code @NAME} stands for
 *               any glob of the named list, {@code $sensitive} for a sensitive place, {@code $dynamic}
 *               for a value only known at run time
 * @param number the count for {@code operands>N} / {@code operands=N}, or the 0-based operand index
 * @param anyCase whether the glob is compared without regard to case ({@code operand1~=GLOB}), for programs that
 *               take their command words in any case (the glob is then stored in lower case)
 */
public record Condition(Kind kind, boolean negate, String name, String glob, int number, boolean anyCase) {

    public Condition(Kind kind, boolean negate, String name, String glob, int number) {
        this(kind, negate, name, glob, number, false);
    }

    /** The kinds of test a rules row can make. */
    public enum Kind {
        /** {@code -r} / {@code --force}: the option is present. */
        OPTION,
        /** {@code --prune=now}: the option is present with a value matching the glob. */
        OPTION_VALUE,
        /** {@code operand=GLOB}: some operand matches. */
        OPERAND,
        /** {@code operand2=GLOB}: the operand at that (1-based in the file, 0-based here) index matches. */
        OPERAND_AT,
        /** {@code last=GLOB}: the last operand (the destination of cp, rsync …) matches. */
        LAST_OPERAND,
        /** {@code operands>N}. */
        OPERANDS_GT,
        /** {@code operands=N}. */
        OPERANDS_EQ,
        /** {@code --}: an explicit end of options was given. */
        DASHDASH,
        /** {@code fact:NAME}: a code analyser (sed, awk) reported the fact. */
        FACT,
        /**
         * {@code found=GLOB}: some operand stands for the files a finder found ({@code find START -exec CMD {} +}) below a
         * starting point that matches.
         */
        FOUND,
        /**
         * {@code output-of=PROGRAM} or {@code output-of=PROGRAM:OPERAND}: some operand holds the output of a command
         * the glob PROGRAM names (a command substitution's, or the one piping into an xargs-like wrapper), run with an
         * operand whose last path component matches OPERAND.
         */
        OUTPUT_OF,
        /**
         * {@code other-fact:GLOB:@LIST}: a code analyser reported a fact that matches GLOB and no glob of the list — a
         * statement or command outside those known to be harmless.
         */
        OTHER_FACT,
        /**
         * {@code selects=@LIST}: the command's own words, read as pgrep reads them (an extended regular expression
         * searched in process names, {@code -i}, {@code -x}, {@code -f}, {@code -v}), may select a process a glob of
         * the list names.
         */
        SELECTS,
        /**
         * {@code verb=GLOB}: the command word of a namespaced command line ({@code esxcli system account add -i NAME}):
         * the last operand before the first one that starts with {@code -}, the last operand when none does.
         */
        VERB
    }

    /**
     * The conditions written as {@code words} in a row of section {@code s}: options by any spelling declared
     * there or above, operands and option values against globs, which may name the {@code lists} of
     * {@code [@settings]} declared so far.
     */
    static List<Condition> parse(Section s, List<String> words, Map<String, List<String>> lists) {
        List<Condition> out = new ArrayList<>();
        for (String w : words) {
            boolean neg = w.startsWith("!");
            String c = neg ? w.substring(1) : w;
            int tilde = c.indexOf("~=");
            if (tilde > 0 && (c.startsWith("operand") || c.startsWith("last") || c.startsWith("verb"))
                    && c.indexOf('=') == tilde + 1) {
                // compared in any case: the word's own form, lower-cased, against the glob in lower case
                String g = c.substring(tilde + 2);
                if (g.startsWith("@") || g.startsWith("$")) {
                    throw new IllegalArgumentException("'~=' takes a glob, not a list or a $pattern: " + w);
                }
                Condition plain = parse(s, List.of(c.substring(0, tilde) + "=" + g.toLowerCase(java.util.Locale.ROOT)),
                        lists).get(0);
                out.add(new Condition(plain.kind(), neg, plain.name(), plain.glob(), plain.number(), true));
                continue;
            }
            if (c.equals("--")) {
                out.add(new Condition(Kind.DASHDASH, neg, null, null, 0));
            } else if (c.startsWith("other-fact:")) {
                String v = c.substring(11);
                int colon = v.indexOf(':');
                if (colon <= 0 || !v.startsWith("@", colon + 1) || !lists.containsKey(v.substring(colon + 2))) {
                    throw new IllegalArgumentException("expected other-fact:GLOB:@LIST (a list declared in [@settings])");
                }
                out.add(new Condition(Kind.OTHER_FACT, neg, v.substring(colon + 2), v.substring(0, colon), 0));
            } else if (c.startsWith("fact:")) {
                out.add(new Condition(Kind.FACT, neg, c.substring(5), null, 0));
            } else if (c.startsWith("operands>")) {
                out.add(new Condition(Kind.OPERANDS_GT, neg, null, null, Integer.parseInt(c.substring(9))));
            } else if (c.startsWith("operands=")) {
                out.add(new Condition(Kind.OPERANDS_EQ, neg, null, null, Integer.parseInt(c.substring(9))));
            } else if (c.startsWith("operand=")) {
                out.add(new Condition(Kind.OPERAND, neg, null, glob(c.substring(8), lists), 0));
            } else if (c.startsWith("output-of=")) {
                String v = c.substring(10);
                int colon = v.indexOf(':');
                String program = colon < 0 ? v : v.substring(0, colon);
                String operand = colon < 0 ? null : v.substring(colon + 1);
                if (program.isEmpty() || operand != null && operand.isEmpty() || program.startsWith("$")
                        || operand != null && operand.startsWith("$")) {
                    throw new IllegalArgumentException("expected output-of=PROGRAM or output-of=PROGRAM:OPERAND (globs)");
                }
                out.add(new Condition(Kind.OUTPUT_OF, neg, operand == null ? null : glob(operand, lists),
                        glob(program, lists), 0));
            } else if (c.startsWith("selects=@")) {
                String list = c.substring(9);
                if (!lists.containsKey(list)) {
                    throw new IllegalArgumentException("expected selects=@LIST (a list declared in [@settings])");
                }
                out.add(new Condition(Kind.SELECTS, neg, null, list, 0));
            } else if (c.startsWith("found=")) {
                out.add(new Condition(Kind.FOUND, neg, null, glob(c.substring(6), lists), 0));
            } else if (c.startsWith("verb=")) {
                out.add(new Condition(Kind.VERB, neg, null, glob(c.substring(5), lists), 0));
            } else if (c.startsWith("last=")) {
                out.add(new Condition(Kind.LAST_OPERAND, neg, null, glob(c.substring(5), lists), 0));
            } else if (c.startsWith("operand") && c.indexOf('=') > 7) {
                int eq = c.indexOf('=');
                int idx = Integer.parseInt(c.substring(7, eq)) - 1;
                if (idx < 0) {
                    throw new IllegalArgumentException("operand numbers start at 1");
                }
                out.add(new Condition(Kind.OPERAND_AT, neg, null, glob(c.substring(eq + 1), lists), idx));
            } else if (c.startsWith("-")) {
                int eq = c.indexOf('=');
                if (eq > 0) {
                    out.add(new Condition(Kind.OPTION_VALUE, neg, s.optionName(c.substring(0, eq)), glob(c.substring(eq + 1), lists), 0));
                } else {
                    out.add(new Condition(Kind.OPTION, neg, s.optionName(c), null, 0));
                }
            } else {
                throw new IllegalArgumentException("unknown condition '" + w + "'");
            }
        }
        return List.copyOf(out);
    }

    /**
     * A condition's pattern: a glob, {@code $dynamic}, {@code $sensitive}, {@code $sensitive-inside}, {@code $secret-name}, {@code $secret-variable},
     * {@code $secret-value}, or {@code @NAME} for the globs of a
     * list declared earlier in {@code [@settings]} (an unknown list is an error).
     */
    private static String glob(String g, Map<String, List<String>> lists) {
        int but = g.indexOf("!@");
        if (g.startsWith("@") && but > 1) {
            // @A!@B: a glob of list A and none of list B, of the same word
            glob(g.substring(0, but), lists);
            glob(g.substring(but + 1), lists);
            if (!lists.containsKey(g.substring(1, but)) || !lists.containsKey(g.substring(but + 2))) {
                throw new IllegalArgumentException("expected @LIST!@LIST (lists declared in [@settings])");
            }
            return g;
        }
        if (g.startsWith("@") && g.length() > 1 && RuleLine.isListName(g.substring(1))
                && !lists.containsKey(g.substring(1))) {
            throw new IllegalArgumentException("unknown list '" + g.substring(1) + "' (declare it with 'list NAME GLOB...' in [@settings])");
        }
        if (g.startsWith("$") && !g.equals("$dynamic") && !g.equals("$sensitive") && !g.equals("$sensitive-inside")
                && !g.equals("$secret-name") && !g.equals("$secret-variable") && !g.equals("$secret-value")) {
            throw new IllegalArgumentException("unknown pattern '" + g + "' (known: $dynamic, $sensitive, $sensitive-inside,"
                    + " $secret-name, $secret-variable, $secret-value)");
        }
        return g;
    }
}
