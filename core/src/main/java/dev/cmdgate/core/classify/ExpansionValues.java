package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.DoubleQuoted;
import dev.cmdgate.core.shell.Literal;
import dev.cmdgate.core.shell.ParameterExpansion;
import dev.cmdgate.core.shell.PatternChar;
import dev.cmdgate.core.shell.Tilde;
import dev.cmdgate.core.shell.Word;
import dev.cmdgate.core.shell.WordPart;
import java.util.ArrayList;
import java.util.List;

/**
 * The values a parameter expansion with an operator ({@code ${v//x/}}, {@code ${v%.*}}, {@code ${v,,}},
 * {@code ${#v}}, {@code ${v:-w}}, {@code ${!v}} …) takes when the variable's value is known: a literal value the
 * line gave it ({@link EnvState#literals}, the launch's environment among them) or the value the launch gives
 * HOME and PWD. The operators themselves are {@link ParameterOperators}; operand words are expanded here, with the
 * same known values. A variable may have been given several values, and an expansion may read two ways where
 * bash's behaviour depends on an option the line may set ({@code patsub_replacement} for an {@code &} in a
 * replacement, {@code nocasematch} for a pattern once the line may change options): each is one of the
 * expansion's values, numbered from 0 like the variables' values. Null wherever the value is not exactly known
 * — an unknown variable, a value known only in part, an array element, a name listing, an operand with a command
 * substitution, what {@link ParameterOperators} will not compute — so the expansion stays one only known at run
 * time.
 */
final class ExpansionValues {

    /** Operand words may hold expansions of their own; deeper than this is not followed. */
    private static final int MAX_DEPTH = 8;

    private final Analysis a;

    ExpansionValues(Analysis a) {
        this.a = a;
    }

    /**
     * How many values the expansion may take (0: none is known). An expansion with a word ({@code ${v:-W}},
     * {@code ${v:+W}} …) may also give its word, whatever is known of v (v may be unset or empty where it runs):
     * that is its last value.
     */
    int count(ParameterExpansion pe) {
        if (!computable(pe)) {
            return 0;
        }
        List<String> base = values(pe);
        int n = base == null ? 0 : base.size() * variants(pe);
        return hasWord(pe) ? n + 1 : n;
    }

    /**
     * The expansion's one reading to judge besides the word as written (its value or its word), else null (also
     * for the elements of an array, which are words of their own).
     */
    String single(ParameterExpansion pe) {
        String v = count(pe) == 1 ? value(pe, 0) : null;
        return v == null || v.indexOf('\0') >= 0 ? null : v;
    }

    /** The operators whose word may be the expansion's value. */
    private static final java.util.Set<String> WORD_OPERATORS = java.util.Set.of(":-", "-", ":=", "=", ":+", "+");

    private static boolean hasWord(ParameterExpansion pe) {
        return pe.operator() != null && WORD_OPERATORS.contains(pe.operator()) && !pe.indirect() && !pe.length();
    }

    /** The expansion's k-th value (its last when it has fewer), or null when that one is not exactly known. */
    String value(ParameterExpansion pe, int k) {
        return value(pe, k, 0);
    }

    private String value(ParameterExpansion pe, int k, int depth) {
        if (depth > MAX_DEPTH || !computable(pe)) {
            return null;
        }
        List<String> base = values(pe);
        int variants = variants(pe);
        int known = base == null ? 0 : base.size() * variants;
        int i = Math.max(0, Math.min(k, count(pe) - 1));
        if (i >= known) {
            // its word, as where v is unset or empty (or set, for :+ and +)
            return hasWord(pe)
                    ? text(pe.arguments().isEmpty() ? null : pe.arguments().get(0), k, depth) : null;
        }
        String v = base.get(i / variants);
        int bits = i % variants;
        if (v == null) {
            return null;
        }
        if (pe.indirect()) {
            // ${!v}: the variable v names
            if (!Variables.isName(v)) {
                return null;
            }
            List<String> target = values(v);
            v = target == null ? null : target.get(Math.min(k, target.size() - 1));
            if (v == null) {
                return null;
            }
        }
        String op = pe.operator();
        if (v.indexOf('\0') >= 0 || allElements(pe)) {
            // ${a[@]} and ${a[*]}: the elements, each a word of its own (joined by NUL, which no value holds)
            return elements(pe, v, k, depth, bits);
        }
        return apply(pe, v, k, depth, bits);
    }

