package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A small lexer for the one-line programs given to interpreters ({@code python -c}, {@code node -e},
 * {@code perl -e} …). It knows, per language family, only what it takes to find calls and their
 * literal arguments: string literals (with their escapes and whether they interpolate), comments,
 * identifiers, brackets and separators. It is not a parser: when unsure it reports a string as
 * interpolated (dynamic), which the caller treats as code only known at run time. One pass, linear
 * in the text, no recursion.
 */
final class CodeLexer {

    /**
     * NUMBER: a number literal, as written; DEEP: interpolations nested past {@link #MAX_NEST}, whose code is not
     * read (the caller fails closed).
     */
    enum Kind { IDENT, STRING, COMMAND, VAR, OPEN, CLOSE, COMMA, END, OP, NUMBER, DEEP }

    /** Interpolated code inside interpolated code deeper than this is not lexed. */
    static final int MAX_NEST = 16;

    /**
     * One token. For STRING and COMMAND, {@code text} is the value after escapes; {@code dynamic}
     * means the literal interpolates something only known at run time.
     */
    record Tok(Kind kind, String text, boolean dynamic) {
        boolean is(Kind k, String t) {
            return kind == k && text.equals(t);
        }
    }

    // The ways of writing code that some language families have and others do not: a family is the set of
    // those it has (Syntax.of). Bits of an int, not an EnumSet: the first one-liner is lexed in a fresh JVM,
    // where an enum class and EnumSet's reflective look-up of its constants cost about half a millisecond.
    /** {@code # comment}. */
    static final int HASH_COMMENTS = 1 << 0;
    /** {@code // comment} and {@code /* comment *}{@code /}. */
    static final int SLASH_COMMENTS = 1 << 1;
    /** {@code -- comment}, as Lua and AppleScript write it. */
    static final int LUA_COMMENTS = 1 << 2;
    /** Python's string prefixes ({@code r}, {@code b}, {@code f} …) and triple quotes. */
    static final int PYTHON_STRINGS = 1 << 3;
    /** In {@code 'single quotes'} a backslash escapes only a quote or a backslash. */
    static final int SINGLE_RAW = 1 << 4;
    /** {@code `backquotes`} run a shell command. */
    static final int BACKTICK_COMMAND = 1 << 5;
    /** {@code `backquotes`} are a template literal with {@code ${…}} code (JavaScript). */
    static final int BACKTICK_TEMPLATE = 1 << 6;
    /** Perl's quote-like operators ({@code q qq qw qx qr m s tr y}) with any delimiters. */
    static final int PERL_QUOTES = 1 << 7;
    /** Ruby's {@code %q %Q %w %x …} literals. */
    static final int RUBY_PERCENT = 1 << 8;
    /** Lua's {@code [[long strings]]}. */
    static final int LUA_LONG_STRINGS = 1 << 9;
    /** Variables written with a sigil ({@code $x}, {@code @x}). */
    static final int SIGILS = 1 << 10;
    /** {@code /regular expression/} literals. */
    static final int REGEX = 1 << 11;
    /** Names with {@code -} in them ({@code Invoke-WebRequest}). */
    static final int DASH_IDENTS = 1 << 12;
    /** Code is commands of words, as in Tcl ({@code exec rm -rf x}). */
    static final int WORDS = 1 << 13;
    /** A call need not put its arguments in parentheses ({@code system "x"}). */
    static final int PARENLESS = 1 << 14;

    /**
     * What differs between language families: {@code interp} says how a double-quoted string interpolates
     * ({@code '$'}: {@code $x}, {@code ${x}}, and {@code @x} in Perl; {@code '#'}: {@code #{…}};
     * {@code '{'}: f-strings; {@code 0}: not at all), each flag whether the family has the feature of that name
     * ({@link CodeLexer#HASH_COMMENTS} …). A family is written down as its features ({@link #of}); the lexer asks a
     * flag at every character, and a record component is the cheapest thing to ask in the interpreter, which
     * lexes a gated JVM's first one-liner.
     */
    record Syntax(String name, boolean hashComments, boolean slashComments, boolean luaComments,
            boolean pythonStrings, boolean singleRaw, char interp, boolean backtickCommand, boolean backtickTemplate,
            boolean perlQuotes, boolean rubyPercent, boolean luaLongStrings, boolean sigils, boolean regex,
            boolean dashIdents, boolean words, boolean parenless) {

        /** A family with these features ({@code HASH_COMMENTS | PYTHON_STRINGS}) and no others. */
        static Syntax of(String name, char interp, int features) {
            return new Syntax(name, has(features, HASH_COMMENTS), has(features, SLASH_COMMENTS),
                    has(features, LUA_COMMENTS), has(features, PYTHON_STRINGS), has(features, SINGLE_RAW), interp,
                    has(features, BACKTICK_COMMAND), has(features, BACKTICK_TEMPLATE), has(features, PERL_QUOTES),
                    has(features, RUBY_PERCENT), has(features, LUA_LONG_STRINGS), has(features, SIGILS),
                    has(features, REGEX), has(features, DASH_IDENTS), has(features, WORDS), has(features, PARENLESS));
        }

        private static boolean has(int features, int feature) {
            return (features & feature) != 0;
        }
    }

