package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which lines of {@code ps} an awk program or a sed script passes on, read from the patterns it names: awk's
 * regular expressions ({@code /auditd/}, {@code $5 ~ /x/}) and the strings it compares fields with ({@code $11 ==
 * "auditd"}), sed's addresses and substitutions ({@code sed -n '/auditd/p'}, {@code sed -n 's/ x//p'}).
 * A pattern that may match a line a security service's process prints selects it; a negated one ({@code !/grep/},
 * {@code /grep/d}) passes every other line, as {@code grep -v} does; a filter naming no pattern only narrows what
 * comes before it. What cannot be read (a program in a file, an option not known, a pattern held by a variable, a
 * word only known at run time) selects every line.
 */
final class FilterSelection {

    /** Functions whose regular expression edits or splits a line rather than picking it. */
    private static final List<String> EDITING = List.of("sub", "gsub", "gensub", "split");

    /** awk's options up to its program text: only -F and -v are read (-f names a file of code). */
    private static final OptionWalk.Spec AWK = new OptionWalk.Spec("", "Fv", Set.of(), Set.of(), true);
    /** sed's options: -f, -i and -l are not read. */
    private static final OptionWalk.Spec SED = new OptionWalk.Spec("nErsuz", "e", Set.of("quiet", "silent",
            "regexp-extended", "posix", "debug", "unbuffered", "separate", "null-data", "sandbox"),
            Set.of("expression"), false);

    private FilterSelection() {
    }

    static ProcessSelection.Verdict awk(List<String> words, List<Boolean> known, List<String> names) {
        String program = null;
        List<String> values = new ArrayList<>(0);
        List<OptionWalk.Item> items = OptionWalk.read(words, known, AWK, null);
        if (items == null) {
            return ProcessSelection.Verdict.MAY;    // -f FILE, -e, long options: not read here
        }
        for (OptionWalk.Item o : items) {
            String w = o.text();
            if (!o.operand()) {
                if (o.option().equals("v")) {
                    values.add(w.substring(w.indexOf('=') + 1));
                }
            } else if (program == null) {
                program = w;
            } else if (w.indexOf('=') > 0) {
                values.add(w.substring(w.indexOf('=') + 1)); // an operand assignment: a value the program may compare
            } else if (ProcessSelection.nameMatches(ProcessSelection.lastComponent(w), names)) {
                return ProcessSelection.Verdict.MAY;        // the service's pid file
            }
        }
        if (program == null) {
            return ProcessSelection.Verdict.MAY;
        }
        Patterns found = new Patterns(names);
        if (!readAwk(program, found)) {
            return ProcessSelection.Verdict.MAY;
        }
        for (String v : values) {
            found.fixed(v, false);
        }
        return found.verdict();
    }

