package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The values builtins give variables from literals: {@code read} and {@code read -a} from a literal here-string or
 * here-document ({@code read p <<< /etc/shadow}) or from a pipe or {@code < <(…)} whose text is known (each record
 * up to {@code -d}'s delimiter) or whose words are ({@code echo P | while read l}), {@code mapfile}/{@code readarray}
 * from the same texts cut into lines (or at {@code -d}'s delimiter), {@code printf -v}
 * from its format and arguments, {@code declare -l}/{@code -u NAME=VALUE} with the case it converts to (and, for
 * a {@code NAME} alone, every value assigned later). Each is
 * recorded as one more literal value the variable may hold ({@link EnvState#literal}); the rules' {@code assigns}
 * rows already make the variable only known at run time, so a word using it is judged both ways. Anything not
 * computed exactly here (an input that is not literal, a changed {@code IFS}, an option this reading does not
 * follow) adds nothing: the variable stays only known at run time.
 */
final class BuiltinValues {

    /** Fields or lines read from one input. */
    static final int MAX_ITEMS = 64;

    private BuiltinValues() {
    }

    /** After {@code name}'s assignments rows ran ({@link Variables#setBy}): the values it computes from literals. */
    static void record(Analysis a, String name, ParsedArgs p, List<Arg> words, Map<String, String> inline,
            Analysis.Ctx ctx) {
        Analysis.Stdin in = ctx.stdin();
        switch (name) {
            case "read" -> {
                if (in.kind() == Analysis.StdinKind.PIPE) {
                    piped(a, p, ctx, inline.get("IFS"));
                } else {
                    read(a, p, input(in), inline.get("IFS"));
                }
            }
            case "mapfile", "readarray" -> {
                if (in.kind() == Analysis.StdinKind.PIPE) {
                    mapfilePiped(a, p, ctx);
                } else {
                    mapfile(a, p, input(in));
                }
            }
            case "printf" -> printf(a, words);
            case "set" -> a.positionalSets().judged(words); // set -- $a: the statements after it read the words
            case "declare", "local", "typeset" -> {
                caseConverted(a, p);
                declaredArrays(a, p);
            }
            default -> {
            }
        }
    }

    private static String input(Analysis.Stdin in) {
        return in != null && in.kind() == Analysis.StdinKind.HEREDOC && in.literal() ? in.text() : null;
    }

    /** Whether the line may have changed how words are split: then nothing is computed. */
    private static boolean ifsChanged(Analysis a) {
        return a.env.value("IFS") != null || !a.env.literals("IFS").isEmpty();
    }

    private static String option(ParsedArgs p, String name) {
        for (ParsedArgs.Use u : p.options) {
            if (u.name().equals(name)) {
                return u.value() == null || u.from().dynamic ? null : u.value();
            }
        }
        return null;
    }

    private static boolean onlyOptions(ParsedArgs p, String allowed) {
        for (ParsedArgs.Use u : p.options) {
            if (allowed.indexOf(u.name().length() == 2 ? u.name().charAt(1) : '?') < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * read [-r] [-d D] [-a A] NAME…: the first record (up to D, a newline by default, a NUL for {@code -d ''}),
     * split at the blanks or at the {@code IFS} given for read alone ({@code IFS=: read a b}), the last name taking
     * the rest.
     */
    private static void read(Analysis a, ParsedArgs p, String input, String inlineIfs) {
        // an IFS the line changed before (or one computed at run time) leaves the splitting unknown
        if (input == null || ifsChanged(a) || !onlyOptions(p, "radnN")) {
            return;
        }
        Character delim = delimiter(p);
        if (delim == null) {
            return;
        }
        String text = record(input, 0, delim, p.has("-r")).text();
        if (p.has("-n") || p.has("-N")) {
            text = counted(p, input, text, inlineIfs);
            if (text == null) {
                return;
            }
        }
        assign(a, p, text, inlineIfs);
    }

    /**
     * What {@code read -n N} (at most N characters, up to the delimiter) or {@code -N N} (exactly N, the delimiter
     * an ordinary character, the value not split) reads; null when not computed: a count not known, a backslash
     * without {@code -r} (bash counts what it reads, not what is kept), or {@code -N} text that splitting would
     * change.
     */
    private static String counted(ParsedArgs p, String input, String record, String inlineIfs) {
        boolean exact = p.has("-N");
        String count = option(p, exact ? "-N" : "-n");
        if (count == null || count.isEmpty() || count.length() > 6 || !count.chars().allMatch(Character::isDigit)
                || p.has("-n") && p.has("-N") || !p.has("-r") && input.indexOf('\\') >= 0) {
            return null;
        }
        int n = Integer.parseInt(count);
        if (!exact) {
            return record.substring(0, Math.min(n, record.length()));
        }
        String text = input.substring(0, Math.min(n, input.length())).replace("\0", "");
        String ifs = inlineIfs == null ? FieldSeparators.BLANKS : inlineIfs;
        for (int i = 0; i < text.length(); i++) {
            if (ifs.indexOf(text.charAt(i)) >= 0) {
                return null;
            }
        }
        return p.has("-a") ? null : text;
    }

    /** The delimiter {@code -d D} gives (a NUL for {@code -d ''}), a newline without it; null when not known. */
    private static Character delimiter(ParsedArgs p) {
        String d0 = p.has("-d") ? option(p, "-d") : "\n";
        return d0 == null ? null : d0.isEmpty() ? '\0' : d0.charAt(0);
    }

    /**
     * The record starting at {@code from} up to the delimiter, with read's backslash removal unless raw, and where
     * the next starts (past the end when the input ends).
     */
    private static Record record(String input, int from, char delim, boolean raw) {
        StringBuilder line = new StringBuilder();
        int i = from;
        for (; i < input.length(); i++) {
            char c = input.charAt(i);
            if (c == delim) {
                break;
            }
            if (c == '\\' && !raw && i + 1 < input.length()) {
                char d = input.charAt(++i);
                if (d != '\n') {
                    line.append(d); // a backslash quotes the next character; before a newline it joins lines
                }
                continue;
            }
            if (c != '\0') {
                line.append(c); // a NUL is dropped: bash's values are C strings
            }
        }
        return new Record(line.toString(), i + 1);
    }

    /** One record read: its text and where the next starts. */
    private record Record(String text, int next) {
    }

    /** One record read into {@code read}'s names (or its {@code -a} array). */
    private static void assign(Analysis a, ParsedArgs p, String line, String inlineIfs) {
        String ifs = inlineIfs == null ? FieldSeparators.BLANKS : inlineIfs;
        String array = p.has("-a") ? option(p, "-a") : null;
        if (p.has("-a")) {
            String target = array == null || !Variables.isName(array) ? null : a.env.resolve(array);
            if (target != null) {
                List<String> fields = ReadFields.all(line, ifs, MAX_ITEMS);
                a.env.array(target, fields);
                if (!fields.isEmpty()) {
                    a.env.literal(target, fields.get(0));
                }
            }
            return;
        }
        List<String> names = new ArrayList<>();
        for (Arg o : p.operands) {
            if (o.unresolved() || !Variables.isName(o.text)) {
                return;
            }
            names.add(o.text);
        }
        if (names.isEmpty()) {
            names.add("REPLY");
        }
        List<List<String>> readings = p.operands.isEmpty()
                ? List.of(List.of(line)) // REPLY alone: the line as it is
                : ReadFields.names(line, ifs, names.size());
        for (List<String> values : readings) {
            for (int i = 0; i < names.size(); i++) {
                String target = a.env.resolve(names.get(i));
                if (target != null) {
                    a.env.literal(target, values.get(i));
                }
            }
        }
    }

    /**
     * read from a pipe or {@code < <(…)}: when the whole text is known, each record (up to {@code -d}'s delimiter)
     * is read as {@link #read} reads one — a loop reads one after another, so each may be the value; else, for
     * {@code read NAME} whose words are known ({@code echo P | while read l}), each word, and all of them on one
     * line, may be the value.
     */
    private static void piped(Analysis a, ParsedArgs p, Analysis.Ctx ctx, String inlineIfs) {
        PipedWords piped = a.piped;
        if (piped == null || !piped.feeds(ctx)) {
            return;
        }
        String text = piped.text();
        Character delim = delimiter(p);
        if (text != null && delim != null && !ifsChanged(a) && onlyOptions(p, "rad")) {
            int from = 0;
            for (int n = 0; from < text.length() && n < MAX_ITEMS; n++) {
                Record r = record(text, from, delim, p.has("-r"));
                assign(a, p, r.text(), inlineIfs);
                from = r.next();
            }
            return;
        }
        List<Arg> words = piped.list();
        if (words == null || words.isEmpty() || ifsChanged(a) || !onlyOptions(p, "r") || p.operands.size() > 1) {
            return;
        }
        String name = p.operands.isEmpty() ? "REPLY" : p.operands.get(0).text;
        String target = p.operands.isEmpty() || !p.operands.get(0).unresolved() && Variables.isName(name)
                ? a.env.resolve(name) : null;
        if (target == null) {
            return;
        }
        StringBuilder all = new StringBuilder();
        for (Arg w : words) {
            if (w.unresolved()) {
                return;
            }
            a.env.literal(target, w.text);
            all.append(all.length() > 0 ? " " : "").append(w.text);
        }
        if (words.size() > 1) {
            a.env.literal(target, all.toString());
        }
    }

    /**
     * mapfile -t [ARRAY] from a pipe or {@code < <(…)}: its lines when the whole text is known ({@link #mapfile});
     * else, from words known without their lines ({@code echo $x P | …} with x only known at run time is no
     * element list), nothing: the variable stays only known at run time.
     */
    private static void mapfilePiped(Analysis a, ParsedArgs p, Analysis.Ctx ctx) {
        PipedWords piped = a.piped;
        if (piped != null && piped.feeds(ctx)) {
            mapfile(a, p, piped.text());
        }
    }

    /** mapfile [-t] [-d D] [ARRAY]: one element a line (up to D), with its delimiter unless -t. */
    private static void mapfile(Analysis a, ParsedArgs p, String input) {
        if (input == null || !onlyOptions(p, "td") || p.operands.size() > 1) {
            return;
        }
        Character delim = delimiter(p);
        String name = p.operands.isEmpty() ? "MAPFILE" : p.operands.get(0).text;
        if (delim == null || !p.operands.isEmpty() && p.operands.get(0).unresolved() || !Variables.isName(name)) {
            return;
        }
        String target = a.env.resolve(name);
        if (target == null) {
            return;
        }
        boolean trim = p.has("-t");
        List<String> lines = new ArrayList<>();
        int from = 0;
        while (from < input.length() && lines.size() < MAX_ITEMS) {
            int nl = input.indexOf(delim, from);
            int end = nl < 0 ? input.length() : nl + 1;
            String line = input.substring(from, trim && nl >= 0 ? nl : end);
            int nul = line.indexOf('\0');
            lines.add(nul < 0 ? line : line.substring(0, nul)); // bash's values are C strings
            from = end;
        }
        a.env.array(target, lines);
        if (!lines.isEmpty()) {
            a.env.literal(target, lines.get(0)); // $ARRAY is its first element
        }
    }

    /** printf -v NAME FORMAT ARGS…: what printf would print. */
    private static void printf(Analysis a, List<Arg> words) {
        if (words.size() < 4 || !words.get(1).text.equals("-v") || words.get(2).unresolved()) {
            return;
        }
        String name = Variables.assignedName(words.get(2).text);
        if (name == null || !name.equals(words.get(2).text)) {
            return;
        }
        List<Arg> rest = new ArrayList<>(words.size() - 2);
        rest.add(words.get(0));
        rest.addAll(words.subList(3, words.size()));
        String v = Printed.output("printf", rest, null);
        String target = a.env.resolve(name);
        if (v != null && target != null) {
            a.env.literal(target, v);
        }
    }

    /**
     * declare -A NAME…: NAME's subscripts are keys from now on; {@code declare -A m=([k]=v …)} and
     * {@code declare -a a=([5]=v …)}: the elements' values by key. The value arrives without its quotes, so a word
     * is cut at blanks: only words {@code [k]=v} are read (a value with a blank in it may be cut, and each piece is
     * then only one more value the element may hold).
     */
    private static void declaredArrays(Analysis a, ParsedArgs p) {
        boolean assoc = p.has("-A");
        if (!assoc && !p.has("-a")) {
            return;
        }
        for (Arg o : p.operands) {
            int eq = o.text.indexOf('=');
            String name = eq < 0 ? o.text : o.text.substring(0, eq);
            String target = o.unresolved() || !Variables.isName(name) ? null : a.env.resolve(name);
            if (target == null) {
                continue;
            }
            if (assoc) {
                a.env.associative(target);
            }
            String v = eq < 0 ? "" : o.text.substring(eq + 1);
            if (!v.startsWith("(") || !v.endsWith(")")) {
                continue;
            }
            for (String w : Chars.splitRuns(v.substring(1, v.length() - 1).trim(), " \t\n", 64)) {
                int close = w.startsWith("[") ? w.indexOf("]=") : -1;
                String key = close > 0 ? ArrayKeys.key(w.substring(1, close), assoc) : null;
                if (key != null) {
                    a.env.element(target, key, w.substring(close + 2));
                }
            }
        }
    }

    /** declare -l/-u NAME=VALUE: the value in the case the attribute converts it to; a NAME alone: its later values. */
    private static void caseConverted(Analysis a, ParsedArgs p) {
        boolean lower = p.has("-l");
        boolean upper = p.has("-u");
        if (lower == upper) {
            return;
        }
        for (Arg o : p.operands) {
            int eq = o.text.indexOf('=');
            if (!o.unresolved() && eq < 0 && Variables.isName(o.text)) {
                String target = a.env.resolve(o.text);
                if (target != null) {
                    a.env.convertsCase(target, lower); // declare -l p; p=/ETC/SHADOW
                }
                continue;
            }
            if (o.unresolved() || eq <= 0 || !Variables.isName(o.text.substring(0, eq))) {
                continue;
            }
            String v = o.text.substring(eq + 1);
            String target = a.env.resolve(o.text.substring(0, eq));
            if (target != null) {
                a.env.literal(target, lower ? v.toLowerCase(Locale.ROOT) : v.toUpperCase(Locale.ROOT));
            }
        }
    }
}