    /** A double-quoted string does not interpolate. */
    private static final char PLAIN = 0;

    static final Syntax PYTHON = Syntax.of("python", '{', HASH_COMMENTS | PYTHON_STRINGS);
    static final Syntax JAVASCRIPT = Syntax.of("javascript", PLAIN, SLASH_COMMENTS | BACKTICK_TEMPLATE | REGEX);
    static final Syntax JAVA = Syntax.of("java", PLAIN, SLASH_COMMENTS);
    static final Syntax GROOVY = Syntax.of("groovy", '$', SLASH_COMMENTS);
    static final Syntax PERL = Syntax.of("perl", '$',
            HASH_COMMENTS | SINGLE_RAW | BACKTICK_COMMAND | PERL_QUOTES | SIGILS | PARENLESS);
    static final Syntax RUBY = Syntax.of("ruby", '#',
            HASH_COMMENTS | SINGLE_RAW | BACKTICK_COMMAND | RUBY_PERCENT | SIGILS | PARENLESS);
    static final Syntax PHP = Syntax.of("php", '$',
            HASH_COMMENTS | SLASH_COMMENTS | SINGLE_RAW | BACKTICK_COMMAND | SIGILS | PARENLESS);
    static final Syntax LUA = Syntax.of("lua", PLAIN, LUA_COMMENTS | LUA_LONG_STRINGS | PARENLESS);
    static final Syntax R = Syntax.of("r", PLAIN, HASH_COMMENTS);
    static final Syntax TCL = Syntax.of("tcl", '$', HASH_COMMENTS | WORDS | PARENLESS);
    static final Syntax APPLESCRIPT = Syntax.of("applescript", PLAIN, HASH_COMMENTS | LUA_COMMENTS | PARENLESS);
    static final Syntax POWERSHELL = Syntax.of("powershell", '$',
            HASH_COMMENTS | SINGLE_RAW | SIGILS | DASH_IDENTS | PARENLESS);
    static final Syntax JULIA = Syntax.of("julia", '$', HASH_COMMENTS | BACKTICK_COMMAND);
    /** Go: C-like, with raw strings between backquotes (no escapes, no interpolation). */
    static final Syntax GO = Syntax.of("go", PLAIN, SLASH_COMMENTS);
    /** Lisps: (name arg …) calls, ';' comments, names with '-', ':', '*', '!', '?', '/'. */
    static final Syntax LISP = Syntax.of("lisp", PLAIN, DASH_IDENTS);

    static Syntax of(String name) {
        return switch (name) {
            case "python" -> PYTHON;
            case "javascript" -> JAVASCRIPT;
            case "java" -> JAVA;
            case "groovy" -> GROOVY;
            case "perl" -> PERL;
            case "ruby" -> RUBY;
            case "php" -> PHP;
            case "lua" -> LUA;
            case "r" -> R;
            case "tcl" -> TCL;
            case "applescript" -> APPLESCRIPT;
            case "powershell" -> POWERSHELL;
            case "julia" -> JULIA;
            case "lisp" -> LISP;
            case "go" -> GO;
            default -> throw new IllegalArgumentException("no lexer for " + name);
        };
    }

    private final String s;
    private final Syntax syn;
    private final List<Tok> out = new ArrayList<>();
    private final int nest;
    /** Code found inside interpolations of the current literal ("#{…}", f"{…}", `${…}`): lexed after it. */
    private final List<String> inner = new ArrayList<>();
    private int i;

    private CodeLexer(String s, Syntax syn, int nest) {
        this.s = s;
        this.syn = syn;
        this.nest = nest;
    }

    static List<Tok> lex(String code, Syntax syn) {
        return lex(code, syn, 0);
    }

    private static List<Tok> lex(String code, Syntax syn, int nest) {
        CodeLexer l = new CodeLexer(code, syn, nest);
        if (syn.words()) {
            l.words();
        } else {
            l.run();
        }
        return l.out;
    }

    /** Adds a literal, then the tokens of the code in its interpolations (that code runs too). */
    private void literal(Kind kind, String text, boolean dyn) {
        out.add(new Tok(kind, text, dyn));
        if (inner.isEmpty()) {
            return;
        }
        List<String> codes = new ArrayList<>(inner);
        inner.clear();
        for (String c : codes) {
            if (nest >= MAX_NEST) {
                out.add(new Tok(Kind.DEEP, "", true));
                return;
            }
            out.add(new Tok(Kind.END, ";", false));
            out.addAll(lex(c, syn, nest + 1));
            out.add(new Tok(Kind.END, ";", false));
        }
    }

