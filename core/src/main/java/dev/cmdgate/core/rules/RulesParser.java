package dev.cmdgate.core.rules;

import dev.cmdgate.core.CommandClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the line-oriented rules format (docs/rules-format.md) into a {@link RuleSet}: follows the section
 * headers, and hands each row to the reader of its kind of section — {@link SettingsRows}, {@link LanguageRows},
 * {@link TrustRows}, and for program sections the dispatch table {@link #programRow}, where the record of each
 * row kind reads itself. Errors name the origin and line: {@code rules.txt line 12: unknown row 'opts'}. A read
 * of a part of the built-in rules ({@link BuiltinRules}) keeps only that part's sections.
 */
final class RulesParser {

    private static final Set<String> REQUIRED_VERDICTS = Set.of(
            "unknown-program", "path-program", "dynamic-command", "dynamic-code", "piped-code",
            "opaque-code", "parse-error", "too-deep", "redirect-file", "device-write", "network-device",
            "reverse-shell", "env-hook", "sensitive-write", "fork-bomb", "version", "internal-error",
            "empty", "glob-option", "heredoc-code", "stdin-file-code", "env-unknown",
            "credential-read", "own-files");

    /** How a {@code prints} row reads the command's words. */
    private static final Set<String> PRINTS = Set.of("echo", "printf", "input", "base64-decode", "hex-decode", "cut", "lines", "substitute", "awk-begin",
            "reverse", "translate");

    private final RuleSet rules;
    private final String origin;
    private final boolean overlay;
    /** The values of {@code ${java.home}} and friends in trust rows. */
    private Map<String, String> placeholders = Map.of();
    private int lineNo;
    private List<Section> current = List.of();
    private boolean inSettings;
    /** The {@code [@lang …]} sections rows go to, or empty. */
    private List<Language> langs = List.of();
    /** In a {@code [@trust]} section: rows the user trusts (TrustRows). */
    private boolean inTrust;
    /** The part of the built-in rules this parser reads, or null: it reads every section of its text. */
    private final BuiltinRules part;
    /** Where program sections go: the rule set's, or a program's sections being read before they are published. */
    private final Map<String, Section> programsOut;
    /** The current header names no section this parser reads: its rows are skipped. */
    private boolean skipping;
    /** The current header's example rows are recorded by the read of another program (its first). */
    private boolean examplesOfOthers;

    /** A parser of a whole rules text; {@code overlay}: a user's file read on top of the built-in rules. */
    RulesParser(RuleSet rules, String origin, boolean overlay) {
        this.rules = rules;
        this.origin = origin;
        this.overlay = overlay;
        this.part = null;
        this.programsOut = rules.programs;
    }

    /** A parser of blocks of the built-in rules that keeps the sections {@code part} keeps. */
    RulesParser(RuleSet rules, BuiltinRules part) {
        this.rules = rules;
        this.origin = RuleSet.BUILTIN_NAME;
        this.overlay = false;
        this.part = part;
        this.programsOut = part.programsOut;
    }

    /** The values trust rows' placeholders stand for (the agent passes those it read at start-up). */
    RulesParser placeholders(Map<String, String> values) {
        this.placeholders = Map.copyOf(values);
        return this;
    }

    /**
     * What every rule set must hold once its files are read: the verdicts the mechanisms give, a syntax and a
     * verdict for each language, and the sections and options {@code env-args} rows name.
     */
    static void checkComplete(RuleSet r) {
        for (String k : REQUIRED_VERDICTS) {
            if (!r.verdicts.containsKey(k)) {
                throw new IllegalArgumentException("rules: [@settings] lacks 'verdict " + k + "'");
            }
        }
        for (Language l : r.languages.values()) {
            if (l.syntax == null || l.verdict == null) {
                throw new IllegalArgumentException("rules: " + l + " needs a syntax row and an is row");
            }
        }
        List<EnvArgs> named = new ArrayList<>(r.envArgs.values());
        named.addAll(r.envPairs);
        for (EnvArgs a : named) {
            if (r.builtinRowUnchanged(a)) {
                // a built-in row naming a built-in program no user row changed: checked when the rules
                // are built (BuiltinRulesSelfCheckTest reads them whole); reading the program now would
                // put its sections on every JVM's first decision
                continue;
            }
            Section s = r.exactProgram(a.program());
            if (s == null) {
                throw new IllegalArgumentException("rules: env-args/env-pairs name [" + a.program() + "], which has no section");
            }
            if (a.option() != null && s.declaredOption(a.option()) == null) {
                throw new IllegalArgumentException("rules: env-args/env-pairs name option " + a.option() + ", which ["
                        + a.program() + "] does not declare");
            }
        }
    }

    void parse(String text) {
        parseRange(text, 0, text.length(), 1);
    }

    /** Parses the lines of {@code text} from {@code from} to {@code to}; the first is line {@code firstLine}. */
    void parseRange(String text, int from, int to, int firstLine) {
        int pos = from;
        int n = to;
        lineNo = firstLine - 1;
        while (pos <= n) {
            int nl = text.indexOf('\n', pos);
            if (nl < 0 || nl > n) {
                nl = n;
            }
            lineNo++;
            String line = text.substring(pos, nl);
            pos = nl + 1;
            try {
                parseLine(line);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(origin + " line " + lineNo + ": " + e.getMessage());
            }
            if (nl == n) {
                break;
            }
        }
    }

    private void parseLine(String raw) {
        List<String> t = RuleLine.split(raw);
        if (t.isEmpty()) {
            return;
        }
        String first = t.get(0);
        if (first.startsWith("[")) {
            int hash = raw.indexOf('#');
            header((hash >= 0 ? raw.substring(0, hash) : raw).trim());
            return;
        }
        if (skipping) {
            return;
        }
        if (inTrust) {
            rules.trust.add(TrustRows.parse(raw, origin, lineNo, placeholders));
            return;
        }
        if (first.equals("example")) {
            if (!inSettings && current.isEmpty()) {
                throw new IllegalArgumentException("row 'example' outside a [section]");
            }
            if (!examplesOfOthers) {
                example(t);
            }
            return;
        }
        RuleLine row = new RuleLine(t, origin, lineNo, rules);
        if (inSettings) {
            SettingsRows.read(rules, row, part != null && part.eager());
            return;
        }
        if (!langs.isEmpty()) {
            for (Language l : langs) {
                LanguageRows.read(l, row);
            }
            return;
        }
        if (current.isEmpty()) {
            throw new IllegalArgumentException("row '" + first + "' outside a [section]");
        }
        for (Section s : current) {
            programRow(s, row);
        }
    }

    private void header(String h) {
        if (!h.endsWith("]")) {
            throw new IllegalArgumentException("section header must end with ']'");
        }
        String inner = h.substring(1, h.length() - 1).trim();
        if (inner.isEmpty()) {
            throw new IllegalArgumentException("empty section header");
        }
        skipping = false;
        examplesOfOthers = false;
        inTrust = inner.equals("@trust");
        if (inTrust) {
            inSettings = false;
            langs = List.of();
            current = List.of();
            return;
        }
        if (inner.equals("@settings")) {
            inSettings = true;
            langs = List.of();
            current = List.of();
            return;
        }
        inSettings = false;
        langs = List.of();
        if (inner.startsWith("@lang ")) {
            List<Language> ls = new ArrayList<>();
            for (String n : inner.substring(6).trim().split("\\|")) {
                if (n.isBlank()) {
                    throw new IllegalArgumentException("empty language name in '" + inner + "'");
                }
                String name = n.trim();
                if (part != null && !part.keepsLanguage(name)) {
                    continue;   // read on its own when it is first met
                }
                Map<String, Language> out = part == null ? rules.languages : part.languagesOut;
                Language l = out.get(name);
                if (l == null && part == null) {
                    l = rules.takeBuiltinLanguage(name);   // a user's rows go on top of the built-in ones
                }
                if (l == null) {
                    l = new Language(name);
                    out.put(name, l);
                }
                ls.add(l);
            }
            langs = ls;
            current = List.of();
            skipping = ls.isEmpty();
            return;
        }
        if (inner.startsWith("@")) {
            throw new IllegalArgumentException("unknown section '[" + inner + "]'");
        }
        List<Section> sections = new ArrayList<>();
        List<List<String>> paths = RuleLine.headerPaths(inner);
        for (List<String> p : paths) {
            if (part == null || part.keepsProgram(p.get(0))) {
                sections.add(section(p));
            }
        }
        current = sections;
        skipping = sections.isEmpty() && part != null;
        // an example row counts once, for the header's first section, as in a whole read: a block shared by
        // several programs ([ash|bash|dash …]) is read again for each of them
        examplesOfOthers = part != null && !part.keepsProgram(paths.get(0).get(0));
    }

    private Section section(List<String> path) {
        String key = String.join(" ", path);
        if (path.size() == 1) {
            String name = path.get(0);
            Section s = programsOut.get(name);
            if (s == null && overlay && !RuleLine.isPrefixName(name)) {
                // a user's row for a built-in program the lazy rule set has not read yet: read it first
                s = rules.takeBuiltinProgram(name);
            }
            if (s == null) {
                for (Section p : rules.prefixPrograms) {
                    if ((p.word + "*").equals(name)) {
                        return p;
                    }
                }
                if (name.endsWith("*") && name.length() > 1) {
                    s = new Section(key, name.substring(0, name.length() - 1), null);
                    // longest prefix first
                    int at = 0;
                    while (at < rules.prefixPrograms.size() && rules.prefixPrograms.get(at).word.length() >= s.word.length()) {
                        at++;
                    }
                    rules.prefixPrograms.add(at, s);
                } else {
                    s = new Section(key, name, null);
                    programsOut.put(name, s);
                }
            }
            return s;
        }
        Section parent = section(path.subList(0, path.size() - 1));
        String w = path.get(path.size() - 1);
        // "-m:pip" names the section reached through an option's value (python -m pip)
        int colon = w.indexOf(':');
        if (w.startsWith("-") && colon > 0) {
            String optName = w.substring(0, colon);
            OptionSpec o = parent.declaredOption(optName);
            if (o == null || !o.sub()) {
                throw new IllegalArgumentException("[" + key + "]: " + optName + " is not a 'sub' option of [" + parent.key + "]");
            }
            String k = o.canonical() + " " + w.substring(colon + 1);
            Section s = parent.optSubs.get(k);
            if (s == null) {
                s = new Section(key, w, parent);
                parent.optSubs.put(k, s);
            }
            return s;
        }
        Section s = parent.subs.get(w);
        if (s == null) {
            s = new Section(key, w, parent);
            parent.subs.put(w, s);
            if (parent.mode == Section.ParseMode.GNU && !parent.modeByRow) {
                parent.mode = Section.ParseMode.POSIX;
            }
        }
        return s;
    }

    /**
     * One row of a program section ({@code [git push]}; docs/rules-format.md, "Rows in a program section"): a row
     * kind with a record reads itself ({@link CodeRule#parse}, {@link WriteRule#parse} …), the rows that set one
     * field of the section are read here.
     */
    private void programRow(Section s, RuleLine row) {
        List<String> t = row.words;
        String kw = t.get(0);
        switch (kw) {
            case "is" -> {
                if (t.size() < 3 || t.size() > 4) {
                    throw new IllegalArgumentException("expected: is CLASS LEVEL \"reason\"");
                }
                s.verdict = row.verdict(t.get(1), t.get(2),
                        t.size() == 4 ? t.get(3) : s.key + " is classified " + CommandClass.parse(t.get(1)).label());
            }
            case "parse" -> parseRow(s, row);
            case "opt" -> s.declare(OptionSpec.parse(row), overlay);
            case "version" -> {
                if (t.size() < 2) {
                    throw new IllegalArgumentException("expected: version SPELLING...");
                }
                s.versionSpellings.addAll(t.subList(1, t.size()));
            }
            case "help" -> {
                if (t.size() < 2) {
                    throw new IllegalArgumentException("expected: help SPELLING...");
                }
                s.helpSpellings.addAll(t.subList(1, t.size()));
            }
            case "sub-prefixes" -> subPrefixes(s, t);
            case "assigns" -> s.assigns.add(AssignRule.parse(s, row));
            case "sets" -> s.shellOptions.add(ShellOptionRule.parse(s, row));
            case "state" -> s.state.add(row.ifConditions(s, 1));
            case "content-names" -> {
                // content-names [into opt OPT | into last] [if CONDITION...]
                List<String> w = row.words;
                if (w.size() > 1 && w.get(1).equals("into")) {
                    boolean last = w.size() > 2 && w.get(2).equals("last");
                    if (!last && (w.size() < 4 || !w.get(2).equals("opt"))) {
                        throw new IllegalArgumentException("expected: content-names into opt OPT | into last [if …]");
                    }
                    List<Condition> c = row.ifConditions(s, last ? 3 : 4);
                    s.contentNames.add(c);
                    s.contentInto.add(new ContentInto(last ? null : s.optionName(w.get(3)), c));
                } else {
                    s.contentNames.add(row.ifConditions(s, 1));
                }
            }
            case "unsets" -> s.unsets.add(AssignRule.parseUnsets(s, row));
            case "chdir" -> chdirRow(s, row);
            case "when" -> {
                When w = When.parse(s, row);
                if (overlay) {
                    // a user's row with exactly the same conditions replaces the built-in one
                    for (int k = s.whens.size() - 1; k >= 0; k--) {
                        if (s.whens.get(k).text().equals(w.text())) {
                            s.whens.remove(k);
                        }
                    }
                }
                s.whens.add(w);
            }
            case "runs" -> {
                s.runs = RunsRule.parse(s, row);
                if (s.mode == Section.ParseMode.GNU && !s.modeByRow && s.runs.between().isEmpty() && !s.runs.afterDashdash()) {
                    // a wrapper's options end at the command it runs, unless a parse row says how the program reads
                    // them (kubectl run takes its options anywhere before a --)
                    s.mode = Section.ParseMode.POSIX;
                }
            }
            case "code" -> s.codes.add(CodeRule.parse(s, row));
            case "project-file" -> s.projectFiles.add(ProjectFileRule.parse(row));
            case "code-file" -> {
                int arrow = row.arrow(1);
                if (arrow > 2) {
                    throw new IllegalArgumentException("expected: code-file [LANGUAGE] -> CLASS LEVEL \"reason\"");
                }
                s.codeFileLanguage = arrow == 2 ? t.get(1) : null;
                s.codeFile = row.verdictAfter(arrow);
            }
            case "prints" -> {
                if (t.size() < 2 || !PRINTS.contains(t.get(1)) || t.size() > 2 && !t.get(2).equals("if")) {
                    throw new IllegalArgumentException("expected: prints " + String.join("|", new java.util.TreeSet<>(PRINTS))
                            + " [if CONDITION...]");
                }
                s.prints = t.get(1);
                s.printsIf = t.size() > 2 ? row.conditions(s, 3, t.size()) : List.of();
            }
            case "prints-env" -> {
                if (t.size() > 1 && !t.get(1).equals("if")) {
                    throw new IllegalArgumentException("expected: prints-env [if CONDITION...]");
                }
                s.printsEnv = t.size() > 1 ? row.conditions(s, 2, t.size()) : List.of();
            }
            case "stdin-code" -> stdinCode(s, row);
            case "pure-code" -> s.pureLaunch = PureLaunch.parse(row);
            case "fifo" -> s.fifos.add(FifoRule.parse(s, row));
            case "dry-run" -> {
                int ifAt = t.indexOf("if");
                int end = ifAt < 0 ? t.size() : ifAt;
                List<String> opts = new ArrayList<>();
                for (String o : t.subList(1, end)) {
                    opts.add(s.optionName(o));
                }
                s.dryRun = List.copyOf(opts);
                s.dryRunIf = ifAt < 0 ? List.of() : row.conditions(s, ifAt + 1, t.size());
            }
            case "writes" -> s.writes.add(WriteRule.parse(s, row));
            case "encrypts" -> s.encrypts.add(WriteRule.parseEncrypts(s, row));
            case "reads" -> {
                if (t.size() == 2 && t.get(1).equals("none")) {
                    s.readsNone = true;
                } else {
                    s.reads.add(ReadRule.parse(s, row));
                }
            }
            case "steer" -> s.steers.add(SteerRule.parse(s, row));
            case "steer-dir" -> {
                if (t.size() != 3 || !t.get(1).equals("opt")) {
                    throw new IllegalArgumentException("expected: steer-dir opt OPT");
                }
                s.steerDirs.add(s.optionName(t.get(2)));
            }
            case "steer-repo" -> s.steerRepo = SteerRepo.parse(s, row);
            case "argfiles" -> s.argfiles = ArgfileRule.parse(row);
            case "reset" -> s.reset();
            default -> throw new IllegalArgumentException("unknown row '" + kw + "'");
        }
    }

    /**
     * {@code chdir} (the first operand is the shell's new directory), {@code chdir opt OPT} (the option's value is the
     * directory the command and what it runs work in), {@code chdir operand} (the first operand is that directory),
     * {@code chdir between WORD...} (commands after these start words run in the directory of each file the command
     * finds).
     */
    private static void chdirRow(Section s, RuleLine row) {
        List<String> t = row.words;
        if (t.size() == 1) {
            s.chdir = true;
        } else if (t.size() == 3 && t.get(1).equals("opt")) {
            s.chdirOpts.add(s.optionName(t.get(2)));
        } else if (t.size() == 2 && t.get(1).equals("operand")) {
            s.chdirOperand = true;
        } else if (t.size() >= 3 && t.get(1).equals("between")) {
            s.chdirBetween.addAll(t.subList(2, t.size()));
        } else {
            throw new IllegalArgumentException("expected: chdir | chdir opt OPT | chdir operand | chdir between WORD...");
        }
    }

    /**
     * {@code parse gnu|posix|none [first-bundle] [global-options] [plus-options] [equals-values] [after N]
     * [bsd-values LETTERS]}.
     */
    /** {@code sub-prefixes WORD... [default WORD]}: abbreviated sub-commands, resolved in the program's own order. */
    private static void subPrefixes(Section s, List<String> t) {
        int end = t.size();
        String dflt = null;
        if (end >= 3 && t.get(end - 2).equals("default")) {
            dflt = t.get(end - 1);
            end -= 2;
        }
        if (end < 2) {
            throw new IllegalArgumentException("expected: sub-prefixes WORD... [default WORD]");
        }
        s.subPrefixes = List.copyOf(t.subList(1, end));
        s.subDefault = dflt;
    }

    private static void parseRow(Section s, RuleLine row) {
        for (int i = 1; i < row.size(); i++) {
            switch (row.get(i)) {
                case "gnu" -> parseMode(s, Section.ParseMode.GNU);
                case "posix" -> parseMode(s, Section.ParseMode.POSIX);
                case "none" -> parseMode(s, Section.ParseMode.NONE);
                case "first-bundle" -> s.firstBundle = true;
                case "global-options" -> s.globalOptions = true;
                case "plus-options" -> s.plusOptions = true;
                case "equals-values" -> s.equalsValues = true;
                case "after" -> s.posixAfter = Integer.parseInt(row.need(++i));
                case "bsd-values" -> s.bsdValues = row.need(++i);
                case "comma-list" -> s.commaLists.add(row.need(++i));
                default -> throw new IllegalArgumentException("unknown parse word '" + row.get(i) + "'");
            }
        }
    }

    /** A {@code parse} row's mode: it stays, wherever the section's sub-command headers are written. */
    private static void parseMode(Section s, Section.ParseMode mode) {
        s.mode = mode;
        s.modeByRow = true;
    }

    /** {@code stdin-code [after N] [interactive OPT...] -> CLASS LEVEL "reason"}. */
    private static void stdinCode(Section s, RuleLine row) {
        List<String> t = row.words;
        int arrow = row.arrow(1);
        int i = 1;
        if (i < arrow && t.get(i).equals("after")) {
            s.stdinCodeAfter = Integer.parseInt(row.need(i + 1));
            i += 2;
        }
        if (i < arrow && t.get(i).equals("interactive") && i + 1 < arrow) {
            s.stdinInteractive.clear();
            for (i++; i < arrow; i++) {
                s.stdinInteractive.add(s.optionName(t.get(i)));
            }
        }
        if (i != arrow) {
            throw new IllegalArgumentException("expected: stdin-code [after N] [interactive OPT...] -> CLASS LEVEL \"reason\"");
        }
        s.stdinCode = row.verdictAfter(arrow);
    }

    /**
     * {@code example "LINE" [with PATH ["TEXT-LINE"...]]... -> CLASS}: a shell line the rules must classify as exactly
     * that class, judged with the files the {@code with} parts write (each quoted word one line of the file).
     */
    private void example(List<String> t) {
        int arrow = t.indexOf("->");
        if (t.size() < 4 || arrow != t.size() - 2 || (arrow > 2 && !t.get(2).equals("with"))) {
            throw new IllegalArgumentException("expected: example \"LINE\" -> CLASS, or with files: example \"LINE\" with PATH \"TEXT\"... -> CLASS");
        }
        java.util.Map<String, String> files = new java.util.LinkedHashMap<>();
        String path = null;
        StringBuilder text = new StringBuilder();
        for (int i = 2; i <= arrow; i++) {
            if (i == arrow || t.get(i).equals("with")) {
                if (path != null) {
                    files.put(path, text.toString());
                }
                if (i < arrow) {
                    path = t.get(++i);
                    text.setLength(0);
                }
            } else {
                text.append(t.get(i)).append('\n');
            }
        }
        String section = inSettings ? "@settings" : current.get(0).key;
        rules.examples.add(new RuleExample(origin, lineNo, section, t.get(1), CommandClass.parse(t.get(arrow + 1)), files));
    }
}
