package dev.cmdgate.core.classify;

import dev.cmdgate.core.classify.CodeLexer.Kind;
import dev.cmdgate.core.classify.CodeLexer.Tok;
import dev.cmdgate.core.rules.Language;
import dev.cmdgate.core.rules.Rating;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a program in a language the rules describe ({@code [@lang NAME]}): the calls that start
 * processes, delete files or run more code, and the names that reach the network. A command a call
 * runs is classified like any command when its text is a literal ({@code os.system("rm -rf ~")} is
 * judged as {@code rm -rf ~}); a command built at run time (a variable, a concatenation, an
 * interpolating string) is unverifiable code. What a language's calls mean is data (the rules);
 * this class only finds calls and their literal arguments. Linear in the code: the lexer is one
 * pass, brackets are matched once, and argument scans share one budget.
 */
final class OneLiner {

    /** Calls acted on per program before the rest fails closed. */
    static final int MAX_CALLS = 256;
    /** eval("…") inside eval("…"): deeper fails closed. */
    static final int MAX_EVAL_DEPTH = 4;

    /**
     * One argument of a call: a literal, a list of values, something only known at run time, or a block; or an
     * integer literal (NUM, its text with its sign), which is only a word of an argv (a process id, {@code kill 9, -1})
     * and otherwise counts as a value only known at run time, as any non-string does.
     */
    record Val(Type type, String text, List<Val> items) {
        enum Type { LIT, LIST, DYN, BLOCK, NUM }

        static final Val DYN = new Val(Type.DYN, null, List.of());
        static final Val BLOCK = new Val(Type.BLOCK, null, List.of());
    }

    private final Analysis a;
    private final Language lang;
    private final CodeLexer.Syntax syn;
    private final String code;
    private final List<Tok> toks;
    private final int[] match;
    private final Site site;
    private final int evalDepth;
    private final boolean caseless;
    /** Whether function names match in any case (PHP's do, its variables and uses words do not). */
    private final boolean callsCaseless;
    private final Map<String, Boolean> mentions = new HashMap<>();
    private long budget;
    private int calls;

    private OneLiner(Analysis a, Language lang, String code, Site site, int evalDepth) {
        this.a = a;
        this.lang = lang;
        this.syn = CodeLexer.of(lang.syntax());
        this.code = code;
        this.toks = CodeLexer.lex(code, syn);
        this.match = brackets(toks);
        this.site = site;
        this.evalDepth = evalDepth;
        this.caseless = syn == CodeLexer.POWERSHELL || syn == CodeLexer.APPLESCRIPT;
        this.callsCaseless = caseless || syn == CodeLexer.PHP;
        this.budget = 4L * toks.size() + 10_000;
    }

    /** Reads {@code code} as a program in {@code lang}; findings go to {@code a}. */
    static void analyse(Analysis a, Language lang, String code, Site site, int evalDepth) {
        a.raise(site, evalDepth == 0 && a.pure.isCurrent(code) ? lang.purity().verdict() : lang.verdict());
        if (evalDepth > MAX_EVAL_DEPTH) {
            a.raise(site, a.setting("too-deep"), "code evaluated more than " + MAX_EVAL_DEPTH + " deep");
            return;
        }
        new OneLiner(a, lang, code, site, evalDepth).run();
    }

    /** For every opening bracket its closing one and back; -1 when unmatched. */
    private static int[] brackets(List<Tok> toks) {
        int[] m = new int[toks.size()];
        java.util.Arrays.fill(m, -1);
        ArrayDeque<Integer> open = new ArrayDeque<>();
        for (int k = 0; k < toks.size(); k++) {
            Tok t = toks.get(k);
            if (t.kind() == Kind.OPEN) {
                open.push(k);
            } else if (t.kind() == Kind.CLOSE && !open.isEmpty()) {
                int o = open.pop();
                m[o] = k;
                m[k] = o;
            }
        }
        return m;
    }

    private void run() {
        uses();
        forkLoop();
        for (int k = 0; k < toks.size() && !a.budget.exhausted; k++) {
            Tok t = toks.get(k);
            if (t.kind() == Kind.DEEP) {
                a.raise(site, a.setting("too-deep"), "interpolations nested more than "
                        + CodeLexer.MAX_NEST + " deep");
                return;
            }
            if (t.kind() == Kind.VAR && lang.variableCalls() && calledThrough(k)) {
                // $f("id"), &$c("id"), $c->("id"): the function's name is data, only known at run time
                a.raise(site, a.setting("dynamic-code"), t.text() + "(…) calls a function named by a variable");
            } else if (t.kind() == Kind.COMMAND && lang.backticks() != null) {
                if (!count()) {
                    return;
                }
                shell(new Val(t.dynamic() ? Val.Type.DYN : Val.Type.LIT, t.text(), List.of()), "`…`");
            } else if (t.kind() == Kind.IDENT) {
                // every reading rows give the name, once each (cp(SRC, DEST) reads SRC and writes DEST)
                Set<String> readings = null;
                for (Language.Call c : candidates(t.text())) {
                    if (readings != null && readings.contains(c.reading())) {
                        continue;
                    }
                    String row = matching(c, t.text(), k);
                    if (row != null) {
                        if (!count()) {
                            return;
                        }
                        call(c, row, k);
                        if (readings == null) {
                            readings = new java.util.HashSet<>(4);
                        }
                        readings.add(c.reading());
                    }
                }
                if (readings == null && syn == CodeLexer.POWERSHELL && !nativeCommand(k)) {
                    return;
                }
            } else if (syn == CodeLexer.POWERSHELL && t.kind() == Kind.STRING && k > 0 && toks.get(k - 1).is(Kind.OP, "&")
                    && statementStart(k - 1)) {
                // & "/bin/sh" -c …: the call operator runs the program a string names
                if (!count()) {
                    return;
                }
                command(nativeWords(k), "& " + t.text());
            }
        }
    }