    /** From the '{' at {@code brace}, the index after its matching '}'; the text between is code. */
    private int embedded(int brace) {
        int n = s.length();
        int depth = 0;
        int k = brace;
        while (k < n) {
            char c = s.charAt(k);
            if (c == '\\') {
                k += 2;
                continue;
            }
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                inner.add(s.substring(brace + 1, k));
                return k + 1;
            }
            k++;
        }
        inner.add(s.substring(brace + 1));
        return n;
    }

    private char at(int k) {
        return k < s.length() ? s.charAt(k) : '\0';
    }

    private static boolean identStart(char c) {
        return c == '_' || Character.isLetter(c);
    }

    private static boolean identPart(char c) {
        return c == '_' || Character.isLetterOrDigit(c);
    }

    private Tok last() {
        return out.isEmpty() ? null : out.get(out.size() - 1);
    }

    private void run() {
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (command && commandWord(c)) {
                continue;
            }
            if (c == '\n') {
                out.add(new Tok(Kind.END, "\n", false));
                i++;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                i++;
            } else if (comment(c)) {
                continue;
            } else if (syn.pythonStrings() && pythonString()) {
                continue;
            } else if (syn.perlQuotes() && perlQuote()) {
                continue;
            } else if (syn.rubyPercent() && c == '%' && rubyPercent()) {
                continue;
            } else if (syn.luaLongStrings() && c == '[' && (at(i + 1) == '[' || at(i + 1) == '=') && luaLong(false)) {
                continue;
            } else if (c == '"') {
                i++;
                quoted('"', syn.interp() != 0 && syn.interp() != '{', Kind.STRING, false);
            } else if (c == '\'' && syn != LISP) {
                i++;
                quoted('\'', false, Kind.STRING, syn.singleRaw());
            } else if (c == '`' && syn == GO) {
                int e = s.indexOf('`', i + 1);
                literal(Kind.STRING, s.substring(i + 1, e < 0 ? n : e), e < 0); // unterminated: not a literal
                i = e < 0 ? n : e + 1;
            } else if (c == '`' && syn.backtickCommand()) {
                i++;
                quoted('`', true, Kind.COMMAND, false);
            } else if (c == '`' && syn.backtickTemplate()) {
                i++;
                taggedOrPlainTemplate();
            } else if (syn.regex() && c == '/' && regexAllowed()) {
                skipRegex();
            } else if (syn.sigils() && (c == '$' || c == '@') && (identStart(at(i + 1)) || at(i + 1) == '{'
                    || at(i + 1) == ':' || (syn == PERL && (at(i + 1) == '#' || Character.isDigit(at(i + 1)) || at(i + 1) == '_')))) {
                int st = i++;
                if (syn == PERL && at(i) == '#') {
                    i++; // $#array
                }
                while (i < n && (identPart(s.charAt(i)) || s.charAt(i) == ':' || s.charAt(i) == '{' || s.charAt(i) == '}')) {
                    i++;
                }
                out.add(new Tok(Kind.VAR, s.substring(st, i), true));
            } else if (identStart(c) || (c == '$' && syn == JAVASCRIPT)) {
                ident();
                command = syn == POWERSHELL && startsCommand();
                commandName = out.size() - 1;
            } else if (Character.isDigit(c)) {
                // a number keeps its text: a call's argv word or a process id (os.kill(1, 9)) may be one
                int st = i;
                while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '.')) {
                    i++;
                }
                out.add(new Tok(Kind.NUMBER, s.substring(st, i), false));
            } else if (c == '(' || c == '[' || c == '{') {
                if (c == '(') {
                    openParen();
                }
                out.add(new Tok(Kind.OPEN, String.valueOf(c), false));
                i++;
            } else if (c == ')' || c == ']' || c == '}') {
                out.add(new Tok(Kind.CLOSE, String.valueOf(c), false));
                i++;
                if (c == ')') {
                    closeParen();
                }
            } else if (c == ',') {
                out.add(new Tok(Kind.COMMA, ",", false));
                i++;
            } else if (c == ';') {
                out.add(new Tok(Kind.END, ";", false));
                i++;
            } else {
                String two = i + 1 < n ? s.substring(i, i + 2) : "";
                if (two.equals("||") || two.equals("&&") || two.equals("=>") || two.equals("->") || two.equals("==")
                        || two.equals("!=") || two.equals("::")) {
                    out.add(new Tok(Kind.OP, two, false));
                    i += 2;
                } else {
                    out.add(new Tok(Kind.OP, String.valueOf(c), false));
                    i++;
                }
            }
        }
    }

    /** PowerShell: the words after a command name are arguments in command mode, until the statement or pipe ends. */
    private boolean command;
    /** The index of the command name's token: no separator right after it. */
    private int commandName = -1;
    /**
     * PowerShell: a parenthesised argument ({@code iex (iwr URL)}, {@code Out-File (Join-Path a b)}) is an expression
     * of its own, where a command may start again; each open parenthesis's bit says whether the command whose
     * argument it is reads on in command mode after it closes (bit 0 the innermost; deeper than 64: no).
     */
    private long parenCommands;
    private int parenDepth;
    /** The parenthesis about to be opened is an argument of a command in command mode. */
    private boolean parenInCommand;

    private void openParen() {
        parenCommands = parenCommands << 1 | (parenInCommand ? 1 : 0);
        parenDepth++;
        parenInCommand = false;
    }

    private void closeParen() {
        if (parenDepth == 0) {
            return;
        }
        boolean resume = (parenCommands & 1) != 0 && parenDepth <= 64;
        parenCommands >>>= 1;
        parenDepth--;
        if (resume) {
            command = true;
        }
    }

    /** Keywords that are not commands (their words are expressions). */
    static final java.util.Set<String> PS_KEYWORDS = java.util.Set.of("if", "elseif", "else", "foreach", "for",
            "while", "do", "until", "switch", "function", "filter", "param", "return", "throw", "try", "catch", "finally",
            "trap", "break", "continue", "exit", "begin", "process", "end", "class", "using", "in", "data", "dynamicparam");

    /**
     * Whether the name just lexed is a command called without parentheses ({@code Out-File /etc/x}): it starts
     * a statement, a pipeline stage, a block or the value of an assignment, and a blank and an argument follow.
     */
    private boolean startsCommand() {
        Tok name = last();
        if (name.text().indexOf('.') >= 0 || PS_KEYWORDS.contains(name.text().toLowerCase(java.util.Locale.ROOT))) {
            return false;
        }
        Tok prev = out.size() > 1 ? out.get(out.size() - 2) : null;
        boolean start = prev == null || prev.kind() == Kind.END || prev.is(Kind.OPEN, "{") || prev.is(Kind.OPEN, "(")
                || prev.is(Kind.OP, "|") || prev.is(Kind.OP, "=") || prev.is(Kind.OP, "&&") || prev.is(Kind.OP, "||")
                || prev.is(Kind.OP, "&");
        if (!start || (at(i) != ' ' && at(i) != '\t')) {
            return false;
        }
        int k = i;
        while (at(k) == ' ' || at(k) == '\t') {
            k++;
        }
        char d = at(k);
        return d != '\0' && "=|;\n\r)},".indexOf(d) < 0;
    }

    /**
     * In command mode: blanks separate arguments (a comma token with a blank as its text), {@code -Name} is a
     * parameter (an operator token), a bare word is a literal (one with {@code $} in it is not known). Returns
     * false to let the ordinary lexer take the character (quotes, variables, brackets, the end of the command).
     */
    private boolean commandWord(char c) {
        int n = s.length();
        if (c == '\n' || c == ';' || c == '|' || c == ')' || c == '}' || c == '&' || c == '\r') {
            command = false;
            return false;
        }
        if (c == ' ' || c == '\t') {
            while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
                i++;
            }
            Tok t = last();
            if (t != null && t.kind() != Kind.COMMA && out.size() - 1 != commandName && i < n && "\n;|)}&\r".indexOf(s.charAt(i)) < 0) {
                out.add(new Tok(Kind.COMMA, " ", false));
            }
            return true;
        }
        if (c == '-' && identStart(at(i + 1))) {
            int st = i++;
            while (i < n && (identPart(s.charAt(i)) || s.charAt(i) == '-')) {
                i++;
            }
            out.add(new Tok(Kind.OP, s.substring(st, i), false));
            if (at(i) == ':') {
                i++;
                out.add(new Tok(Kind.COMMA, " ", false)); // -Path:VALUE
            }
            return true;
        }
        if (c == '(') {
            // a sub-expression: the lexer reads it as a statement of its own, then command mode goes on
            command = false;
            parenInCommand = true;
            return false;
        }
        if ("\"'$(@{[`,#".indexOf(c) >= 0) {
            return false;
        }
        int st = i;
        while (i < n && " \t\n\r;|)},".indexOf(s.charAt(i)) < 0) {
            i++;
        }
        String w = s.substring(st, i);
        out.add(new Tok(Kind.STRING, w, w.indexOf('$') >= 0));
        return true;
    }

    /** Skips a comment starting at i, if one does. */
    private boolean comment(char c) {
        int n = s.length();
        if (syn == LISP && c == ';') {
            while (i < n && s.charAt(i) != '\n') {
                i++;
            }
            return true;
        }
        if (syn.hashComments() && c == '#' && !(syn == RUBY && at(i + 1) == '{')) {
            while (i < n && s.charAt(i) != '\n') {
                i++;
            }
            return true;
        }
        if (syn.slashComments() && c == '/' && at(i + 1) == '/') {
            while (i < n && s.charAt(i) != '\n') {
                i++;
            }
            return true;
        }
        if (syn.slashComments() && c == '/' && at(i + 1) == '*') {
            int e = s.indexOf("*/", i + 2);
            i = e < 0 ? n : e + 2;
            return true;
        }
        if (syn == POWERSHELL && c == '<' && at(i + 1) == '#') {
            int e = s.indexOf("#>", i + 2);
            i = e < 0 ? n : e + 2;
            return true;
        }
        if (syn == APPLESCRIPT && c == '(' && at(i + 1) == '*') {
            int e = s.indexOf("*)", i + 2);
            i = e < 0 ? n : e + 2;
            return true;
        }
        if (syn.luaComments() && c == '-' && at(i + 1) == '-') {
            i += 2;
            if (syn == LUA && at(i) == '[' && (at(i + 1) == '[' || at(i + 1) == '=') && luaLong(true)) {
                return true;
            }
            while (i < n && s.charAt(i) != '\n') {
                i++;
            }
            return true;
        }
        return false;
    }

    private void ident() {
        int n = s.length();
        int st = i;
        while (i < n) {
            char c = s.charAt(i);
            if (identPart(c) || (c == '$' && syn == JAVASCRIPT)) {
                i++;
            } else if (c == '.' && (identStart(at(i + 1)) || (at(i + 1) == '$' && syn == JAVASCRIPT))) {
                i++;
            } else if (c == ':' && at(i + 1) == ':' && identStart(at(i + 2))) {
                i += 2;
            } else if (c == '-' && at(i + 1) == '>' && identStart(at(i + 2)) && (syn == PHP || syn == PERL)) {
                i += 2;
            } else if (c == '-' && syn.dashIdents() && identStart(at(i + 1))) {
                i++;
            } else if (syn == LISP && "-:*!?/<>=+".indexOf(c) >= 0 && i > st) {
                i++;
            } else {
                break;
            }
        }
        out.add(new Tok(Kind.IDENT, s.substring(st, i), false));
    }

    /** Python's prefixed and triple-quoted strings; f-strings interpolate '{'. */
    private boolean pythonString() {
        int k = i;
        int n = s.length();
        boolean raw = false;
        boolean f = false;
        while (k < n && k - i < 2 && "rRbBuUfF".indexOf(s.charAt(k)) >= 0) {
            char p = Character.toLowerCase(s.charAt(k));
            raw |= p == 'r';
            f |= p == 'f';
            k++;
        }
        if (k >= n || (s.charAt(k) != '\'' && s.charAt(k) != '"')) {
            return false;
        }
        if (k > i && i > 0 && identPart(s.charAt(i - 1))) {
            return false;
        }
        char q = s.charAt(k);
        boolean triple = at(k + 1) == q && at(k + 2) == q;
        i = k + (triple ? 3 : 1);
        StringBuilder b = new StringBuilder();
        boolean dyn = false;
        while (i < n) {
            char c = s.charAt(i);
            if (triple ? c == q && at(i + 1) == q && at(i + 2) == q : c == q) {
                i += triple ? 3 : 1;
                literal(Kind.STRING, b.toString(), dyn);
                return true;
            }
            if (!triple && c == '\n') {
                break;
            }
            if (f && c == '{') {
                if (at(i + 1) == '{') {
                    b.append('{');
                    i += 2;
                    continue;
                }
                dyn = true;
                int e = embedded(i);
                b.append(s, i, e);
                i = e;
                continue;
            }
            if (c == '\\' && !raw && i + 1 < n) {
                i = escape(b, i + 1);
                continue;
            }
            b.append(c);
            i++;
        }
        literal(Kind.STRING, b.toString(), true); // unterminated: not a literal we can trust
        return true;
    }

    /**
     * A quoted literal after its opening quote: {@code interpolates} marks whether this kind of quote
     * interpolates in this language, {@code raw} that only \\ and the quote are escapes.
     */
    private void quoted(char q, boolean interpolates, Kind kind, boolean raw) {
        quotedUntil(q, q, interpolates, kind, raw);
    }

    private void quotedUntil(char open, char close, boolean interpolates, Kind kind, boolean raw) {
        int n = s.length();
        StringBuilder b = new StringBuilder();
        boolean dyn = false;
        int depth = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == close && depth == 0) {
                i++;
                literal(kind, b.toString(), dyn);
                return;
            }
            if (open != close && c == open) {
                depth++;
            } else if (open != close && c == close) {
                depth--;
            }
            if (c == '\\' && i + 1 < n) {
                if (raw) {
                    char d = s.charAt(i + 1);
                    if (d == '\\' || d == close || d == open) {
                        b.append(d);
                        i += 2;
                    } else {
                        b.append(c);
                        i++;
                    }
                } else {
                    i = escape(b, i + 1);
                }
                continue;
            }
            if (interpolates && interpolation(c)) {
                dyn = true;
                // "#{code}", "${code}", "@{[code]}": the braces hold code that runs
                int brace = at(i + 1) == '{' ? i + 1 : -1;
                if (brace >= 0 && syn != TCL) {
                    int e = embedded(brace);
                    b.append(s, i, e);
                    i = e;
                    continue;
                }
            }
            b.append(c);
            i++;
        }
        literal(kind, b.toString(), true); // unterminated
    }

    /** Whether an interpolation starts at i inside an interpolating literal. */
    private boolean interpolation(char c) {
        char d = at(i + 1);
        return switch (syn.interp()) {
            case '$' -> (c == '$' && (identStart(d) || d == '{' || d == '(' || (syn == TCL && d == ':')))
                    || (syn == PERL && c == '@' && (identStart(d) || d == '{'))
                    || (syn == TCL && c == '[');
            case '#' -> c == '#' && (d == '{' || d == '@' || d == '$');
            default -> false;
        };
    }

    /** Decodes one escape after a backslash at k-1; returns the index after it. */
    private int escape(StringBuilder b, int k) {
        char d = s.charAt(k);
        switch (d) {
            case 'n' -> b.append('\n');
            case 't' -> b.append('\t');
            case 'r' -> b.append('\r');
            case '0' -> {
                int e = k + 1;
                int v = 0;
                while (e < s.length() && e < k + 3 && s.charAt(e) >= '0' && s.charAt(e) <= '7') {
                    v = v * 8 + (s.charAt(e) - '0');
                    e++;
                }
                b.append((char) v);
                return e;
            }
            case 'x' -> {
                int e = k + 1;
                boolean brace = at(e) == '{';
                if (brace) {
                    e++;
                }
                int v = 0;
                int digits = 0;
                while (e < s.length() && Character.digit(s.charAt(e), 16) >= 0 && (brace || digits < 2)) {
                    v = v * 16 + Character.digit(s.charAt(e), 16);
                    e++;
                    digits++;
                }
                if (brace && at(e) == '}') {
                    e++;
                }
                if (digits == 0) {
                    b.append('x');
                    return k + 1;
                }
                b.appendCodePoint(Math.min(v, Character.MAX_CODE_POINT));
                return e;
            }
            case 'u' -> {
                int e = k + 1;
                boolean brace = at(e) == '{';
                if (brace) {
                    e++;
                }
                int v = 0;
                int digits = 0;
                while (e < s.length() && Character.digit(s.charAt(e), 16) >= 0 && (brace || digits < 4)) {
                    v = v * 16 + Character.digit(s.charAt(e), 16);
                    e++;
                    digits++;
                }
                if (brace && at(e) == '}') {
                    e++;
                }
                if (digits == 0) {
                    b.append('u');
                    return k + 1;
                }
                b.appendCodePoint(Math.min(v, Character.MAX_CODE_POINT));
                return e;
            }
            default -> {
                if (d >= '1' && d <= '7') {
                    int e = k;
                    int v = 0;
                    while (e < s.length() && e < k + 3 && s.charAt(e) >= '0' && s.charAt(e) <= '7') {
                        v = v * 8 + (s.charAt(e) - '0');
                        e++;
                    }
                    b.append((char) v);
                    return e;
                }
                b.append(d);
            }
        }
        return k + 1;
    }

    /**
     * A template literal right after a name is a tagged template: the tag is a function called with the
     * literal ({@code Bun.$`rm -rf x`}, zx's {@code $`cmd`}), so it is lexed as that call's one argument.
     * After a keyword ({@code return `x`}) it is a plain value.
     */
    private void taggedOrPlainTemplate() {
        Tok t = last();
        boolean tagged = t != null && t.kind() == Kind.IDENT && !JS_VALUE_KEYWORDS.contains(t.text());
        if (!tagged) {
            template();
            return;
        }
        openParen();
        out.add(new Tok(Kind.OPEN, "(", false));
        template();
        out.add(new Tok(Kind.CLOSE, ")", false));
        closeParen();
    }

    /** JavaScript keywords a value follows: a template literal after one is not tagged. */
    private static final Set<String> JS_VALUE_KEYWORDS = Set.of("return", "typeof", "await",
            "yield", "case", "in", "of", "instanceof", "void", "delete", "throw", "else", "do", "new");

    /** A JavaScript template literal after its backquote; ${…} interpolates (nested braces counted). */
    private void template() {
        int n = s.length();
        StringBuilder b = new StringBuilder();
        boolean dyn = false;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '`') {
                i++;
                literal(Kind.STRING, b.toString(), dyn);
                return;
            }
            if (c == '\\' && i + 1 < n) {
                i = escape(b, i + 1);
                continue;
            }
            if (c == '$' && at(i + 1) == '{') {
                dyn = true;
                i = embedded(i + 1);
                continue;
            }
            b.append(c);
            i++;
        }
        literal(Kind.STRING, b.toString(), true);
    }

    /** Whether a '/' here starts a regular expression (after an operator or at the start), not a division. */
    private boolean regexAllowed() {
        Tok t = last();
        if (t == null) {
            return true;
        }
        return switch (t.kind()) {
            case OPEN, COMMA, END -> true;
            case OP -> !t.text().equals("0");
            case IDENT -> t.text().equals("return") || t.text().equals("typeof");
            default -> false;
        };
    }

    private void skipRegex() {
        int n = s.length();
        i++;
        boolean cls = false;
        while (i < n && s.charAt(i) != '\n') {
            char c = s.charAt(i);
            if (c == '\\') {
                i += 2;
                continue;
            }
            if (c == '[') {
                cls = true;
            } else if (c == ']') {
                cls = false;
            } else if (c == '/' && !cls) {
                i++;
                break;
            }
            i++;
        }
        while (i < n && Character.isLetter(s.charAt(i))) {
            i++;
        }
        out.add(new Tok(Kind.OP, "0", false));
    }

    /**
     * Perl's quote-like operators: q// (a literal), qq// (interpolates), qw// (words), qx// (a
     * command); m//, qr//, s///, tr/// and y/// are patterns and skipped.
     */
    private boolean perlQuote() {
        int n = s.length();
        if (i > 0 && (identPart(s.charAt(i - 1)) || s.charAt(i - 1) == '$' || s.charAt(i - 1) == '@'
                || s.charAt(i - 1) == '>' || s.charAt(i - 1) == '-')) {
            return false;
        }
        String op = null;
        for (String o : new String[] {"qq", "qw", "qx", "qr", "tr", "q", "m", "s", "y"}) {
            if (s.startsWith(o, i) && !identPart(at(i + o.length()))) {
                op = o;
                break;
            }
        }
        if (op == null) {
            return false;
        }
        int k = i + op.length();
        char open = at(k);
        if (open == '\0' || Character.isLetterOrDigit(open) || open == '_' || open == ' ' || open == ','
                || open == ';' || open == '=' || open == ')') {
            return false;
        }
        char close = switch (open) {
            case '(' -> ')';
            case '[' -> ']';
            case '{' -> '}';
            case '<' -> '>';
            default -> open;
        };
        i = k + 1;
        switch (op) {
            case "q" -> quotedUntil(open, close, false, Kind.STRING, true);
            case "qq" -> quotedUntil(open, close, open != '\'', Kind.STRING, false);
            case "qx" -> quotedUntil(open, close, open != '\'', Kind.COMMAND, false);
            case "qw" -> {
                int st = out.size();
                quotedUntil(open, close, false, Kind.STRING, true);
                Tok w = out.remove(st);
                out.add(new Tok(Kind.OPEN, "[", false));
                boolean first = true;
                for (String word : Chars.splitRuns(w.text().trim(), Chars.WHITESPACE, 0)) {
                    if (word.isEmpty()) {
                        continue;
                    }
                    if (!first) {
                        out.add(new Tok(Kind.COMMA, ",", false));
                    }
                    out.add(new Tok(Kind.STRING, word, w.dynamic()));
                    first = false;
                }
                out.add(new Tok(Kind.CLOSE, "]", false));
            }
            default -> {
                // a pattern (and for s, tr, y a replacement): skipped, but an 'e' flag on s/// makes
                // the replacement code, which stays visible because only the delimiters are skipped
                int parts = op.equals("s") || op.equals("tr") || op.equals("y") ? 2 : 1;
                if (op.equals("s")) {
                    skipDelimited(open, close);
                    if (open != close) {
                        while (i < n && Character.isWhitespace(s.charAt(i))) {
                            i++;
                        }
                        if (i < n) {
                            char o2 = s.charAt(i++);
                            char c2 = switch (o2) {
                                case '(' -> ')';
                                case '[' -> ']';
                                case '{' -> '}';
                                case '<' -> '>';
                                default -> o2;
                            };
                            int bodyStart = i;
                            skipDelimited(o2, c2);
                            int bodyEnd = Math.max(bodyStart, i - 1);
                            flagsOrReplacement(bodyStart, bodyEnd);
                        }
                    } else {
                        int bodyStart = i;
                        skipDelimited(open, close);
                        flagsOrReplacement(bodyStart, Math.max(bodyStart, i - 1));
                    }
                    return true;
                }
                for (int p = 0; p < parts; p++) {
                    skipDelimited(open, close);
                }
                while (i < n && Character.isLetter(s.charAt(i))) {
                    i++;
                }
                out.add(new Tok(Kind.OP, "0", false));
            }
        }
        return true;
    }

    /**
     * After s/PATTERN/REPLACEMENT/ (i just past the last delimiter): with the 'e' flag the
     * replacement is Perl code, lexed in place so its calls are seen.
     */
    private void flagsOrReplacement(int bodyStart, int bodyEnd) {
        int n = s.length();
        int f = i;
        while (f < n && Character.isLetter(s.charAt(f))) {
            f++;
        }
        boolean e = s.substring(i, f).indexOf('e') >= 0;
        i = f;
        if (e && bodyEnd > bodyStart) {
            out.addAll(lex(s.substring(bodyStart, bodyEnd), syn));
        } else {
            out.add(new Tok(Kind.OP, "0", false));
        }
    }

    private void skipDelimited(char open, char close) {
        int n = s.length();
        int depth = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\\') {
                i += 2;
                continue;
            }
            if (c == close && depth == 0) {
                i++;
                return;
            }
            if (open != close && c == open) {
                depth++;
            } else if (open != close && c == close) {
                depth--;
            }
            i++;
        }
    }

    /** Ruby's %q() %Q() %() %w() %W() %x() %i() literals. */
    private boolean rubyPercent() {
        char t = at(i + 1);
        char open;
        int k;
        if ("qQwWxiI".indexOf(t) >= 0 && t != '\0') {
            open = at(i + 2);
            k = i + 3;
        } else {
            t = 'Q';
            open = at(i + 1);
            k = i + 2;
        }
        if (open != '(' && open != '[' && open != '{' && open != '<' && open != '|' && open != '!' && open != '/') {
            return false;
        }
        Tok prev = last();
        if (t == 'Q' && open != '(' && prev != null && (prev.kind() == Kind.IDENT || prev.kind() == Kind.CLOSE
                || prev.kind() == Kind.VAR || prev.kind() == Kind.NUMBER || prev.is(Kind.OP, "0"))) {
            return false; // a % b: modulo
        }
        char close = switch (open) {
            case '(' -> ')';
            case '[' -> ']';
            case '{' -> '}';
            case '<' -> '>';
            default -> open;
        };
        i = k;
        switch (t) {
            case 'q' -> quotedUntil(open, close, false, Kind.STRING, true);
            case 'x' -> quotedUntil(open, close, true, Kind.COMMAND, false);
            case 'w', 'W', 'i', 'I' -> {
                int st = out.size();
                quotedUntil(open, close, t == 'W', Kind.STRING, true);
                Tok w = out.remove(st);
                out.add(new Tok(Kind.OPEN, "[", false));
                boolean first = true;
                for (String word : Chars.splitRuns(w.text().trim(), Chars.WHITESPACE, 0)) {
                    if (word.isEmpty()) {
                        continue;
                    }
                    if (!first) {
                        out.add(new Tok(Kind.COMMA, ",", false));
                    }
                    out.add(new Tok(Kind.STRING, word, w.dynamic()));
                    first = false;
                }
                out.add(new Tok(Kind.CLOSE, "]", false));
            }
            default -> quotedUntil(open, close, true, Kind.STRING, false);
        }
        return true;
    }

    /** Lua's long brackets [[…]] / [==[…]==] (a string, or after -- a comment). */
    private boolean luaLong(boolean comment) {
        int k = i + 1;
        int level = 0;
        while (at(k) == '=') {
            level++;
            k++;
        }
        if (at(k) != '[') {
            return false;
        }
        String close = "]" + "=".repeat(level) + "]";
        int e = s.indexOf(close, k + 1);
        String body = e < 0 ? s.substring(k + 1) : s.substring(k + 1, e);
        i = e < 0 ? s.length() : e + close.length();
        if (!comment) {
            out.add(new Tok(Kind.STRING, body.startsWith("\n") ? body.substring(1) : body, e < 0));
        }
        return true;
    }

    /**
     * Tcl: a script is commands of words separated by blanks, ended by a newline or ';'. A word is
     * "…" (substitutions make it dynamic), {…} (literal), or bare ($ and [ make it dynamic); [cmd]
     * is a nested command, lexed in place between brackets.
     */
    private void words() {
        int n = s.length();
        boolean atStart = true;
        boolean cmdStart = true;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\n' || c == ';') {
                cmdStart = true;
                out.add(new Tok(Kind.END, String.valueOf(c), false));
                i++;
                atStart = true;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r') {
                i++;
                continue;
            }
            if (c == '\\' && at(i + 1) == '\n') {
                i += 2;
                continue;
            }
            if (c == '#' && atStart) {
                while (i < n && s.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            atStart = false;
            boolean first = cmdStart;
            cmdStart = false;
            if (c == '[') {
                out.add(new Tok(Kind.OPEN, "[", false));
                i++;
                atStart = true;
                cmdStart = true;
            } else if (c == ']') {
                out.add(new Tok(Kind.CLOSE, "]", false));
                i++;
            } else if (c == '"') {
                i++;
                quoted('"', true, Kind.STRING, false);
            } else if (c == '{') {
                int depth = 0;
                int st = i + 1;
                while (i < n) {
                    char d = s.charAt(i);
                    if (d == '\\') {
                        i += 2;
                        continue;
                    }
                    if (d == '{') {
                        depth++;
                    } else if (d == '}' && --depth == 0) {
                        break;
                    }
                    i++;
                }
                out.add(new Tok(Kind.STRING, s.substring(st, Math.min(i, n)), i >= n));
                i++;
            } else {
                boolean dyn = false;
                StringBuilder b = new StringBuilder();
                while (i < n) {
                    char d = s.charAt(i);
                    if (d == ' ' || d == '\t' || d == '\n' || d == ';' || d == ']' || d == '\r') {
                        break;
                    }
                    if (d == '[') {
                        dyn = true;
                        int depth = 0;
                        while (i < n) {
                            char x = s.charAt(i);
                            if (x == '[') {
                                depth++;
                            } else if (x == ']' && --depth == 0) {
                                break;
                            }
                            i++;
                        }
                        i++;
                        continue;
                    }
                    if (d == '$') {
                        dyn = true;
                    }
                    if (d == '\\' && i + 1 < n) {
                        i = escape(b, i + 1);
                        continue;
                    }
                    b.append(d);
                    i++;
                }
                String w = b.toString();
                // the first word of a command is its name; the others are literal words
                boolean name = first && !dyn && !w.isEmpty() && identStart(w.charAt(0));
                out.add(new Tok(name ? Kind.IDENT : Kind.STRING, w, dyn));
            }
        }
    }
}
