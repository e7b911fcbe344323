package dev.cmdgate.core.rules;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.RiskLevel;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads the line-oriented rules format (docs/rules-format.md) into a {@link RuleSet}. Errors name
 * the origin and line: {@code rules.txt line 12: unknown row 'opts'}.
 */
final class RulesParser {

    private static final Set<String> REQUIRED_VERDICTS = Set.of(
            "unknown-program", "path-program", "dynamic-command", "dynamic-code", "piped-code",
            "opaque-code", "parse-error", "too-deep", "redirect-file", "device-write", "network-device",
            "reverse-shell", "env-hook", "sensitive-write", "fork-bomb", "version", "internal-error",
            "empty", "glob-option", "heredoc-code", "stdin-file-code", "env-unknown",
            "credential-read", "own-files");

    /** The system properties trust rows may name as {@code ${…}}. */
    static final List<String> PLACEHOLDERS = List.of("java.home", "java.io.tmpdir", "user.dir", "user.home");

    /** This JVM's values of {@link #PLACEHOLDERS} now. */
    static java.util.Map<String, String> currentPlaceholders() {
        java.util.Map<String, String> m = new java.util.HashMap<>();
        for (String k : PLACEHOLDERS) {
            String v = System.getProperty(k);
            if (v != null) {
                m.put(k, v);
            }
        }
        return m;
    }

    /** How the value of an {@code env-code} variable is code (docs/rules-format.md). */
    static final Set<String> ENV_CODE_KINDS = Set.of("sh", "prompt", "function", "expand", "pager", "program",
            "commands", "pipe");

    private final RuleSet rules;
    private final String origin;
    private final boolean overlay;
    /** The values of {@code ${java.home}} and friends in trust rows. */
    private java.util.Map<String, String> placeholders = java.util.Map.of();
    private int lineNo;
    private List<Section> current = List.of();
    private boolean inSettings;
    /** The {@code [@lang …]} sections rows go to, or empty. */
    private List<Language> langs = List.of();
    /** In a {@code [@trust]} section: rows the user trusts (TrustRows). */
    private boolean inTrust;
    /** Reading one program's blocks of the built-in rules: only its sections ({@link RuleSet#program}). */
    private String onlyProgram;
    /** Reading the blocks read when a lazy rule set is made: only name-prefix sections ({@code [mkfs*]}). */
    private boolean prefixesOnly;
    /** Where program sections go: the rule set's, or a program's sections being read before they are published. */
    private java.util.Map<String, Section> programsOut;
    /** The one language this parser reads (a lazy read of the built-in rules), or null for all. */
    private String onlyLanguage;
    /** Where languages go: the rule set's, or a language being read before it is published. */
    private java.util.Map<String, Language> languagesOut;
    /** The current header names no section this parser reads: its rows are skipped. */
    private boolean skipping;

    RulesParser(RuleSet rules, String origin, boolean overlay) {
        this.rules = rules;
        this.origin = origin;
        this.overlay = overlay;
        this.programsOut = rules.programs;
        this.languagesOut = rules.languages;
    }

    /** A parser that reads only {@code program}'s sections of the built-in rules, into {@code out}. */
    static RulesParser forProgram(RuleSet rules, String program, java.util.Map<String, Section> out) {
        RulesParser p = new RulesParser(rules, RuleSet.BUILTIN_NAME, false);
        p.onlyProgram = program;
        p.programsOut = out;
        return p;
    }

    /** A parser that reads only {@code language}'s {@code [@lang …]} blocks of the built-in rules, into {@code out}. */
    static RulesParser forLanguage(RuleSet rules, String language, java.util.Map<String, Language> out) {
        RulesParser p = new RulesParser(rules, RuleSet.BUILTIN_NAME, false);
        p.onlyLanguage = language;
        p.languagesOut = out;
        return p;
    }

    /** A parser for the blocks a lazy rule set reads when it is made: settings and name prefixes. */
    static RulesParser forEagerBlocks(RuleSet rules) {
        RulesParser p = new RulesParser(rules, RuleSet.BUILTIN_NAME, false);
        p.prefixesOnly = true;
        return p;
    }

    /** Parses the given blocks of an index, in order, each with its own line numbers. */
    void parseBlocks(BuiltinIndex index, int[] blocks) {
        for (int b : blocks) {
            int at = index.start(b);
            while (at < index.end(b) && index.text.charAt(at) != '[') {
                at++;
            }
            if (at >= index.end(b) || index.start(b) > 0 && index.text.charAt(index.start(b) - 1) != '\n') {
                throw new IllegalStateException("the built-in rules index does not match " + RuleSet.BUILTIN_NAME
                        + " at line " + index.line(b));
            }
            parseRange(index.text, index.start(b), index.end(b), index.line(b));
        }
    }

    /** The values trust rows' placeholders stand for (the agent passes those it read at start-up). */
    RulesParser placeholders(java.util.Map<String, String> values) {
        this.placeholders = java.util.Map.copyOf(values);
        return this;
    }

    private static volatile String builtinText;

    /**
     * The built-in rules' text, read once from the jar. It is ASCII (the build refuses anything else), so its
     * bytes are copied into the string as they are: decoding them as UTF-8 would first scan all 229 KB in the
     * interpreter, on every gated JVM's first launch.
     */
    static String builtinText() {
        String text = builtinText;
        if (text == null) {
            try (InputStream in = RuleSet.class.getResourceAsStream(RuleSet.BUILTIN)) {
                if (in == null) {
                    throw new IllegalStateException("built-in rules missing");
                }
                text = new String(readWhole(in), StandardCharsets.ISO_8859_1);
                builtinText = text;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return text;
    }

    /**
     * All of a stream, read into one array when the stream says how much it holds (a jar entry's stream does):
     * {@code readAllBytes} reads in small chunks and copies them into the result, three times the bytes for
     * the 229 KB of the built-in rules on every gated JVM's first launch.
     */
    static byte[] readWhole(InputStream in) throws IOException {
        byte[] b = new byte[Math.max(0, in.available())];
        int n = in.readNBytes(b, 0, b.length);
        int next = in.read();
        if (next < 0) {
            return n == b.length ? b : java.util.Arrays.copyOf(b, n);
        }
        java.io.ByteArrayOutputStream more = new java.io.ByteArrayOutputStream(n + 8192);
        more.write(b, 0, n);
        more.write(next);
        in.transferTo(more);
        return more.toByteArray();
    }

    static RuleSet reparseBuiltin() {
        String text = builtinText();
        RuleSet r = new RuleSet();
        new RulesParser(r, RuleSet.BUILTIN_NAME, false).parse(text);
        return r;
    }

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
            if (a.option() != null && resolveOption(s, a.option()) == null) {
                throw new IllegalArgumentException("rules: env-args/env-pairs name option " + a.option() + ", which ["
                        + a.program() + "] does not declare");
            }
        }
    }