    /** The operator applied to each element of an array's value (NUL-separated); a length is their number. */
    private String elements(ParameterExpansion pe, String v, int k, int depth, int bits) {
        String[] each = v.split("\0", -1);
        if (pe.length()) {
            return pe.operator() == null && !pe.indirect() ? Integer.toString(v.isEmpty() ? 0 : each.length) : null;
        }
        if (pe.indirect()) {
            return null;
        }
        if (":".equals(pe.operator())) {
            // ${a[@]:OFF:LEN} takes elements, not characters
            List<Word> args = pe.arguments();
            Integer off = args.isEmpty() ? null : number(args.get(0));
            Integer len = args.size() > 1 ? number(args.get(1)) : null;
            if (off == null || args.size() > 1 && (len == null || len < 0) || v.isEmpty()) {
                return null;
            }
            int from = off < 0 ? Math.max(0, each.length + off) : Math.min(each.length, off);
            int to = len == null ? each.length : Math.min(each.length, from + len);
            return String.join("\0", java.util.Arrays.asList(each).subList(from, Math.max(from, to)));
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < each.length; i++) {
            String r = apply(pe, each[i], k, depth, bits);
            if (r == null || r.indexOf('\0') >= 0) {
                return null;
            }
            b.append(i == 0 ? "" : "\0").append(r);
        }
        return b.toString();
    }

    private static boolean allElements(ParameterExpansion pe) {
        String sub = pe.subscript() == null ? null : pe.subscript().literalValue();
        return "@".equals(sub) || "*".equals(sub);
    }

    private String apply(ParameterExpansion pe, String v, int k, int depth, int bits) {
        String op = pe.operator();
        if (pe.length()) {
            return op == null ? ParameterOperators.length(v) : null;
        }
        if (op == null) {
            return v;
        }
        List<Word> args = pe.arguments();
        Word first = args.isEmpty() ? null : args.get(0);
        boolean amp = hasActiveAmpersand(pe);
        boolean patsub = !(amp && bits % 2 == 1);
        boolean nocase = mayIgnoreCase(op) && bits / (amp ? 2 : 1) == 1;
        switch (op) {
            case ":-", "-", ":=", "=" -> {
                return op.startsWith(":") && v.isEmpty() ? text(first, k, depth) : v;
            }
            case ":+", "+" -> {
                return op.startsWith(":") && v.isEmpty() ? "" : text(first, k, depth);
            }
            case ":?", "?" -> {
                return op.startsWith(":") && v.isEmpty() ? null : v;   // bash stops with an error
            }
            case "#", "##", "%", "%%" -> {
                String pat = pattern(first, k, depth);
                return pat == null || !charge(v, pat) ? null : ParameterOperators.trim(v, op, pat, nocase);
            }
            case "/", "//", "/#", "/%" -> {
                String pat = pattern(first, k, depth);
                if (pat == null || !charge(v, pat)) {
                    return null;
                }
                ParameterOperators.Replacement rep = args.size() < 2 ? ParameterOperators.Replacement.literal("")
                        : replacement(args.get(1), k, depth, patsub);
                return pat == null || rep == null ? null : ParameterOperators.replace(v, op, pat, rep, nocase);
            }
            case "^", "^^", ",", ",,", "~", "~~" -> {
                String pat = pattern(first, k, depth);
                return pat == null ? null : ParameterOperators.caseChange(v, op, pat);
            }
            case "@" -> {
                String letter = first == null ? null : first.literalValue();
                return letter == null ? null : ParameterOperators.transform(v, letter);
            }
            case ":" -> {
                Integer off = first == null ? null : number(first);
                Integer len = args.size() > 1 ? number(args.get(1)) : null;
                if (off == null || args.size() > 1 && len == null) {
                    return null;
                }
                return ParameterOperators.substring(v, off, len);
            }
            default -> {
                return null;
            }
        }
    }

    /** Counts an operator's matching work against the classification's budget; false past it. */
    private boolean charge(String value, String pattern) {
        long n = value.length() + 1L;
        return a.budget.operatorWork(n * n * (pattern.length() + 1L));
    }

    /**
     * A variable, an array element with a literal subscript, or all of an array's elements; not a special parameter,
     * nor a listing of names ({@code ${!prefix*}}, {@code ${!a[@]}}).
     */
    private static boolean computable(ParameterExpansion pe) {
        if (!Variables.isName(pe.name())) {
            return false;
        }
        if (pe.subscript() != null) {
            String sub = pe.subscript().literalValue();
            // any literal subscript: an associative array's key, or an index (values() tells them apart)
            if (sub == null || pe.indirect()) {
                return false;
            }
        }
        String op = pe.operator();
        return !(pe.indirect() && ("*".equals(op) || "@".equals(op) && (pe.arguments().isEmpty()
                || pe.arguments().get(0).parts().isEmpty())));
    }

