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

    /** As {@link #sed(String, List)} without collecting the commands. */
    static Set<String> sed(String s) {
        return sed(s, new java.util.ArrayList<>());
    }

    /** As {@link #awk(String, List)} without collecting the commands. */
    static Set<String> awk(String s) {
        return awk(s, new java.util.ArrayList<>());
    }

    /** GNU sed script: {@code w}/{@code W} commands and {@code s///w} write files; {@code e} runs commands. */
    static Set<String> sed(String s, java.util.List<Cmd> cmds) {
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
                case 's' -> i = substitute(s, i + 1, f, cmds);
                case 'y' -> i = skipDelimited(s, i + 1, 2);
                case 'w', 'W' -> {
                    f.add("sed.write");
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
                case 'r', 'R', 'a', 'i', 'c', 'b', 't', 'T', ':', 'q', 'Q', 'l', 'L', 'v' -> i = eolOrSemicolon(s, i + 1, c);
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

    private static int substitute(String s, int i, Set<String> f, java.util.List<Cmd> cmds) {
        i = skipDelimited(s, i, 2);
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == 'w') {
                f.add("sed.write");
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
     * {@code /inet/…} network special files.
     */
    static Set<String> awk(String s, java.util.List<Cmd> cmds) {
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

    /** An awk string literal starting at the quote at {@code i}: its value; end[0] is the index after it. */
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
