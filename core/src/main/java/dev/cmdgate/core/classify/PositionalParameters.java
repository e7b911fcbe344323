package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.ArithForCommand;
import dev.cmdgate.core.shell.ArithmeticCommand;
import dev.cmdgate.core.shell.ArithmeticExpansion;
import dev.cmdgate.core.shell.Assignment;
import dev.cmdgate.core.shell.BraceGroup;
import dev.cmdgate.core.shell.CaseCommand;
import dev.cmdgate.core.shell.Command;
import dev.cmdgate.core.shell.CommandSubstitution;
import dev.cmdgate.core.shell.DoubleQuoted;
import dev.cmdgate.core.shell.ForCommand;
import dev.cmdgate.core.shell.FunctionDefinition;
import dev.cmdgate.core.shell.HereDoc;
import dev.cmdgate.core.shell.Node;
import dev.cmdgate.core.shell.ParameterExpansion;
import dev.cmdgate.core.shell.Pipeline;
import dev.cmdgate.core.shell.Redirect;
import dev.cmdgate.core.shell.Script;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Statement;
import dev.cmdgate.core.shell.Subshell;
import dev.cmdgate.core.shell.TestCommand;
import dev.cmdgate.core.shell.Word;
import java.util.ArrayList;
import java.util.List;

/**
 * Shell code rewritten so that its positional parameters read the words one call gives them: a function's body at a
 * call ({@code f() { cat "$1"; }; f /etc/shadow}), a script given to {@code sh -c SCRIPT NAME ARG…}. The rewritten
 * text is judged as any script is, so each operator, quote and field split the line's values already go through
 * applies to the bound words too.
 *
 * <p>A parameter the call gives a known word becomes that word, quoted as the reference was ({@code "$1"} → a
 * double-quoted word, {@code $1} → its fields, a pattern's wildcards left bare); {@code "$@"} becomes one word a
 * parameter, {@code $*} and {@code "$*"} the words joined by a blank, {@code $#} the count, {@code ${@:N:L}} a
 * slice. A reference with an operator ({@code ${1:-x}}, {@code ${1%/*}}, {@code ${#1}}) reads a variable given
 * the word, which the expansion model then evaluates. Where the position is not known for sure — after a word the
 * call only knows at run time (it may be no field or several), or after a {@code shift} or {@code set} in a loop or
 * a branch — the reference reads a variable given every word it may be, and is also judged as only known at run
 * time. Everything else stays as written: a parameter only known at run time. A literal {@code shift [N]} at the
 * top level moves the positions of what follows; a nested function's own parameters, arithmetic, back-quoted
 * substitutions and here-documents are not rewritten.
 */
final class PositionalParameters {

    /** Fresh variable names for the rewrites, unique in one classification. */
    interface Names {
        /** A new variable name, or null once a classification has used too many (the reference stays run-time). */
        String next();
    }

    /** What a call binds: $1… (null where only known at run time), $0 or null, whether more may follow. */
    private final List<String> values;
    private final String zero;
    /** The first index of {@link #values} whose word may be no field or several (values.size() when none). */
    private final int firstUnknown;
    private final String src;
    private final Names names;
    private final StringBuilder prefix = new StringBuilder();
    private final List<int[]> spans = new ArrayList<>();
    private final List<String> replacements = new ArrayList<>();

