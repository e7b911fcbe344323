package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which processes psmisc's killall names, read as it reads its words: each operand is a process name compared whole
 * (a name of 15 characters or more, without {@code -e}, with the kernel's first 15), or a path compared by its
 * program's name; {@code -I} folds case; {@code -r} makes each operand an extended regular expression searched in
 * the names; {@code -u} and {@code -Z} select by owner or context, alone every process of it. An option the reading
 * does not know and a word only known at run time select every process.
 */
final class KillallSelection {

    private static final int COMM = 15;
    private static final Set<Character> FLAGS = chars("eIgiqrvwlV");
    private static final Set<Character> VALUED = chars("suoyZn");
    private static final Set<String> LONG_FLAGS = Set.of("exact", "ignore-case", "process-group", "interactive",
            "quiet", "regexp", "verbose", "wait", "list", "version", "help");
    private static final Set<String> LONG_VALUED = Set.of("signal", "user", "older-than", "younger-than", "context",
            "ns");

    private KillallSelection() {
    }

    static boolean maySelect(List<String> words, List<Boolean> known, List<String> names) {
        boolean regex = false;
        boolean fold = false;
        boolean exact = false;
        boolean selector = false;
        boolean options = true;
        List<String> operands = new ArrayList<>(1);
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (!known.get(i)) {
                return true;
            }
            if (!options || !w.startsWith("-") || w.equals("-")) {
                operands.add(w);
                continue;
            }
            if (w.equals("--")) {
                options = false;
                continue;
            }
            if (ProcessSelection.isSignal(w.substring(1))) {
                continue;   // killall -9, -KILL, -HUP
            }
            if (w.startsWith("--")) {
                int eq = w.indexOf('=');
                String name = w.substring(2, eq < 0 ? w.length() : eq);
                if (LONG_VALUED.contains(name)) {
                    if (eq < 0 && (++i >= words.size() || !known.get(i))) {
                        return true;
                    }
                    selector |= name.equals("user") || name.equals("context");
                } else if (!LONG_FLAGS.contains(name) || eq >= 0) {
                    return true;
                }
                regex |= name.equals("regexp");
                fold |= name.equals("ignore-case");
                exact |= name.equals("exact");
                continue;
            }
            for (int k = 1; k < w.length(); k++) {
                char c = w.charAt(k);
                if (FLAGS.contains(c)) {
                    regex |= c == 'r';
                    fold |= c == 'I';
                    exact |= c == 'e';
                } else if (VALUED.contains(c)) {
                    if (k + 1 == w.length() && (++i >= words.size() || !known.get(i))) {
                        return true;
                    }
                    selector |= c == 'u' || c == 'Z';
                    break;
                } else {
                    return true;
                }
            }
        }
        if (operands.isEmpty()) {
            return selector;
        }
        for (String op : operands) {
            if (regex ? searches(op, fold, names) : named(op, fold, exact, names)) {
                return true;
            }
        }
        return false;
    }

    private static boolean searches(String op, boolean fold, List<String> names) {
        Pattern re = PosixRegex.compile(op, PosixRegex.Dialect.EXTENDED, fold);
        return re == null || ProcessSelection.searches(re, false, ProcessSelection.processNames(names));
    }

    private static boolean named(String op, boolean fold, boolean exact, List<String> names) {
        String name = op.indexOf('/') >= 0 ? ProcessSelection.lastComponent(op) : op;
        String n = fold ? name.toLowerCase(Locale.ROOT) : name;
        List<String> globs = new ArrayList<>(names.size());
        for (String g : names) {
            globs.add(fold ? g.toLowerCase(Locale.ROOT) : g);
        }
        if (ProcessSelection.nameMatches(n, globs)) {
            return true;
        }
        if (exact || n.length() < COMM) {
            return false;
        }
        // the kernel keeps 15 characters: killall compares a long name by them alone
        String head = n.substring(0, COMM);
        for (String w : ProcessSelection.witnesses(globs)) {
            if (w.startsWith(head) || w.length() >= COMM && head.equals(w.substring(0, COMM))) {
                return true;
            }
        }
        return false;
    }

    private static Set<Character> chars(String s) {
        Set<Character> out = new java.util.HashSet<>();
        for (char c : s.toCharArray()) {
            out.add(c);
        }
        return Set.copyOf(out);
    }
}
