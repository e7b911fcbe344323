package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.Condition;
import dev.cmdgate.core.rules.Glob;
import dev.cmdgate.core.rules.OptionSpec;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Set;

/**
 * Whether a row's conditions hold for one command's parsed arguments ({@code if} clauses of {@code when},
 * {@code writes}, {@code reads}, {@code dry-run}, {@code sets} … rows; docs/rules-format.md). A glob that may
 * expand to an option counts as that option where that is the safe direction. Needs only the rules: the
 * named lists and the sensitive paths.
 */
final class Conditions {

    private final RuleSet rules;
    /** Where the files a finder runs a command for were found ({@code found=} conditions); null: nowhere. */
    private final FileEffects files;

    Conditions(RuleSet rules) {
        this(rules, null);
    }

    Conditions(RuleSet rules, FileEffects files) {
        this.rules = rules;
        this.files = files;
    }

    /** Whether every condition holds; {@code facts} are those the command's code reported ({@code if fact NAME}). */
    boolean holds(List<Condition> conds, ParsedArgs p, Set<String> facts) {
        for (int i = 0, n = conds.size(); i < n; i++) {
            Condition c = conds.get(i);
            if (c.kind() == Condition.Kind.OPTION_VALUE && hasPositiveValueTest(conds, c.name())) {
                // a tool takes one of a repeated option's values (most the last): the tests of that option's value in
                // one row are made of one occurrence at a time, so --parser=babel --parser=./p.js still has a value
                // outside the harmless ones
                if (!c.negate() && !oneValueHolds(conds, c, p)) {
                    return false;
                }
                continue;
            }
            if (test(c, p, facts) == c.negate()) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasPositiveValueTest(List<Condition> conds, String name) {
        for (int i = 0, n = conds.size(); i < n; i++) {
            Condition c = conds.get(i);
            if (c.kind() == Condition.Kind.OPTION_VALUE && !c.negate() && c.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** Whether one occurrence of the option has a value matching {@code pos} and none of the row's negated globs. */
    private boolean oneValueHolds(List<Condition> conds, Condition pos, ParsedArgs p) {
        for (ParsedArgs.Use u : p.options) {
            if (!u.name().equals(pos.name()) || u.value() == null) {
                continue;
            }
            Arg v = new Arg(u.value(), u.from().dynamic, false, -1, -1);
            if (!operandMatches(pos.glob(), v)) {
                continue;
            }
            boolean excluded = false;
            for (int i = 0, n = conds.size(); i < n && !excluded; i++) {
                Condition c = conds.get(i);
                // a value known only at run time may be any: it is excluded by no glob (fail closed)
                excluded = c.kind() == Condition.Kind.OPTION_VALUE && c.negate() && c.name().equals(pos.name())
                        && !u.from().dynamic && operandMatches(c.glob(), v);
            }
            if (!excluded) {
                return true;
            }
        }
        return p.anyOption && mayBeOption(p, pos.name());
    }

    private boolean test(Condition c, ParsedArgs p, Set<String> facts) {
        switch (c.kind()) {
            case OPTION -> {
                return p.has(c.name()) || (p.anyOption && !c.negate() && mayBeOption(p, c.name()));
            }
            case OPTION_VALUE -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(c.name()) && u.value() != null
                            && operandMatches(c.glob(), new Arg(u.value(), u.from().dynamic, false, -1, -1))) {
                        return true;
                    }
                }
                return p.anyOption && !c.negate() && mayBeOption(p, c.name());
            }
            case OPERAND -> {
                for (Arg a : p.operands) {
                    if (operandMatches(c.glob(), inCase(c, a))) {
                        return true;
                    }
                }
                return p.anyOption && !c.negate() && c.glob().startsWith("-") && p.mayBe(c.glob());
            }
            case LAST_OPERAND -> {
                return !p.operands.isEmpty() && operandMatches(c.glob(), inCase(c, p.operands.get(p.operands.size() - 1)));
            }
            case OPERAND_AT -> {
                return c.number() < p.operands.size() && operandMatches(c.glob(), inCase(c, p.operands.get(c.number())));
            }
            case VERB -> {
                Arg verb = verb(p.operands);
                return verb != null && operandMatches(c.glob(), inCase(c, verb));
            }
            case OPERANDS_GT -> {
                return p.operands.size() > c.number();
            }
            case OPERANDS_EQ -> {
                return p.operands.size() == c.number();
            }
            case DASHDASH -> {
                return p.dashdash;
            }
            case FACT -> {
                return facts.contains(c.name());
            }
            case FOUND -> {
                if (files != null) {
                    for (Arg a : p.operands) {
                        for (String start : files.foundBelow(a)) {
                            if (operandMatches(c.glob(), Arg.literal(start))) {
                                return true;
                            }
                        }
                    }
                }
                return false;
            }
            case OTHER_FACT -> {
                for (String f : facts) {
                    if (Glob.matches(c.glob(), f) && !rules.inList(c.name(), f)) {
                        return true;
                    }
                }
                return false;
            }
            case OUTPUT_OF -> {
                for (Arg a : p.operands) {
                    if (producedBy(c.glob(), c.name(), a)) {
                        return true;
                    }
                }
                return false;
            }
            case SELECTS -> {
                List<String> words = new java.util.ArrayList<>(p.args.size());
                List<Boolean> known = new java.util.ArrayList<>(p.args.size());
                for (Arg a : p.args) {
                    words.add(a.text);
                    known.add(!a.unresolved() && a.pattern == null);
                }
                // read as the program reads its words (killall, fuser); pgrep's reading for pkill and the others
                String program = p.path.isEmpty() ? "pgrep" : p.path.get(0).word();
                ProcessSelection.Family family = ProcessSelection.family(program);
                if (family == null) {
                    family = ProcessSelection.Family.PROCPS;
                    program = "pgrep";
                }
                ProcessSelection.Verdict v = ProcessSelection.maySelect(family, program, words, known,
                        rules.listGlobs(c.glob()));
                return v == ProcessSelection.Verdict.MAY || v == ProcessSelection.Verdict.ALL_BUT;
            }
            default -> {
                return false;
            }
        }
    }

    /**
     * The command word of a namespaced command line: the last operand before the first that starts with {@code -}
     * (the operands after it are the command's options and their values, {@code -i list} among them); null when the
     * first operand is already an option.
     */
    private static Arg verb(List<Arg> operands) {
        Arg verb = null;
        for (Arg a : operands) {
            if (a.text.startsWith("-")) {
                break;
            }
            verb = a;
        }
        return verb;
    }

    /** The operand as an any-case condition compares it: in lower case (a word only known at run time as it is). */
    private static Arg inCase(Condition c, Arg a) {
        if (!c.anyCase() || a.unresolved() || a.pattern != null) {
            return a;
        }
        String lower = a.text.toLowerCase(java.util.Locale.ROOT);
        return lower.equals(a.text) ? a : Arg.literal(lower);
    }

    /**
     * Whether the word holds the output of a command whose program (its last path component) matches {@code program}
     * and, with {@code operand} given, one of whose words after it that is no option has a last path component that
     * matches: {@code pgrep -x auditd}, {@code cat /var/run/auditd.pid}. The producer's options are not parsed, so
     * an option's value counts too (the cautious reading).
     */
    private boolean producedBy(String program, String operand, Arg a) {
        boolean allBut = false;
        boolean narrowed = false;
        for (List<String> cmd : a.producers()) {
            if (!matchesText(program, Arg.literal(lastComponent(Producers.text(cmd.get(0)))))) {
                continue;
            }
            if (operand == null) {
                return true;
            }
            String name = lastComponent(cmd.get(0));
            ProcessSelection.Family family = operand.startsWith("@") && Producers.known(cmd.get(0))
                    ? ProcessSelection.family(name) : null;
            if (family != null) {
                switch (selects(family, name, cmd.subList(1, cmd.size()), rules.listGlobs(operand.substring(1)))) {
                    case MAY -> {
                        return true;
                    }
                    case ALL_BUT -> allBut = true;
                    case NO -> narrowed = true;
                    case PASSES -> {
                    }
                }
                continue;
            }
            for (int i = 1; i < cmd.size(); i++) {
                String w = gluedValue(Producers.text(cmd.get(i)));
                if (!w.startsWith("-") && !w.isEmpty() && matchesText(operand, Arg.literal(lastComponent(w)))) {
                    return true;
                }
            }
        }
        // grep -v passes all but what it names: with no other selection beside it, that is every process
        return allBut && !narrowed;
    }

    /**
     * Whether a command that selects processes by a pattern may select one named in the list; its words as
     * {@link Producers} keep them, where one holding an expansion ({@code $x}, {@code $(…)}) is only known at run time.
     */
    private static ProcessSelection.Verdict selects(ProcessSelection.Family family, String program, List<String> words, List<String> names) {
        List<Boolean> known = new java.util.ArrayList<>(words.size());
        List<String> texts = new java.util.ArrayList<>(words.size());
        for (String w : words) {
            known.add(Producers.known(w));
            texts.add(Producers.text(w));
        }
        return ProcessSelection.maySelect(family, program, texts, known, names);
    }

    /**
     * A word, or the value an option holds glued to it ({@code -Cauditd}, {@code --pidfile=/run/auditd.pid}): the
     * producer's options are not parsed, so each glued tail counts as a word (the cautious reading).
     */
    static String gluedValue(String w) {
        if (w.startsWith("--")) {
            int eq = w.indexOf('=');
            return eq < 0 ? w : w.substring(eq + 1);
        }
        return w.startsWith("-") && w.length() > 2 ? w.substring(2) : w;
    }

    private static String lastComponent(String path) {
        String p = path;
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p.substring(p.lastIndexOf('/') + 1);
    }

    /** Whether a glob of the command may expand to a spelling of the option with this canonical name. */
    static boolean mayBeOption(ParsedArgs p, String canonical) {
        for (OptionSpec o : p.section().visibleOptions()) {
            if (o.canonical().equals(canonical) && p.mayBe(o)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a pattern operand may name an entry of a list of rooted paths ({@code rm -r /US[R]} after nocaseglob
     * names {@code /usr}): each entry compared as a pattern with the line's glob options ({@link PatternOverlap}).
     */
    private boolean listOverlaps(String list, String pattern) {
        if (!PatternOverlap.rooted(pattern)) {
            return false;
        }
        return PatternOverlap.firstWitness(pattern, rules.rootedListGlobs(list), files != null && files.dotglob,
                any -> true) != null;
    }

    private boolean operandMatches(String glob, Arg a) {
        return matchesText(glob, a) || files != null && pathCondition(glob) && matchesWhereRun(glob, a);
    }

    /**
     * A condition on a path ({@code $sensitive}, a named list such as {@code @protected-dirs}, a glob that starts with
     * {@code /} or {@code ~}): a relative operand is also compared as the path it is where the command runs.
     */
    private static boolean pathCondition(String glob) {
        return glob.equals("$sensitive") || glob.length() > 1 && (glob.charAt(0) == '@' || glob.charAt(0) == '/'
                || glob.charAt(0) == '~');
    }

    /**
     * The operand in each directory the command may run in ({@code cd /; rm -r usr} deletes {@code /usr}); below a
     * directory only known at run time, its end compared with the ends of the sensitive paths or the list's entries.
     */
    private boolean matchesWhereRun(String glob, Arg a) {
        String name = files.checkedName(a);
        for (String r : files.placesOf(name, true)) {
            if (matchesText(glob, Arg.literal(r))) {
                return true;
            }
        }
        String tail = files.anywhereTail(name);
        if (tail == null) {
            return false;
        }
        if (glob.equals("$sensitive")) {
            return rules.mayEndSensitive(tail);
        }
        return glob.charAt(0) == '@' && rules.listMayEnd(glob.substring(1), tail);
    }

    private boolean matchesText(String glob, Arg a) {
        int but = glob.indexOf("!@");
        if (but > 1 && glob.charAt(0) == '@') {
            // in one list but not the other: judged where the path leads (/tmp/../srv is no scratch place)
            String resolved = a.unresolved() || a.pattern != null ? null : PathText.dotsResolved(a.normalized());
            Arg r = resolved == null || resolved.equals(a.normalized()) ? a : Arg.literal(resolved);
            return matchesText(glob.substring(0, but), r) && !matchesText(glob.substring(but + 1), r);
        }
        if (glob.length() > 1 && glob.charAt(0) == '$') {
            // the patterns the rules format names ($dynamic …): a glob never starts with '$' (Condition checks it)
            switch (glob) {
                case "$dynamic" -> {
                    return a.unresolved();
                }
                case "$sensitive" -> {
                    String normal = a.normalized();
                    return rules.isSensitivePath(a.unresolved() ? PathText.staticPrefix(normal) + "x" : normal);
                }
                case "$sensitive-inside" -> {
                    return InstancePaths.sensitive(rules, a);
                }
                case "$secret-name" -> {
                    return !a.unresolved() && SecretNames.namesSecret(rules, a.text);
                }
                case "$secret-variable" -> {
                    // a whole variable name (printenv NAME, declare -p NAME): USER is no part of *USERPWD* here
                    return !a.unresolved() && rules.isSecretVariable(a.text, null);
                }
                case "$secret-value" -> {
                    return a.dynamic && SecretNames.expandsSecret(rules, a.text);
                }
                default -> {
                    return false;
                }
            }
        }
        String normal = a.normalized();
        String list = glob.length() > 1 && glob.charAt(0) == '@' ? glob.substring(1) : null;
        if (list != null && rules.hasList(list)) {
            return rules.inList(list, a.text) || !normal.equals(a.text) && rules.inList(list, normal)
                    || a.pattern != null && listOverlaps(list, a.pattern)
                    // a quoted pattern the program matches itself against the names of running services
                    // (systemctl stop 'audit*'); a word the shell expands as a pattern names files instead (mytool
                    // *.txt), and other lists hold words a pattern is no more than text beside (mytool test '*Spec')
                    || rules.listsServices(list) && !a.unresolved() && a.pattern == null
                            && a.text.indexOf('/') < 0 && NamePatterns.isPattern(a.text)
                            && NamePatterns.mayName(a.text, rules.listGlobs(list));
        }
        return Glob.matches(glob, a.text) || !normal.equals(a.text) && Glob.matches(glob, normal);
    }
}
