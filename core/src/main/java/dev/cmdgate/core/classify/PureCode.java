package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.Purity;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a one-line program only computes and prints (docs/pure-code.md): every name it uses is on its language's
 * {@code pure names} list or bound by the program itself where it is used, every attribute after a {@code .} is on
 * the {@code pure attributes} list, it imports only {@code pure modules}, and it has nothing the strict reader here
 * does not know. The reader is its own, stricter than the one that finds calls ({@link CodeLexer}): it fails closed
 * on comments, backslashes outside strings, non-ASCII outside strings, interpolating or template strings, triple
 * quotes, unbalanced brackets, indented blocks, compound statements, walrus, decorators, newlines in JavaScript. One
 * pass to lex, one to bind, one to check: linear in the code apart from the scope look-up per name.
 */
final class PureCode {

    /** A pure program: the modules it imports, the files it reads ({@code open('f')}), the JSON files it requires. */
    record Pure(List<String> modules, List<String> reads, List<String> jsonFiles) {
    }

    /** The reading: {@code pure} when the program is pure, else {@code why} it is not. */
    record Outcome(Pure pure, String why) {
        static Outcome not(String why) {
            return new Outcome(null, why);
        }
    }

    private enum K { ID, NUM, STR, OP, NL, OPEN, CLOSE }

    private record T(K kind, String text, int depth) {
        boolean is(K k, String t) {
            return kind == k && text.equals(t);
        }
    }

    /** Code longer than this is not read: a one-liner is short. */
    static final int MAX_CODE = 4_000;