    /**
     * Whether the variable at {@code k}, or an element of it, is called: {@code $f(…)}, {@code $f->(…)},
     * {@code $a[0](…)}, {@code $h{x}->(…)}, {@code $h->{x}->(…)}: the function's name is data either way.
     */
    private boolean calledThrough(int k) {
        int at = k + 1;
        while (at < toks.size()) {
            Tok t = toks.get(at);
            if (t.is(Kind.OP, "->")) {
                at++;
            } else if ((t.is(Kind.OPEN, "[") || t.is(Kind.OPEN, "{")) && match[at] > at) {
                at = match[at] + 1;
            } else {
                break;
            }
        }
        return at < toks.size() && toks.get(at).is(Kind.OPEN, "(");
    }

    private boolean count() {
        if (++calls > MAX_CALLS) {
            a.raise(site, a.setting("too-deep"), "more than " + MAX_CALLS + " calls to analyse");
            return false;
        }
        return true;
    }

    private List<Language.Call> candidates(String name) {
        String last = Language.lastSegment(name);
        if (!callsCaseless) {
            return lang.candidates(last);
        }
        if (!caseless) {
            return lang.candidates(last.toLowerCase(Locale.ROOT)); // PHP's rows name its functions in lower case
        }
        List<Language.Call> out = new ArrayList<>();
        for (Language.Call c : lang.calls()) {
            for (String n : c.names()) {
                if (Language.lastSegment(n).equalsIgnoreCase(last)) {
                    out.add(c);
                    break;
                }
            }
        }
        return out;
    }

    /**
     * The row name of {@code c} that the identifier at {@code k} calls, or null: the same dotted
     * name; the same last segment with any receiver when the row name has no module, or when the
     * code mentions the module ({@code require('child_process').exec(…)}, {@code __import__('os').system(…)});
     * a phrase ({@code do shell script}) when the words before match.
     */
    private String matching(Language.Call c, String name, int k) {
        Tok prev = k > 0 ? toks.get(k - 1) : null;
        if (prev != null && prev.kind() == Kind.IDENT && DEFINERS.contains(prev.text())) {
            return null; // def system(…): a definition, not a call
        }
        String callLast = Language.lastSegment(name);
        for (String n : c.names()) {
            if (n.indexOf(' ') >= 0) {
                if (phrase(n, k)) {
                    return n;
                }
                continue;
            }
            String rowLast = Language.lastSegment(n);
            boolean last = rowLast.endsWith("*")
                    ? callLast.startsWith(rowLast.substring(0, rowLast.length() - 1))
                    : callsCaseless ? callLast.equalsIgnoreCase(rowLast) : callLast.equals(rowLast);
            if (!last) {
                continue;
            }
            if (n.length() == rowLast.length()) {
                return n;
            }
            if (callsCaseless ? name.equalsIgnoreCase(n) : name.equals(n)) {
                return n;
            }
            String module = firstSegment(n);
            if (mentioned(module)) {
                return n;
            }
        }
        return null;
    }

    /** {@code t.replaceFirst("^[+]?[<>]+\\s*", "")}: a Perl open mode taken off the file name it starts ({@code ">>x"}). */
    static String withoutRedirectMode(String t) {
        int n = t.length();
        int i = n > 0 && t.charAt(0) == '+' ? 1 : 0;
        int j = i;
        while (j < n && (t.charAt(j) == '<' || t.charAt(j) == '>')) {
            j++;
        }
        if (j == i) {
            return t;
        }
        while (j < n && Chars.WHITESPACE.indexOf(t.charAt(j)) >= 0) {
            j++;
        }
        return t.substring(j);
    }

    private static final Set<String> DEFINERS = Set.of("def", "function", "sub", "fun", "func", "proc");

    private boolean phrase(String n, int k) {
        String[] w = Chars.splitRuns(n.trim(), Chars.WHITESPACE, 0);
        if (k - (w.length - 1) < 0) {
            return false;
        }
        for (int j = 0; j < w.length; j++) {
            Tok t = toks.get(k - (w.length - 1) + j);
            if (t.kind() != Kind.IDENT || !t.text().equalsIgnoreCase(w[j])) {
                return false;
            }
        }
        return true;
    }

    private static String firstSegment(String n) {
        int k = n.length();
        for (String sep : new String[] {".", "::", "->"}) {
            int x = n.indexOf(sep);
            if (x >= 0 && x < k) {
                k = x;
            }
        }
        return n.substring(0, k);
    }

    /** Whether the code mentions {@code word} as a whole word (in a name or a string). */
    private boolean mentioned(String word) {
        return mentions.computeIfAbsent(word, w -> {
            int from = 0;
            while (true) {
                int x = caseless ? code.toLowerCase(Locale.ROOT).indexOf(w.toLowerCase(Locale.ROOT), from) : code.indexOf(w, from);
                if (x < 0) {
                    return false;
                }
                boolean before = x == 0 || !isWordChar(code.charAt(x - 1));
                boolean after = x + w.length() >= code.length() || !isWordChar(code.charAt(x + w.length()));
                if (before && after) {
                    return true;
                }
                from = x + 1;
            }
        });
    }

    private static boolean isWordChar(char c) {
        return c == '_' || Character.isLetterOrDigit(c);
    }

    // ------------------------------------------------------------------ PowerShell's native commands