    void parse(String text) {
        parseRange(text, 0, text.length(), 1);
    }

    /** Parses the lines of {@code text} from {@code from} to {@code to}; the first is line {@code firstLine}. */
    private void parseRange(String text, int from, int to, int firstLine) {
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
        List<String> t = tokens(raw);
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
            example(t);
            return;
        }
        if (inSettings) {
            setting(t);
            return;
        }
        if (!langs.isEmpty()) {
            for (Language l : langs) {
                langRow(l, t);
            }
            return;
        }
        if (current.isEmpty()) {
            throw new IllegalArgumentException("row '" + first + "' outside a [section]");
        }
        for (Section s : current) {
            row(s, t);
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
                if (onlyLanguage != null && !onlyLanguage.equals(name)) {
                    continue;   // read on its own when it is first met
                }
                Language l = languagesOut.get(name);
                if (l == null && languagesOut == rules.languages) {
                    l = rules.takeBuiltinLanguage(name);   // a user's rows go on top of the built-in ones
                }
                if (l == null) {
                    l = new Language(name);
                    languagesOut.put(name, l);
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
        for (List<String> p : headerPaths(inner)) {
            if (keep(p.get(0))) {
                sections.add(section(p));
            }
        }
        current = sections;
        skipping = sections.isEmpty() && filtered();
    }

    /** Whether this parser reads only some programs' sections (a lazy read of the built-in rules). */
    private boolean filtered() {
        return onlyProgram != null || prefixesOnly;
    }

    /** Whether a header path starting with this name is read by this parser. */
    private boolean keep(String first) {
        if (onlyProgram != null) {
            return first.equals(onlyProgram);
        }
        if (prefixesOnly) {
            return isPrefixName(first);
        }
        return true;
    }

    /** A name-prefix program ({@code mkfs*}). */
    static boolean isPrefixName(String name) {
        return name.length() > 1 && name.endsWith("*");
    }

    /**
     * The section paths a program header names ({@code inner} is the text between the brackets,
     * trimmed, not an {@code @} section). No regular expressions: this runs for every header of a
     * program the first time a command names it.
     */
    static List<List<String>> headerPaths(String inner) {
        List<List<String>> paths = new ArrayList<>();
        // "[npm install|npm i]": whole paths as alternatives, when every alternative has more than
        // one word; otherwise '|' separates names at one position:
        // "[python|python3 -m:pip|-m:pip3]"
        List<String> whole = splitBars(inner, true);
        boolean allPaths = whole.size() > 1;
        for (String w : whole) {
            allPaths &= splitBlanks(w.trim()).size() > 1;
        }
        if (allPaths) {
            for (String w : whole) {
                paths.add(splitBlanks(w.trim()));
            }
            return paths;
        }
        List<String> words = splitBlanks(inner);
        if (words.size() > 1) {
            // "[nix profile|nix run|nix-env]" mixes whole paths with a one-word name and would multiply out
            // into nonsense sections ("nix profile run …"): a position's alternatives never repeat the program
            for (int k = 1; k < words.size(); k++) {
                for (String alt : splitBars(words.get(k), false)) {
                    for (String first : splitBars(words.get(0), false)) {
                        if (alt.equals(first)) {
                            throw new IllegalArgumentException("header '" + inner + "' mixes whole paths with one-word names"
                                    + " (write each in its own header)");
                        }
                    }
                }
            }
        }
        paths.add(new ArrayList<>());
        for (String w : words) {
            List<String> alts = splitBars(w, false);
            List<List<String>> next = new ArrayList<>();
            for (List<String> p : paths) {
                for (String a : alts) {
                    if (a.isEmpty()) {
                        throw new IllegalArgumentException("empty name in header '" + inner + "'");
                    }
                    List<String> q = new ArrayList<>(p);
                    q.add(a);
                    next.add(q);
                }
            }
            paths = next;
        }
        return paths;
    }

    /**
     * The first words of the paths {@link #headerPaths} gives (each once), without building the paths:
     * what the built-in rules' index needs of every header. A header {@link #headerPaths} rejects may give
     * anything here; the full read reports it.
     */
    static List<String> headerFirstWords(String inner) {
        List<String> whole = splitBars(inner, true);
        boolean allPaths = whole.size() > 1;
        for (String w : whole) {
            allPaths &= hasBlank(w);
        }
        List<String> out = new ArrayList<>();
        if (allPaths) {
            for (String w : whole) {
                String first = splitBlanks(w).get(0);
                if (!out.contains(first)) {
                    out.add(first);
                }
            }
            return out;
        }
        int end = 0;
        while (end < inner.length() && !isBlank(inner.charAt(end))) {
            end++;
        }
        for (String a : splitBars(inner.substring(0, end), false)) {
            if (!a.isEmpty() && !out.contains(a)) {
                out.add(a);
            }
        }
        return out;
    }

    private static boolean hasBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (isBlank(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code s.split("\\|")}, or with {@code trim} {@code s.split("\\s*\\|\\s*")} of a trimmed string: the
     * pieces between bars (trimmed), trailing empty pieces dropped, the whole string when it has no bar.
     */
    private static List<String> splitBars(String s, boolean trim) {
        List<String> out = new ArrayList<>();
        int from = 0;
        while (true) {
            int bar = s.indexOf('|', from);
            String piece = s.substring(from, bar < 0 ? s.length() : bar);
            out.add(trim ? piece.trim() : piece);
            if (bar < 0) {
                break;
            }
            from = bar + 1;
        }
        if (out.size() > 1) {
            int k = out.size();
            while (k > 0 && out.get(k - 1).isEmpty()) {
                k--;
            }
            return new ArrayList<>(out.subList(0, k));
        }
        return out;
    }

    /** {@code s.split("\\s+")} of a trimmed string: its words ({@code [""]} for an empty string). */
    private static List<String> splitBlanks(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        if (n == 0) {
            out.add("");
            return out;
        }
        while (i < n) {
            while (i < n && isBlank(s.charAt(i))) {
                i++;
            }
            int st = i;
            while (i < n && !isBlank(s.charAt(i))) {
                i++;
            }
            if (i > st) {
                out.add(s.substring(st, i));
            }
        }
        return out;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\013' || c == '\f' || c == '\r';
    }

    private Section section(List<String> path) {
        String key = String.join(" ", path);
        if (path.size() == 1) {
            String name = path.get(0);
            Section s = programsOut.get(name);
            if (s == null && overlay && !isPrefixName(name)) {
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
            OptionSpec o = resolveOption(parent, optName);
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
            if (parent.mode == Section.ParseMode.GNU) {
                parent.mode = Section.ParseMode.POSIX;
            }
        }
        return s;
    }

    private void row(Section s, List<String> t) {
        String kw = t.get(0);
        switch (kw) {
            case "is" -> {
                if (t.size() < 3 || t.size() > 4) {
                    throw new IllegalArgumentException("expected: is CLASS LEVEL \"reason\"");
                }
                s.verdict = new Verdict(cls(t.get(1)), level(t.get(2)),
                        t.size() == 4 ? t.get(3) : s.key + " is classified " + cls(t.get(1)).label(), here());
            }
            case "parse" -> {
                for (int i = 1; i < t.size(); i++) {
                    switch (t.get(i)) {
                        case "gnu" -> s.mode = Section.ParseMode.GNU;
                        case "posix" -> s.mode = Section.ParseMode.POSIX;
                        case "none" -> s.mode = Section.ParseMode.NONE;
                        case "first-bundle" -> s.firstBundle = true;
                        case "global-options" -> s.globalOptions = true;
                        case "plus-options" -> s.plusOptions = true;
                        case "after" -> s.posixAfter = Integer.parseInt(need(t, ++i));
                        default -> throw new IllegalArgumentException("unknown parse word '" + t.get(i) + "'");
                    }
                }
            }
            case "opt" -> opt(s, t);
            case "opts" -> opts(s, t);
            case "version" -> {
                if (t.size() < 2) {
                    throw new IllegalArgumentException("expected: version SPELLING...");
                }
                s.versionSpellings.addAll(t.subList(1, t.size()));
            }
            case "assigns" -> s.assigns.add(assigns(s, t));
            case "sets" -> {
                if (t.size() < 2 || !List.of("allexport", "keyword").contains(t.get(1))) {
                    throw new IllegalArgumentException("expected: sets allexport|keyword [if CONDITION...]");
                }
                s.shellOptions.add(new ShellOptionRule(t.get(1).equals("allexport") ? ShellOptionRule.Option.ALLEXPORT
                        : ShellOptionRule.Option.KEYWORD, ifConditions(s, t, 2)));
            }
            case "state" -> s.state.add(ifConditions(s, t, 1));
            case "unsets" -> {
                AssignRule r = t.size() > 1 && t.get(1).equals("all")
                        ? new AssignRule(AssignRule.Source.ALL, null, 0, false, false, ifConditions(s, t, 2))
                        : assigns(s, t);
                if (r.source() == AssignRule.Source.OPERANDS || r.exports() || r.nameref()) {
                    throw new IllegalArgumentException("expected: unsets names|operand N|opt OPT|all [if CONDITION...]");
                }
                s.unsets.add(r);
            }
            case "chdir" -> {
                if (t.size() != 1) {
                    throw new IllegalArgumentException("expected: chdir");
                }
                s.chdir = true;
            }
            case "when" -> {
                int arrow = t.indexOf("->");
                if (arrow < 2) {
                    throw new IllegalArgumentException("expected: when CONDITION... -> CLASS LEVEL \"reason\"");
                }
                List<Condition> conds = conditions(s, t.subList(1, arrow));
                String text = String.join(" ", t.subList(1, arrow));
                if (overlay) {
                    for (int k = s.whens.size() - 1; k >= 0; k--) {
                        if (s.whens.get(k).text().equals(text)) {
                            s.whens.remove(k);
                        }
                    }
                }
                s.whens.add(new When(conds, verdictAfter(t, arrow), text));
            }
            case "runs" -> s.runs = runs(s, t);
            case "code" -> s.codes.add(code(s, t));
            case "code-file" -> {
                int arrow = expectArrow(t, 1);
                if (arrow > 2) {
                    throw new IllegalArgumentException("expected: code-file [LANGUAGE] -> CLASS LEVEL \"reason\"");
                }
                s.codeFileLanguage = arrow == 2 ? t.get(1) : null;
                s.codeFile = verdictAfter(t, arrow);
            }
            case "prints" -> {
                if (t.size() != 2 || !PRINTS.contains(t.get(1))) {
                    throw new IllegalArgumentException("expected: prints echo|printf|input");
                }
                s.prints = t.get(1);
            }
            case "stdin-code" -> {
                int arrow = expectArrow(t, 1);
                int i = 1;
                if (i < arrow && t.get(i).equals("after")) {
                    s.stdinCodeAfter = Integer.parseInt(need(t, i + 1));
                    i += 2;
                }
                if (i < arrow && t.get(i).equals("interactive") && i + 1 < arrow) {
                    s.stdinInteractive.clear();
                    for (i++; i < arrow; i++) {
                        s.stdinInteractive.add(optionName(s, t.get(i)));
                    }
                }
                if (i != arrow) {
                    throw new IllegalArgumentException("expected: stdin-code [after N] [interactive OPT...] -> CLASS LEVEL \"reason\"");
                }
                s.stdinCode = verdictAfter(t, arrow);
            }
            case "fifo" -> s.fifos.add(fifo(s, t));
            case "dry-run" -> {
                int ifAt = t.indexOf("if");
                int end = ifAt < 0 ? t.size() : ifAt;
                List<String> opts = new ArrayList<>();
                for (String o : t.subList(1, end)) {
                    opts.add(optionName(s, o));
                }
                s.dryRun = List.copyOf(opts);
                s.dryRunIf = ifAt < 0 ? List.of() : conditions(s, t.subList(ifAt + 1, t.size()));
            }
            case "writes" -> s.writes.add(writes(s, t));
            case "reads" -> {
                if (t.size() == 2 && t.get(1).equals("none")) {
                    s.readsNone = true;
                } else {
                    s.reads.add(reads(s, t));
                }
            }
            case "reset" -> {
                s.verdict = null;
                s.options.clear();
                s.shortOpts.clear();
                s.longOpts.clear();
                s.wordOpts.clear();
                s.whens.clear();
                s.codes.clear();
                s.writes.clear();
                s.reads.clear();
                s.readsNone = false;
                s.runs = null;
                s.assigns.clear();
                s.shellOptions.clear();
                s.state.clear();
                s.unsets.clear();
                s.chdir = false;
                s.versionSpellings.clear();
                s.codeFile = null;
                s.codeFileLanguage = null;
                s.prints = null;
                s.stdinCode = null;
                s.stdinCodeAfter = 0;
                s.stdinInteractive.clear();
                s.fifos.clear();
                s.dryRun = null;
                s.dryRunIf = List.of();
            }
            default -> throw new IllegalArgumentException("unknown row '" + kw + "'");
        }
    }

    private void opt(Section s, List<String> t) {
        List<String> names = new ArrayList<>();
        OptionSpec.Arity arity = OptionSpec.Arity.NONE;
        boolean stop = false;
        boolean sub = false;
        boolean split = false;
        Verdict effect = null;
        String valueName = null;
        int extraValues = 0;
        for (int i = 1; i < t.size(); i++) {
            String w = t.get(i);
            if (w.equals("->")) {
                effect = verdictAfter(t, i);
                break;
            } else if (w.startsWith("=?")) {
                arity = OptionSpec.Arity.OPTIONAL;
                valueName = w.substring(2);
            } else if (w.startsWith("=") && arity == OptionSpec.Arity.REQUIRED) {
                extraValues++; // opt --bind =SRC =DEST
            } else if (w.startsWith("=")) {
                arity = OptionSpec.Arity.REQUIRED;
                valueName = w.substring(1);
            } else if (w.equals("stop")) {
                stop = true;
            } else if (w.equals("sub")) {
                sub = true;
            } else if (w.equals("split")) {
                split = true;
            } else if (w.startsWith("-") && w.length() >= 2 && !w.equals("--")) {
                names.add(w);
            } else {
                throw new IllegalArgumentException("unexpected '" + w + "' in opt row");
            }
        }
        if (names.isEmpty()) {
            throw new IllegalArgumentException("opt row names no option");
        }
        String canonical = names.get(0);
        for (String nm : names) {
            if (nm.startsWith("--")) {
                canonical = nm;
                break;
            }
        }
        OptionSpec spec = new OptionSpec(List.copyOf(names), canonical, arity, effect, stop, sub, split, valueName, extraValues);
        for (String nm : names) {
            OptionSpec old = null;
            if (nm.startsWith("--")) {
                old = s.longOpts.put(nm.substring(2), spec);
            } else if (nm.length() == 2) {
                old = s.shortOpts.put(nm.charAt(1), spec);
            } else {
                old = s.wordOpts.put(nm, spec);
            }
            if (old != null) {
                if (!overlay) {
                    throw new IllegalArgumentException("option " + nm + " declared twice in [" + s.key + "]");
                }
                s.options.remove(old);
            }
        }
        s.options.add(spec);
    }

    /**
     * {@code opts GROUP... [=ARG|=?ARG] [-> verdict]}: several distinct options sharing arity and
     * effect; a group joins the spellings of one option with '/' ({@code -n/--max-count}).
     */
    private void opts(Section s, List<String> t) {
        int end = t.indexOf("->");
        List<String> tail = new ArrayList<>();
        List<String> groups = new ArrayList<>();
        for (int i = 1; i < t.size(); i++) {
            String w = t.get(i);
            if (i >= end && end >= 0 || w.startsWith("=")) {
                tail.add(w);
            } else {
                groups.add(w);
            }
        }
        if (groups.isEmpty()) {
            throw new IllegalArgumentException("opts row names no option");
        }
        for (String g : groups) {
            List<String> row = new ArrayList<>();
            row.add("opt");
            for (String n : g.split("/")) {
                row.add(n);
            }
            row.addAll(tail);
            opt(s, row);
        }
    }

    private static final List<String> RUNS_WORDS = List.of("skip", "default", "assignments", "stdin-args", "unless",
            "replace", "noskip", "prepend", "after-dashdash", "stdin-if", "scripts");

    private RunsRule runs(Section s, List<String> t) {
        if (t.size() < 2) {
            throw new IllegalArgumentException("expected: runs operand … | runs between … end …");
        }
        if (t.get(1).equals("between")) {
            int end = t.indexOf("end");
            if (end < 3 || end == t.size() - 1) {
                throw new IllegalArgumentException("expected: runs between WORD... end WORD...");
            }
            // runs between … end … [replace WORD...]: a word holding WORD is a file found below the starting points
            int rep = t.indexOf("replace");
            int stop = rep > end ? rep : t.size();
            if (stop == end + 1 || rep == t.size() - 1) {
                throw new IllegalArgumentException("expected: runs between WORD... end WORD... [replace WORD...]");
            }
            return new RunsRule(List.copyOf(t.subList(2, end)), List.copyOf(t.subList(end + 1, stop)),
                    0, List.of(), false, false, List.of(), rep > end ? List.copyOf(t.subList(rep + 1, t.size())) : List.of(),
                    List.of(), List.of(), false, List.of(), false);
        }
        if (!t.get(1).equals("operand")) {
            throw new IllegalArgumentException("unknown runs form '" + t.get(1) + "'");
        }
        int skip = 0;
        List<String> def = List.of();
        boolean assigns = false;
        boolean stdinArgs = false;
        boolean afterDashdash = false;
        boolean scripts = false;
        List<String> unless = new ArrayList<>();
        List<String> replace = new ArrayList<>();
        List<String> noskip = new ArrayList<>();
        List<String> prepend = new ArrayList<>();
        List<String> stdinIf = new ArrayList<>();
        List<String> target = null;
        for (int i = 2; i < t.size(); i++) {
            if (target != null && !RUNS_WORDS.contains(t.get(i))) {
                target.add(target == prepend ? t.get(i) : optionName(s, t.get(i)));
                continue;
            }
            target = null;
            switch (t.get(i)) {
                case "replace" -> target = replace;
                case "skip" -> skip = Integer.parseInt(need(t, ++i));
                case "default" -> def = List.of(need(t, ++i));
                case "assignments" -> assigns = true;
                case "stdin-args" -> stdinArgs = true;
                case "unless" -> target = unless;
                case "noskip" -> target = noskip;
                case "prepend" -> target = prepend;
                case "stdin-if" -> target = stdinIf;
                case "after-dashdash" -> afterDashdash = true;
                case "scripts" -> scripts = true;
                default -> throw new IllegalArgumentException("unexpected '" + t.get(i) + "' in runs row");
            }
        }
        if (s.mode == Section.ParseMode.GNU && !afterDashdash) {
            s.mode = Section.ParseMode.POSIX;
        }
        return new RunsRule(List.of(), List.of(), skip, def, assigns, stdinArgs, List.copyOf(unless), List.copyOf(replace),
                List.copyOf(noskip), List.copyOf(prepend), afterDashdash, List.copyOf(stdinIf), scripts);
    }

    private CodeRule code(Section s, List<String> t) {
        if (t.size() < 3) {
            throw new IllegalArgumentException("expected: code LANG opt|flag|operand|operands|values …");
        }
        String lang = t.get(1);
        String form = t.get(2);
        List<String> after = new ArrayList<>();
        List<String> until = new ArrayList<>();
        List<String> unless = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        List<String> args = new ArrayList<>();
        String sep = null;
        boolean withOperands = false;
        String name = null;
        int index = 0;
        int i = 3;
        CodeRule.Source src;
        switch (form) {
            case "opt" -> {
                src = CodeRule.Source.OPT;
                name = optionName(s, need(t, i++));
            }
            case "flag" -> {
                src = CodeRule.Source.FLAG;
                name = optionName(s, need(t, i++));
            }
            case "operand" -> {
                src = CodeRule.Source.OPERAND;
                String n = need(t, i++);
                index = n.equals("*") ? CodeRule.EVERY : Integer.parseInt(n) - 1;
                if (index < 0 && index != CodeRule.EVERY) {
                    throw new IllegalArgumentException("operand numbers start at 1");
                }
            }
            case "operands" -> src = CodeRule.Source.OPERANDS;
            case "values" -> src = CodeRule.Source.VALUES;
            default -> throw new IllegalArgumentException("unknown code form '" + form + "'");
        }
        List<String> target = null;
        for (; i < t.size(); i++) {
            switch (t.get(i)) {
                case "after" -> target = after;
                case "until" -> target = until;
                case "unless" -> target = unless;
                case "key" -> target = keys;
                case "args" -> target = args;
                case "from" -> index = Integer.parseInt(need(t, ++i)) - 1;
                case "sep" -> {
                    sep = need(t, ++i);
                    if (sep.length() != 1) {
                        throw new IllegalArgumentException("sep takes one character");
                    }
                }
                case "with-operands" -> withOperands = true;
                default -> {
                    if (target == null) {
                        throw new IllegalArgumentException("unexpected '" + t.get(i) + "' in code row");
                    }
                    target.add(target == unless ? optionName(s, t.get(i)) : t.get(i));
                }
            }
        }
        if (src == CodeRule.Source.OPERAND && !keys.isEmpty() && index < 1) {
            throw new IllegalArgumentException("with key, the operand is the value of the operand before it: number 2 or more");
        }
        if ((!args.isEmpty() || withOperands) && !lang.equals("program")) {
            throw new IllegalArgumentException("args and with-operands belong to the program reading");
        }
        if (sep != null && !lang.equals("argv")) {
            throw new IllegalArgumentException("sep belongs to the argv reading");
        }
        return new CodeRule(lang, src, name, index, List.copyOf(after), List.copyOf(until), List.copyOf(unless),
                List.copyOf(keys), List.copyOf(args), sep, withOperands);
    }

    /** How a {@code prints} row reads the command's words. */
    static final Set<String> PRINTS = Set.of("echo", "printf", "input");

    /** Lexer families a {@code syntax} row may name (each is a small lexer in the classifier). */
    static final Set<String> SYNTAXES = Set.of("python", "javascript", "java", "groovy", "perl", "ruby", "php", "lua",
            "r", "tcl", "applescript", "powershell", "julia", "lisp", "go");
    static final Set<String> CALL_READINGS = Set.of("sh", "argv", "exec", "as", "code", "module", "open", "self",
            "write", "open-file", "read");

    /** A row of a {@code [@lang NAME]} section. */
    private void langRow(Language l, List<String> t) {
        switch (t.get(0)) {
            case "syntax" -> {
                if (t.size() != 2 || !SYNTAXES.contains(t.get(1))) {
                    throw new IllegalArgumentException("expected: syntax " + String.join("|", new java.util.TreeSet<>(SYNTAXES)));
                }
                l.syntax = t.get(1);
            }
            case "is" -> {
                if (t.size() != 4) {
                    throw new IllegalArgumentException("expected: is CLASS LEVEL \"reason\"");
                }
                l.verdict = new Verdict(cls(t.get(1)), level(t.get(2)), t.get(3), here());
            }
            case "backticks" -> {
                if (t.size() != 2 || !t.get(1).equals("sh")) {
                    throw new IllegalArgumentException("expected: backticks sh");
                }
                l.backticks = "sh";
            }
            case "call" -> {
                String reading = need(t, 1);
                if (!CALL_READINGS.contains(reading)) {
                    throw new IllegalArgumentException("unknown call reading '" + reading + "' (expected one of "
                            + String.join(" ", new java.util.TreeSet<>(CALL_READINGS)) + ")");
                }
                int i = 2;
                int from = 1;
                List<String> template = List.of();
                if (i < t.size() && t.get(i).equals("from")) {
                    from = Integer.parseInt(need(t, i + 1));
                    if (from < 1) {
                        throw new IllegalArgumentException("argument numbers start at 1");
                    }
                    i += 2;
                }
                if (reading.equals("as")) {
                    template = List.copyOf(splitBlanks(need(t, i).trim()));
                    i++;
                }
                // named=P,Q: the argument may also be given as a named parameter (PowerShell's -Path P);
                // named-only=P: only so (Invoke-WebRequest's -OutFile)
                List<String> named = List.of();
                boolean namedOnly = false;
                if (i < t.size() && (t.get(i).startsWith("named=") || t.get(i).startsWith("named-only="))) {
                    namedOnly = t.get(i).startsWith("named-only=");
                    named = List.of(t.get(i).substring(t.get(i).indexOf('=') + 1).toLowerCase(java.util.Locale.ROOT).split(","));
                    i++;
                }
                if (i >= t.size()) {
                    throw new IllegalArgumentException("call row names no call");
                }
                l.add(new Language.Call(reading, from, template, List.copyOf(t.subList(i, t.size())), named, namedOnly));
            }
            case "uses" -> {
                int arrow = expectArrow(t, 2);
                l.add(new Language.Use(List.copyOf(t.subList(1, arrow)), verdictAfter(t, arrow)));
            }
            default -> throw new IllegalArgumentException("unknown row '" + t.get(0) + "' in a [@lang] section");
        }
    }

    /** {@code fifo operands|operand N [if CONDITION...]}. */
    private FifoRule fifo(Section s, List<String> t) {
        int i = 2;
        int index;
        switch (need(t, 1)) {
            case "operands" -> index = -1;
            case "operand" -> {
                index = Integer.parseInt(need(t, i++)) - 1;
                if (index < 0) {
                    throw new IllegalArgumentException("operand numbers start at 1");
                }
            }
            default -> throw new IllegalArgumentException("expected: fifo operands|operand N [if CONDITION...]");
        }
        List<Condition> conds = List.of();
        if (i < t.size()) {
            if (!t.get(i).equals("if")) {
                throw new IllegalArgumentException("expected 'if' in fifo row");
            }
            conds = conditions(s, t.subList(i + 1, t.size()));
        }
        return new FifoRule(index, conds);
    }

    /**
     * {@code assigns operands|names|operand N|opt OPT [exports] [nameref] [if CONDITION...]}.
     */
    private AssignRule assigns(Section s, List<String> t) {
        if (t.size() < 2) {
            throw new IllegalArgumentException("expected: assigns operands|names|operand N|opt OPT [exports] [nameref] [if …]");
        }
        AssignRule.Source src;
        String option = null;
        int index = 0;
        int i = 2;
        switch (t.get(1)) {
            case "operands" -> src = AssignRule.Source.OPERANDS;
            case "names" -> src = AssignRule.Source.NAMES;
            case "operand" -> {
                src = AssignRule.Source.OPERAND;
                index = Integer.parseInt(need(t, i++)) - 1;
                if (index < 0) {
                    throw new IllegalArgumentException("operand numbers start at 1");
                }
            }
            case "opt" -> {
                src = AssignRule.Source.OPT;
                option = optionName(s, need(t, i++));
            }
            default -> throw new IllegalArgumentException("unknown assigns form '" + t.get(1) + "'");
        }
        boolean exports = false;
        boolean nameref = false;
        for (; i < t.size() && !t.get(i).equals("if"); i++) {
            switch (t.get(i)) {
                case "exports" -> exports = true;
                case "nameref" -> nameref = true;
                default -> throw new IllegalArgumentException("unexpected '" + t.get(i) + "' in assigns row");
            }
        }
        return new AssignRule(src, option, index, exports, nameref, ifConditions(s, t, i));
    }

    /** The conditions of an optional {@code if CONDITION...} tail starting at {@code i}. */
    private List<Condition> ifConditions(Section s, List<String> t, int i) {
        if (i >= t.size()) {
            return List.of();
        }
        if (!t.get(i).equals("if") || i + 1 >= t.size()) {
            throw new IllegalArgumentException("expected 'if CONDITION...' at the end of the row");
        }
        return conditions(s, t.subList(i + 1, t.size()));
    }

    private WriteRule writes(Section s, List<String> t) {
        int arrow = expectArrow(t, 2);
        WriteRule.Target target;
        String name = null;
        List<String> words = new ArrayList<>();
        int i = 2;
        switch (t.get(1)) {
            case "operands" -> target = WriteRule.Target.OPERANDS;
            case "last" -> target = WriteRule.Target.LAST;
            case "opt" -> {
                target = WriteRule.Target.OPT;
                name = optionName(s, need(t, i++));
            }
            case "key" -> {
                target = WriteRule.Target.KEY;
                name = need(t, i++);
            }
            case "after" -> {
                target = WriteRule.Target.AFTER;
                while (i < arrow && !t.get(i).equals("if")) {
                    words.add(t.get(i++));
                }
                if (words.isEmpty()) {
                    throw new IllegalArgumentException("expected: writes after WORD... -> CLASS LEVEL \"reason\"");
                }
            }
            case "url-names" -> target = WriteRule.Target.URL_NAMES;
            case "prefixed" -> {
                target = WriteRule.Target.PREFIXED;
                if (i < arrow && (t.get(i).equals("first") || t.get(i).equals("last"))) {
                    name = t.get(i++);
                }
                while (i < arrow && !t.get(i).equals("if")) {
                    words.add(t.get(i++).toLowerCase(java.util.Locale.ROOT));
                }
                if (words.isEmpty()) {
                    throw new IllegalArgumentException("expected: writes prefixed [first|last] PREFIX... -> CLASS LEVEL \"reason\"");
                }
            }
            case "mentions" -> {
                String what = need(t, i++);
                if (what.equals("operands")) {
                    target = WriteRule.Target.MENTIONS_OPERANDS;
                } else if (what.equals("opt")) {
                    target = WriteRule.Target.MENTIONS_OPT;
                    name = optionName(s, need(t, i++));
                } else {
                    throw new IllegalArgumentException("expected: writes mentions operands|opt OPT …");
                }
            }
            default -> throw new IllegalArgumentException("unknown writes target '" + t.get(1) + "'");
        }
        List<Condition> conds = List.of();
        if (i < arrow) {
            if (!t.get(i).equals("if")) {
                throw new IllegalArgumentException("expected 'if' or '->' in writes row");
            }
            conds = conditions(s, t.subList(i + 1, arrow));
        }
        return new WriteRule(target, name, conds, verdictAfter(t, arrow), List.copyOf(words));
    }

    /**
     * {@code reads operands|first|last|but-first|but-last|opt OPT|key NAME|after WORD...|mentions operands|mentions opt OPT
     * [recursive] [if CONDITION...]}.
     */
    private ReadRule reads(Section s, List<String> t) {
        if (t.size() < 2) {
            throw new IllegalArgumentException("expected: reads operands|first|last|but-first|but-last|opt OPT|key NAME|after WORD...|mentions … [recursive] [if CONDITION...] (or: reads none)");
        }
        ReadRule.Target target;
        String name = null;
        List<String> words = new ArrayList<>();
        int i = 2;
        switch (t.get(1)) {
            case "operands" -> target = ReadRule.Target.OPERANDS;
            case "first" -> target = ReadRule.Target.FIRST;
            case "last" -> target = ReadRule.Target.LAST;
            case "but-first" -> target = ReadRule.Target.BUT_FIRST;
            case "but-last" -> target = ReadRule.Target.BUT_LAST;
            case "opt" -> {
                target = ReadRule.Target.OPT;
                name = optionName(s, need(t, i++));
            }
            case "key" -> {
                target = ReadRule.Target.KEY;
                name = need(t, i++);
            }
            case "after" -> {
                target = ReadRule.Target.AFTER;
                while (i < t.size() && !t.get(i).equals("recursive") && !t.get(i).equals("if")) {
                    words.add(t.get(i++));
                }
                if (words.isEmpty()) {
                    throw new IllegalArgumentException("expected: reads after WORD... [recursive] [if CONDITION...]");
                }
            }
            case "mentions" -> {
                String what = need(t, i++);
                if (what.equals("operands")) {
                    target = ReadRule.Target.MENTIONS_OPERANDS;
                } else if (what.equals("opt")) {
                    target = ReadRule.Target.MENTIONS_OPT;
                    name = optionName(s, need(t, i++));
                } else {
                    throw new IllegalArgumentException("expected: reads mentions operands|opt OPT …");
                }
            }
            default -> throw new IllegalArgumentException("unknown reads target '" + t.get(1) + "'");
        }
        boolean recursive = false;
        if (i < t.size() && t.get(i).equals("recursive")) {
            recursive = true;
            i++;
        }
        List<Condition> conds = List.of();
        if (i < t.size()) {
            if (!t.get(i).equals("if") || i + 1 == t.size()) {
                throw new IllegalArgumentException("expected 'recursive' or 'if CONDITION...' in reads row, not '" + t.get(i) + "'");
            }
            conds = conditions(s, t.subList(i + 1, t.size()));
        }
        return new ReadRule(target, name, conds, List.copyOf(words), recursive);
    }

    /** {@code example "LINE" -> CLASS}: a shell line the rules must classify as exactly that class. */
    private void example(List<String> t) {
        if (t.size() != 4 || !t.get(2).equals("->")) {
            throw new IllegalArgumentException("expected: example \"LINE\" -> CLASS");
        }
        String section = inSettings ? "@settings" : current.get(0).key;
        rules.examples.add(new RuleExample(origin, lineNo, section, t.get(1), cls(t.get(3))));
    }

    private List<Condition> conditions(Section s, List<String> words) {
        List<Condition> out = new ArrayList<>();
        for (String w : words) {
            boolean neg = w.startsWith("!");
            String c = neg ? w.substring(1) : w;
            if (c.equals("--")) {
                out.add(new Condition(Condition.Kind.DASHDASH, neg, null, null, 0));
            } else if (c.startsWith("fact:")) {
                out.add(new Condition(Condition.Kind.FACT, neg, c.substring(5), null, 0));
            } else if (c.startsWith("operands>")) {
                out.add(new Condition(Condition.Kind.OPERANDS_GT, neg, null, null, Integer.parseInt(c.substring(9))));
            } else if (c.startsWith("operands=")) {
                out.add(new Condition(Condition.Kind.OPERANDS_EQ, neg, null, null, Integer.parseInt(c.substring(9))));
            } else if (c.startsWith("operand=")) {
                out.add(new Condition(Condition.Kind.OPERAND, neg, null, glob(c.substring(8)), 0));
            } else if (c.startsWith("last=")) {
                out.add(new Condition(Condition.Kind.LAST_OPERAND, neg, null, glob(c.substring(5)), 0));
            } else if (c.startsWith("operand") && c.indexOf('=') > 7) {
                int eq = c.indexOf('=');
                int idx = Integer.parseInt(c.substring(7, eq)) - 1;
                if (idx < 0) {
                    throw new IllegalArgumentException("operand numbers start at 1");
                }
                out.add(new Condition(Condition.Kind.OPERAND_AT, neg, null, glob(c.substring(eq + 1)), idx));
            } else if (c.startsWith("-")) {
                int eq = c.indexOf('=');
                if (eq > 0) {
                    out.add(new Condition(Condition.Kind.OPTION_VALUE, neg, optionName(s, c.substring(0, eq)), glob(c.substring(eq + 1)), 0));
                } else {
                    out.add(new Condition(Condition.Kind.OPTION, neg, optionName(s, c), null, 0));
                }
            } else {
                throw new IllegalArgumentException("unknown condition '" + w + "'");
            }
        }
        return List.copyOf(out);
    }

    /**
     * A condition's pattern: a glob, {@code $dynamic}, {@code $sensitive}, or {@code @NAME} for the globs of a
     * list declared earlier in {@code [@settings]} (an unknown list is an error).
     */
    private String glob(String g) {
        if (g.startsWith("@") && g.length() > 1 && isListName(g.substring(1))
                && !rules.lists.containsKey(g.substring(1))) {
            throw new IllegalArgumentException("unknown list '" + g.substring(1) + "' (declare it with 'list NAME GLOB...' in [@settings])");
        }
        if (g.startsWith("$") && !g.equals("$dynamic") && !g.equals("$sensitive")) {
            throw new IllegalArgumentException("unknown pattern '" + g + "' (known: $dynamic, $sensitive)");
        }
        return g;
    }

    /** {@code name.matches("[A-Za-z0-9_-]+")}, without a regular expression. */
    private static boolean isListName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    /** Resolves an option spelling to its canonical name in this section; unknown spellings are errors. */
    private String optionName(Section s, String spelled) {
        OptionSpec o = resolveOption(s, spelled);
        if (o == null) {
            throw new IllegalArgumentException("option " + spelled + " is not declared in [" + s.key + "] (add an opt row first)");
        }
        return o.canonical();
    }

    private static OptionSpec resolveOption(Section s, String spelled) {
        for (Section x = s; x != null; x = x.parent) {
            OptionSpec o;
            if (spelled.startsWith("--")) {
                o = x.longOpts.get(spelled.substring(2));
            } else if (spelled.length() == 2) {
                o = x.shortOpts.get(spelled.charAt(1));
            } else {
                o = x.wordOpts.get(spelled);
            }
            if (o != null) {
                return o;
            }
        }
        return null;
    }

    private void setting(List<String> t) {
        String kw = t.get(0);
        List<String> rest = t.subList(1, t.size());
        switch (kw) {
            case "verdict" -> {
                if (t.size() < 3) {
                    throw new IllegalArgumentException("expected: verdict KEY -> CLASS LEVEL \"reason\"");
                }
                rules.verdicts.put(t.get(1), verdictAfter(t, expectArrow(t, 2)));
            }
            case "system-dirs" -> rules.systemDirs.addAll(rest);
            case "harmless-devices" -> rules.harmlessDevices.addAll(rest);
            case "network-devices" -> rules.networkDevices.addAll(rest);
            case "ordinary-files" -> rules.ordinaryFiles.addAll(rest);
            case "shells" -> rules.shells.addAll(rest);
            case "sensitive-names" -> rules.sensitiveNames.addAll(rest);
            case "sensitive-paths" -> rules.sensitivePaths.addAll(rest);
            case "list" -> {
                if (rest.size() < 2 || !isListName(rest.get(0))) {
                    throw new IllegalArgumentException("expected: list NAME GLOB...");
                }
                List<String> globs = rules.lists.get(rest.get(0));
                if (globs == null) {
                    globs = new ArrayList<>();
                    rules.lists.put(rest.get(0), globs);
                }
                globs.addAll(rest.subList(1, rest.size()));
            }
            case "credential-paths" -> rules.credentialPaths.addAll(rest);
            case "credential-names" -> rules.credentialNames.addAll(rest);
            case "credential-exceptions" -> rules.credentialExceptions.addAll(rest);
            case "secret-vars" -> rules.secretVars.addAll(upper(rest));
            case "not-secret-vars" -> rules.notSecretVars.addAll(upper(rest));
            case "secret-values" -> rules.secretValues.addAll(rest);
            case "secret-grant" -> {
                if (rest.size() < 2) {
                    throw new IllegalArgumentException("expected: secret-grant PROGRAM[|PROGRAM...] VARIABLE-GLOB...");
                }
                for (String program : rest.get(0).split("\\|")) {
                    if (program.isEmpty()) {
                        throw new IllegalArgumentException("empty program name in secret-grant row");
                    }
                    // no lambda here: the settings are read on a JVM's first launch, where spinning one costs milliseconds
                    List<String> grants = rules.secretGrants.get(program);
                    if (grants == null) {
                        grants = new ArrayList<>();
                        rules.secretGrants.put(program, grants);
                    }
                    grants.addAll(upper(rest.subList(1, rest.size())));
                }
            }
            case "secret-carriers" -> rules.secretCarriers.addAll(rest);
            case "secret-inert" -> rules.secretInert.addAll(rest);
            case "env-hooks" -> {
                int arrow = t.indexOf("->");
                Verdict v = arrow < 0 ? null : verdictAfter(t, arrow);
                List<String> names = t.subList(1, arrow < 0 ? t.size() : arrow);
                if (names.isEmpty()) {
                    throw new IllegalArgumentException("expected: env-hooks NAME... [-> CLASS LEVEL \"reason\"]");
                }
                for (String n : names) {
                    if (n.endsWith("*")) {
                        String prefix = n.substring(0, n.length() - 1);
                        List<java.util.Map.Entry<String, Verdict>> hooks = rules.envHookPrefixes;
                        for (int k = hooks.size() - 1; k >= 0; k--) {
                            if (hooks.get(k).getKey().equals(prefix)) {
                                hooks.remove(k);
                            }
                        }
                        // longest prefix first (after those of the same length already there)
                        int at = 0;
                        while (at < hooks.size() && hooks.get(at).getKey().length() >= prefix.length()) {
                            at++;
                        }
                        hooks.add(at, new java.util.AbstractMap.SimpleImmutableEntry<>(prefix, v));
                    } else {
                        rules.envHooks.put(n, v);
                    }
                }
            }
            case "env-safe" -> rules.envSafe.addAll(rest);
            case "env-code" -> {
                if (rest.size() < 2 || !ENV_CODE_KINDS.contains(rest.get(0))) {
                    throw new IllegalArgumentException("expected: env-code " + String.join("|", new java.util.TreeSet<>(ENV_CODE_KINDS))
                            + " NAME...");
                }
                for (String n : rest.subList(1, rest.size())) {
                    rules.envCode.put(n, rest.get(0));
                }
            }
            case "env-args" -> {
                if (rest.size() < 2) {
                    throw new IllegalArgumentException("expected: env-args PROGRAM [OPTION] NAME...");
                }
                boolean opt = rest.get(1).startsWith("-");
                EnvArgs a = new EnvArgs(rest.get(0), opt ? rest.get(1) : null, null, null);
                if (prefixesOnly) {
                    rules.builtinEnvArgs.add(a);
                }
                List<String> names = rest.subList(opt ? 2 : 1, rest.size());
                if (names.isEmpty()) {
                    throw new IllegalArgumentException("expected: env-args PROGRAM [OPTION] NAME...");
                }
                for (String n : names) {
                    rules.envArgs.put(n, a);
                }
            }
            case "env-pairs" -> {
                if (rest.size() != 4 || !rest.get(1).startsWith("-")) {
                    throw new IllegalArgumentException("expected: env-pairs PROGRAM OPTION KEY_PREFIX VALUE_PREFIX");
                }
                EnvArgs pairs = new EnvArgs(rest.get(0), rest.get(1), rest.get(2), rest.get(3));
                if (prefixesOnly) {
                    rules.builtinEnvArgs.add(pairs);
                }
                rules.envPairs.add(pairs);
            }
            default -> throw new IllegalArgumentException("unknown setting '" + kw + "'");
        }
    }

    private static List<String> upper(List<String> globs) {
        List<String> out = new ArrayList<>(globs.size());
        for (String g : globs) {
            out.add(g.toUpperCase(java.util.Locale.ROOT));
        }
        return out;
    }

    private static int expectArrow(List<String> t, int at) {
        int arrow = t.indexOf("->");
        if (arrow < at) {
            throw new IllegalArgumentException("expected '-> CLASS LEVEL \"reason\"'");
        }
        return arrow;
    }

    private Verdict verdictAfter(List<String> t, int arrow) {
        if (t.size() != arrow + 4) {
            throw new IllegalArgumentException("expected '-> CLASS LEVEL \"reason\"' at the end of the row");
        }
        return new Verdict(cls(t.get(arrow + 1)), level(t.get(arrow + 2)), t.get(arrow + 3), here());
    }

    /** The row being parsed, as findings name it: {@code builtin.rules:123} or {@code /etc/x.rules:7}. */
    private String here() {
        return origin + ":" + lineNo;
    }

    private static CommandClass cls(String s) {
        return CommandClass.parse(s);
    }

    private static RiskLevel level(String s) {
        return RiskLevel.parse(s);
    }

    private static String need(List<String> t, int i) {
        if (i >= t.size()) {
            throw new IllegalArgumentException("row ends too early");
        }
        return t.get(i);
    }

    /** A word of a rules row, and whether it was written in double quotes. */
    record Token(String text, boolean quoted) {
        /** The unquoted word {@code marker} (a quoted one is text, never syntax). */
        boolean is(String marker) {
            return !quoted && text.equals(marker);
        }
    }

    /** Splits a line into words; "double quoted" words may hold spaces and \" ; # starts a comment. */
    static List<String> tokens(String line) {
        List<Token> words = words(line);
        List<String> out = new ArrayList<>(words.size());
        for (Token w : words) {
            out.add(w.text());
        }
        return out;
    }

    /**
     * As {@link #tokens}, saying of each word whether it was quoted. Reads the line's characters from an
     * array: the built-in rules are read on every gated JVM's first launch, in the interpreter, where a
     * {@code charAt} is several calls.
     */
    static List<Token> words(String line) {
        List<Token> out = new ArrayList<>();
        int n = line.length();
        int i = 0;
        while (i < n && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            i++;
        }
        if (i == n || line.charAt(i) == '#') {
            return out;   // blank or a comment: most lines of the built-in rules, not worth copying
        }
        char[] cs = new char[n];
        line.getChars(i, n, cs, i);
        while (i < n) {
            char c = cs[i];
            if (c == ' ' || c == '\t' || c == '\r') {
                i++;
            } else if (c == '#') {
                break;
            } else if (c == '"') {
                StringBuilder b = new StringBuilder();
                i++;
                boolean closed = false;
                while (i < n) {
                    char d = cs[i];
                    if (d == '\\' && i + 1 < n) {
                        b.append(cs[i + 1]);
                        i += 2;
                    } else if (d == '"') {
                        i++;
                        closed = true;
                        break;
                    } else {
                        b.append(d);
                        i++;
                    }
                }
                if (!closed) {
                    throw new IllegalArgumentException("unterminated \"quoted text\"");
                }
                out.add(new Token(b.toString(), true));
            } else {
                int st = i;
                while (i < n && cs[i] != ' ' && cs[i] != '\t' && cs[i] != '\r') {
                    i++;
                }
                out.add(new Token(line.substring(st, i), false));
            }
        }
        return out;
    }
}