    private static final String[] PY_OPS = {"**=", "//=", ">>=", "<<=", "**", "//", "==", "!=", "<=", ">=", "->", ":=",
        "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", ">>", "<<"};
    private static final String[] JS_OPS = {"===", "!==", "**=", "...", "&&=", "||=", "??=", ">>>", "**", "==", "!=",
        "<=", ">=", "=>", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", ">>", "<<"};
    private static final String PY_SINGLE = "+-*/%<>=&|^~,.:;";
    private static final String JS_SINGLE = "+-*/%<>=&|^~,.:;?!";
    /** JavaScript words after which a {@code /} starts a regular expression, not a division. */
    private static final java.util.Set<String> JS_REGEX_AFTER = java.util.Set.of("return", "typeof", "in", "of", "new",
            "delete", "void", "throw", "case", "do", "else", "instanceof", "yield", "await");

    private final Purity p;
    private final boolean py;
    private final String s;
    private final List<T> toks = new ArrayList<>();
    private int[] match;
    private boolean[] handled;
    /** Scopes of names the program binds: name, first and last token index where it is bound. */
    private final List<Object[]> bound = new ArrayList<>();
    /** Names bound to a module by {@code import M} (or {@code as N}): namespaces, as the {@code pure namespaces} rows. */
    private final java.util.Set<String> moduleNames = new java.util.HashSet<>();
    private final List<String> modules = new ArrayList<>();
    private final List<String> reads = new ArrayList<>();
    private final List<String> jsonFiles = new ArrayList<>();
    private boolean[] lambdaColon;

    private PureCode(Purity p, boolean py, String s) {
        this.p = p;
        this.py = py;
        this.s = s;
    }

    /** Reads {@code code} in the lexer family {@code syntax} ({@code python}, {@code javascript}) with the rows {@code p}. */
    static Outcome read(Purity p, String syntax, String code) {
        if (p == null || !p.usable()) {
            return Outcome.not("the language has no pure rows");
        }
        if (!syntax.equals("python") && !syntax.equals("javascript")) {
            return Outcome.not("no strict reader for " + syntax);
        }
        if (code.length() > MAX_CODE) {
            return Outcome.not("the code is longer than " + MAX_CODE + " characters");
        }
        PureCode r = new PureCode(p, syntax.equals("python"), code);
        String why = r.lex();
        if (why == null) {
            why = r.check();
        }
        return why != null ? Outcome.not(why)
                : new Outcome(new Pure(List.copyOf(r.modules), List.copyOf(r.reads), List.copyOf(r.jsonFiles)), null);
    }

    // ------------------------------------------------------------------ lexing

    private String lex() {
        int n = s.length();
        ArrayDeque<Character> open = new ArrayDeque<>();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\n') {
                if (!py) {
                    return "a newline (statements JavaScript may join or split unseen)";
                }
                if (open.isEmpty()) {
                    toks.add(new T(K.NL, "\n", 0));
                    if (i + 1 < n && (s.charAt(i + 1) == ' ' || s.charAt(i + 1) == '\t')) {
                        return "an indented block";
                    }
                }
                i++;
                continue;
            }
            if (c == ' ' || c == '\t') {
                if (i == 0 && py) {
                    return "indented code";
                }
                i++;
                continue;
            }
            if (c < 0x20 || c >= 0x7f) {
                return "a character outside printable ASCII outside a string";
            }
            if (Character.isLetter(c) || c == '_' || (!py && c == '$')) {
                int k = i + 1;
                while (k < n && (isIdentPart(s.charAt(k)))) {
                    k++;
                }
                String id = s.substring(i, k);
                if (k < n && (s.charAt(k) == '\'' || s.charAt(k) == '"')) {
                    if (!py) {
                        return "a name right before a string";
                    }
                    String pre = id.toLowerCase(java.util.Locale.ROOT);
                    if (!pre.equals("r") && !pre.equals("b") && !pre.equals("u") && !pre.equals("rb") && !pre.equals("br")) {
                        return "a string with prefix " + id + " (f-strings and templates hold code)";
                    }
                    i = k;
                    continue; // the string is lexed next, its prefix dropped
                }
                toks.add(new T(K.ID, id, open.size()));
                i = k;
                continue;
            }
            if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(s.charAt(i + 1)))) {
                int k = number(i);
                if (k < n && (isIdentPart(s.charAt(k)) || s.charAt(k) == '\'' || s.charAt(k) == '"')) {
                    return "a number run into a name";
                }
                toks.add(new T(K.NUM, s.substring(i, k), open.size()));
                i = k;
                continue;
            }
            if (c == '\'' || c == '"') {
                if (py && s.startsWith(String.valueOf(c).repeat(3), i)) {
                    return "a triple-quoted string";
                }
                int k = i + 1;
                while (k < n && s.charAt(k) != c) {
                    if (s.charAt(k) == '\\') {
                        k++;
                    } else if (s.charAt(k) == '\n') {
                        return "a string with a newline";
                    }
                    k++;
                }
                if (k >= n) {
                    return "an unterminated string";
                }
                toks.add(new T(K.STR, s.substring(i + 1, k), open.size()));
                i = k + 1;
                continue;
            }
            if (c == '(' || c == '[' || c == '{') {
                toks.add(new T(K.OPEN, String.valueOf(c), open.size()));
                open.push(c);
                i++;
                continue;
            }
            if (c == ')' || c == ']' || c == '}') {
                if (open.isEmpty() || "([{".indexOf(open.pop()) != ")]}".indexOf(c)) {
                    return "unbalanced brackets";
                }
                toks.add(new T(K.CLOSE, String.valueOf(c), open.size()));
                i++;
                continue;
            }
            if (!py && (s.startsWith("<!--", i) || s.startsWith("-->", i))) {
                return "an HTML-like comment";
            }
            if (!py && c == '/') {
                if (i + 1 < n && (s.charAt(i + 1) == '/' || s.charAt(i + 1) == '*')) {
                    return "a comment";
                }
                T prev = toks.isEmpty() ? null : toks.get(toks.size() - 1);
                boolean division = prev != null && (prev.kind == K.NUM || prev.kind == K.CLOSE
                        || (prev.kind == K.ID && !JS_REGEX_AFTER.contains(prev.text)));
                if (!division) {
                    return "a regular expression literal";
                }
            }
            String op = op(i);
            if (op == null) {
                return "the character " + c + (c == '#' ? " (a comment)" : c == '\\' ? " (an escape or a line continuation)"
                        : c == '`' ? " (a template literal)" : c == '@' ? " (a decorator)" : "");
            }
            if (op.equals(":=")) {
                return "an assignment expression (:=)";
            }
            if (op.equals("->")) {
                return "an annotation (->)";
            }
            toks.add(new T(K.OP, op, open.size()));
            i += op.length();
        }
        if (!open.isEmpty()) {
            return "unbalanced brackets";
        }
        return null;
    }

    private boolean isIdentPart(char c) {
        return (c < 0x80 && Character.isLetterOrDigit(c)) || c == '_' || (!py && c == '$');
    }

    /** The end of the number at {@code i}: digits, one fraction, an exponent, a one-letter suffix; hex and such. */
    private int number(int i) {
        int n = s.length();
        int k = i;
        if (s.charAt(k) == '0' && k + 1 < n && "xXoObB".indexOf(s.charAt(k + 1)) >= 0) {
            k += 2;
            while (k < n && (Character.digit(s.charAt(k), 16) >= 0 || s.charAt(k) == '_')) {
                k++;
            }
        } else {
            while (k < n && (Character.isDigit(s.charAt(k)) || s.charAt(k) == '_')) {
                k++;
            }
            if (k + 1 < n && s.charAt(k) == '.' && Character.isDigit(s.charAt(k + 1))) {
                k++;
                while (k < n && (Character.isDigit(s.charAt(k)) || s.charAt(k) == '_')) {
                    k++;
                }
            }
            if (k + 1 < n && (s.charAt(k) == 'e' || s.charAt(k) == 'E')) {
                int e = k + 1;
                if (e < n && (s.charAt(e) == '+' || s.charAt(e) == '-')) {
                    e++;
                }
                if (e < n && Character.isDigit(s.charAt(e))) {
                    k = e;
                    while (k < n && Character.isDigit(s.charAt(k))) {
                        k++;
                    }
                }
            }
        }
        if (k < n && "jJnL".indexOf(s.charAt(k)) >= 0) {
            k++;
        }
        return k;
    }

    private String op(int i) {
        for (String o : py ? PY_OPS : JS_OPS) {
            if (s.startsWith(o, i)) {
                return o;
            }
        }
        return (py ? PY_SINGLE : JS_SINGLE).indexOf(s.charAt(i)) >= 0 ? String.valueOf(s.charAt(i)) : null;
    }

    // ------------------------------------------------------------------ checking

    private String check() {
        int n = toks.size();
        match = new int[n];
        ArrayDeque<Integer> st = new ArrayDeque<>();
        for (int k = 0; k < n; k++) {
            if (toks.get(k).kind == K.OPEN) {
                st.push(k);
            } else if (toks.get(k).kind == K.CLOSE) {
                int o = st.pop();
                match[o] = k;
                match[k] = o;
            }
        }
        handled = new boolean[n];
        lambdaColon = new boolean[n];
        String why = statements();
        if (why == null) {
            why = py ? comprehensions() : null;
        }
        if (why == null) {
            why = functions();
        }
        if (why == null) {
            why = uses();
        }
        return why;
    }

    private boolean ends(T t) {
        return t.depth == 0 && (t.is(K.OP, ";") || t.kind == K.NL);
    }

    /** Statements at the top: imports, and assignments of names (bound from the statement's end on). */
    private String statements() {
        int n = toks.size();
        int start = 0;
        while (start < n) {
            int end = start;
            while (end < n && !ends(toks.get(end))) {
                end++;
            }
            if (end > start) {
                String why = statement(start, end);
                if (why != null) {
                    return why;
                }
            }
            start = end + 1;
        }
        return null;
    }

    /** The index after an optional {@code as NAME} at {@code k}: {@code k} itself without one, -1 when no name follows. */
    private int afterAlias(int k, int e) {
        if (k < e && toks.get(k).is(K.ID, "as")) {
            return k + 1 < e && toks.get(k + 1).kind == K.ID ? k + 2 : -1;
        }
        return k;
    }

    private String statement(int a, int e) {
        T first = toks.get(a);
        if (py && first.is(K.ID, "import")) {
            for (int k = a; k < e; k++) {
                handled[k] = true;
            }
            int k = a + 1;
            while (true) {
                StringBuilder m = new StringBuilder();
                k = dotted(k, e, m);
                if (k < 0) {
                    return "an import the reader does not know";
                }
                String top = m.toString().contains(".") ? m.substring(0, m.indexOf(".")) : m.toString();
                int next = afterAlias(k, e);
                if (next < 0) {
                    return "an import the reader does not know";
                }
                String as = next == k ? top : toks.get(k + 1).text;
                k = next;
                String why = imported(m.toString());
                if (why != null) {
                    return why;
                }
                String bad = bind(as, e, Integer.MAX_VALUE);
                moduleNames.add(as);
                if (bad != null) {
                    return bad;
                }
                if (k == e) {
                    return null;
                }
                if (!toks.get(k).is(K.OP, ",")) {
                    return "an import the reader does not know";
                }
                k++;
            }
        }
        if (py && first.is(K.ID, "from")) {
            for (int k = a; k < e; k++) {
                handled[k] = true;
            }
            StringBuilder m = new StringBuilder();
            int k = dotted(a + 1, e, m);
            if (k < 0 || k >= e || !toks.get(k).is(K.ID, "import")) {
                return "an import the reader does not know (relative, starred or in parentheses)";
            }
            String why = imported(m.toString());
            if (why != null) {
                return why;
            }
            k++;
            while (true) {
                if (k >= e || toks.get(k).kind != K.ID) {
                    return "an import the reader does not know (relative, starred or in parentheses)";
                }
                String name = toks.get(k).text;
                if (name.startsWith("__") || !p.attributes().contains(name)) {
                    return "from " + m + " import " + name + ": " + name + " is not on the pure attributes list";
                }
                k++;
                int next = afterAlias(k, e);
                if (next < 0) {
                    return "an import the reader does not know";
                }
                String as = next == k ? name : toks.get(k + 1).text;
                k = next;
                String bad = bind(as, e, Integer.MAX_VALUE);
                if (bad != null) {
                    return bad;
                }
                if (k == e) {
                    return null;
                }
                if (!toks.get(k).is(K.OP, ",")) {
                    return "an import the reader does not know";
                }
                k++;
            }
        }
        int k = a;
        if (!py && first.kind == K.ID && (first.text.equals("const") || first.text.equals("let") || first.text.equals("var"))) {
            handled[a] = true;
            k++;
        }
        // NAME (, NAME)* = … : the names are bound once the statement has run
        List<Integer> targets = new ArrayList<>();
        while (k < e && toks.get(k).kind == K.ID) {
            targets.add(k);
            if (k + 1 < e && toks.get(k + 1).is(K.OP, ",")) {
                k += 2;
            } else {
                k++;
                break;
            }
        }
        if (!targets.isEmpty() && k < e && toks.get(k).is(K.OP, "=")) {
            for (int t : targets) {
                handled[t] = true;
                String why = bind(toks.get(t).text, e, Integer.MAX_VALUE);
                if (why != null) {
                    return why;
                }
            }
        } else if (handled[a] && !py) {
            return "a declaration the reader does not know";
        }
        return null;
    }

    /** The dotted name from {@code k} into {@code out}; the index after it, or -1. */
    private int dotted(int k, int e, StringBuilder out) {
        while (true) {
            if (k >= e || toks.get(k).kind != K.ID) {
                return -1;
            }
            out.append(toks.get(k).text);
            k++;
            if (k < e && toks.get(k).is(K.OP, ".")) {
                out.append('.');
                k++;
            } else {
                return k;
            }
        }
    }

    private String imported(String module) {
        if (!p.modules().contains(module)) {
            return "import " + module + ": not on the pure modules list";
        }
        String top = module.contains(".") ? module.substring(0, module.indexOf('.')) : module;
        if (!modules.contains(top)) {
            modules.add(top);
        }
        return null;
    }

    private String bind(String name, int from, int to) {
        if (name.startsWith("__")) {
            return "binds " + name;
        }
        bound.add(new Object[] {name, from, to});
        return null;
    }

    /**
     * Comprehensions: {@code [E for V in I if C for W in J]} binds V in E, C and the later clauses, but not in I,
     * which runs in the enclosing scope.
     */
    private String comprehensions() {
        for (int o = 0; o < toks.size(); o++) {
            if (toks.get(o).kind != K.OPEN) {
                continue;
            }
            int c = match[o];
            int d = toks.get(o).depth + 1;
            for (int f = o + 1; f < c; f++) {
                T t = toks.get(f);
                if (t.depth != d || !t.is(K.ID, "for")) {
                    continue;
                }
                int k = f + 1;
                List<Integer> targets = new ArrayList<>();
                while (k < c && toks.get(k).kind == K.ID && !toks.get(k).text.equals("in")) {
                    targets.add(k);
                    k++;
                    if (k < c && toks.get(k).is(K.OP, ",")) {
                        k++;
                    }
                }
                if (targets.isEmpty() || k >= c || !toks.get(k).is(K.ID, "in")) {
                    return "a comprehension the reader does not know";
                }
                int iterEnd = k + 1;
                while (iterEnd < c && !(toks.get(iterEnd).depth == d
                        && (toks.get(iterEnd).is(K.ID, "for") || toks.get(iterEnd).is(K.ID, "if")))) {
                    iterEnd++;
                }
                for (int t2 : targets) {
                    handled[t2] = true;
                    String why = bind(toks.get(t2).text, o, f);
                    if (why == null) {
                        why = bind(toks.get(t2).text, iterEnd, c);
                    }
                    if (why != null) {
                        return why;
                    }
                }
            }
        }
        for (T t : toks) {
            if (t.depth == 0 && t.is(K.ID, "for")) {
                return "a for statement";
            }
        }
        return null;
    }

    /** Lambdas ({@code lambda a, b: BODY}) and arrow functions ({@code x => BODY}, {@code (a, b) => BODY}). */
    private String functions() {
        for (int k = 0; k < toks.size(); k++) {
            T t = toks.get(k);
            if (py && t.is(K.ID, "lambda")) {
                int j = k + 1;
                List<Integer> params = new ArrayList<>();
                while (j < toks.size() && toks.get(j).kind == K.ID) {
                    params.add(j);
                    j++;
                    if (j < toks.size() && toks.get(j).is(K.OP, ",")) {
                        j++;
                    } else {
                        break;
                    }
                }
                if (j >= toks.size() || !toks.get(j).is(K.OP, ":") || toks.get(j).depth != t.depth) {
                    return "a lambda the reader does not know (defaults, stars)";
                }
                lambdaColon[j] = true;
                int end = bodyEnd(j + 1, t.depth);
                for (int q : params) {
                    handled[q] = true;
                    String why = bind(toks.get(q).text, j + 1, end);
                    if (why != null) {
                        return why;
                    }
                }
            } else if (!py && t.is(K.OP, "=>")) {
                List<Integer> params = new ArrayList<>();
                if (k > 0 && toks.get(k - 1).kind == K.ID && (k < 2 || !toks.get(k - 2).is(K.OP, "."))) {
                    params.add(k - 1);
                } else if (k > 0 && toks.get(k - 1).is(K.CLOSE, ")")) {
                    int o = match[k - 1];
                    for (int q = o + 1; q < k - 1; q++) {
                        boolean name = (q - o) % 2 == 1;
                        if (name ? toks.get(q).kind != K.ID : !toks.get(q).is(K.OP, ",")) {
                            return "arrow function parameters the reader does not know";
                        }
                        if (name) {
                            params.add(q);
                        }
                    }
                } else {
                    return "arrow function parameters the reader does not know";
                }
                int end = k + 1 < toks.size() && toks.get(k + 1).is(K.OPEN, "{") ? match[k + 1] : bodyEnd(k + 1, t.depth);
                for (int q : params) {
                    handled[q] = true;
                    String why = bind(toks.get(q).text, k + 1, end);
                    if (why != null) {
                        return why;
                    }
                }
            }
        }
        return null;
    }

    /** Where an expression body starting at {@code k} at depth {@code d} ends: a comma, a closing bracket, a statement end. */
    private int bodyEnd(int k, int d) {
        int j = k;
        while (j < toks.size()) {
            T t = toks.get(j);
            if (t.depth < d || (t.depth == d && (t.kind == K.CLOSE || t.is(K.OP, ",") || ends(t)))) {
                return j;
            }
            j++;
        }
        return j;
    }

    private boolean boundAt(String name, int k) {
        for (Object[] b : bound) {
            if (b[0].equals(name) && (int) b[1] <= k && k < (int) b[2]) {
                return true;
            }
        }
        return false;
    }

    private String uses() {
        int n = toks.size();
        for (int k = 0; k < n; k++) {
            T t = toks.get(k);
            if (t.kind == K.OP && (t.text.equals(".") || t.text.equals("?."))) {
                if (handled[k]) {
                    continue;
                }
                if (k + 1 >= n || toks.get(k + 1).kind != K.ID) {
                    if (!py && t.text.equals("?.") && k + 1 < n && toks.get(k + 1).kind == K.OPEN) {
                        continue; // ?.[…] and ?.(…): the subscript is checked below
                    }
                    return "a . not followed by a name";
                }
                String a = toks.get(k + 1).text;
                if (a.startsWith("__") || !p.attributes().contains(a)) {
                    return "." + a + " is not on the pure attributes list";
                }
                handled[k + 1] = true;
            } else if (t.kind == K.OP && t.text.equals(":") && t.depth == 0 && py && !lambdaColon[k]) {
                return "a compound statement (a colon outside brackets)";
            } else if (!py && t.is(K.OPEN, "[") && k > 0 && subscripted(toks.get(k - 1))) {
                // obj[KEY] looks KEY up as a property: only a number or a listed attribute
                T key = k + 2 < n && match[k] == k + 2 ? toks.get(k + 1) : null;
                if (key == null || !(key.kind == K.NUM || (key.kind == K.STR && key.text.indexOf('\\') < 0
                        && !key.text.startsWith("__") && p.attributes().contains(key.text)))) {
                    return "a property looked up by a computed key";
                }
            }
        }
        for (int k = 0; k < n; k++) {
            T t = toks.get(k);
            if (t.kind != K.ID || handled[k]) {
                continue;
            }
            if (t.text.startsWith("__")) {
                return t.text + " (a name starting with __)";
            }
            if (p.readCalls().contains(t.text) || p.jsonCalls().contains(t.text)) {
                String why = fileCall(k);
                if (why != null) {
                    return why;
                }
                continue;
            }
            if (keyword(k)) {
                continue;
            }
            if (!p.names().contains(t.text) && !boundAt(t.text, k)) {
                return t.text + " is not on the pure names list";
            }
            if (namespace(t.text, k) && !(k + 2 < n && (toks.get(k + 1).is(K.OP, ".") || toks.get(k + 1).is(K.OP, "?."))
                    && toks.get(k + 2).kind == K.ID)) {
                return t.text + " is used as a value: it may only be followed by . and a listed attribute";
            }
        }
        return null;
    }

    /**
     * Whether the name at {@code k} is a namespace there: listed by a {@code pure namespaces} row and not bound by the
     * program (an arrow's parameter of the same name is its own value), or a module the program imported. Taken as a
     * value, such an object could be enumerated ({@code Object.entries(process)}) and its members reached without
     * ever writing their names after a {@code .}.
     */
    private boolean namespace(String name, int k) {
        if (py) {
            return moduleNames.contains(name) || (p.namespaces().contains(name) && !boundAt(name, k));
        }
        return p.namespaces().contains(name) && !boundAt(name, k);
    }

    private static boolean subscripted(T prev) {
        return prev.kind == K.ID || prev.kind == K.CLOSE || prev.kind == K.STR || prev.is(K.OP, "?.");
    }

    /** A keyword argument's name ({@code f(k=v)}) or an object key ({@code {k: v}}): a label, no look-up. */
    private boolean keyword(int k) {
        if (k == 0 || k + 1 >= toks.size()) {
            return false;
        }
        T prev = toks.get(k - 1);
        T next = toks.get(k + 1);
        if (!(prev.kind == K.OPEN || prev.is(K.OP, ","))) {
            return false;
        }
        int o = prev.kind == K.OPEN ? k - 1 : enclosing(k);
        if (o < 0) {
            return false;
        }
        return py ? next.is(K.OP, "=") && toks.get(o).is(K.OPEN, "(")
                : next.is(K.OP, ":") && toks.get(o).is(K.OPEN, "{");
    }

    /** The index of the bracket that encloses token {@code k}, or -1. */
    private int enclosing(int k) {
        int d = toks.get(k).depth;
        for (int j = k - 1; j >= 0; j--) {
            if (toks.get(j).kind == K.OPEN && toks.get(j).depth == d - 1) {
                return j;
            }
        }
        return -1;
    }

    /** {@code open('f')}, {@code require('./x.json')}: exactly one plain literal as the call's only argument. */
    private String fileCall(int k) {
        String name = toks.get(k).text;
        boolean ok = k + 3 < toks.size() && toks.get(k + 1).is(K.OPEN, "(") && toks.get(k + 2).kind == K.STR
                && match[k + 1] == k + 3 && toks.get(k + 2).text.indexOf('\\') < 0 && !toks.get(k + 2).text.isEmpty()
                && (k == 0 || !toks.get(k - 1).is(K.OP, "."));
        if (!ok) {
            return name + " with anything but one literal path";
        }
        String path = toks.get(k + 2).text;
        if (p.jsonCalls().contains(name)) {
            if (!path.startsWith("./") || !path.endsWith(".json") || path.contains("/../") || path.contains("/./")
                    || path.contains("//")) {
                return name + "('" + path + "'): only a ./…json path of the working directory";
            }
            jsonFiles.add(path);
        } else {
            reads.add(path);
        }
        return null;
    }
}