    /**
     * A PowerShell statement whose command word no call row names but the rules know as a program
     * ({@code bash -c "rm -rf ~"}, {@code sh}, {@code curl … | sh}): PowerShell runs a native program by its name
     * with the statement's words as its arguments, as a shell does; it is judged as that command line. A
     * Verb-Noun cmdlet, a keyword, a dotted or {@code ::} name is not a program. Returns false when the call
     * budget is spent.
     */
    private boolean nativeCommand(int k) {
        String name = toks.get(k).text();
        if (name.indexOf('-') >= 0 || name.indexOf('.') >= 0 || name.indexOf(':') >= 0
                || CodeLexer.PS_KEYWORDS.contains(name.toLowerCase(Locale.ROOT)) || !statementStart(k)
                || (k + 1 < toks.size() && toks.get(k + 1).is(Kind.OPEN, "(")) || a.rules.program(name) == null) {
            return true;
        }
        if (!count()) {
            return false;
        }
        command(nativeWords(k), name);
        return true;
    }

    /** Whether the token at {@code k} starts a statement, a pipeline stage or a block (or follows the call operator). */
    private boolean statementStart(int k) {
        if (k == 0) {
            return true;
        }
        Tok p = toks.get(k - 1);
        return p.kind() == Kind.END || p.is(Kind.OPEN, "{") || p.is(Kind.OP, "|") || p.is(Kind.OP, "&&")
                || p.is(Kind.OP, "||") || (p.is(Kind.OP, "&") && statementStart(k - 1));
    }

