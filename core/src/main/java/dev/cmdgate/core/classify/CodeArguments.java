package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.CodeRule;
import dev.cmdgate.core.rules.Glob;
import dev.cmdgate.core.rules.Language;
import dev.cmdgate.core.rules.Section;
import dev.cmdgate.core.rules.Rating;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Code in a command's arguments, input and files: what its {@code code} rows find in option values and operands
 * ({@code sh -c CMD}, {@code git -c core.pager=CMD}, {@code rpm --eval '%(CMD)'}, {@code gdb -ex 'shell CMD'}), read
 * the way each row says — a shell line, an argv, a program name, a code file, or code in a language
 * ({@code sed}, {@code awk}, SQL, Puppet, the {@code [@lang]} one-liners); code a shell or interpreter reads
 * from standard input ({@code stdin-code} rows) or a script file ({@code code-file} rows); and files the script
 * itself wrote or downloaded and then runs. Code nested in code is bounded by {@link Budget#MAX_CODE_DEPTH}.
 * The marker and key functions that cut code out of a value are static and pure.
 */
final class CodeArguments {

    /** Readings of code the classifier analyses itself (the others are [@lang] sections or opaque). */
    private static final Set<String> ANALYSED = Set.of("sh", "alias", "sed", "awk", "sql", "mongo", "less", "puppet",
            "make");
    /** Code-row readings that name commands or files rather than hold code. */
    private static final Set<String> READINGS = Set.of("argv", "program", "file");

    private final Analysis analysis;

    /**
     * Whether the code being read comes from a configuration file on disk ({@link #settingCode}), not from the
     * command line: a row's own verdict then stays out, as the settings are judged by what they run (a
     * user's {@code !git log --oneline} alias is everyday; a shell escape written on the command line is not).
     */
    private boolean fromFiles;

    CodeArguments(Analysis analysis) {
        this.analysis = analysis;
    }

    /** {@link #optionCode} for a setting a configuration file holds ({@code steer git-config}). */
    boolean settingCode(CodeRule c, ParsedArgs.Use u, ParsedArgs p, Site site, Set<String> facts) {
        boolean outer = fromFiles;
        fromFiles = true;
        try {
            return optionCode(c, u, p, site, facts);
        } finally {
            fromFiles = outer;
        }
    }

    // ------------------------------------------------------------------ code rows

    /** Applies one code row; returns true when it found code. */
    boolean row(CodeRule c, ParsedArgs p, Site site, Set<String> facts) {
        for (String u : c.unless()) {
            if (p.has(u)) {
                return false;
            }
        }
        switch (c.source()) {
            case OPT -> {
                boolean found = false;
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(c.name()) && u.value() != null) {
                        if (c.loads() != null) {
                            // perl -MLWP::Simple: the module is loaded as the language's own statement would load
                            // it; the program (-e code or a script file) is still to be found
                            read(c, c.loads().replace("{}", u.value()), u.from().unresolved(), p, site, facts);
                        } else {
                            found |= optionCode(c, u, p, site, facts);
                        }
                    }
                }
                return found;
            }
            case FLAG -> {
                if (p.has(c.name()) && !p.operands.isEmpty()) {
                    Arg a = p.operands.get(0);
                    analysis.claim(a);
                    read(c, a.text, a.unresolved(), p, site, facts);
                    if (c.language().equals("sh") && !a.unresolved()) {
                        // sh -c 'cat "$1"' x /etc/shadow: the words after the script are its $0, $1 …
                        analysis.calls.shellArguments(a.text, p.operands.subList(1, p.operands.size()), site, this, facts);
                    }
                    return true;
                }
                if (p.anyOption && !p.operands.isEmpty() && Conditions.mayBeOption(p, c.name())) {
                    // a glob may expand to the flag: its first operand could become code
                    analysis.raise(site, analysis.setting("dynamic-code"), "a glob may expand to " + c.name());
                }
                return false;
            }
            case OPERAND -> {
                boolean found = false;
                int from = c.index() == CodeRule.EVERY ? 0 : c.index();
                int to = c.index() == CodeRule.EVERY ? p.operands.size() : Math.min(c.index() + 1, p.operands.size());
                for (int i = from; i < to; i++) {
                    Arg a = p.operands.get(i);
                    if (!c.keys().isEmpty()) {
                        // git config KEY VALUE: the operand before is the key
                        Arg key = p.operands.get(i - 1);
                        if (!keyMatches(c.keys(), key.text)) {
                            if (key.unresolved()) {
                                analysis.raise(site, analysis.setting("dynamic-code"), "the key " + key.text
                                        + " is only known at run time and may name a command");
                            }
                            continue;
                        }
                    }
                    String v = c.after().isEmpty() ? a.text : prefixed(a.text, c.after());
                    if (v == null) {
                        continue; // with markers, the operand is code only when it starts with one (git alias '!CMD')
                    }
                    found = true;
                    analysis.claim(a);
                    read(c, v, a.unresolved(), p, site, facts);
                }
                return found;
            }
            case INPUT -> {
                inputStatements(c, p, site, facts);
                return false; // with a stdin-code row, read with the input itself (inputEscapes)
            }
            case OPERANDS -> {
                StringBuilder b = new StringBuilder();
                boolean dyn = false;
                boolean any = false;
                int from = Math.max(0, c.index());
                if (from < p.operands.size() && p.operands.get(from).text.equals("--")) {
                    from++; // ssh host -- CMD
                }
                for (int i = from; i < p.operands.size(); i++) {
                    Arg a = p.operands.get(i);
                    if (c.until().contains(a.text)) {
                        break;
                    }
                    if (b.length() > 0) {
                        b.append(' ');
                    }
                    b.append(a.text);
                    dyn |= a.unresolved();
                    any = true;
                    analysis.claim(a);
                }
                if (any) {
                    read(c, b.toString(), dyn, p, site, facts);
                    return true;
                }
                return eachAfterMarker(c, from, p, site, facts);
            }
            case VALUES -> {
                boolean any = false;
                for (Arg a : p.operands) {
                    int eq = a.text.indexOf('=');
                    if (eq < 0 && a.unresolved() && c.language().equals("alias")) {
                        // alias "$(cat f)": it may define any alias, with any text
                        FunctionNames.add(analysis, FunctionNames.ANY);
                        analysis.raise(site, analysis.setting("dynamic-code"),
                                "an alias only known at run time may give any command name any text");
                        any = true;
                        continue;
                    }
                    if (eq > 0 && (c.keys().isEmpty() || keyMatches(c.keys(), a.text.substring(0, eq)))) {
                        any = true;
                        if (c.language().equals("alias")) {
                            // where aliases expand, the name no longer runs the program of that name
                            FunctionNames.add(analysis, a.unresolved() ? FunctionNames.ANY : a.text.substring(0, eq));
                        }
                        read(c, a.text.substring(eq + 1), a.unresolved(), p, site, facts);
                    }
                }
                return any;
            }
            default -> {
                return false;
            }
        }
    }

    /**
     * An OPERANDS row's {@code after} markers, when no operand came before its {@code until} words: the
     * operands following one of those markers (up to the next {@code until} word) are commands of their
     * own, each read alone (GNU parallel without a command runs its arguments: {@code parallel ::: CMD1 CMD2}).
     */
    private boolean eachAfterMarker(CodeRule c, int from, ParsedArgs p, Site site, Set<String> facts) {
        boolean found = false;
        boolean inGroup = false;
        for (int i = from; i < p.operands.size(); i++) {
            Arg a = p.operands.get(i);
            if (c.until().contains(a.text)) {
                inGroup = c.after().contains(a.text);
            } else if (inGroup) {
                found = true;
                analysis.claim(a);
                read(c, a.text, a.unresolved(), p, site, facts);
            }
        }
        return found;
    }

    /**
     * One option value under an OPT code row: with keys, the value is {@code KEY=VALUE} (or
     * {@code KEY VALUE}) and only a matching key's VALUE is code; markers then must start it. Without
     * keys, markers are found anywhere in the value. Returns whether code was found.
     */
    boolean optionCode(CodeRule c, ParsedArgs.Use u, ParsedArgs p, Site site, Set<String> facts) {
        String v = u.value();
        boolean dyn = u.from().unresolved();
        if (!c.keys().isEmpty()) {
            int sep = keyEnd(v);
            String key = v.substring(0, sep);
            if (!keyMatches(c.keys(), key)) {
                if (dyn && (key.indexOf('$') >= 0 || key.indexOf('\u2026') >= 0 || key.indexOf('`') >= 0)) {
                    analysis.raise(site, analysis.setting("dynamic-code"), "the key in " + v + " is only known at run time");
                    return true;
                }
                return false;
            }
            v = valueAfterKey(v, sep);
            if (!c.after().isEmpty()) {
                v = prefixed(v, c.after());
                if (v == null) {
                    return false;
                }
            }
        } else if (!c.after().isEmpty() && !c.until().isEmpty()) {
            // rpm --eval '%(CMD) %(CMD2)': every enclosed piece, each up to its end marker
            List<String> pieces = enclosed(v, c.after(), c.until().get(0));
            for (int i = 0; i < pieces.size() && i < 64; i++) {
                read(c, pieces.get(i), dyn, p, site, facts);
            }
            return !pieces.isEmpty();
        } else if (!c.after().isEmpty()) {
            v = after(v, c.after());
            if (v == null) {
                return false;
            }
        }
        read(c, v, dyn, p, site, facts);
        return true;
    }

    /**
     * sed -f /dev/stdin, awk -f -, make -f /dev/fd/0: the program is what the descriptor holds. A literal
     * here-string or here-document is read as the program's own language, exactly as the same text given inline
     * is; anything cmdgate cannot read (a file, a FIFO, a pipe, a here-document with expansions, a program whose
     * inline code it does not know) is unverifiable code.
     */
    private void programFromDescriptor(String file, Analysis.Stdin in, ParsedArgs p, Site site, Set<String> facts) {
        Site at = site.at(site.location() + " (the program file " + file + ")");
        switch (in.kind()) {
            case NONE -> {
            }
            case PIPE -> analysis.raise(at, analysis.setting("piped-code"));
            case HEREDOC -> {
                if (!in.literal()) {
                    analysis.raise(at, analysis.setting("dynamic-code"), "the here-document has expansions");
                } else if (!asInlineCode(in.text(), p, at.withStdin(Analysis.Stdin.NONE), facts)) {
                    analysis.raise(at, hiddenInput(), "code in a here-document, in a language cmdgate does not read");
                }
            }
            default -> analysis.raise(at, hiddenInput(), "the program is read from " + describe(in.kind()));
        }
    }

    private static String describe(Analysis.StdinKind kind) {
        return kind == Analysis.StdinKind.FILE ? "a file redirected to it (a FIFO cannot be told from a file)"
                : "a terminal, device, FIFO or socket";
    }

    /**
     * Reads TEXT with every row of the command that takes its code inline (an option's value or an operand, in a
     * language cmdgate reads), each as it would read that value; false when the command has no such row.
     */
    private boolean asInlineCode(String text, ParsedArgs p, Site site, Set<String> facts) {
        boolean any = false;
        for (Section s : p.path) {
            for (CodeRule r : s.codes()) {
                boolean inline = r.source() == CodeRule.Source.OPT || r.source() == CodeRule.Source.OPERAND;
                if (!inline || READINGS.contains(r.language()) || !r.keys().isEmpty() || r.loads() != null
                        || r.interpreterOnly()) {
                    continue;
                }
                any = true;
                if (r.after().isEmpty()) {
                    read(r, text, false, p, site, facts);
                } else if (!r.until().isEmpty()) {
                    List<String> pieces = enclosed(text, r.after(), r.until().get(0));
                    for (int i = 0; i < pieces.size() && i < 64; i++) {
                        read(r, pieces.get(i), false, p, site, facts);
                    }
                } else {
                    String v = after(text, r.after());
                    if (v != null) {
                        read(r, v, false, p, site, facts);
                    }
                }
            }
        }
        return any;
    }

    // ------------------------------------------------------------------ cutting code out of a value (pure)

    /**
     * The texts after every occurrence of a marker (case-insensitive), each up to {@code end}: when the marker
     * ends with an opening bracket and {@code end} is its closing one, the one that balances it ({@code %(a (b))}
     * is {@code a (b)}); without an end, the rest of the value (a cut-off piece fails as it would run).
     */
    static List<String> enclosed(String v, List<String> markers, String end) {
        List<String> out = new ArrayList<>();
        String lower = v.toLowerCase(java.util.Locale.ROOT);
        int from = 0;
        while (from < v.length() && out.size() < 64) {
            int best = -1;
            String marker = null;
            for (String m : markers) {
                int k = lower.indexOf(m.toLowerCase(java.util.Locale.ROOT), from);
                if (k >= 0 && (best < 0 || k < best)) {
                    best = k;
                    marker = m;
                }
            }
            if (best < 0) {
                break;
            }
            int st = best + marker.length();
            char open = marker.charAt(marker.length() - 1);
            boolean balance = end.length() == 1 && "([{".indexOf(open) >= 0 && ")]}".indexOf(end.charAt(0)) == "([{".indexOf(open);
            int depth = 0;
            int k = st;
            int stop = -1;
            while (k < v.length()) {
                if (balance && v.charAt(k) == open) {
                    depth++;
                } else if (v.startsWith(end, k) && depth-- == 0) {
                    stop = k;
                    break;
                }
                k++;
            }
            out.add(v.substring(st, stop < 0 ? v.length() : stop));
            from = stop < 0 ? v.length() : stop + end.length();
        }
        return out;
    }

    /**
     * The escapes of a line-oriented command language: for each line holding a marker, the text after it up to the
     * end of that line (a {@code ^} marker at the line's start or after a {@code ;}); at most 64.
     */
    static List<String> escapedLines(String text, List<String> markers) {
        List<String> out = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            String code = after(line, markers);
            if (code != null && out.size() < 64) {
                out.add(code);
            }
        }
        return out;
    }

    /** Where a {@code KEY=VALUE} / {@code KEY VALUE} setting's key ends: the first '=' or blank. */
    static int keyEnd(String v) {
        for (int i = 0; i < v.length(); i++) {
            char ch = v.charAt(i);
            if (ch == '=' || ch == ' ' || ch == '\t') {
                return i;
            }
        }
        return v.length();
    }

    /** The value of a {@code KEY=VALUE} / {@code KEY VALUE} setting whose key ends at {@code sep}. */
    static String valueAfterKey(String v, int sep) {
        int i = sep;
        while (i < v.length() && (v.charAt(i) == ' ' || v.charAt(i) == '\t')) {
            i++;
        }
        if (i < v.length() && v.charAt(i) == '=') {
            i++;
        }
        return v.substring(i);
    }

    /** Configuration keys are matched without regard to case (git, ssh and apt keys are case-insensitive). */
    static boolean keyMatches(List<String> globs, String key) {
        String k = key.toLowerCase(java.util.Locale.ROOT);
        for (String g : globs) {
            if (Glob.matches(g.toLowerCase(java.util.Locale.ROOT), k)) {
                return true;
            }
        }
        return false;
    }

    /** The text after a marker that starts {@code v} (leading blanks ignored), or null. */
    static String prefixed(String v, List<String> markers) {
        String t = v.stripLeading();
        for (String m : markers) {
            if (t.regionMatches(true, 0, m, 0, m.length())) {
                return t.substring(m.length());
            }
        }
        return null;
    }

    /**
     * The text after the first occurrence of a marker (case-insensitive), or null. A marker written
     * {@code ^WORD} only counts at the start of a statement: at the start of the text or after a
     * {@code ;} or a newline, blanks allowed (gdb's {@code shell CMD}, mysql's {@code system CMD}).
     */
    static String after(String v, List<String> markers) {
        String lower = v.toLowerCase(java.util.Locale.ROOT);
        for (String m : markers) {
            if (m.length() > 1 && m.charAt(0) == '^') {
                String w = m.substring(1).toLowerCase(java.util.Locale.ROOT);
                int at = 0;
                while (at >= 0 && at <= lower.length()) {
                    int k = at;
                    while (k < lower.length() && (lower.charAt(k) == ' ' || lower.charAt(k) == '\t')) {
                        k++;
                    }
                    if (lower.startsWith(w, k)) {
                        return v.substring(k + w.length());
                    }
                    int semi = lower.indexOf(';', at);
                    int nl = lower.indexOf('\n', at);
                    int next = semi < 0 ? nl : nl < 0 ? semi : Math.min(semi, nl);
                    at = next < 0 ? -1 : next + 1;
                }
                continue;
            }
            int k = lower.indexOf(m.toLowerCase(java.util.Locale.ROOT));
            if (k >= 0) {
                return v.substring(k + m.length());
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ reading what a row found

    /**
     * Reads text a code row found, the way the row says: a shell line, an argv, a program name, a
     * code file, or code in a language; text only known at run time is unverifiable code.
     */
    void read(CodeRule c, String text, boolean dynamic, ParsedArgs p, Site site, Set<String> facts) {
        readOnce(c, text, dynamic, p, site, facts);
        if (!dynamic && analysis.files.holdsPlaceholder(text)) {
            // find -exec sh -c 'echo {}' ;: find puts each file's name where the placeholder stands, code and all;
            // the text as written is judged too (sh -c 'echo x >> {}' writes the files found)
            readOnce(c, text, true, p, site, facts);
        }
    }

    private void readOnce(CodeRule c, String text, boolean dynamic, ParsedArgs p, Site site, Set<String> facts) {
        if (c.verdict() != null && !fromFiles && !text.isBlank() && (!c.interpreterOnly() || runsInterpreter(c, text))) {
            analysis.raise(site, c.verdict(), text);
        }
        if (c.interpreterOnly() || fromFiles || !c.keys().isEmpty()) {
            // a helper program's place (a pager, hook, filter, remote shell) or a configuration setting, on the line
            // or in a file: what runs there was steered to, not named as the command
            analysis.steered(() -> readAs(c, text, dynamic, p, site, facts));
        } else {
            readAs(c, text, dynamic, p, site, facts);
        }
    }

    private void readAs(CodeRule c, String text, boolean dynamic, ParsedArgs p, Site site, Set<String> facts) {
        switch (c.language()) {
            case "argv" -> {
                if (dynamic) {
                    analysis.raise(site, analysis.setting("dynamic-code"), "the command " + text + " is only known at run time");
                    return;
                }
                List<Arg> words = c.sep() == null ? OptionParser.split(text, Arg.literal(text)) : splitAt(text, c.sep().charAt(0));
                if (c.moreArgs() && !words.isEmpty()) {
                    words = new ArrayList<>(words);
                    words.add(RUN_TIME_ARGS);
                }
                nested(words, site);
            }
            case "program" -> {
                if (dynamic) {
                    analysis.raise(site, analysis.setting("dynamic-command"), "the program " + text + " is only known at run time");
                    return;
                }
                if (text.isBlank()) {
                    return;
                }
                List<Arg> words = new ArrayList<>();
                words.add(Arg.literal(text));
                for (String w : c.args()) {
                    words.add(Arg.literal(w));
                }
                if (c.withOperands()) {
                    List<Arg> ops = p.operands;
                    int from = !ops.isEmpty() && ops.get(0).text.equals("--") ? 1 : 0;
                    words.addAll(ops.subList(from, ops.size()));
                }
                if (c.moreArgs()) {
                    words.add(RUN_TIME_ARGS);
                }
                nested(words, site);
            }
            case "file" -> {
                if (!dynamic && analysis.steered() && SharedPlaces.holds(analysis.rules, text.trim(), analysis.files.launchDirectory())) {
                    analysis.raiseIfSet(site, "steered-shared-program", text.trim() + " lies in a directory every user may write");
                }
                int fd = dynamic ? -1 : text.equals("-") ? 0 : descriptorNumber(text);
                if (dynamic) {
                    analysis.raise(site, analysis.setting("dynamic-code"), "the code file " + text + " is only known at run time");
                } else if (fd >= 0 && !fromFiles) {
                    Analysis.Stdin in = fd == 0 ? site.ctx().stdin() : analysis.descriptors.getOrDefault(fd, Analysis.Stdin.HIDDEN);
                    programFromDescriptor(text, in, p, site, facts);
                } else if (isHiddenSource(text) && !text.equals("/dev/null")) {
                    analysis.raise(site, hiddenInput(), "code is read from " + text);
                }
            }
            // the shell line git builds: sh -c 'VALUE "$@"' VALUE ARGS (run-command.c prepare_shell_cmd); ARGS
            // may be none, which moves the operands' places (`!cp x DEST` writes DEST), so both are judged
            default -> {
                runCode(c.language(), text, dynamic, site, facts);
                if (c.moreArgs() && c.language().equals("sh") && !text.isBlank()) {
                    runCode(c.language(), text + " \"$@\"", dynamic, site, facts);
                }
            }
        }
    }

    /**
     * Whether the command a code row's text runs is a local shell or interpreter: its first word (or, for an
     * {@code argv} row with a separator, its first part), by the last component of its path. A helper slot
     * (a pager, a compressor, the program that reaches a remote side) given one runs whatever code follows.
     * A program that reads its input as code only after an operand of its own (ssh's host, ed's file) is not
     * one: {@code rsync -e ssh} is the slot's ordinary use.
     */
    private boolean runsInterpreter(CodeRule c, String text) {
        return runsInterpreter(c.sep() != null ? splitAt(text, c.sep().charAt(0)) : OptionParser.split(text, Arg.literal(text)));
    }

    /** As above, for a command line already split into words (a variable's value: {@code PAGER='sh -c …'}). */
    boolean runsInterpreter(List<Arg> words) {
        if (words.isEmpty()) {
            return false;
        }
        String first = words.get(0).text;
        String name = first.substring(first.lastIndexOf('/') + 1);
        if (!analysis.isInterpreter(name)) {
            return false;
        }
        Section s = analysis.rules.program(name);
        return s == null || s.stdinCodeAfter() == 0;
    }

    /** The arguments a command adds to a value it runs, known only at run time ({@code more-args}). */
    private static final Arg RUN_TIME_ARGS = new Arg("$@", true, false, -1, -1);

    /** Words split at one separator character (gcc -wrapper prog,arg1,arg2); empty words are kept out. */
    static List<Arg> splitAt(String text, char sep) {
        List<Arg> out = new ArrayList<>();
        int st = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == sep) {
                if (i > st) {
                    out.add(Arg.literal(text.substring(st, i)));
                }
                st = i + 1;
            }
        }
        return out;
    }

    /**
     * A command an option or code names, run by the program being judged: classified in its own
     * right. Its standard input is the tool's data, not code the user typed (a pager reads git's
     * output), and the tool adds arguments cmdgate does not see, so it is judged with no input.
     */
    private void nested(List<Arg> words, Site site) {
        nested(words, site, Analysis.Stdin.NONE);
    }

    /** As above, with the input the command reads ({@code os.system("sh")} reads the interpreter's). */
    void nested(List<Arg> words, Site site, Analysis.Stdin in) {
        if (words.isEmpty()) {
            return;
        }
        Analysis.Ctx ctx = site.ctx();
        if (Budget.tooDeep(ctx)) {
            analysis.raise(site, analysis.setting("too-deep"), "commands nested more than " + Budget.MAX_CODE_DEPTH + " deep");
            return;
        }
        if (analysis.budget.wrappersFull()) {
            analysis.raise(site, analysis.setting("too-deep"), "wrappers nested more than " + Budget.MAX_WRAPPER_DEPTH + " deep");
            return;
        }
        analysis.budget.enterWrapper();
        try {
            String location = site.location() + " > runs";
            ExecutedCommand.judge(analysis, words, Map.of(), new Site(new Analysis.Ctx(location, ctx.depth() + 1,
                    ctx.pipeline(), ctx.stage(), in), Analysis.joinArgs(words), location));
        } finally {
            analysis.budget.leaveWrapper();
        }
    }

    /** Code in a language: sh is parsed and classified; sed/awk analysed; anything else is opaque. */
    void runCode(String lang, String code, boolean dynamic, Site site, Set<String> facts) {
        if (dynamic) {
            analysis.raise(site, analysis.setting("dynamic-code"), "the " + lang + " code is computed at run time");
            return;
        }
        switch (lang) {
            case "sh" -> {
                String c = code.trim();
                if (c.isEmpty() || c.equals("-")) {
                    return;
                }
                Analysis.Ctx ctx = site.ctx();
                if (Budget.tooDeep(ctx)) {
                    analysis.raise(site, analysis.setting("too-deep"), "scripts nested more than " + Budget.MAX_CODE_DEPTH + " deep");
                    return;
                }
                analysis.scriptsRun++;
                ShellAnalysis.script(analysis, code,
                        new Analysis.Ctx(site.location() + " > script", ctx.depth() + 1, 0, 0, ctx.stdin()));
            }
            case "alias" -> {
                // where aliases expand, the text replaces the command word and is read again with the rest of
                // the line, which is not known when the alias is defined: judged as the text followed by words
                // only known then (alias cat=eval: eval "$@"); a trailing backslash would quote the blank after it
                // and join the rest of the line to its last word, so no rest of a line could be judged in advance
                int k = code.length();
                while (k > 0 && code.charAt(k - 1) == '\\') {
                    k--;
                }
                if (((code.length() - k) & 1) == 1) {
                    analysis.raise(site, analysis.setting("dynamic-code"),
                            "the alias ends in a backslash: it joins the rest of each line that uses it");
                } else {
                    runCode("sh", code + " \"$@\"", false, site, facts);
                }
            }
            case "sed", "awk" -> {
                List<CodeFacts.Cmd> cmds = new ArrayList<>(0);
                List<String> writes = new ArrayList<>(0);
                List<String> reads = new ArrayList<>(0);
                facts.addAll(lang.equals("sed") ? CodeFacts.sed(code, writes, cmds, reads) : CodeFacts.awk(code, writes, cmds, reads));
                for (String f : writes) {
                    analysis.files.writePath(Arg.literal(f), null, site);
                }
                for (String f : reads) {
                    // sed's r and R, awk's getline < FILE; a name built at run time holds $x for each part only then known
                    analysis.files.readPath(f.indexOf('$') >= 0 ? new Arg(f, true, false, -1, -1) : Arg.literal(f), false, site);
                }
                // the commands the program runs (sed's e, awk's system() and pipes) are judged too
                for (int i = 0; i < cmds.size() && i < 64; i++) {
                    CodeFacts.Cmd c = cmds.get(i);
                    if (c.dynamic()) {
                        analysis.raise(site, analysis.setting("dynamic-code"), "the " + lang
                                + " program runs a command only known at run time");
                    } else {
                        Site below = site.below(lang);
                        runCode("sh", c.text(), false, c.piped() ? below.withStdin(Analysis.Stdin.PIPE) : below,
                                new LinkedHashSet<>());
                    }
                }
            }
            case "sql" -> {
                facts.addAll(CodeFacts.sql(code));
                for (String c : CodeFacts.sqlShellCommands(code)) {
                    // \! CMD, .shell CMD, system CMD: the client hands the rest of the line to a shell
                    runCode("sh", c, false, site.below("shell escape").withStdin(Analysis.Stdin.NONE), facts);
                }
            }
            case "mongo" -> facts.addAll(CodeFacts.mongo(code));
            case "puppet" -> PuppetReading.read(analysis, code, site, facts);
            case "make" -> {
                // the rest of make's language is not read; its recipes run as shell lines
                analysis.raise(site, analysis.setting("opaque-code"), lang + " code");
                List<String> recipes = MakeRecipes.of(code);
                // make runs each recipe line with its own input: a shell there with no script reads the terminal
                for (int i = 0; i < recipes.size() && i < 64; i++) {
                    runCode("sh", recipes.get(i), false, site.below("make recipe"), facts);
                }
            }
            case "less" -> facts.addAll(CodeFacts.less(code));
            default -> {
                Language l = analysis.rules.language(lang);
                if (l == null) {
                    analysis.raise(site, analysis.setting("opaque-code"), lang + " code");
                } else if (Budget.tooDeep(site.ctx())) {
                    analysis.raise(site, analysis.setting("too-deep"), "code nested more than " + Budget.MAX_CODE_DEPTH + " deep");
                } else {
                    // python -c, node -e …: the language's calls are read (docs/rules-format.md, [@lang])
                    Analysis.Ctx ctx = site.ctx();
                    String location = site.location() + " > " + lang;
                    OneLiner.analyse(analysis, l, code, new Site(new Analysis.Ctx(location, ctx.depth() + 1, ctx.pipeline(),
                            ctx.stage(), ctx.stdin()), site.display(), location), 0);
                }
            }
        }
    }

    // ------------------------------------------------------------------ code from standard input or a script file

    /**
     * A command none of whose code rows found code: it reads code from standard input ({@code stdin-code} rows:
     * {@code sh}, {@code python -}) when no operand names a script, else from the script file its first operand
     * names ({@code code-file} rows).
     */
    void fromInputOrFile(Section deepest, ParsedArgs p, Site site) {
        if (deepest.stdinCode() != null) {
            int n = deepest.stdinCodeAfter();
            boolean readsStdin = p.operands.size() <= n
                    || p.operands.get(n).text.equals("-") || p.operands.get(n).text.equals("/dev/stdin")
                    || (analysis.rules.isShell(p.path.get(0).word()) && p.has("-s"));
            if (readsStdin) {
                stdinCode(deepest, p, site, site.ctx().stdin());
                return;
            }
        }
        if (deepest.codeFile() != null && !p.operands.isEmpty()) {
            Arg file = p.operands.get(0);
            int fd = file.unresolved() ? -1 : descriptorNumber(file.text);
            if (fd >= 0) {
                // sh /dev/fd/0 <<< '…', bash /dev/fd/3 3<<< '…', . /proc/self/fd/0: the script is what the descriptor
                // holds, judged as standard input is
                Analysis.Stdin in = fd == 0 ? site.ctx().stdin()
                        : analysis.descriptors.getOrDefault(fd, Analysis.Stdin.HIDDEN);
                stdinCode(deepest, p, site.at(site.location() + " (the script " + file.text + ")"),
                        in.kind() == Analysis.StdinKind.TERMINAL && fd != 0 ? Analysis.Stdin.HIDDEN : in);
                return;
            }
            if (file.unresolved()) {
                analysis.raise(site, analysis.setting("dynamic-code"), "the script " + file.text + " is only known at run time");
            } else {
                analysis.raise(site, deepest.codeFile(), "runs " + file.text);
                ranDownloaded(file.text, site);
                scriptNamesake(file, p, site);
            }
            ranWritten(file.text, codeFileLanguage(deepest), site);
        }
    }

    /**
     * A script file bearing the name of a program the rules know ({@code python manage.py flush},
     * {@code php artisan migrate:fresh}, {@code ruby bin/rails db:drop}) is that program's own entry point: it is
     * judged again as that program given the words after the script, on top of the interpreter's verdict (which
     * it can only raise), as a program outside the system directories is judged as its namesake.
     */
    private void scriptNamesake(Arg file, ParsedArgs p, Site site) {
        String name = file.text.substring(file.text.lastIndexOf('/') + 1);
        int at = -1;
        for (int i = 0, n = p.args.size(); i < n && at < 0; i++) {
            at = p.args.get(i) == file ? i : -1;   // the very word: an option's value may have the same text
        }
        if (name.isEmpty() || at < 0 || analysis.budget.exhausted || analysis.rules.program(name) == null) {
            return;
        }
        List<Arg> as = new ArrayList<>(p.args.size() - at);
        as.add(new Arg(name, false, false, file.start, file.end));
        as.addAll(p.args.subList(at + 1, p.args.size()));
        analysis.command(as, Map.of(), site.at(site.location() + " (the script " + file.text + " as " + name + ")"),
                List.of(), false);
    }

    /**
     * The descriptor a path names ({@code /dev/fd/N}, {@code /proc/self/fd/N}, {@code /proc/thread-self/fd/N};
     * {@code /dev/stdin} is 0), or -1 for any other path.
     */
    static int descriptorNumber(String path) {
        String p = PathText.normalize(path);
        if (p.equals("/dev/stdin")) {
            return 0;
        }
        for (String dir : DESCRIPTOR_DIRS) {
            if (p.startsWith(dir) && p.length() > dir.length() && p.length() <= dir.length() + 4) {
                int n = 0;
                for (int i = dir.length(); i < p.length(); i++) {
                    char c = p.charAt(i);
                    if (c < '0' || c > '9') {
                        return -1;
                    }
                    n = n * 10 + (c - '0');
                }
                return n;
            }
        }
        return -1;
    }

    private static final String[] DESCRIPTOR_DIRS = {"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"};

    private void stdinCode(Section deepest, ParsedArgs p, Site site, Analysis.Stdin in) {
        stdinCode(stdinLanguage(deepest), interactive(deepest, p), deepest.stdinCode(), site, in);
        inputEscapes(deepest, p, site, in);
    }

    /**
     * A program that takes its statements from its input but has no {@code stdin-code} row ({@code psql},
     * {@code mysql}): a literal here-document or here-string is read whole by an unmarked {@code code … input}
     * row, and what its statements do are the command's own facts, for its {@code when} rows
     * ({@code psql app <<< 'DROP TABLE t'} as {@code psql -c 'DROP TABLE t'}).
     */
    private void inputStatements(CodeRule c, ParsedArgs p, Site site, Set<String> facts) {
        Analysis.Stdin in = site.ctx().stdin();
        if (!c.after().isEmpty() || p.path.isEmpty() || p.path.get(p.path.size() - 1).stdinCode() != null) {
            return;
        }
        if (in.kind() == Analysis.StdinKind.HEREDOC && in.literal() && in.text() != null) {
            read(c, in.text(), false, p, site.at(site.location() + " <<").withStdin(Analysis.Stdin.NONE), facts);
            return;
        }
        // echo 'DROP TABLE t' | psql: what a printer of literal words pipes in is as known as a here-string
        PipedWords piped = analysis.piped;
        String text = piped != null && piped.feeds(site.ctx()) ? piped.text() : null;
        if (text != null) {
            read(c, text, false, p, site.at(site.location() + " <|").withStdin(Analysis.Stdin.NONE), facts);
        }
    }

    /**
     * A literal here-document or here-string the program reads as its own commands: the {@code code … input}
     * rows on the section's path find the escapes in it ({@code ed <<< '!CMD'}, {@code mysql <<< '\! CMD'}),
     * whether or not cmdgate reads the rest of that language. What an escape runs reads what is left of the
     * input: nothing.
     */
    void inputEscapes(Section deepest, ParsedArgs p, Site site, Analysis.Stdin in) {
        if (in.kind() != Analysis.StdinKind.HEREDOC || !in.literal() || in.text() == null) {
            return;
        }
        Site inner = site.at(site.location() + " <<").withStdin(Analysis.Stdin.NONE);
        for (Section s = deepest; s != null; s = s.parent()) {
            for (CodeRule c : s.codes()) {
                if (c.source() != CodeRule.Source.INPUT) {
                    continue;
                }
                if (c.after().isEmpty()) {
                    read(c, in.text(), false, p, inner, new LinkedHashSet<>());
                    continue;
                }
                for (String code : escapedLines(in.text(), c.after())) {
                    read(c, code, false, p, inner, new LinkedHashSet<>());
                }
            }
        }
    }

    /**
     * Code read from standard input or a descriptor in LANG (null: a language cmdgate does not read there);
     * {@code interactiveVerdict} is the program's own verdict for a terminal, null for hidden-input.
     */
    private void stdinCode(String lang, boolean interactive, Rating interactiveVerdict, Site site, Analysis.Stdin in) {
        switch (in.kind()) {
            case PIPE -> analysis.raise(site, analysis.setting("piped-code"));
            case HEREDOC -> {
                if (!in.literal()) {
                    analysis.raise(site, analysis.setting("dynamic-code"), "the here-document has expansions");
                } else if (lang != null && (lang.equals("sh") || analysis.rules.language(lang) != null)) {
                    // the code was the input: what it runs reads what is left of it, nothing
                    runCode(lang, in.text(), false, site.at(site.location() + " <<").withStdin(Analysis.Stdin.NONE),
                            new LinkedHashSet<>());
                } else {
                    analysis.raise(site, analysis.setting("heredoc-code"), (lang != null ? lang : "the program's") + " code in a here-document");
                }
            }
            case FILE -> {
                if (interactive) {
                    analysis.raise(site, hiddenInput(), "an interactive shell reads a file as typed input");
                } else {
                    analysis.raise(site, analysis.setting("stdin-file-code"));
                }
                if (in.text() != null) {
                    ranDownloaded(in.text(), site);
                    // echo '…' > f; sh < f: the text the line wrote is the script
                    ranWritten(in.text(), lang, site);
                }
            }
            case HIDDEN -> analysis.raise(site, hiddenInput(), "standard input is a terminal, device, FIFO or socket");
            case NONE -> {
            }
            default -> analysis.raise(site, interactiveVerdict != null ? interactiveVerdict : hiddenInput());
        }
    }

    /** The hidden-input verdict; rule sets written before it existed fall back to piped-code. */
    private Rating hiddenInput() {
        Rating v = analysis.setting("hidden-input");
        return v != null ? v : analysis.setting("piped-code");
    }

    /** Whether one of the section's {@code stdin-code … interactive OPT} options is given (sh -i). */
    private static boolean interactive(Section deepest, ParsedArgs p) {
        for (String o : deepest.stdinInteractive()) {
            if (p.has(o)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether reading {@code path} gives content cmdgate cannot know: a terminal, device, FIFO made
     * by this script, /proc entry or descriptor (not /dev/null, not an ordinary file under /dev).
     */
    boolean isHiddenSource(String path) {
        String p = PathText.normalize(path);
        if (p.startsWith("./")) {
            p = p.substring(2);
        }
        if (analysis.scriptFiles.isFifo(p)) {
            return true;
        }
        if (p.equals("/dev/null") || p.equals("/dev/zero")) {
            return false;
        }
        return (p.startsWith("/dev/") && !analysis.rules.isOrdinaryFile(p)) || p.startsWith("/proc/");
    }

    /**
     * The language a program reads from standard input: that of its {@code code-file LANG} row, else of its
     * first code row that holds code (not a command line, program name or file reading); sh when there is none.
     */
    private static String stdinLanguage(Section deepest) {
        // ed's commands come from its input and from a script file alike: its code-file row names their language
        String lang = codeFileLanguage(deepest);
        return lang != null ? lang : "sh";
    }

    /** The language of the first code row on the section's path that holds code, or null. */
    private static String codeRowsLanguage(Section deepest) {
        for (Section s = deepest; s != null; s = s.parent()) {
            for (CodeRule c : s.codes()) {
                if (!READINGS.contains(c.language()) && c.source() != CodeRule.Source.INPUT) {
                    return c.language();
                }
            }
        }
        return null;
    }

    /**
     * The language of a script file a section's {@code code-file} row runs: the row's own, else that of
     * the code rows on the path ({@code python -c}), else none (null): code cmdgate cannot read.
     */
    private static String codeFileLanguage(Section deepest) {
        return deepest.codeFileLanguage() != null ? deepest.codeFileLanguage() : codeRowsLanguage(deepest);
    }

    // ------------------------------------------------------------------ files the script wrote, then runs

    /**
     * Running a file this script wrote literal text into ({@code echo '…' > f.go; go run f.go}): the text
     * is read as code of {@code lang} when cmdgate reads that language; else the runner's verdict stands.
     * The file is matched by its name as written, so {@code $TF.go} written and run is the same file.
     */
    void ranWritten(String file, String lang, Site site) {
        if (lang == null) {
            return;
        }
        String text = analysis.scriptFiles.text(file);
        if (text == null || !(ANALYSED.contains(lang) || analysis.rules.language(lang) != null)) {
            return;
        }
        runCode(lang, text, false, site.below(file), new LinkedHashSet<>());
    }

    /**
     * Running a file this script wrote as a program ({@code ./f}, {@code /tmp/f}): its {@code #!} line names
     * the interpreter, whose {@code code-file} language reads the text; without one, the shell runs it.
     */
    void ranProgram(String path, Site site) {
        String text = analysis.scriptFiles.text(path);
        if (text == null) {
            return;
        }
        String lang = "sh";
        if (text.startsWith("#!")) {
            int nl = text.indexOf('\n');
            String[] w = Chars.splitRuns(text.substring(2, nl < 0 ? text.length() : nl).trim(), " \t", 0);
            int k = 0;
            String prog = w[0].substring(w[0].lastIndexOf('/') + 1);
            if (prog.equals("env")) {
                for (k = 1; k < w.length && w[k].startsWith("-"); k++) {
                    // env -S, env -i: options before the interpreter
                }
                prog = k < w.length ? w[k] : "";
            }
            Section s = prog.isEmpty() ? null : analysis.rules.program(prog);
            lang = s == null || s.codeFile() == null ? null : codeFileLanguage(s);
        }
        ranWritten(path, lang, site);
    }

    /** Running a file that a network command wrote earlier in the script: unverifiable code. */
    void ranDownloaded(String file, Site site) {
        if (analysis.scriptFiles.wasDownloaded(file)) {
            analysis.raise(site, analysis.setting("dynamic-code"), file + " was written earlier in this command line by a command that reaches the network");
        }
    }
}
