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
    private static final OptionWalk.Spec OPTIONS = new OptionWalk.Spec("eIgiqrvwlV", "suoyZn",
            Set.of("exact", "ignore-case", "process-group", "interactive", "quiet", "regexp", "verbose", "wait", "list",
                    "version", "help"),
            Set.of("signal", "user", "older-than", "younger-than", "context", "ns"), false);

    private KillallSelection() {
    }

    static boolean maySelect(List<String> words, List<Boolean> known, List<String> names) {
        boolean regex = false;
        boolean fold = false;
        boolean exact = false;
        boolean selector = false;
        List<String> operands = new ArrayList<>(1);
        // killall -9, -KILL, -HUP: a signal anywhere among the options
        List<OptionWalk.Item> items = OptionWalk.read(words, known, OPTIONS,
                w -> ProcessSelection.isSignal(w.substring(1)));
        if (items == null) {
            return true;
        }
        for (OptionWalk.Item o : items) {
            if (o.operand()) {
                operands.add(o.text());
                continue;
            }
            regex |= o.option().equals("r") || o.option().equals("regexp");
            fold |= o.option().equals("I") || o.option().equals("ignore-case");
            exact |= o.option().equals("e") || o.option().equals("exact");
            selector |= Set.of("u", "Z", "user", "context").contains(o.option());
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
}