    /**
     * The words of a native command from its name at {@code k} to the statement's end: parameters ({@code -c}),
     * literal strings, bare words and numbers as written; a variable, an interpolating string or a bracketed
     * expression is only known at run time.
     */
    private List<Val> nativeWords(int k) {
        List<Val> out = new ArrayList<>();
        for (int j = k; j < toks.size() && spend(); j++) {
            Tok w = toks.get(j);
            if (w.kind() == Kind.END || w.kind() == Kind.CLOSE || w.is(Kind.OP, "|") || w.is(Kind.OP, "&&")
                    || w.is(Kind.OP, "||")) {
                break;
            }
            if (w.kind() == Kind.COMMA) {
                continue;
            }
            if (w.kind() == Kind.OPEN) {
                out.add(Val.DYN);
                j = match[j] > j ? match[j] : toks.size();
            } else if (w.kind() == Kind.STRING || w.kind() == Kind.IDENT || w.kind() == Kind.NUMBER || isParameter(w)) {
                out.add(w.dynamic() ? Val.DYN : new Val(Val.Type.LIT, w.text(), List.of()));
            } else if (w.is(Kind.OP, "-") && j + 1 < toks.size() && toks.get(j + 1).kind() == Kind.IDENT) {
                // outside command mode (after a string: & "/bin/rm" -rf) a parameter is lexed as - and a name
                out.add(new Val(Val.Type.LIT, "-" + toks.get(++j).text(), List.of()));
            } else if (w.is(Kind.OP, "~")) {
                out.add(new Val(Val.Type.LIT, "~", List.of()));
            } else if (w.kind() == Kind.VAR || w.kind() == Kind.COMMAND) {
                out.add(Val.DYN);
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ forks

    /**
     * A call that copies the process ({@code forks} rows: {@code os.fork}, Perl's {@code fork}) in code that holds a
     * loop with no end: every copy runs the same loop, so the processes double each round (a fork bomb). The call
     * need not be seen inside the loop's body: one-liners that both fork and loop forever are this.
     */
    private void forkLoop() {
        if (!lang.hasForks()) {
            return;
        }
        for (Tok t : toks) {
            if (t.kind() == Kind.IDENT && lang.forks(t.text())) {
                if (EndlessCodeLoop.present(toks)) {
                    a.raise(site, a.setting("fork-bomb"), "a loop with no end calls " + t.text() + " each round");
                }
                return;
            }
        }
    }

    // ------------------------------------------------------------------ uses

    /**
     * Raises every {@code uses} row a name or a literal of the code names: a name equal to a word, or
     * starting with it at a separator ({@code urllib.request.urlopen} uses {@code urllib}); a method
     * of anything named like a word ({@code x.DownloadString}); a literal equal to a word
     * ({@code require('net')}). One map lookup per candidate, so the cost does not grow with the rows.
     */
    private void uses() {
        if (lang.uses().isEmpty()) {
            return;
        }
        Set<Language.Use> fired = new HashSet<>();
        List<String> phrases = lang.usePhrases();
        for (int k = 0, m = toks.size(); k < m; k++) {
            Tok t = toks.get(k);
            if (t.kind() == Kind.STRING) {
                if (!t.dynamic()) {
                    use(t.text(), fired);
                }
                continue;
            }
            if (t.kind() != Kind.IDENT) {
                continue;
            }
            String name = t.text();
            use(name, fired);
            // a phrase (open location, empty trash) ends at this identifier when the ones before it match
            for (int p = 0, q = phrases.size(); p < q; p++) {
                if (phrase(phrases.get(p), k)) {
                    use(phrases.get(p), fired);
                }
            }
            int n = name.length();
            for (int i = 1; i < n; i++) {
                char c = name.charAt(i);
                if (c == '.' || c == ':' || c == '-') {
                    use(name.substring(0, i), fired);
                    if (lang.hasPrefixUses()) {
                        int e = c == ':' && i + 1 < n && name.charAt(i + 1) == ':' ? i + 2 : i + 1;
                        use(name.substring(0, e), fired);
                    }
                    if (c == ':' && i + 1 < n && name.charAt(i + 1) == ':') {
                        i++;
                    }
                }
            }
            String last = Language.lastSegment(name);
            if (last.length() < n) {
                use(last, fired);
            }
            if (fired.size() == lang.uses().size()) {
                return;
            }
        }
    }

    private void use(String word, Set<Language.Use> fired) {
        List<Language.Use> us = lang.usesOf(caseless ? word.toLowerCase(Locale.ROOT) : word);
        if (us == null) {
            return;
        }
        for (Language.Use u : us) {
            if (fired.add(u)) {
                a.raise(site, u.verdict(), word);
            }
        }
    }

    // ------------------------------------------------------------------ calls

    private void call(Language.Call c, String row, int k) {
        if (c.reading().equals("self")) {
            self(k);
            return;
        }
        if (c.reading().equals("table")) {
            table(row, k);
            return;
        }
        if (c.reading().equals("lookup")) {
            lookup(c, row, k);
            return;
        }
        List<Val> args = arguments(k + 1);
        if (args == null) {
            // a reference, not a call: an evaluator handed over as a value (.then(eval), map(eval, …))
            // runs whatever data reaches it
            if (c.reading().equals("code") && isHandedOver(k)) {
                a.raise(site, a.setting("dynamic-code"), row + " is passed on: it runs code only known at run time");
            } else if (STARTS.contains(c.reading()) && (isHandedOver(k) || renamed(k))) {
                // f = os.system; from os import system as x; {execSync: x} = require(…); map(os.system, …):
                // the program calls it under a name the rows do not know, with arguments not read here
                a.raise(site, a.setting("dynamic-code"), row + " is taken under another name or passed on: "
                        + "it starts a process cmdgate cannot follow");
            } else if (c.reading().equals("code") && syn == CodeLexer.POWERSHELL && k > 0 && toks.get(k - 1).is(Kind.OP, "|")) {
                // iwr URL | iex: a pipeline stage of its own, it runs what the stage before it outputs
                a.raise(site, a.setting("dynamic-code"), row + " runs the code piped into it");
            }
            return;
        }
        List<Val> loose = switches;
        if (!named.isEmpty() && !c.named().isEmpty()) {
            args = placed(c, args);
        }
        apply(c, row, args);
        if (loose != null && !c.namedOnly()) {
            // -Force ~: a parameter may be a switch, and the word after it an argument in its place
            named = Map.of();
            apply(c, row, loose);
        }
    }

    private void apply(Language.Call c, String row, List<Val> args) {
        List<Val> pos = new ArrayList<>();
        for (int j = c.from() - 1; j < args.size(); j++) {
            pos.add(args.get(j));
        }
        String what = row + "(…)";
        switch (c.reading()) {
            case "sh" -> {
                if (!pos.isEmpty()) {
                    shell(pos.get(0), what);
                }
            }
            case "argv" -> argv(pos, what);
            case "exec" -> {
                List<Val> items = flatten(pos);
                if (items.isEmpty()) {
                    return;
                }
                List<Val> argv = new ArrayList<>();
                argv.add(items.get(0));
                for (int j = 2; j < items.size(); j++) {
                    argv.add(items.get(j));
                }
                command(argv, what);
            }
            case "as" -> {
                List<Val> argv = new ArrayList<>();
                for (String w : c.template()) {
                    argv.add(new Val(Val.Type.LIT, w, List.of()));
                }
                if (!pos.isEmpty()) {
                    argv.addAll(flatten(List.of(pos.get(0))));
                }
                command(argv, what);
            }
            case "code" -> {
                if (pos.isEmpty() || pos.get(0).type() == Val.Type.BLOCK) {
                    return;
                }
                Val v = pos.get(0);
                if (v.type() == Val.Type.LIT) {
                    analyse(a, lang, v.text(), site.below(what), evalDepth + 1);
                } else {
                    a.raise(site, a.setting("dynamic-code"), what + " runs code only known at run time");
                }
            }
            case "module" -> {
                if (!pos.isEmpty() && runTime(pos.get(0))) {
                    a.raise(site, a.setting("dynamic-code"), what + " loads code only known at run time");
                }
            }
            case "open" -> open(args, what);
            case "write" -> {
                if (!pos.isEmpty()) {
                    written(pos.get(0), what);
                }
            }
            case "open-file" -> openFile(pos, what);
            case "read" -> {
                if (!pos.isEmpty()) {
                    read(pos.get(0), what);
                }
            }
            default -> {
            }
        }
    }

    /** Readings whose calls start processes or run more code: a reference to one is followed no further. */
    private static final Set<String> STARTS = Set.of("sh", "argv", "exec", "code");

    /**
     * Whether the name at {@code k} is given another name rather than called: the value of an assignment
     * ({@code f = os.system}, {@code local e = os.execute}), an import under another name ({@code from os import
     * system as x}) or a destructuring rename ({@code {execSync: x} = require("child_process")}).
     */
    private boolean renamed(int k) {
        Tok prev = k > 0 ? toks.get(k - 1) : null;
        Tok next = k + 1 < toks.size() ? toks.get(k + 1) : null;
        if (next != null && next.is(Kind.IDENT, "as")) {
            return true;
        }
        if (next != null && next.is(Kind.OP, ":") && prev != null
                && (prev.is(Kind.OPEN, "{") || prev.kind() == Kind.COMMA)) {
            return true;
        }
        return prev != null && (prev.is(Kind.OP, "=") || prev.is(Kind.OP, ":="))
                && (next == null || next.kind() == Kind.END || next.kind() == Kind.COMMA || next.kind() == Kind.CLOSE);
    }

    /** Readings whose calls reach processes, files, more code or another lookup: what a looked-up name must not be. */
    private static final Set<String> REACHING = Set.of("sh", "argv", "exec", "as", "code", "module", "open", "self",
            "lookup", "table");

    /**
     * A {@code table} name ({@code globals()}, {@code vars(x)}, Lua's {@code os}, {@code __builtins__}): indexing it,
     * or its call's result, with {@code [KEY]} looks up the function or module KEY names.
     */
    private void table(String row, int k) {
        int at = k + 1;
        if (at < toks.size() && toks.get(at).is(Kind.OPEN, "(") && match[at] > at) {
            at = match[at] + 1;
        }
        if (at >= toks.size() || !toks.get(at).is(Kind.OPEN, "[") || match[at] <= at) {
            return;
        }
        List<Val> key = split(at + 1, match[at]);
        lookedUp(key.isEmpty() ? Val.DYN : key.get(0), row + "[…]");
    }

    /** Keywords that start a function written in place ({@code fn($x) => …}, {@code function(x) …}, {@code lambda x: …}). */
    private static final Set<String> FUNCTION_LITERALS = Set.of("fn", "function", "lambda", "sub");

    /**
     * A {@code lookup} call ({@code getattr(o, NAME)}, {@code call_user_func(NAME)}, {@code do.call(NAME, …)}):
     * argument {@code from} is the name looked up. With {@code functions}, a bare name there
     * ({@code do.call(rbind, x)}) is that function, as a literal would name it; otherwise it is a variable.
     */
    private void lookup(Language.Call c, String row, int k) {
        int from = c.from();
        int open = k + 1;
        if (open >= toks.size() || !toks.get(open).is(Kind.OPEN, "(") || match[open] <= open) {
            return;
        }
        int end = match[open];
        int st = open + 1;
        int n = 1;
        for (int j = st; j <= end && spend(); j++) {
            if (j == end || toks.get(j).kind() == Kind.COMMA) {
                if (n == from) {
                    if (c.functions() && j > st && toks.get(st).kind() == Kind.IDENT
                            && FUNCTION_LITERALS.contains(toks.get(st).text())) {
                        return; // a function written in place: its body is read with the rest of the code
                    }
                    if (c.functions() && j == st + 1 && toks.get(st).kind() == Kind.IDENT) {
                        lookedUp(new Val(Val.Type.LIT, Language.lastSegment(toks.get(st).text()), List.of()), row + "(…)");
                    } else {
                        Val v = value(st, j);
                        if (c.functions() && isMethodCallable(v)) {
                            return; // [$obj, "compare"]: a method of an object, named in place; the object is read with the code
                        }
                        lookedUp(v == null ? Val.DYN : v, row + "(…)");
                    }
                    return;
                }
                n++;
                st = j + 1;
            } else if (toks.get(j).kind() == Kind.OPEN && match[j] > j && match[j] < end) {
                j = match[j] - 1;
            }
        }
    }

    /**
     * A name looked up at run time ({@code getattr(os, NAME)}, {@code call_user_func(NAME)}, {@code globals()[NAME]}):
     * one only known at run time may be any function, a process's or a socket's among them, and a literal naming a
     * call that reaches processes or more code is one cmdgate does not follow: either is unverifiable code.
     */
    private void lookedUp(Val name, String what) {
        if (name.type() == Val.Type.LIT && syn == CodeLexer.PHP && name.text().startsWith("\\")) {
            name = new Val(Val.Type.LIT, name.text().substring(1), List.of()); // "\\system": the global namespace's
        }
        if (name.type() != Val.Type.LIT) {
            a.raise(site, a.setting("dynamic-code"), what + " looks up a name only known at run time (it may be any function)");
            return;
        }
        for (Language.Call c : candidates(name.text())) {
            if (REACHING.contains(c.reading())) {
                a.raise(site, a.setting("dynamic-code"), what + " looks up " + name.text() + " by name");
                return;
            }
        }
    }

    /**
     * A PHP callable naming a method of an object or class in place ({@code [$cmp, "compare"]},
     * {@code [new A, "f"]}): the method's name is a literal identifier, so no function is looked up by a name the
     * run chooses. A method name only known at run time is not one.
     */
    private boolean isMethodCallable(Val v) {
        if (syn != CodeLexer.PHP || v == null || v.type() != Val.Type.LIST || v.items().size() != 2) {
            return false;
        }
        Val m = v.items().get(1);
        return m.type() == Val.Type.LIT && m.text().matches("[A-Za-z_][A-Za-z0-9_]*")
                && !REFLECTIVE_METHODS.contains(m.text().toLowerCase(Locale.ROOT));
    }

    /** Methods that call what their object names ({@code [new ReflectionFunction("system"), "invoke"]}). */
    private static final Set<String> REFLECTIVE_METHODS = Set.of("invoke", "invokeargs", "__invoke", "call",
            "fromcallable", "bindto", "bind", "newinstance", "newinstanceargs", "__call", "__callstatic");

    /**
     * Whether the name at {@code k} is used as a value — an argument or an element, not a name
     * being imported, assigned or looked into ({@code from x import eval}, {@code eval = …},
     * {@code eval.x}).
     */
    private boolean isHandedOver(int k) {
        Tok prev = k > 0 ? toks.get(k - 1) : null;
        Tok next = k + 1 < toks.size() ? toks.get(k + 1) : null;
        if (prev == null || !(prev.kind() == Kind.COMMA || prev.is(Kind.OPEN, "(") || prev.is(Kind.OPEN, "["))) {
            return false;
        }
        return next == null || next.kind() == Kind.COMMA || next.kind() == Kind.CLOSE;
    }

    /** A shell line: a literal is classified as a script, a list as an argv, anything else is unverifiable. */
    private void shell(Val v, String what) {
        switch (v.type()) {
            case LIT -> a.code.runCode("sh", v.text(), false, site.below(what), new java.util.LinkedHashSet<>());
            case LIST -> command(v.items(), what);
            default -> a.raise(site, a.setting("dynamic-code"), what + " runs a command only known at run time");
        }
    }

    /** An argv: one literal alone is a command line (the cautious reading); else the items in order. */
    private void argv(List<Val> pos, String what) {
        if (pos.isEmpty()) {
            return;
        }
        if (pos.size() == 1 && pos.get(0).type() != Val.Type.LIST) {
            shell(pos.get(0), what);
            return;
        }
        command(flatten(pos), what);
    }

    /**
     * perl/ruby open: "|cmd", "cmd|" and the "-|" / "|-" modes run commands; the '>', '>>', '+<',
     * '+>' modes (or a name starting with one) write a file.
     */
    private void open(List<Val> args, String what) {
        for (int j = 0; j < args.size(); j++) {
            Val v = args.get(j);
            if (v.type() != Val.Type.LIT) {
                continue;
            }
            String t = v.text().trim();
            if (t.equals("-|") || t.equals("|-")) {
                argv(args.subList(j + 1, args.size()), what);
                return;
            }
            if (t.equals(">") || t.equals(">>") || t.equals("+<") || t.equals("+>") || t.equals("+>>")) {
                if (j + 1 < args.size()) {
                    written(args.get(j + 1), what);
                }
                return;
            }
            if (t.startsWith(">") || t.startsWith("+>") || t.startsWith("+<")) {
                written(new Val(Val.Type.LIT, withoutRedirectMode(t), List.of()), what);
                continue;
            }
            // open(F, "<", "x"), open(F, "<x"): a read (a credential store, a URL)
            if (t.equals("<") && j + 1 < args.size()) {
                read(args.get(j + 1), what);
                return;
            }
            if (t.startsWith("<") && !t.startsWith("<&")) {
                read(new Val(Val.Type.LIT, t.substring(1).trim(), List.of()), what);
                continue;
            }
            // open("x", "w"), File.open("x", "a+"): a mode after the name writes it
            if (j > 0 && Chars.onlyWithOne(t, "rwabxt+", "wax+") && args.get(j - 1).type() == Val.Type.LIT
                    && !args.get(j - 1).text().trim().startsWith("|")) {
                written(args.get(j - 1), what);
                return;
            }
            if (t.startsWith("|") && t.length() > 1) {
                shell(new Val(Val.Type.LIT, t.substring(1), List.of()), what);
            } else if (t.endsWith("|") && t.length() > 1) {
                shell(new Val(Val.Type.LIT, t.substring(0, t.length() - 1), List.of()), what);
            }
        }
    }

    /**
     * A file the code writes: a literal path is checked like any written file (devices, places that
     * run code later or grant access); a path only known at run time is an ordinary write.
     */
    /**
     * {@code open(PATH, MODE)}, also {@code open(f, PATH, MODE)} (Julia's do-form): PATH is the argument
     * before the first literal mode; a mode with w, a, x or + writes it, a mode without w, a or x (or no
     * mode) reads it.
     */
    private void openFile(List<Val> pos, String what) {
        if (pos.isEmpty()) {
            return;
        }
        int m = -1;
        for (int j = 1; j < pos.size() && m < 0; j++) {
            if (pos.get(j).type() == Val.Type.LIT && isMode(pos.get(j).text())) {
                m = j;
            }
        }
        Val path = pos.get(m < 0 ? 0 : m - 1);
        String mode = m < 0 ? "" : pos.get(m).text();
        boolean writes = mode.indexOf('w') >= 0 || mode.indexOf('a') >= 0 || mode.indexOf('x') >= 0;
        if (writes || mode.indexOf('+') >= 0) {
            written(path, what);
        }
        if (!writes && (m >= 0 || pos.size() == 1 || !runTime(pos.get(1)))) {
            read(path, what);
        }
    }

    /** A file mode string: 1 to 4 of r w a b x t + (fopen, Python, Lua, Julia). */
    private static boolean isMode(String t) {
        if (t.isEmpty() || t.length() > 4) {
            return false;
        }
        for (int i = 0; i < t.length(); i++) {
            if ("rwabxt+".indexOf(t.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * A file or URL the code reads: a credential store is {@code verdict credential-read}; a URL whose
     * scheme reaches the network ({@code http://}, {@code ftp://} …, not {@code file://}) is
     * {@code verdict network-url}.
     */
    private void read(Val v, String what) {
        if (v.type() == Val.Type.DYN) {
            // a path built at run time: each literal part may be the name of the file, in a directory only known then
            for (Val part : v.items()) {
                String name = part.text().trim();
                if (!name.isEmpty()) {
                    a.files.readPath(new Arg((name.startsWith("/") ? "$(…)" : "$(…)/") + name, true, false, -1, -1),
                            false, site.below(what));
                }
            }
            return;
        }
        if (v.type() != Val.Type.LIT) {
            return;
        }
        String t = v.text().trim();
        int colon = t.indexOf("://");
        if (colon > 0 && isScheme(t, colon) && !t.regionMatches(true, 0, "file", 0, colon)) {
            Rating url = a.setting("network-url");
            a.raise(site.below(what), url != null ? url : a.setting("network-device"), t);
            return;
        }
        a.files.readPath(Arg.literal(t), false, site.below(what));
    }

    private static boolean isScheme(String t, int end) {
        for (int i = 0; i < end; i++) {
            char c = t.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '+' || c == '-' || c == '.') || c > 127) {
                return false;
            }
        }
        return Character.isLetter(t.charAt(0));
    }

    private static boolean runTime(Val v) {
        return v.type() == Val.Type.DYN || v.type() == Val.Type.NUM;
    }

    private void written(Val v, String what) {
        Arg path = v.type() == Val.Type.LIT ? Arg.literal(v.text()) : new Arg("$(…)", true, false, -1, -1);
        a.files.writePath(path, a.setting("redirect-file"), site.below(what));
    }

    /** {@code "cmd".execute()}, {@code ["a","b"].execute()}: the receiver is the command. */
    private void self(int k) {
        if (k < 2 || !toks.get(k - 1).is(Kind.OP, ".") || arguments(k + 1) == null) {
            return;
        }
        Tok r = toks.get(k - 2);
        String what = toks.get(k).text() + "()";
        if (r.kind() == Kind.STRING) {
            shell(new Val(r.dynamic() ? Val.Type.DYN : Val.Type.LIT, r.text(), List.of()), what);
        } else if (r.kind() == Kind.CLOSE && r.text().equals("]") && match[k - 2] >= 0) {
            Val list = value(match[k - 2], k - 1);
            shell(list, what);
        } else {
            shell(Val.DYN, what);
        }
    }

    private void command(List<Val> argv, String what) {
        List<Arg> words = new ArrayList<>(argv.size());
        for (Val v : argv) {
            words.add(v.type() == Val.Type.LIT || v.type() == Val.Type.NUM ? Arg.literal(v.text())
                    : new Arg("$(…)", true, false, -1, -1));
        }
        if (!words.isEmpty()) {
            a.code.nested(words, site.below(what), site.ctx().stdin());
        }
    }

    private static List<Val> flatten(List<Val> vals) {
        List<Val> out = new ArrayList<>();
        for (Val v : vals) {
            if (v.type() == Val.Type.LIST) {
                out.addAll(v.items());
            } else {
                out.add(v);
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ arguments

    /**
     * The arguments of the call whose name ends just before {@code k}: a parenthesised list, or (in
     * languages that allow it) the rest of the statement; null when the name is not called here.
     */
    private List<Val> arguments(int k) {
        named = Map.of();
        switches = null;
        if (k >= toks.size()) {
            return null;
        }
        if (syn == CodeLexer.LISP) {
            // (name arg …): every form up to the closing parenthesis is an argument
            if (k < 2 || !toks.get(k - 2).is(Kind.OPEN, "(") || match[k - 2] < 0) {
                return null;
            }
            List<Val> out = new ArrayList<>();
            for (int j = k; j < match[k - 2] && spend(); j++) {
                Tok w = toks.get(j);
                if (w.kind() == Kind.OPEN && match[j] > j) {
                    out.add(Val.DYN);
                    j = match[j];
                } else if (w.kind() == Kind.STRING && !w.dynamic()) {
                    out.add(new Val(Val.Type.LIT, w.text(), List.of()));
                } else if (!w.is(Kind.OP, "'")) {
                    out.add(Val.DYN);
                }
            }
            return out;
        }
        Tok t = toks.get(k);
        if (t.is(Kind.OPEN, "(")) {
            int end = match[k];
            if (end < 0) {
                end = toks.size();
            }
            return split(k + 1, end);
        }
        if (!syn.parenless()) {
            return null;
        }
        if (t.is(Kind.OPEN, "{")) {
            return List.of(Val.BLOCK); // eval { … }: a block, not a string of code
        }
        boolean starts = t.kind() == Kind.STRING || t.kind() == Kind.COMMAND || t.kind() == Kind.VAR
                || t.kind() == Kind.NUMBER || (t.is(Kind.OP, "-") && k + 1 < toks.size() && toks.get(k + 1).kind() == Kind.NUMBER)
                || t.is(Kind.OPEN, "[") || (t.kind() == Kind.IDENT && !STOPS.contains(t.text()))
                || (syn == CodeLexer.POWERSHELL && isParameter(t));
        if (!starts) {
            return null;
        }
        int end = k;
        while (end < toks.size()) {
            Tok e = toks.get(end);
            if (e.kind() == Kind.END || e.kind() == Kind.CLOSE || (e.kind() == Kind.IDENT && STOPS.contains(e.text()))
                    || e.is(Kind.OP, "||") || e.is(Kind.OP, "&&") || e.is(Kind.OP, "|")) {
                break;
            }
            if (e.kind() == Kind.OPEN && match[end] > end) {
                end = match[end];
            }
            end++;
        }
        if (syn.words()) {
            // Tcl: every word is an argument
            List<Val> out = new ArrayList<>();
            for (int j = k; j < end && spend(); j++) {
                Tok w = toks.get(j);
                if (w.kind() == Kind.OPEN && match[j] > j) {
                    out.add(Val.DYN);
                    j = match[j];
                } else {
                    out.add(w.dynamic() ? Val.DYN : new Val(Val.Type.LIT, w.text(), List.of()));
                }
            }
            return out;
        }
        if (syn == CodeLexer.POWERSHELL) {
            return commandArguments(k, end);
        }
        return split(k, end);
    }

    /** The named parameters of the call whose arguments were read last ({@code -Path P}), by lower-case name. */
    private Map<String, Val> named = Map.of();
    /** The same arguments with every parameter taken for a switch (null when there is no parameter with a value). */
    private List<Val> switches;

    /**
     * The arguments with the named ones in their places: the row's {@code named=} parameters are those of
     * positions 1, 2 … ({@code Copy-Item -Destination D S} is {@code S D}); with {@code named-only=}, only
     * the named parameter's value, as argument 1.
     */
    private List<Val> placed(Language.Call c, List<Val> args) {
        if (c.namedOnly()) {
            Val v = named.get(c.named().get(0));
            return v == null ? List.of() : List.of(v);
        }
        List<Val> out = new ArrayList<>();
        int last = -1;
        for (int i = 0; i < c.named().size(); i++) {
            if (named.containsKey(c.named().get(i))) {
                last = i;
            }
        }
        int next = 0;
        for (int i = 0; i <= last || next < args.size(); i++) {
            Val v = i < c.named().size() ? named.get(c.named().get(i)) : null;
            if (v != null) {
                out.add(v);
            } else if (next < args.size()) {
                out.add(args.get(next++));
            } else {
                out.add(Val.DYN); // a position nobody gave: not known
            }
        }
        return out;
    }

    private static boolean isParameter(Tok t) {
        return t.kind() == Kind.OP && t.text().length() > 1 && t.text().charAt(0) == '-';
    }

    /**
     * A PowerShell command's arguments (the lexer separates its words with commas): {@code -Name VALUE}
     * pairs go to {@link #named} (a parameter followed by another, or by nothing, is a switch), the rest are
     * positional, in order.
     */
    private List<Val> commandArguments(int from, int to) {
        List<Val> out = new ArrayList<>();
        List<Val> all = new ArrayList<>();
        Map<String, Val> byName = new HashMap<>();
        String pending = null;
        int st = from;
        for (int j = from; j <= to && spend(); j++) {
            if (j < to && toks.get(j).kind() == Kind.OPEN && match[j] > j && match[j] < to) {
                j = match[j];
                continue;
            }
            if (j < to && !toks.get(j).is(Kind.COMMA, " ")) {
                continue;
            }
            if (j > st && isParameter(toks.get(st)) && j == st + 1) {
                pending = toks.get(st).text().substring(1).toLowerCase(Locale.ROOT);
            } else {
                // a, b: an array is one argument
                boolean array = false;
                for (int q = st; q < j && !array; q++) {
                    array = toks.get(q).is(Kind.COMMA, ",");
                }
                Val v = array ? new Val(Val.Type.LIST, null, split(st, j)) : value(st, j);
                if (v != null) {
                    all.add(v);
                    if (pending != null) {
                        byName.putIfAbsent(pending, v);
                        pending = null;
                    } else {
                        out.add(v);
                    }
                }
            }
            st = j + 1;
        }
        named = byName;
        switches = byName.isEmpty() ? null : all;
        return out;
    }

    /** Words that end a statement's arguments in Perl, Ruby, Lua. */
    private static final Set<String> STOPS = Set.of("if", "unless", "or", "and", "while", "until", "then", "do", "end",
            "else", "elsif", "not", "for", "foreach");

    private boolean spend() {
        if (--budget < 0) {
            if (budget == -1) {
                a.raise(site, a.setting("too-deep"), "the code's calls take too long to read");
            }
            return false;
        }
        return true;
    }

    /** The comma-separated values between token indexes {@code from} (inclusive) and {@code to} (exclusive). */
    private List<Val> split(int from, int to) {
        List<Val> out = new ArrayList<>();
        int st = from;
        for (int j = from; j <= to && spend(); j++) {
            if (j == to || toks.get(j).kind() == Kind.COMMA) {
                Val v = value(st, j);
                if (v != null) {
                    out.add(v);
                }
                st = j + 1;
            } else if (toks.get(j).kind() == Kind.OPEN && match[j] > j && match[j] < to) {
                j = match[j] - 1;
            }
        }
        return out;
    }

    /** The value of the tokens in [from, to): null for nothing or a keyword argument. */
    private Val value(int from, int to) {
        while (from < to && toks.get(from).kind() == Kind.END) {
            from++;
        }
        while (to > from && toks.get(to - 1).kind() == Kind.END) {
            to--;
        }
        if (from >= to) {
            return null;
        }
        Tok first = toks.get(from);
        if (first.kind() == Kind.IDENT && from + 1 < to
                && (toks.get(from + 1).is(Kind.OP, "=") || toks.get(from + 1).is(Kind.OP, ":"))) {
            return null; // shell=True, cwd: "x": a keyword argument
        }
        if (first.kind() == Kind.OPEN && (first.text().equals("[") || first.text().equals("(")) && match[from] == to - 1) {
            List<Val> items = split(from + 1, to - 1);
            for (Val v : items) {
                if (v.type() == Val.Type.LIST) {
                    return Val.DYN;
                }
            }
            return new Val(Val.Type.LIST, null, items);
        }
        if (first.is(Kind.OPEN, "{") && match[from] == to - 1) {
            return Val.BLOCK;
        }
        // a typed list literal: Go's []string{"a", "b"}, Java's new String[]{"a", "b"}
        int at = from;
        if (first.is(Kind.IDENT, "new") && at + 1 < to && toks.get(at + 1).kind() == Kind.IDENT) {
            at += 2;
        }
        if (at == from + 2 ? at + 2 < to && toks.get(at).is(Kind.OPEN, "[") && toks.get(at + 1).is(Kind.CLOSE, "]")
                && toks.get(at + 2).is(Kind.OPEN, "{") && match[at + 2] == to - 1
                : at + 3 < to && toks.get(at).is(Kind.OPEN, "[") && toks.get(at + 1).is(Kind.CLOSE, "]")
                && toks.get(at + 2).kind() == Kind.IDENT && toks.get(at + 3).is(Kind.OPEN, "{") && match[at + 3] == to - 1) {
            int brace = match[to - 1];
            List<Val> items = split(brace + 1, to - 1);
            for (Val v : items) {
                if (v.type() == Val.Type.LIST) {
                    return Val.DYN;
                }
            }
            return new Val(Val.Type.LIST, null, items);
        }
        String integer = integer(from, to);
        if (integer != null) {
            return new Val(Val.Type.NUM, integer, List.of());
        }
        StringBuilder b = new StringBuilder();
        boolean built = false;
        List<Val> parts = null;
        for (int j = from; j < to; j++) {
            Tok t = toks.get(j);
            if (t.kind() == Kind.STRING && !t.dynamic()) {
                b.append(t.text()); // "a" "b": adjacent literals are one
                if (parts == null) {
                    parts = new ArrayList<>(2);
                }
                parts.add(new Val(Val.Type.LIT, t.text(), List.of()));
            } else {
                built = true;
            }
        }
        if (built) {
            // a value built at run time keeps its literal parts: folder & "Cookies.binarycookies", "Login Data" of folder P
            return parts == null ? Val.DYN : new Val(Val.Type.DYN, null, parts);
        }
        return new Val(Val.Type.LIT, b.toString(), List.of());
    }

    /** The text of a decimal integer literal in [from, to), with a leading minus sign; else null. */
    private String integer(int from, int to) {
        boolean minus = to - from == 2 && toks.get(from).is(Kind.OP, "-");
        if (to - from != (minus ? 2 : 1)) {
            return null;
        }
        Tok t = toks.get(to - 1);
        if (t.kind() != Kind.NUMBER || !t.text().chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
            return null;
        }
        return minus ? "-" + t.text() : t.text();
    }
}