    private static boolean isIndex(String sub) {
        if (sub.isEmpty() || sub.length() > 6) {
            return false;
        }
        for (int i = 0; i < sub.length(); i++) {
            if (sub.charAt(i) < '0' || sub.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * The values the expansion's variable may have: {@link #values(String)} for the variable and its element 0
     * ({@code ${a[0]}} is {@code $a}); for another element or all of them, the one literal array the line gave it
     * (all of them as one value, joined by NUL).
     */
    private List<String> values(ParameterExpansion pe) {
        String sub = pe.subscript() == null ? null : pe.subscript().literalValue();
        String t = a.env.resolve(pe.name());
        if (sub == null || isIndex(sub) && Integer.parseInt(sub) == 0 && (t == null || !a.env.isAssociative(t))) {
            return values(pe.name());
        }
        List<String> elements = t == null ? null : a.env.array(t);
        if (elements == null || a.env.isAssociative(t)) {
            // an element of an array changed by element or given keys: each value that key was given
            String key = ArrayKeys.key(sub, a.env.isAssociative(t));
            List<String> vs = t == null || key == null ? List.of() : a.env.elementValues(t, key);
            return vs.isEmpty() ? null : vs;
        }
        if (isIndex(sub)) {
            int i = Integer.parseInt(sub);
            return i < elements.size() ? List.of(elements.get(i)) : null;
        }
        if (!sub.equals("@") && !sub.equals("*")) {
            return arithmeticElements(sub, elements);
        }
        return List.of(String.join("\0", elements));
    }

    /**
     * The elements of a plain list an arithmetic subscript bash reads simply may name: a negative index counts from
     * the end ({@code ${a[-1]}}), a variable's name stands for each decimal value the line gave it ({@code ${a[i]}});
     * null for any other expression, a value not known or not a plain decimal, or an index past the list (bash's
     * error or empty word is not followed): then the element is only known at run time.
     */
    private List<String> arithmeticElements(String sub, List<String> elements) {
        if (sub.startsWith("-") && isIndex(sub.substring(1))) {
            int i = elements.size() - Integer.parseInt(sub.substring(1));
            return i >= 0 && i < elements.size() ? List.of(elements.get(i)) : null;
        }
        if (!Variables.isName(sub)) {
            return null;
        }
        List<String> indexes = values(sub);
        if (indexes == null || indexes.isEmpty()) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (String v : indexes) {
            if (v == null || !isIndex(v) || v.length() > 1 && v.charAt(0) == '0') {
                return null; // 010 is octal, a name is evaluated again: not followed
            }
            int i = Integer.parseInt(v);
            if (i >= elements.size()) {
                return null;
            }
            out.add(elements.get(i));
        }
        return out;
    }

    /**
     * The values the variable may have, a value known only in part as null; null when none is known: it was only
     * given values computed at run time, or never given one and the launch's is not known.
     */
    private List<String> values(String name) {
        String t = a.env.resolve(name);
        if (t == null) {
            return null;
        }
        List<String> literals = a.env.literals(t);
        int partials = a.env.partials(t).size();
        if (!literals.isEmpty() || partials > 0) {
            if (partials == 0) {
                return literals;
            }
            List<String> all = new ArrayList<>(literals);
            for (int i = 0; i < partials; i++) {
                all.add(null);
            }
            return all;
        }
        if (a.env.value(t) != null) {
            return null;
        }
        String launch = a.files.launchValue(name);
        return launch == null ? null : List.of(launch);
    }

    /** 2 for each way the expansion may read: an active {@code &}, and a pattern once case may be ignored. */
    private int variants(ParameterExpansion pe) {
        int n = hasActiveAmpersand(pe) ? 2 : 1;
        return mayIgnoreCase(pe.operator()) ? 2 * n : n;
    }

    /** {@code nocasematch} ignores case in pattern matching; the line may set it when it may change options. */
    private boolean mayIgnoreCase(String op) {
        return a.files.dotglob && op != null && (op.startsWith("#") || op.startsWith("%") || op.startsWith("/"));
    }

    /**
     * An unquoted {@code &} in the replacement of <code>${v/p/r}</code>: bash 5.2 puts the matched text there
     * ({@code patsub_replacement}, on by default), earlier bash and a line that turns it off keep the {@code &}.
     */
    private static boolean hasActiveAmpersand(ParameterExpansion pe) {
        if (pe.operator() == null || !pe.operator().startsWith("/") || pe.arguments().size() < 2) {
            return false;
        }
        for (WordPart p : pe.arguments().get(1).parts()) {
            if (p instanceof Literal l && l.value().indexOf('&') >= 0) {
                return true;
            }
        }
        return false;
    }

    /** An operand's value after quote removal, its expansions with their k-th values; null when not known. */
    private String text(Word w, int k, int depth) {
        if (w == null) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        return appendText(w.parts(), b, k, depth) ? b.toString() : null;
    }

    private boolean appendText(List<WordPart> parts, StringBuilder b, int k, int depth) {
        for (WordPart p : parts) {
            String s = WordPart.staticText(p);
            if (s != null) {
                b.append(s);
            } else if (p instanceof DoubleQuoted d) {
                if (!appendText(d.parts(), b, k, depth)) {
                    return false;
                }
            } else if (p instanceof ParameterExpansion pe) {
                String v = value(pe, k, depth + 1);
                if (v == null) {
                    return false;
                }
                b.append(v);
            } else {
                return false;
            }
            if (b.length() > ParameterOperators.MAX_VALUE) {
                return false;
            }
        }
        return true;
    }

    /**
     * A pattern operand as a {@link ShellPattern}: unquoted text and the values of unquoted expansions keep their
     * pattern characters, quoted text and quoted expansions match only themselves; null when not known.
     */
    private String pattern(Word w, int k, int depth) {
        if (w == null) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        return appendPattern(w.parts(), b, false, k, depth) ? b.toString() : null;
    }

    private boolean appendPattern(List<WordPart> parts, StringBuilder b, boolean quoted, int k, int depth) {
        for (WordPart p : parts) {
            if ((p instanceof Literal || p instanceof PatternChar) && !quoted) {
                b.append(WordPart.staticText(p));
            } else if (p instanceof Tilde) {
                return false;   // a home directory in a pattern: not worth following
            } else if (p instanceof DoubleQuoted d) {
                if (!appendPattern(d.parts(), b, true, k, depth)) {
                    return false;
                }
            } else if (p instanceof ParameterExpansion pe) {
                String v = value(pe, k, depth + 1);
                if (v == null) {
                    return false;
                }
                if (quoted) {
                    ShellPattern.appendQuoted(b, v);
                } else {
                    b.append(v);
                }
            } else {
                String s = WordPart.staticText(p);
                if (s == null) {
                    return false;
                }
                ShellPattern.appendQuoted(b, s);
            }
            if (b.length() > ParameterOperators.MAX_VALUE) {
                return false;
            }
        }
        return true;
    }

    /**
     * A replacement operand: an unquoted {@code &} stands for the match when {@code patsub}; an unquoted expansion
     * whose value holds {@code &} or {@code \} (which bash would read again) is not followed.
     */
    private ParameterOperators.Replacement replacement(Word w, int k, int depth, boolean patsub) {
        List<String> pieces = new ArrayList<>();
        return appendReplacement(w.parts(), pieces, false, k, depth, patsub)
                ? new ParameterOperators.Replacement(pieces) : null;
    }

    private boolean appendReplacement(List<WordPart> parts, List<String> pieces, boolean quoted, int k, int depth,
            boolean patsub) {
        for (WordPart p : parts) {
            if (p instanceof Literal l && !quoted && patsub) {
                String s = l.value();
                int from = 0;
                for (int at = s.indexOf('&'); at >= 0; at = s.indexOf('&', from)) {
                    pieces.add(s.substring(from, at));
                    pieces.add(null);
                    from = at + 1;
                }
                pieces.add(s.substring(from));
            } else if (p instanceof DoubleQuoted d) {
                if (!appendReplacement(d.parts(), pieces, true, k, depth, patsub)) {
                    return false;
                }
            } else if (p instanceof ParameterExpansion pe) {
                String v = value(pe, k, depth + 1);
                if (v == null || !quoted && (v.indexOf('&') >= 0 || v.indexOf('\\') >= 0)) {
                    return false;
                }
                pieces.add(v);
            } else {
                String s = WordPart.staticText(p);
                if (s == null) {
                    return false;
                }
                pieces.add(s);
            }
        }
        return true;
    }

    /** A literal number operand of <code>${v:off:len}</code>: {@code 2}, {@code -3}, {@code (-1)}, empty as 0. */
    static Integer number(Word w) {
        String t = w.literalValue();
        if (t == null) {
            return null;
        }
        t = t.trim();
        if (t.startsWith("(") && t.endsWith(")")) {
            t = t.substring(1, t.length() - 1).trim(); // ${X:(-1)}
        }
        if (t.isEmpty()) {
            return 0; // ${X::1}, ${X:1:}: an empty number is 0
        }
        if (t.length() > 6) {
            return null;
        }
        int i = t.charAt(0) == '-' ? 1 : 0;
        if (i == t.length()) {
            return null;
        }
        for (int j = i; j < t.length(); j++) {
            if (t.charAt(j) < '0' || t.charAt(j) > '9') {
                return null;
            }
        }
        return Integer.valueOf(t);
    }
}