    private PositionalParameters(String src, List<String> values, String zero, Names names) {
        this.src = src;
        this.values = values;
        this.zero = zero;
        this.names = names;
        int u = values.size();
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) == null || isPattern(values.get(i))) {
                u = i;
                break;
            }
        }
        this.firstUnknown = u;
    }

    /**
     * The call's words as parameter values: a literal word is its text, anything else (an expansion only known at
     * run time, a pattern) null.
     */
    static List<String> valuesOf(List<Arg> args) {
        List<String> out = new ArrayList<>(args.size());
        for (Arg a : args) {
            // a pattern (f /etc/sha*) is the names it matches: its first is $N, and it may be several words
            out.add(a.unresolved() ? null : a.pattern != null ? PATTERN + a.text : a.text);
        }
        return out;
    }

    /** Marks a value that is a pattern the shell expanded at the call. */
    private static final char PATTERN = '\u0001';

    private static boolean isPattern(String v) {
        return v != null && !v.isEmpty() && v.charAt(0) == PATTERN;
    }

    private static String textOf(String v) {
        return isPattern(v) ? v.substring(1) : v;
    }

    /** Whether some word is known: otherwise binding tells nothing the run-time reading does not. */
    static boolean anyKnown(List<String> values) {
        for (String v : values) {
            if (v != null) {
                return true;
            }
        }
        return false;
    }

    /** Whether the code refers to a positional parameter (its nested function definitions aside). */
    static boolean uses(Node root) {
        boolean[] found = {false};
        scan(root, n -> {
            if (n instanceof ParameterExpansion pe && positional(pe.name())
                    || n instanceof ForCommand f && f.items() == null && f.variable() != null) {
                found[0] = true;
            }
        });
        return found[0];
    }

    /**
     * {@code src}'s text of {@code body} with the parameters bound, after assignments of the variables the rewrite
     * reads; null when no reference was rewritten. {@code zero} is {@code $0} (null: left as written). Without
     * {@code positionsKnown}, every reference may be any of the words from its position on, or only known at run
     * time (a call whose place among a recursion's calls is not followed).
     */
    static String bind(String src, Node body, List<String> values, String zero, boolean positionsKnown, Names names) {
        PositionalParameters p = new PositionalParameters(src, values, zero, names);
        if (!positionsKnown) {
            p.unsureFrom = body.start();
        }
        p.rewrite(body);
        if (p.spans.isEmpty()) {
            return null;
        }
        StringBuilder out = new StringBuilder(p.prefix.length() + body.end() - body.start() + 32);
        out.append(p.prefix);
        int at = body.start();
        for (int i = 0; i < p.spans.size(); i++) {
            int[] s = p.spans.get(i);
            out.append(src, at, s[0]).append(p.replacements.get(i));
            at = s[1];
        }
        out.append(src, at, body.end());
        return out.toString();
    }

    // ------------------------------------------------------------------ the walk

    private interface Visit {
        void at(Node n);
    }

    /** Every node below root, skipping nested function definitions (their parameters are their own calls'). */
    private static void scan(Node root, Visit v) {
        List<Node> stack = new ArrayList<>();
        stack.add(root);
        while (!stack.isEmpty()) {
            Node n = stack.remove(stack.size() - 1);
            if (n instanceof FunctionDefinition && n != root) {
                continue;
            }
            v.at(n);
            List<Node> c = n.children();
            for (int i = c.size() - 1; i >= 0; i--) {
                stack.add(c.get(i));
            }
        }
    }

    private static boolean positional(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        if (name.equals("@") || name.equals("*") || name.equals("#")) {
            return true;
        }
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** How a reference's value is split where it stands. */
    private enum Context { FIELDS, QUOTED, ONE_WORD }

    /** From this source offset on, positions are not known for sure (a shift or set in a loop or branch). */
    private int unsureFrom = Integer.MAX_VALUE;
    /** Top-level literal shifts: the offset each starts to count, in source order. */
    private final List<int[]> shifts = new ArrayList<>();

    private void rewrite(Node body) {
        topLevelShifts(body);
        walk(body, Context.FIELDS, body);
    }

    /**
     * The shifts that run once, in order, at the body's top level, and where the positions stop being known for
     * sure: the start of the top-level statement holding any other {@code shift} or {@code set}.
     */
    private void topLevelShifts(Node body) {
        Script top = body instanceof BraceGroup g ? g.body() : body instanceof Subshell s ? s.body()
                : body instanceof Script sc ? sc : null;
        if (top == null) {
            unsureFrom = Math.min(unsureFrom, body.start());
            return;
        }
        for (Statement st : top.statements()) {
            SimpleCommand sc = single(st);
            Integer n = sc == null ? null : shiftCount(sc);
            if (n != null) {
                shifts.add(new int[] {sc.end(), n});
                continue;
            }
            boolean[] changes = {false};
            scan(st, x -> changes[0] |= x instanceof SimpleCommand c && changesPositions(c));
            if (changes[0]) {
                unsureFrom = Math.min(unsureFrom, st.start());
                return;
            }
        }
    }

    /** The statement's one simple command, when it is nothing else (no list, pipe or background). */
    private static SimpleCommand single(Statement st) {
        if (st.background() || st.pipelines().size() != 1) {
            return null;
        }
        Pipeline p = st.pipelines().get(0);
        return p.commands().size() == 1 && p.commands().get(0) instanceof SimpleCommand sc ? sc : null;
    }

    /** {@code shift} or {@code shift N}: N; null for anything else. */
    private static Integer shiftCount(SimpleCommand sc) {
        List<Word> w = sc.words();
        if (w.isEmpty() || !"shift".equals(w.get(0).literalValue()) || w.size() > 2) {
            return null;
        }
        if (w.size() == 1) {
            return 1;
        }
        String n = w.get(1).literalValue();
        if (n == null || n.isEmpty() || n.length() > 4 || !n.chars().allMatch(Character::isDigit)) {
            return null;
        }
        return Integer.parseInt(n);
    }

    /** {@code shift} or {@code set} with an operand (a run-time word may be one): the positions change. */
    private static boolean changesPositions(SimpleCommand sc) {
        List<Word> w = sc.words();
        if (w.isEmpty()) {
            return false;
        }
        String name = w.get(0).literalValue();
        if (name == null) {
            return true; // a command named at run time may be shift
        }
        if (name.equals("shift")) {
            return true;
        }
        if (!name.equals("set")) {
            return false;
        }
        for (Word x : w.subList(1, w.size())) {
            String t = x.literalValue();
            if (t == null || !(t.startsWith("-") || t.startsWith("+")) || t.equals("--") || t.equals("-")) {
                return true;
            }
        }
        return false;
    }

    private void walk(Node n, Context ctx, Node root) {
        if (n instanceof FunctionDefinition && n != root
                || n instanceof ArithmeticExpansion || n instanceof ArithmeticCommand || n instanceof ArithForCommand
                || n instanceof HereDoc || n instanceof CommandSubstitution cs && cs.backquoted()) {
            return;
        }
        if (n instanceof ParameterExpansion pe) {
            if (positional(pe.name())) {
                reference(pe, ctx);
                return;
            }
        }
        if (n instanceof ForCommand f && f.items() == null && f.variable() != null) {
            impliedList(f);
        }
        Context inner = ctx;
        if (n instanceof DoubleQuoted) {
            inner = Context.QUOTED;
        } else if (n instanceof CommandSubstitution || n instanceof Command) {
            inner = Context.FIELDS;
        } else if (n instanceof Assignment || n instanceof Redirect) {
            inner = Context.ONE_WORD;
        }
        if (n instanceof TestCommand || n instanceof CaseCommand) {
            // [[ $1 ]], case $1 in: no field splitting; the case items' bodies are commands again
            for (Node c : n.children()) {
                walk(c, c instanceof Word ? Context.ONE_WORD : Context.FIELDS, root);
            }
            return;
        }
        if (n instanceof ParameterExpansion pe) {
            // ${x:-$1}: the operator's words are expanded as one word each
            for (Node c : pe.children()) {
                walk(c, ctx == Context.QUOTED ? Context.QUOTED : Context.ONE_WORD, root);
            }
            return;
        }
        for (Node c : n.children()) {
            walk(c, inner, root);
        }
    }

    // ------------------------------------------------------------------ one reference

    private void reference(ParameterExpansion pe, Context ctx) {
        if (pe.end() > src.length() || pe.start() < 0 || src.charAt(pe.start()) != '$') {
            return; // not where the text says it is: left as a run-time parameter
        }
        int shift = shiftAt(pe.start());
        boolean sure = pe.start() < unsureFrom;
        String name = pe.name();
        boolean list = name.equals("@") || name.equals("*");
        if (name.equals("#")) {
            if (pe.operator() == null && !pe.length() && !pe.indirect() && sure && firstUnknown == values.size()) {
                replace(pe, Integer.toString(Math.max(0, values.size() - shift)));
            }
            return;
        }
        if (list) {
            listReference(pe, ctx, shift, sure);
            return;
        }
        int index = Integer.parseInt(name.length() > 6 ? "999999" : name);
        if (index == 0) {
            if (zero != null && !pe.indirect()) {
                single(pe, ctx, List.of(zero), false);
            }
            return;
        }
        int at = index - 1 + shift;
        List<String> candidates = new ArrayList<>(2);
        boolean runTime;
        if (sure && (at < firstUnknown || at == firstUnknown && at < values.size() && isPattern(values.get(at)))) {
            candidates.add(values.get(at));
            runTime = false;
        } else if (sure && firstUnknown == values.size()) {
            if (pe.operator() == null && !pe.length() && !pe.indirect() && pe.subscript() == null) {
                replace(pe, ""); // past the last word: empty
            }
            return;
        } else {
            // not sure: any word from here on (shifts only move forward), or one only known at run time
            for (int i = sure ? Math.min(at, firstUnknown) : shift; i < values.size(); i++) {
                if (values.get(i) != null && !candidates.contains(textOf(values.get(i)))) {
                    candidates.add(textOf(values.get(i)));
                }
            }
            runTime = true;
        }
        if (!candidates.isEmpty()) {
            single(pe, ctx, candidates, runTime);
        }
    }

    /** A reference to one parameter whose value is one of {@code candidates} (or, with runTime, none of them). */
    private void single(ParameterExpansion pe, Context ctx, List<String> candidates, boolean runTime) {
        boolean plain = pe.operator() == null && !pe.length() && !pe.indirect() && pe.subscript() == null;
        if (plain && !runTime && candidates.size() == 1) {
            replace(pe, literal(candidates.get(0), ctx));
            return;
        }
        if (candidates.size() > EnvState.MAX_VALUES) {
            return;
        }
        String var = names.next();
        if (var == null) {
            return;
        }
        for (String c : candidates) {
            prefix.append(var).append('=').append(singleQuoted(textOf(c))).append('\n');
        }
        String ref = src.substring(pe.start(), pe.end());
        String rewritten = pe.braced() ? "${" + ref.substring(2).replaceFirst("^([#!]?)" + java.util.regex.Pattern.quote(pe.name()),
                "$1" + java.util.regex.Matcher.quoteReplacement(var)) : "${" + var + "}";
        replace(pe, rewritten);
    }

    /** {@code $@}, {@code $*}, <code>${@:N:L}</code>. */
    private void listReference(ParameterExpansion pe, Context ctx, int shift, boolean sure) {
        if (pe.indirect() || pe.subscript() != null) {
            return;
        }
        int from = Math.min(shift, values.size());
        int to = values.size();
        if (pe.operator() != null) {
            if (!pe.operator().equals(":") || !sure || firstUnknown < values.size()) {
                return;
            }
            Integer off = intArg(pe, 0);
            Integer len = pe.arguments().size() > 1 ? intArg(pe, 1) : Integer.valueOf(Integer.MAX_VALUE);
            if (off == null || len == null || len < 0) {
                return;
            }
            // ${@:0} starts with $0
            List<String> all = new ArrayList<>();
            all.add(zero);
            all.addAll(values.subList(from, to));
            if (off < 0) {
                // ${@: -N}: the last N parameters ($0 is never among them; too many: none at all)
                off = all.size() + off < 1 ? all.size() : all.size() + off;
            }
            int a = Math.min(off, all.size());
            int b = (int) Math.min((long) a + len, all.size());
            List<String> slice = all.subList(a, b);
            if (slice.contains(null)) {
                return;
            }
            if (pe.length()) {
                replace(pe, Integer.toString(slice.size()));
            } else {
                replace(pe, joined(slice, pe.name().equals("@"), ctx, false));
            }
            return;
        }
        if (pe.length()) {
            if (sure && firstUnknown == values.size()) {
                replace(pe, Integer.toString(to - from));
            }
            return;
        }
        List<String> known = new ArrayList<>();
        boolean runTime = !sure || firstUnknown < values.size();
        for (int i = sure ? from : 0; i < to; i++) {
            if (values.get(i) != null) {
                known.add(values.get(i));
            }
        }
        if (known.isEmpty()) {
            return;
        }
        replace(pe, joined(known, pe.name().equals("@"), ctx, runTime));
    }

    /** {@code for NAME; do}: the loop runs over {@code "$@"}, written out as {@code in "$@"} would be. */
    private void impliedList(ForCommand f) {
        int at = src.indexOf(f.variable(), f.start() + 3);
        if (at < 0 || at >= f.body().start()) {
            return;
        }
        at += f.variable().length();
        int shift = shiftAt(f.start());
        boolean sure = f.start() < unsureFrom;
        List<String> known = new ArrayList<>();
        for (int i = sure ? Math.min(shift, values.size()) : 0; i < values.size(); i++) {
            if (values.get(i) != null) {
                known.add(values.get(i));
            }
        }
        if (!known.isEmpty()) {
            replace(at, at, " in \"" + joined(known, true, Context.QUOTED, !sure || firstUnknown < values.size()) + "\"");
        }
    }

    private static Integer intArg(ParameterExpansion pe, int i) {
        if (pe.arguments().size() <= i) {
            return null;
        }
        String t = pe.arguments().get(i).literalValue();
        if (t == null || (t = t.strip()).isEmpty()) {
            return null;
        }
        // a negative offset is written after a blank or in parentheses: ${@: -1}, ${@:(-1)}
        boolean negative = t.startsWith("(-") && t.endsWith(")") || t.startsWith("-");
        String digits = t.startsWith("(-") && t.endsWith(")") ? t.substring(2, t.length() - 1)
                : negative ? t.substring(1) : t;
        if (digits.isEmpty() || digits.length() > 6 || !digits.chars().allMatch(Character::isDigit)) {
            return null;
        }
        return negative ? -Integer.parseInt(digits) : Integer.parseInt(digits);
    }

    /**
     * The words as {@code "$@"} (one word each) or {@code $*} (joined by a blank) give them where the reference
     * stands; with runTime, the reference as written follows them (more words only known at run time).
     */
    private String joined(List<String> words, boolean each, Context ctx, boolean runTime) {
        StringBuilder b = new StringBuilder();
        String sep = ctx == Context.QUOTED && each ? "\" \"" : " ";
        if (ctx == Context.ONE_WORD) {
            // x=$@, case $@ in: one word, joined by blanks
            b.append('"');
            for (int i = 0; i < words.size(); i++) {
                b.append(i > 0 ? " " : "").append(doubleQuotedText(words.get(i)));
            }
            b.append('"');
            return b.append(runTime ? "$*" : "").toString();
        }
        for (int i = 0; i < words.size(); i++) {
            if (i > 0) {
                b.append(sep);
            }
            b.append(literal(words.get(i), ctx));
        }
        if (runTime) {
            b.append(sep).append(each ? "$@" : "$*");
        }
        return b.toString();
    }

    // ------------------------------------------------------------------ text

    private int shiftAt(int at) {
        int s = 0;
        for (int[] sh : shifts) {
            if (sh[0] <= at) {
                s += sh[1];
            }
        }
        return s;
    }

    private void replace(ParameterExpansion pe, String text) {
        replace(pe.start(), pe.end(), text);
    }

    private void replace(int start, int end, String text) {
        // references are met in source order and never nest (a reference's own words are not walked)
        if (!spans.isEmpty() && spans.get(spans.size() - 1)[1] > start) {
            return;
        }
        spans.add(new int[] {start, end});
        replacements.add(text);
    }

    /** A value written where a reference stood, so that the shell gives the words the reference gave. */
    static String literal(String v, Context ctx) {
        if (isPattern(v)) {
            // the pattern bare, outside any quotes, so that it is still one
            String glob = fields(textOf(v));
            return ctx == Context.QUOTED ? '"' + glob + '"' : glob;
        }
        return switch (ctx) {
            case QUOTED -> doubleQuotedText(v);
            case ONE_WORD -> '"' + doubleQuotedText(v) + '"';
            case FIELDS -> fields(v);
        };
    }

    /** Text inside double quotes that stands for v. */
    static String doubleQuotedText(String v0) {
        String v = textOf(v0);
        StringBuilder b = new StringBuilder(v.length() + 4);
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '\\' || c == '$' || c == '`' || c == '"') {
                b.append('\\');
            }
            b.append(c);
        }
        return b.toString();
    }

    /** An unquoted expansion of v: split at blanks, its wildcards still wildcards, everything else quoted. */
    static String fields(String v) {
        StringBuilder b = new StringBuilder(v.length() + 4);
        boolean open = false;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            boolean blank = c == ' ' || c == '\t' || c == '\n';
            boolean wild = c == '*' || c == '?' || c == '[' || c == ']';
            if (blank || wild) {
                if (open) {
                    b.append('\'');
                    open = false;
                }
                if (blank) {
                    if (b.length() > 0 && b.charAt(b.length() - 1) != ' ') {
                        b.append(' ');
                    }
                } else {
                    b.append(c);
                }
                continue;
            }
            if (!open) {
                b.append('\'');
                open = true;
            }
            if (c == '\'') {
                b.append("'\\''");
            } else {
                b.append(c);
            }
        }
        if (open) {
            b.append('\'');
        }
        return b.toString();
    }

    static String singleQuoted(String v) {
        return "'" + v.replace("'", "'\\''") + "'";
    }
}