    /** Reads the program's patterns into {@code found}; false when it compares with something it does not name. */
    private static boolean readAwk(String p, Patterns found) {
        int n = p.length();
        String before = "";   // the last two characters of code before here, blanks aside
        int i = 0;
        while (i < n) {
            char c = p.charAt(i);
            if (c == '#') {
                while (i < n && p.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            if (c == '"') {
                int end = closing(p, i, '"');
                if (end < 0) {
                    return false;
                }
                String s = unescape(p.substring(i + 1, end));
                String after = next(p, end + 1, 2);
                boolean compared = before.endsWith("==") || before.endsWith("!=") || after.startsWith("==")
                        || after.startsWith("!=");
                boolean neg = before.endsWith("!=") || before.endsWith("!~") || after.startsWith("!=");
                if (compared) {
                    found.fixed(s, neg);
                } else if (before.endsWith("~")) {
                    found.regex(s, PosixRegex.Dialect.EXTENDED, neg);
                }
                before = "\"";
                i = end + 1;
                continue;
            }
            if (c == '/' && regexMayStart(before)) {
                int end = closing(p, i, '/');
                if (end < 0) {
                    return false;
                }
                if (!editing(p, i)) {
                    found.regex(p.substring(i + 1, end), PosixRegex.Dialect.EXTENDED,
                            before.endsWith("!") || before.endsWith("!~"));
                }
                before = "/";
                i = end + 1;
                continue;
            }
            if (c == '~' || before.endsWith("=") && c == '=') {
                String after = next(p, i + 1, 1);
                if (c == '~' && !after.equals("/") && !after.equals("\"")) {
                    return false;   // $0 ~ v: a pattern a variable holds
                }
            }
            if (!Character.isWhitespace(c)) {
                before = (before + c).substring(Math.max(0, before.length() + 1 - 2));
            }
            i++;
        }
        return true;
    }

    /** Whether a {@code /} after this code starts a regular expression rather than dividing. */
    private static boolean regexMayStart(String before) {
        if (before.isEmpty()) {
            return true;
        }
        char last = before.charAt(before.length() - 1);
        return "(,!~&|{;}\n=".indexOf(last) >= 0;
    }

    /** Whether the expression at {@code at} is the first argument of a function that edits or splits the line. */
    private static boolean editing(String p, int at) {
        int j = at - 1;
        while (j >= 0 && Character.isWhitespace(p.charAt(j))) {
            j--;
        }
        if (j < 0 || p.charAt(j) != '(') {
            return false;
        }
        int end = j;
        while (j > 0 && Character.isLetter(p.charAt(j - 1))) {
            j--;
        }
        return EDITING.contains(p.substring(j, end));
    }

    static ProcessSelection.Verdict sed(List<String> words, List<Boolean> known, List<String> names) {
        boolean quiet = false;
        PosixRegex.Dialect d = PosixRegex.Dialect.BASIC;
        List<String> scripts = new ArrayList<>(1);
        List<String> operands = new ArrayList<>(1);
        List<OptionWalk.Item> items = OptionWalk.read(words, known, SED, null);
        if (items == null) {
            return ProcessSelection.Verdict.MAY;   // -f FILE, -i, -l N: not read here
        }
        for (OptionWalk.Item o : items) {
            if (o.operand()) {
                operands.add(o.text());
                continue;
            }
            switch (o.option()) {
                case "n", "quiet", "silent" -> quiet = true;
                case "E", "r", "regexp-extended" -> d = PosixRegex.Dialect.EXTENDED;
                case "e", "expression" -> scripts.add(o.text());
                default -> {
                }
            }
        }
        if (scripts.isEmpty()) {
            if (operands.isEmpty()) {
                return ProcessSelection.Verdict.MAY;
            }
            scripts.add(operands.remove(0));
        }
        for (String f : operands) {
            if (ProcessSelection.nameMatches(ProcessSelection.lastComponent(f), names)) {
                return ProcessSelection.Verdict.MAY;
            }
        }
        Patterns found = new Patterns(names);
        for (String s : scripts) {
            if (!readSed(s, quiet, d, found)) {
                return ProcessSelection.Verdict.MAY;
            }
        }
        return found.verdict();
    }

    /**
     * Reads a script's commands: an address's expression picks lines when the command prints them under {@code -n}
     * ({@code p}, an {@code s} with {@code p}) or deletes the others ({@code /x/!d}); {@code /x/d} or a negated
     * printing address passes the others. False for a script not read.
     */
    private static boolean readSed(String s, boolean quiet, PosixRegex.Dialect d, Patterns found) {
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || c == ';' || c == '}') {
                i++;
                continue;
            }
            List<String> address = new ArrayList<>(2);
            for (int part = 0; part < 2 && i < n; part++) {
                c = s.charAt(i);
                if (c == '/' || c == '\\' && i + 1 < n) {
                    int open = c == '/' ? i : i + 1;
                    int end = closing(s, open, s.charAt(open));
                    if (end < 0) {
                        return false;
                    }
                    address.add(s.substring(open + 1, end));
                    i = end + 1;
                    while (i < n && (s.charAt(i) == 'I' || s.charAt(i) == 'M')) {
                        i++;
                    }
                } else if (Character.isDigit(c) || c == '$') {
                    while (i < n && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '$' || s.charAt(i) == '~')) {
                        i++;
                    }
                } else {
                    break;
                }
                if (i < n && s.charAt(i) == ',') {
                    i++;
                } else {
                    break;
                }
            }
            while (i < n && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            boolean not = i < n && s.charAt(i) == '!';
            if (not) {
                i++;
            }
            if (i >= n) {
                return false;
            }
            char cmd = s.charAt(i);
            i++;
            switch (cmd) {
                case 'p' -> {
                    if (quiet) {
                        picks(address, not, d, found);
                    }
                }
                case 'd' -> {
                    if (!quiet) {
                        picks(address, !not, d, found);
                    }
                }
                case 's' -> {
                    if (i >= n) {
                        return false;
                    }
                    char delim = s.charAt(i);
                    int mid = closing(s, i, delim);
                    int end = mid < 0 ? -1 : closing(s, mid, delim);
                    if (end < 0) {
                        return false;
                    }
                    int flags = end + 1;
                    while (flags < n && s.charAt(flags) != ';' && s.charAt(flags) != '\n' && s.charAt(flags) != '}') {
                        flags++;
                    }
                    if (quiet && s.substring(end + 1, flags).indexOf('p') >= 0) {
                        picks(address, not, d, found);
                        found.regex(s.substring(i + 1, mid), d, false);
                    }
                    i = flags;
                }
                case '{', 'q', 'Q', '=', 'n', 'N', 'h', 'H', 'g', 'G', 'x', 'P', 'D', 'l' -> {
                    if (cmd == '{' && !address.isEmpty() && quiet) {
                        picks(address, not, d, found);
                    }
                }
                case 'y' -> {
                    char delim = i < n ? s.charAt(i) : 0;
                    int mid = closing(s, i, delim);
                    int end = mid < 0 ? -1 : closing(s, mid, delim);
                    if (end < 0) {
                        return false;
                    }
                    i = end + 1;
                }
                default -> {
                    return false;   // a, i, c, r, w, e, b, t … : text, files or branches not read here
                }
            }
        }
        return true;
    }

