package dev.cmdgate.core.classify;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Analysers for the small languages whose programs are passed as arguments to otherwise read-only
 * tools. They report facts ({@code sed.write}, {@code sed.exec}, {@code awk.system} …) that rules
 * rows test with {@code fact:NAME}; which fact means what class is in the rules, not here. Both are
 * linear scans that, when unsure, report the fact (fail closed).
 */
final class CodeFacts {

    private CodeFacts() {
    }

    /**
     * A command a sed or awk program runs: its literal text, or {@code dynamic} when it is only known
     * at run time (the pattern space, a variable, a concatenation); {@code piped} when the program
     * writes data to its input (awk's print | "cmd").
     */
    record Cmd(String text, boolean dynamic, boolean piped) {
    }

    /**
     * GNU sed script: {@code w}/{@code W} commands and {@code s///w} flags write files (added to writes);
     * {@code e} runs commands (added to cmds).
     */
    static Set<String> sed(String s, java.util.List<String> writes, java.util.List<Cmd> cmds) {
        return sed(s, writes, cmds, new java.util.ArrayList<>(0));
    }

    /**
     * As {@link #sed(String, java.util.List, java.util.List)}, and the files the {@code r} and {@code R} commands read
     * (their contents go to the output) are added to reads. GNU sed takes the name to the end of the line; a name
     * that holds {@code ;} or {@code &#125;} is added also as the text before it, as other seds end it there.
     */
    static Set<String> sed(String s, java.util.List<String> writes, java.util.List<Cmd> cmds, java.util.List<String> reads) {
        Set<String> f = new LinkedHashSet<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '{' || c == '}' || c == '!') {
                i++;
                continue;
            }
            if (c == '#') {
                i = eol(s, i);
                continue;
            }
            // address: number, $, /regex/, \cregexc, with optional ,addr2 / ~step / +n
            i = address(s, i);
            if (i < n && s.charAt(i) == ',') {
                i = address(s, i + 1);
            }
            while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '!')) {
                i++;
            }
            if (i >= n) {
                break;
            }
            c = s.charAt(i);
            switch (c) {
                case '{', '}', ';', '\n' -> i++;
                case 's' -> i = substitute(s, i + 1, f, writes, cmds);
                case 'y' -> i = skipDelimited(s, i + 1, 2);
                case 'w', 'W' -> {
                    f.add("sed.write");
                    addFile(writes, s, i + 1);
                    i = eol(s, i);
                }
                case 'e' -> {
                    f.add("sed.exec");
                    int end = eol(s, i);
                    // e COMMAND runs COMMAND (to the end of the line); a bare e runs the pattern space
                    String cmd = s.substring(i + 1, end).trim();
                    cmds.add(cmd.isEmpty() ? new Cmd("", true, false) : new Cmd(cmd, false, false));
                    i = end;
                }
                case 'r', 'R' -> {
                    addFile(reads, s, i + 1);
                    int cut = i + 1;
                    while (cut < n && ";}\n".indexOf(s.charAt(cut)) < 0) {
                        cut++;
                    }
                    String shorter = s.substring(i + 1, cut).strip();
                    if (!shorter.isEmpty() && !reads.contains(shorter) && reads.size() < 64) {
                        reads.add(shorter);
                    }
                    i = eol(s, i);
                }
                case 'a', 'i', 'c', 'b', 't', 'T', ':', 'q', 'Q', 'l', 'L', 'v' -> i = eolOrSemicolon(s, i + 1, c);
                case 'F', 'z', 'p', 'P', 'd', 'D', 'n', 'N', 'g', 'G', 'h', 'H', 'x', '=' -> i++;
                default -> {
                    // not a sed command we know: assume the worst
                    f.add("sed.unknown");
                    return f;
                }
            }
        }
        return f;
    }

    private static int address(String s, int i) {
        int n = s.length();
        if (i >= n) {
            return i;
        }
        char c = s.charAt(i);
        if (c >= '0' && c <= '9' || c == '$') {
            while (i < n && ("0123456789$~+".indexOf(s.charAt(i)) >= 0)) {
                i++;
            }
        } else if (c == '/') {
            i = skipDelimited(s, i, 1);
            while (i < n && (s.charAt(i) == 'I' || s.charAt(i) == 'M')) {
                i++;
            }
        } else if (c == '\\' && i + 1 < n) {
            i = skipDelimited(s, i + 1, 1);
            while (i < n && (s.charAt(i) == 'I' || s.charAt(i) == 'M')) {
                i++;
            }
        }
        return i;
    }

    /** From the delimiter at {@code i}, skips {@code parts} delimited parts; returns the index after the last delimiter. */
    private static int skipDelimited(String s, int i, int parts) {
        int n = s.length();
        if (i >= n) {
            return n;
        }
        char d = s.charAt(i++);
        for (int k = 0; k < parts; k++) {
            while (i < n && s.charAt(i) != d) {
                if (s.charAt(i) == '\\') {
                    i++;
                }
                i++;
            }
            i++;
        }
        return Math.min(i, n);
    }

    /** The file name of a sed {@code w} command: the rest of the line, blanks before it skipped. */
    private static void addFile(java.util.List<String> paths, String s, int from) {
        int end = s.indexOf('\n', from);
        String name = s.substring(Math.min(from, s.length()), end < 0 ? s.length() : end).strip();
        if (!name.isEmpty() && paths.size() < 64) {
            paths.add(name);
        }
    }

    private static int substitute(String s, int i, Set<String> f, java.util.List<String> paths,
            java.util.List<Cmd> cmds) {
        i = skipDelimited(s, i, 2);
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == 'w') {
                f.add("sed.write");
                addFile(paths, s, i + 1);
                return eol(s, i);
            } else if (c == 'e') {
                f.add("sed.exec");
                cmds.add(new Cmd("", true, false)); // s///e runs the pattern space: the input decides
                i++;
            } else if (c == 'g' || c == 'p' || c == 'i' || c == 'I' || c == 'm' || c == 'M' || (c >= '0' && c <= '9')) {
                i++;
            } else {
                break;
            }
        }
        return i;
    }

    private static int eol(String s, int i) {
        int k = s.indexOf('\n', i);
        return k < 0 ? s.length() : k + 1;
    }

    private static int eolOrSemicolon(String s, int i, char cmd) {
        if (cmd == 'a' || cmd == 'i' || cmd == 'c' || cmd == 'r' || cmd == 'R') {
            return eol(s, i);
        }
        int n = s.length();
        while (i < n && s.charAt(i) != ';' && s.charAt(i) != '\n' && s.charAt(i) != '}') {
            i++;
        }
        return i;
    }

    /**
     * awk program: {@code system(}, pipes ({@code |}, {@code |&}, also {@code "cmd" | getline}),
     * output redirection after print/printf ({@code >}, {@code >>}), {@code @load}, and gawk's
     * {@code /inet/…} network special files. The literal file names {@code print > "FILE"} /
     * {@code >> "FILE"} write are added to writes, the commands the program runs to cmds.
     */
    static Set<String> awk(String s, java.util.List<String> writes, java.util.List<Cmd> cmds) {
        return awk(s, writes, cmds, new java.util.ArrayList<>(0));
    }

    /**
     * As {@link #awk(String, java.util.List, java.util.List)}, and the files {@code getline < FILE} reads are added to
     * reads: a literal name as written; a name built at run time with each part that is not a string literal written
     * {@code $x} ({@code "/proc/" p "/environ"} is {@code /proc/$x/environ}), a variable also as the value the program
     * assigns it; such a name also reports {@code awk.getline-file} (the file may be named by an assignment the
     * command line makes, {@code -v f=PATH}).
     */
    static Set<String> awk(String s, java.util.List<String> writes, java.util.List<Cmd> cmds, java.util.List<String> reads) {
        Set<String> f = new LinkedHashSet<>();
        String lastStr = null; // the last string literal and where it ended, for "cmd" | getline
        int lastStrEnd = -1;
        if (s.contains("/inet/") || s.contains("/inet4/") || s.contains("/inet6/")) {
            f.add("awk.network"); // gawk's special files open TCP/UDP connections
        }
        int n = s.length();
        int depth = 0;
        boolean inPrint = false;
        char prev = 0; // previous significant character, to tell a regex from a division
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '"') {
                int[] end = new int[1];
                lastStr = awkString(s, i, end);
                i = end[0];
                lastStrEnd = i;
                prev = '"';
                continue;
            }
            if (c == '#') {
                i = eol(s, i);
                continue;
            }
            if (c == '/' && (prev == 0 || "(,{};!~&|=:?\n".indexOf(prev) >= 0 || prev == 'w')) {
                i++;
                while (i < n && s.charAt(i) != '/' && s.charAt(i) != '\n') {
                    if (s.charAt(i) == '\\') {
                        i++;
                    }
                    i++;
                }
                i++;
                prev = '/';
                continue;
            }
            if (Character.isLetter(c) || c == '_' || c == '@') {
                int st = i;
                while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_' || s.charAt(i) == '@')) {
                    i++;
                }
                String word = s.substring(st, i);
                int k = i;
                while (k < n && (s.charAt(k) == ' ' || s.charAt(k) == '\t')) {
                    k++;
                }
                if (word.equals("system") && k < n && s.charAt(k) == '(') {
                    f.add("awk.system");
                    cmds.add(awkArgument(s, k + 1, ')'));
                } else if (word.equals("print") || word.equals("printf")) {
                    inPrint = true;
                    depth = 0;
                } else if (word.startsWith("@load") || word.equals("@include")) {
                    f.add("awk.load");
                } else if (word.equals("getline")) {
                    awkGetlineFile(s, i, reads, f);
                }
                // keywords after which '/' starts a regex
                prev = word.equals("return") || word.equals("in") || word.equals("print") || word.equals("printf") ? 'w' : 'a';
                continue;
            }
            switch (c) {
                case '(' -> depth++;
                case ')' -> depth = Math.max(0, depth - 1);
                case ';', '\n', '{', '}' -> inPrint = false;
                case '|' -> {
                    if (i + 1 < n && s.charAt(i + 1) == '|') {
                        i += 2;
                        prev = '|';
                        continue;
                    }
                    f.add("awk.pipe");
                    int k = i + 1 < n && s.charAt(i + 1) == '&' ? i + 2 : i + 1;
                    while (k < n && (s.charAt(k) == ' ' || s.charAt(k) == '\t')) {
                        k++;
                    }
                    if (s.startsWith("getline", k)) {
                        // "cmd" | getline: the command is the expression before the bar
                        boolean literal = lastStr != null && s.substring(lastStrEnd, i).isBlank();
                        cmds.add(literal ? new Cmd(lastStr, false, false) : new Cmd("", true, false));
                    } else {
                        // print … | "cmd": the command is the expression after it, fed the output
                        Cmd c2 = awkArgument(s, k, '\0');
                        cmds.add(new Cmd(c2.text(), c2.dynamic(), true));
                    }
                }
                case '>' -> {
                    if (inPrint && depth == 0 && !(i + 1 < n && s.charAt(i + 1) == '=')) {
                        f.add("awk.redirect");
                        int k = i + 1;
                        if (k < n && s.charAt(k) == '>') {
                            k++;
                        }
                        while (k < n && (s.charAt(k) == ' ' || s.charAt(k) == '\t')) {
                            k++;
                        }
                        if (k < n && s.charAt(k) == '"') {
                            StringBuilder b = new StringBuilder();
                            for (k++; k < n && s.charAt(k) != '"'; k++) {
                                if (s.charAt(k) == '\\' && k + 1 < n) {
                                    k++;
                                }
                                b.append(s.charAt(k));
                            }
                            if (writes.size() < 64) {
                                writes.add(b.toString());
                            }
                        }
                    }
                }
                default -> {
                }
            }
            if (c != ' ' && c != '\t') {
                prev = c;
            }
            i++;
        }
        return f;
    }

    /**
     * less start-up commands ({@code +G}, {@code +/pattern}, {@code +F}, {@code ++cmd}): a shell
     * command ({@code !cmd}, {@code |mark cmd}), saving to a file ({@code s file}, {@code -o file}),
     * an editor ({@code v}), or anything not known to be harmless. Moving, searching, marking and
     * examining files only read. The text is the command sequence after the '+'.
     */
    static Set<String> less(String s) {
        Set<String> f = new LinkedHashSet<>();
        int n = s.length();
        int i = s.startsWith("+") ? 1 : 0; // ++cmd: every file
        while (i < n) {
            char c = s.charAt(i);
            if ((c >= '0' && c <= '9') || c == '.' || c == ' ') {
                i++; // a count
                continue;
            }
            switch (c) {
                case '/', '?', '&' -> {
                    return f; // a search: the rest is the pattern
                }
                case '!', '|', '#' -> {
                    f.add("less.shell");
                    return f;
                }
                case 's' -> {
                    f.add("less.write");
                    return f;
                }
                case 'v' -> {
                    f.add("less.editor");
                    return f;
                }
                case '-', '_' -> {
                    // toggling an option: -o/-O name a log file, -k a key-binding file; others display
                    char o = i + 1 < n ? s.charAt(i + 1) : 0;
                    if (o == 'o' || o == 'O') {
                        f.add("less.write");
                    } else if (o == 'k' || o == '-') {
                        f.add("less.unknown");
                    }
                    return f;
                }
                case ':' -> {
                    char o = i + 1 < n ? s.charAt(i + 1) : 0;
                    if ("enpxdfq".indexOf(o) < 0 || o == 0) {
                        f.add("less.unknown");
                    }
                    return f; // :e FILE examines another file (reads)
                }
                case 'm', '\'', 'M' -> i += 2; // a mark letter follows
                default -> {
                    if ("gGpPFRrjkfbduyeJKYzwWnNqQ=hH%^tTE\\ ".indexOf(c) < 0) {
                        f.add("less.unknown");
                        return f;
                    }
                    i++;
                }
            }
        }
        return f;
    }

    /**
     * SQL given to a database client ({@code psql -c}, {@code mysql -e}, {@code sqlite3 DB SQL}): for
     * every statement {@code sql.KEYWORD} for its first word ({@code sql.drop}, {@code sql.select} …),
     * {@code sql.delete-all} / {@code sql.update-all} for a DELETE or UPDATE without WHERE,
     * {@code sql.alter-drop} for ALTER … DROP, {@code sql.copy-program} for COPY … PROGRAM,
     * {@code sql.copy-to} for COPY … TO, {@code sql.outfile} for INTO OUTFILE/DUMPFILE,
     * {@code sql.load-extension}, {@code sql.call-NAME} for every function called ({@code edit(…)}; past
     * {@value #MAX_SQL_CALLS} of them, {@code sql.calls-uncounted}), sqlite's dot commands as {@code sql.dot-NAME}, and
     * the clients' backslash commands as
     * {@code sql.meta-NAME} ({@code \\!} is {@code sql.meta-!}). Strings, quoted names and comments are
     * skipped; which of these facts is destructive is said by the rules.
     */
    static Set<String> sql(String s) {
        Set<String> f = new LinkedHashSet<>();
        // the functions called, apart: a statement may call many, and they must not crowd out the statements' facts
        Set<String> calls = new LinkedHashSet<>();
        java.util.List<String> words = new java.util.ArrayList<>();
        int n = s.length();
        int i = 0;
        while (i < n && f.size() < 200) {
            char c = s.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                i = skipQuoted(s, i, c);
            } else if (c == '-' && i + 1 < n && s.charAt(i + 1) == '-') {
                i = eol(s, i);
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int e = s.indexOf("*/", i + 2);
                i = e < 0 ? n : e + 2;
            } else if (c == '$' && i + 1 < n && (s.charAt(i + 1) == '$' || Character.isLetter(s.charAt(i + 1)))) {
                // PostgreSQL dollar quoting: $$ … $$ or $tag$ … $tag$
                int e = s.indexOf('$', i + 1);
                String tag = e < 0 ? null : s.substring(i, e + 1);
                if (tag != null && tag.chars().allMatch(ch -> ch == '$' || Character.isLetterOrDigit(ch) || ch == '_')) {
                    int close = s.indexOf(tag, e + 1);
                    i = close < 0 ? n : close + tag.length();
                } else {
                    i++;
                }
            } else if (c == '.' && words.isEmpty() && i + 1 < n && Character.isLetter(s.charAt(i + 1))) {
                // sqlite3's dot commands (.shell, .output FILE, .load LIB) take the rest of the line
                int st = ++i;
                while (i < n && Character.isLetter(s.charAt(i))) {
                    i++;
                }
                f.add("sql.dot-" + s.substring(st, i).toLowerCase(java.util.Locale.ROOT));
                i = eol(s, i);
            } else if (c == '\\' && words.isEmpty()) {
                int st = ++i;
                while (i < n && !Character.isWhitespace(s.charAt(i)) && (i == st || Character.isLetter(s.charAt(i)))) {
                    i++;
                }
                f.add("sql.meta-" + s.substring(st, i).toLowerCase(java.util.Locale.ROOT));
                i = eol(s, i);
            } else if (c == ';') {
                statement(words, f);
                i++;
            } else if (Character.isLetter(c) || c == '_') {
                int st = i;
                while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
                    i++;
                }
                String word = s.substring(st, i).toLowerCase(java.util.Locale.ROOT);
                if (words.size() < 10_000) {
                    words.add(word);
                }
                int k = i;
                while (k < n && Character.isWhitespace(s.charAt(k))) {
                    k++;
                }
                if (k < n && s.charAt(k) == '(') {
                    calls.add(calls.size() < MAX_SQL_CALLS ? "sql.call-" + word : SQL_CALLS_UNCOUNTED);
                }
            } else {
                i++;
            }
        }
        statement(words, f);
        f.addAll(calls);
        return f;
    }

    /** At most this many functions called are told apart; past it {@link #SQL_CALLS_UNCOUNTED} stands for the rest. */
    static final int MAX_SQL_CALLS = 64;
    /** More functions were called than are told apart: any of them may be one a rule names. */
    static final String SQL_CALLS_UNCOUNTED = "sql.calls-uncounted";

    /**
     * The shell commands a database client is told to run: psql's and mysql's {@code \\! CMD}, sqlite3's
     * {@code .shell CMD} and {@code .system CMD}, mysql's {@code system CMD} (each to the end of its line).
     */
    static java.util.List<String> sqlShellCommands(String s) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (String line : s.split("\n")) {
            for (String part : line.split(";")) {
                String t = part.strip();
                String lower = t.toLowerCase(java.util.Locale.ROOT);
                String cmd = null;
                if (t.startsWith("\\!")) {
                    cmd = line.substring(line.indexOf("\\!") + 2);
                } else if (lower.startsWith(".shell ") || lower.startsWith(".system ")) {
                    cmd = line.substring(line.indexOf(' ', line.indexOf('.')) + 1);
                } else if (lower.startsWith("system ")) {
                    cmd = t.substring(7);
                }
                if (cmd != null && out.size() < 16) {
                    out.add(cmd);
                    break;
                }
            }
        }
        return out;
    }

    private static void statement(java.util.List<String> w, Set<String> f) {
        if (w.isEmpty()) {
            return;
        }
        String first = w.get(0);
        if (first.equals("with") || first.equals("explain")) {
            // WITH … DELETE, EXPLAIN ANALYZE DELETE: the verb that follows counts
            for (String x : w) {
                if (x.equals("delete") || x.equals("update") || x.equals("insert") || x.equals("drop")) {
                    first = x;
                    break;
                }
            }
        }
        f.add("sql." + first);
        if ((first.equals("delete") || first.equals("update")) && !w.contains("where")) {
            f.add("sql." + first + "-all");
        }
        if (first.equals("alter") && w.contains("drop")) {
            f.add("sql.alter-drop");
        }
        if (first.equals("copy") && w.contains("program")) {
            f.add("sql.copy-program");
        }
        if (first.equals("copy") && w.contains("to")) {
            f.add("sql.copy-to");
        }
        if (w.contains("load_extension")) {
            f.add("sql.load-extension");
        }
        if (w.contains("outfile") || w.contains("dumpfile")) {
            f.add("sql.outfile");
        }
        w.clear();
    }

    private static int skipQuoted(String s, int i, char q) {
        int n = s.length();
        i++;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\\' && q != '`' && i + 1 < n) {
                i += 2;
            } else if (c == q) {
                if (i + 1 < n && s.charAt(i + 1) == q) {
                    i += 2; // '' inside a string
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return n;
    }

    /**
     * JavaScript given to the MongoDB shell ({@code mongosh --eval}): {@code mongo.NAME} (lower case)
     * for every function or method called ({@code db.dropDatabase()} gives {@code mongo.dropdatabase},
     * {@code runProgram(…)} {@code mongo.runprogram}). Strings and comments are skipped.
     */
    static Set<String> mongo(String s) {
        Set<String> f = new LinkedHashSet<>();
        int n = s.length();
        int i = 0;
        while (i < n && f.size() < 200) {
            char c = s.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                i = skipQuoted(s, i, c);
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                i = eol(s, i);
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int e = s.indexOf("*/", i + 2);
                i = e < 0 ? n : e + 2;
            } else if (Character.isLetter(c) || c == '_' || c == '$') {
                int st = i;
                while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_' || s.charAt(i) == '$')) {
                    i++;
                }
                int k = i;
                while (k < n && Character.isWhitespace(s.charAt(k))) {
                    k++;
                }
                if (k < n && s.charAt(k) == '(') {
                    f.add("mongo." + s.substring(st, i).toLowerCase(java.util.Locale.ROOT));
                }
            } else {
                i++;
            }
        }
        return f;
    }

    /** An awk string literal starting at the quote at {@code i}: its value; end[0] is the index after it. */
    /** After {@code getline} (ending at {@code i}): {@code [VAR] < FILE} adds FILE to reads (see {@link #awk}). */
    private static void awkGetlineFile(String s, int i, java.util.List<String> reads, Set<String> f) {
        int n = s.length();
        int k = skipBlanks(s, i);
        int st = k;
        while (k < n && (Character.isLetterOrDigit(s.charAt(k)) || s.charAt(k) == '_' || s.charAt(k) == '$')) {
            k++; // the variable getline sets
        }
        if (k > st && k < n && s.charAt(k) == '[') {
            k = closing(s, k, '[', ']');
        }
        k = skipBlanks(s, k);
        if (k >= n || s.charAt(k) != '<' || reads.size() >= 64) {
            return;
        }
        k = skipBlanks(s, k + 1);
        if (k >= n) {
            return;
        }
        // the file is one primary: a string, a variable (with a subscript), a $field or a parenthesised expression
        int end;
        char c = s.charAt(k);
        if (c == '"') {
            int[] e = new int[1];
            reads.add(awkString(s, k, e));
            return;
        } else if (c == '(') {
            end = closing(s, k, '(', ')');
            reads.add(awkNameBuilt(s.substring(k + 1, Math.max(k + 1, end - 1))));
        } else {
            end = k;
            if (end < n && s.charAt(end) == '$') {
                end++;
            }
            while (end < n && (Character.isLetterOrDigit(s.charAt(end)) || s.charAt(end) == '_')) {
                end++;
            }
            String name = s.substring(k, end);
            if (end < n && s.charAt(end) == '[') {
                end = closing(s, end, '[', ']');
            }
            reads.add("$x");
            String assigned = name.isEmpty() || name.startsWith("$") ? null : awkAssigned(s, name);
            if (assigned != null) {
                reads.add(awkNameBuilt(assigned));
            }
        }
        f.add("awk.getline-file");
    }

    /** The expression a program first assigns to {@code name} ({@code name = EXPR}, up to a statement end), or null. */
    private static String awkAssigned(String s, String name) {
        int n = s.length();
        for (int at = s.indexOf(name); at >= 0; at = s.indexOf(name, at + 1)) {
            boolean start = at == 0 || !(Character.isLetterOrDigit(s.charAt(at - 1)) || s.charAt(at - 1) == '_');
            int k = skipBlanks(s, at + name.length());
            if (start && k + 1 < n && s.charAt(k) == '=' && s.charAt(k + 1) != '=') {
                int e = k + 1;
                boolean quoted = false;
                while (e < n && (quoted || ";\n}".indexOf(s.charAt(e)) < 0)) {
                    if (s.charAt(e) == '"') {
                        quoted = !quoted;
                    } else if (quoted && s.charAt(e) == '\\') {
                        e++;
                    }
                    e++;
                }
                return s.substring(k + 1, Math.min(e, n));
            }
        }
        return null;
    }

    /**
     * A file name an awk expression builds by concatenation: string literals as written, every other part
     * (a variable, a field, a call) as {@code $x}, a name only known at run time.
     */
    private static String awkNameBuilt(String expr) {
        StringBuilder b = new StringBuilder();
        int n = expr.length();
        int i = 0;
        boolean other = false;
        while (i < n) {
            char c = expr.charAt(i);
            if (c == '"') {
                int[] e = new int[1];
                b.append(awkString(expr, i, e));
                i = e[0];
                other = false;
            } else if (c == ' ' || c == '\t') {
                i++;
            } else {
                if (!other) {
                    b.append("$x");
                    other = true;
                }
                i++;
                if (c == '[' || c == '(') {
                    i = closing(expr, i - 1, c, c == '[' ? ']' : ')');
                }
            }
        }
        return b.toString();
    }

    private static int skipBlanks(String s, int k) {
        while (k < s.length() && (s.charAt(k) == ' ' || s.charAt(k) == '\t')) {
            k++;
        }
        return k;
    }

    /** The index after the bracket closing the one at {@code k} (strings skipped), or the end. */
    private static int closing(String s, int k, char open, char close) {
        int depth = 0;
        int n = s.length();
        for (int i = k; i < n; i++) {
            char c = s.charAt(i);
            if (c == '"') {
                int[] e = new int[1];
                awkString(s, i, e);
                i = e[0] - 1;
            } else if (c == open) {
                depth++;
            } else if (c == close && --depth == 0) {
                return i + 1;
            }
        }
        return n;
    }

    private static String awkString(String s, int i, int[] end) {
        int n = s.length();
        StringBuilder b = new StringBuilder();
        i++;
        while (i < n && s.charAt(i) != '"') {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < n) {
                char d = s.charAt(++i);
                b.append(switch (d) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> d;
                });
            } else {
                b.append(c);
            }
            i++;
        }
        end[0] = Math.min(i + 1, n);
        return b.toString();
    }

    /**
     * The command an awk expression starting at {@code k} names: a lone string literal (ended by
     * {@code close}, a statement end or the end) is literal; anything else is only known at run time.
     */
    private static Cmd awkArgument(String s, int k, char close) {
        int n = s.length();
        while (k < n && (s.charAt(k) == ' ' || s.charAt(k) == '\t')) {
            k++;
        }
        if (k < n && s.charAt(k) == '"') {
            int[] end = new int[1];
            String v = awkString(s, k, end);
            int j = end[0];
            while (j < n && (s.charAt(j) == ' ' || s.charAt(j) == '\t')) {
                j++;
            }
            if (j >= n || s.charAt(j) == close || (close == '\0' && ";}\n)".indexOf(s.charAt(j)) >= 0)) {
                return new Cmd(v, false, false);
            }
        }
        return new Cmd("", true, false);
    }
}
