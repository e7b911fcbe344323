package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.Glob;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which processes a command that selects them by a pattern may name, read as the program reads its words: pgrep,
 * pkill and pidwait search an extended regular expression in each process's name (its first 15 characters; its
 * whole command line with {@code -f}), folded with {@code -i}, whole with {@code -x}, inverted with {@code -v};
 * grep searches a basic one ({@code -E} extended, {@code -F} fixed, {@code -P} Perl's) in the lines {@code ps}
 * prints. The question is whether a name of a list (the security services) may be among them. Whatever cannot be
 * decided counts as selecting it: an option the reading does not know, a pattern only known at run time or in a
 * file, an expression it cannot rewrite, {@code -v}, and a selection by other criteria alone ({@code pgrep -u root}).
 */
final class ProcessSelection {

    /** What a command may select. */
    enum Verdict {
        /** It may select a process of the list. */
        MAY,
        /** It cannot. */
        NO,
        /**
         * grep {@code -v}: it passes every line but those it matches, so what it selects is what the commands before it
         * in the pipeline print ({@code ps ax | grep app | grep -v grep}).
         */
        ALL_BUT,
        /**
         * A filter that selects by nothing it names (a line number, a field it cuts, no pattern at all): it can only
         * narrow what the commands before it print, so their reading stands ({@code pgrep auditd | awk '{print $1}'}).
         */
        PASSES
    }

    /** How a family of programs reads its words. */
    enum Family {
        /** procps' pgrep, pkill and pidwait. */
        PROCPS,
        /** GNU grep and its egrep and fgrep. */
        GREP,
        /** psmisc's killall: names, {@code -r} extended regular expressions, {@code -I} folding case. */
        KILLALL,
        /** awk's program: the regular expressions and compared strings that pick the lines it acts on. */
        AWK,
        /** sed's script: the addresses and substitutions that pick the lines it prints or deletes. */
        SED,
        /**
         * lsof and fuser: the processes that have a file open; the list is of directories where a service keeps its
         * files (logs, pid files, sockets, configuration).
         */
        FILES
    }

    /** The longest name the kernel keeps for a process ({@code comm}); pgrep matches that without {@code -f}. */
    private static final int COMM = 15;

    /** Directories a service's program is started from, for patterns searched in whole command lines. */
    private static final List<String> PROGRAM_DIRS = List.of("/usr/sbin/", "/sbin/", "/usr/bin/", "/bin/",
            "/usr/local/sbin/", "/usr/local/bin/", "/usr/libexec/", "/opt/");

    /** The columns {@code ps} prints before the command, in its common formats. */
    private static final List<String> PS_COLUMNS = List.of("", "  812 ?        Ssl    0:00 ",
            "root       812  0.0  0.1  12345  6789 ?        Ssl  10:00   0:00 ");

    private static final OptionWalk.Spec PROCPS = new OptionWalk.Spec("cefilnovwxAHLVhm", "dgGOPqrstuUF",
            Set.of("count", "echo", "full", "ignore-case", "list-name", "list-full", "newest", "oldest", "inverse",
                    "lightweight", "exact", "logpidfile", "ignore-ancestors", "require-handler", "help", "version",
                    "mrelease"),
            Set.of("delimiter", "pgroup", "group", "older", "parent", "queue", "runstates", "session", "terminal",
                    "euid", "uid", "pidfile", "cgroup", "ns", "nslist", "env", "signal"),
            false);
    /** Options that select processes besides the pattern (alone, they select without it). */
    private static final Set<String> PROCPS_SELECTORS = Set.of("g", "G", "O", "P", "r", "s", "t", "u", "U", "F",
            "pgroup", "group", "older", "parent", "runstates", "session", "terminal", "euid", "uid", "pidfile",
            "cgroup", "ns", "env");

    private static final OptionWalk.Spec GREP = new OptionWalk.Spec("EFGPiyvwxocqshHnaIlLbrRzZTU", "efABCdDm",
            Set.of("extended-regexp", "fixed-strings", "basic-regexp", "perl-regexp", "ignore-case",
                    "no-ignore-case", "invert-match", "word-regexp", "line-regexp", "only-matching", "count", "quiet",
                    "silent", "no-messages", "with-filename", "no-filename", "line-number", "text",
                    "files-with-matches", "files-without-match", "byte-offset", "recursive", "dereference-recursive",
                    "null", "null-data", "initial-tab", "line-buffered", "no-group-separator", "color", "colour"),
            Set.of("regexp", "file", "after-context", "before-context", "context", "max-count", "label", "include",
                    "exclude", "exclude-dir", "exclude-from", "binary-files", "devices", "directories",
                    "group-separator", "color", "colour"),
            false);

    private ProcessSelection() {
    }

    /** The family whose reading a program of this name has, or null for a program that names processes otherwise. */
    static Family family(String program) {
        return switch (program) {
            case "pgrep", "pkill", "pidwait" -> Family.PROCPS;
            case "grep", "egrep", "fgrep" -> Family.GREP;
            case "killall" -> Family.KILLALL;
            case "awk", "gawk", "mawk", "nawk" -> Family.AWK;
            case "sed", "gsed" -> Family.SED;
            case "lsof", "fuser" -> Family.FILES;
            default -> null;
        };
    }

    /**
     * Whether the command may select a process whose name a glob of {@code names} matches.
     *
     * @param words the command's words after the program; a word that is not known ({@code known} false) is only
     *              known at run time
     */
    static Verdict maySelect(Family f, String program, List<String> words, List<Boolean> known, List<String> names) {
        return switch (f) {
            case PROCPS -> procps(words, known, names) ? Verdict.MAY : Verdict.NO;
            case GREP -> grep(program, words, known, names);
            case KILLALL -> KillallSelection.maySelect(words, known, names) ? Verdict.MAY : Verdict.NO;
            case AWK -> FilterSelection.awk(words, known, names);
            case SED -> FilterSelection.sed(words, known, names);
            case FILES -> FileUsers.maySelect(program, words, known, names) ? Verdict.MAY : Verdict.NO;
        };
    }

    private static boolean procps(List<String> words, List<Boolean> known, List<String> names) {
        boolean ignoreCase = false;
        boolean exact = false;
        boolean full = false;
        boolean selector = false;
        List<String> patterns = new ArrayList<>(1);
        List<String> pidFiles = new ArrayList<>(0);
        // pkill -9, pkill -KILL, pkill -SIGHUP: a signal is only read so as the first word
        int from = !words.isEmpty() && known.get(0) && words.get(0).startsWith("-")
                && isSignal(words.get(0).substring(1)) ? 1 : 0;
        List<OptionWalk.Item> items = OptionWalk.read(words.subList(from, words.size()),
                known.subList(from, known.size()), PROCPS, null);
        if (items == null) {
            return true;
        }
        for (OptionWalk.Item o : items) {
            if (o.operand()) {
                patterns.add(o.text());
                continue;
            }
            switch (o.option()) {
                case "i", "ignore-case" -> ignoreCase = true;
                case "x", "exact" -> exact = true;
                case "f", "full" -> full = true;
                case "v", "inverse" -> {
                    return true;
                }
                case "F", "pidfile" -> pidFiles.add(o.text());
                default -> selector |= PROCPS_SELECTORS.contains(o.option());
            }
        }
        for (String file : pidFiles) {
            if (nameMatches(lastComponent(file), names)) {
                return true;
            }
        }
        if (patterns.isEmpty()) {
            return selector;
        }
        for (String p : patterns) {
            Pattern re = PosixRegex.compile(p, PosixRegex.Dialect.EXTENDED, ignoreCase);
            if (re == null || searches(re, exact, full ? commandLines(names) : processNames(names))
                    || OpenNames.reaches(re, exact, full ? programContexts() : List.of(""), names)) {
                return true;
            }
            if (full && matchesWithArguments(p, ignoreCase, exact, names)) {
                return true;
            }
        }
        return false;
    }

    /** What in an extended regular expression may stand for the blank between a program and its arguments. */
    private static final List<String> BLANKS = List.of(" ", "\\ ", "\\s", "[ ]", "[[:space:]]", "[[:blank:]]");

    /**
     * With {@code -f}, whether a pattern whose text up to its first blank ends at a service's name or path may match
     * that service's command line: {@code pkill -f 'auditd -n'} kills an auditd started with {@code -n}, and what
     * follows the blank is matched by arguments only the run knows.
     */
    private static boolean matchesWithArguments(String pattern, boolean ignoreCase, boolean exact, List<String> names) {
        int cut = -1;
        for (String b : BLANKS) {
            int i = pattern.indexOf(b);
            if (i > 0 && (cut < 0 || i < cut)) {
                cut = i;
            }
        }
        if (cut < 0) {
            return false;
        }
        // the head ends where the name does (-x: it is the whole name); a plain name or path is compared with the
        // list's globs themselves, which stand for longer names than their text (rsyslog* is rsyslogd)
        String h = pattern.substring(0, cut);
        String plain = exact || !h.startsWith("^") ? h : h.substring(1);
        if (plain.chars().noneMatch(c -> "\\.[]()*+?{}|^$".indexOf(c) >= 0)
                && nameMatches(lastComponent(plain), names)) {
            return true;
        }
        Pattern head = PosixRegex.compile(exact ? h : h + "$", PosixRegex.Dialect.EXTENDED, ignoreCase);
        // a head the reading cannot rewrite may name anything, as a whole pattern it cannot rewrite does
        return head == null || searches(head, exact, commandLines(names));
    }

    private static Verdict grep(String program, List<String> words, List<Boolean> known, List<String> names) {
        PosixRegex.Dialect d = program.equals("egrep") ? PosixRegex.Dialect.EXTENDED
                : program.equals("fgrep") ? PosixRegex.Dialect.FIXED : PosixRegex.Dialect.BASIC;
        boolean ignoreCase = false;
        boolean inverse = false;
        List<String> patterns = new ArrayList<>(1);
        boolean patternGiven = false;
        List<String> operands = new ArrayList<>(2);
        List<OptionWalk.Item> items = OptionWalk.read(words, known, GREP, null);
        if (items == null) {
            return Verdict.MAY;
        }
        for (OptionWalk.Item o : items) {
            if (o.operand()) {
                operands.add(o.text());
                continue;
            }
            switch (o.option()) {
                case "E", "extended-regexp" -> d = PosixRegex.Dialect.EXTENDED;
                case "F", "fixed-strings" -> d = PosixRegex.Dialect.FIXED;
                case "G", "basic-regexp" -> d = PosixRegex.Dialect.BASIC;
                case "P", "perl-regexp" -> d = PosixRegex.Dialect.PERL;
                case "i", "y", "ignore-case" -> ignoreCase = true;
                case "no-ignore-case" -> ignoreCase = false;
                case "v", "invert-match" -> inverse = true;
                case "f", "file" -> {
                    return Verdict.MAY;     // patterns in a file
                }
                case "e", "regexp" -> {
                    patterns.add(o.text());
                    patternGiven = true;
                }
                default -> {
                }
            }
        }
        if (inverse) {
            return Verdict.ALL_BUT;
        }
        int files = 0;
        if (!patternGiven) {
            if (operands.isEmpty()) {
                return Verdict.MAY;
            }
            patterns.add(operands.get(0));
            files = 1;
        }
        // a file grep reads may be the service's pid file (grep -o '[0-9]*' /run/auditd.pid)
        for (int i = files; i < operands.size(); i++) {
            if (nameMatches(lastComponent(operands.get(i)), names)) {
                return Verdict.MAY;
            }
        }
        for (String p : patterns) {
            // -x and -w only narrow a line's match: searching without them is the cautious reading
            for (String one : p.split("\n", -1)) {
                Pattern re = PosixRegex.compile(one, d, ignoreCase);
                if (re == null || searches(re, false, psLines(names))
                        || OpenNames.reaches(re, false, psContexts(), names)) {
                    return Verdict.MAY;
                }
            }
        }
        return Verdict.NO;
    }

    static boolean searches(Pattern re, boolean whole, List<String> subjects) {
        for (String s : subjects) {
            java.util.regex.Matcher m = re.matcher(s);
            if (whole ? m.matches() : m.find()) {
                return true;
            }
        }
        return false;
    }

    /** A name each glob of the list stands for (its text without wildcards), and the kernel's 15 characters of it. */
    static List<String> witnesses(List<String> names) {
        List<String> out = new ArrayList<>(names.size() * 2);
        for (String g : names) {
            String w = g.replace("*", "").replace("?", "x");
            if (w.isEmpty() || w.indexOf('[') >= 0) {
                continue;
            }
            out.add(w);
        }
        return out;
    }

    static List<String> processNames(List<String> names) {
        List<String> out = new ArrayList<>();
        for (String w : witnesses(names)) {
            out.add(w);
            if (w.length() > COMM) {
                out.add(w.substring(0, COMM));
            }
        }
        return out;
    }

    private static List<String> commandLines(List<String> names) {
        List<String> out = new ArrayList<>();
        for (String w : witnesses(names)) {
            out.add(w);
            for (String dir : PROGRAM_DIRS) {
                out.add(dir + w);
            }
        }
        return out;
    }

    /** What may come before a service's name in its command line: nothing or the directory it is started from. */
    private static List<String> programContexts() {
        List<String> out = new ArrayList<>(PROGRAM_DIRS.size() + 1);
        out.add("");
        out.addAll(PROGRAM_DIRS);
        return out;
    }

    /** What may come before a service's name in a line {@code ps} prints. */
    private static List<String> psContexts() {
        List<String> out = new ArrayList<>();
        for (String dir : programContexts()) {
            for (String columns : PS_COLUMNS) {
                out.add(columns + dir);
            }
        }
        return out;
    }

    /** The lines {@code ps} prints for such a process, in its common formats. */
    static List<String> psLines(List<String> names) {
        List<String> out = new ArrayList<>();
        for (String line : commandLines(names)) {
            for (String columns : PS_COLUMNS) {
                out.add(columns + line);
            }
        }
        return out;
    }

    static boolean nameMatches(String name, List<String> globs) {
        for (String g : globs) {
            if (Glob.matches(g, name)) {
                return true;
            }
        }
        return false;
    }

    static boolean isSignal(String s) {
        if (s.isEmpty()) {
            return false;
        }
        if (s.chars().allMatch(Character::isDigit)) {
            return true;
        }
        return s.chars().allMatch(ch -> ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '+' || ch == '-')
                && Character.isUpperCase(s.charAt(0)) && s.length() > 1;
    }

    static String lastComponent(String path) {
        String p = path;
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p.substring(p.lastIndexOf('/') + 1);
    }
}