    private static void picks(List<String> address, boolean not, PosixRegex.Dialect d, Patterns found) {
        for (String re : address) {
            found.regex(re, d, not);
        }
    }

    /** The index of the delimiter closing what opens at {@code open}, past backslashes and brackets; -1 if none. */
    private static int closing(String s, int open, char delim) {
        boolean bracket = false;
        for (int i = open + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (delim == '/' && c == '[' && !bracket) {
                bracket = true;
                if (i + 1 < s.length() && s.charAt(i + 1) == ']') {
                    i++;
                }
            } else if (bracket && c == ']') {
                bracket = false;
            } else if (c == delim && !bracket) {
                return i;
            }
        }
        return -1;
    }

    private static String next(String p, int from, int len) {
        StringBuilder b = new StringBuilder(len);
        for (int i = from; i < p.length() && b.length() < len; i++) {
            if (!Character.isWhitespace(p.charAt(i))) {
                b.append(p.charAt(i));
            } else if (b.length() > 0) {
                break;
            }
        }
        return b.toString();
    }

    private static String unescape(String s) {
        return s.replace("\\\"", "\"").replace("\\\\", "\\");
    }

    /** The patterns a filter picks lines by, searched in what {@code ps} prints for a service. */
    private static final class Patterns {
        private final List<String> names;
        private final List<String> lines;
        private boolean may;
        private boolean picks;
        private boolean negated;

        Patterns(List<String> names) {
            this.names = names;
            this.lines = ProcessSelection.psLines(names);
        }

        /** A regular expression the filter picks lines by, or, {@code negated}, passes every other line by. */
        void regex(String re, PosixRegex.Dialect d, boolean negated) {
            note(negated, () -> {
                Pattern p = PosixRegex.compile(re, d, false);
                return p == null || ProcessSelection.searches(p, false, lines);
            });
        }

        /** A string a field is compared with whole: a service's name or path is one field of its ps line. */
        void fixed(String s, boolean negated) {
            note(negated, () -> s.isEmpty() || ProcessSelection.nameMatches(ProcessSelection.lastComponent(s), names)
                    || lines.stream().anyMatch(l -> java.util.Arrays.asList(l.trim().split("\\s+")).contains(s)));
        }

        private void note(boolean negated, java.util.function.BooleanSupplier matches) {
            if (negated) {
                this.negated = true;    // what it names is left out: the rest passes, as with grep -v
            } else {
                picks = true;
                may |= matches.getAsBoolean();
            }
        }

        ProcessSelection.Verdict verdict() {
            if (may) {
                return ProcessSelection.Verdict.MAY;
            }
            if (picks) {
                return ProcessSelection.Verdict.NO;
            }
            return negated ? ProcessSelection.Verdict.ALL_BUT : ProcessSelection.Verdict.PASSES;
        }
    }
}
