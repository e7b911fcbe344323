package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.Rating;
import dev.cmdgate.core.rules.WriteRule;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The files a command's {@code writes} rows name: which operands, option values, names derived from them (a
 * suffix, a URL's last segment, a link's target, a source's name inside a destination directory) and paths inside
 * values in the program's own language are written, each judged by {@link FileEffects#writePath}.
 */
final class WriteRows {

    private final Analysis analysis;
    private final FileEffects files;
    private final DirectoryWrites directoryWrites;

    WriteRows(FileEffects files, DirectoryWrites directoryWrites) {
        this.analysis = files.analysis();
        this.files = files;
        this.directoryWrites = directoryWrites;
        this.statements = new StatementFiles(files);
    }

    /**
     * The destinations of the current command's {@code writes into} rows that hold ({@link #receiving}): the last
     * operand (by identity) and the option values. Such a destination, when it is a directory, only gains or replaces
     * entries named after the sources, which the {@code into} rows judge; so wherever the command's rows write it, it
     * is judged as a name the command makes or replaces ({@link OwnFiles#named}), never as a directory above one of
     * the gate's files ({@code cp x ..} beside the gate's directory). Empty when a source's name is not known
     * ({@code cp -r d/. ..} copies d's entries into {@code ..}), or the command is another.
     */
    private Set<Arg> receivingOperands = Set.of();
    private List<String> receivingValues = List.of();

    /** The option values among {@link #receivingOperands}' destinations: judged as names by the own-file checks too. */
    List<String> receivingValues() {
        return receivingValues;
    }

    /** Sets (or, with no rows, clears) the destinations the {@code into} rows {@code rows} judge for {@code p}. */
    void receiving(ParsedArgs p, List<WriteRule> rows) {
        receivingOperands = Set.of();
        receivingValues = List.of();
        if (rows.isEmpty()) {
            return;   // after every command: nothing to make
        }
        Set<Arg> ops = Collections.newSetFromMap(new IdentityHashMap<>(2));
        List<String> values = new ArrayList<>(1);
        for (WriteRule wr : rows) {
            boolean last = wr.target() == WriteRule.Target.INTO_LAST;
            if (!last && !given(wr.name(), p)) {
                continue;   // cp's -t row without -t
            }
            int sources = last ? p.operands.size() - 1 : p.operands.size();
            if (sources < 1 || sources > 64) {
                return;
            }
            for (int i = 0; i < sources; i++) {
                Arg s = p.operands.get(i);
                if (s.unresolved() || lastComponent(s.text) == null) {
                    return;   // where its entries go is not known from its name: the destination is judged whole
                }
            }
            if (last) {
                ops.add(p.operands.get(p.operands.size() - 1));
            } else {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(wr.name()) && u.value() != null && !u.from().unresolved()
                            && !PathPattern.isPattern(u.value())) {
                        values.add(u.value());
                    }
                }
            }
        }
        receivingOperands = ops;
        receivingValues = values;
    }

    private static boolean given(String option, ParsedArgs p) {
        for (ParsedArgs.Use u : p.options) {
            if (u.name().equals(option) && u.value() != null) {
                return true;
            }
        }
        return false;
    }

    /** Whether the word is a destination the {@code into} rows judge by the names it receives. */
    boolean receives(Arg a) {
        return !a.unresolved() && a.pattern == null && !PathPattern.isPattern(a.text)
                && (receivingOperands.contains(a) || receivingValues.contains(a.text));
    }

    void writesRow(WriteRule wr, ParsedArgs p, Site site) {
        switch (wr.target()) {
            case OPERANDS -> {
                for (Arg a : p.operands) {
                    analysis.claim(a);
                    files.writePath(a, wr.verdict(), site);
                }
            }
            case FIRST -> {
                if (!p.operands.isEmpty()) {
                    analysis.claim(p.operands.get(0));
                    files.writePath(p.operands.get(0), wr.verdict(), site);
                }
            }
            case PREFIX_LAST, PREFIX_OPT -> {
                for (Arg v : destinations(wr, p)) {
                    // split IN STATE/p writes STATE/paa …: names that begin with the value
                    files.writePath(new Arg(v.text + "$(…)", true, false, -1, -1), wr.verdict(), site);
                }
            }
            case INTO_LAST, INTO_OPT -> {
                List<Arg> dest = destinations(wr, p);
                int sources = wr.target() == WriteRule.Target.INTO_LAST ? p.operands.size() - 1 : p.operands.size();
                for (Arg d : dest) {
                    for (int i = 0; i < sources && i < 64; i++) {
                        String name = lastComponent(p.operands.get(i).text);
                        if (name != null) {
                            // cp W/one/KEY.jsa DIR: DIR may be a directory, and then DIR/KEY.jsa is the file written
                            files.writePath(new Arg(d.text + "/" + name, d.dynamic || p.operands.get(i).dynamic, false, -1,
                                    -1), wr.verdict(), site);
                        }
                    }
                }
            }
            case LAST -> {
                if (!p.operands.isEmpty()) {
                    analysis.claim(p.operands.get(p.operands.size() - 1));
                    files.writePath(p.operands.get(p.operands.size() - 1), wr.verdict(), site);
                }
            }
            case OPT -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(wr.name()) && u.value() != null) {
                        files.writePath(new Arg(u.value(), u.from().dynamic, false, -1, -1), wr.verdict(), site);
                    }
                }
            }
            case PARTS_OPT -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(wr.name()) && u.value() != null) {
                        for (String f : OptionParts.files(u.value(), wr.words())) {
                            // the JVM fills %p and %t in at run time (-Xlog:…:file=gc-%p.log)
                            int pct = f.indexOf('%');
                            String text = pct < 0 ? f : f.substring(0, pct) + "$(…)";
                            files.writePath(new Arg(text, u.from().dynamic || pct >= 0, false, -1, -1), wr.verdict(), site);
                        }
                    }
                }
            }
            case WORK_TREE -> directoryWrites.workTree(wr, p, site);
            case ENV, ENV_DIR -> {
                for (String var : wr.words()) {
                    for (String value : var.startsWith("-") ? optionValues(var, p) : variableFiles(var)) {
                        if (wr.target() == WriteRule.Target.ENV) {
                            files.writePath(Arg.literal(value), wr.verdict(), site);
                        } else {
                            directoryWrites.writtenDirectory(value, site);
                        }
                    }
                }
            }
            case SUFFIXED_LAST, SUFFIXED_OPERANDS -> suffixed(wr, p, site);
            case UNSUFFIXED_OPERANDS -> {
                for (int k = 0; k < p.operands.size() && k < 64; k++) {
                    Arg a = p.operands.get(k);
                    for (String f : UnsuffixedNames.of(a.text, wr.words(), optionValues(wr.name(), p))) {
                        files.writePath(new Arg(f, a.dynamic, false, -1, -1), wr.verdict(), site);
                    }
                }
            }
            case KEY -> {
                String prefix = wr.name() + "=";
                for (Arg a : p.operands) {
                    if (a.text.startsWith(prefix)) {
                        files.writePath(new Arg(a.text.substring(prefix.length()), a.dynamic, false, -1, -1), wr.verdict(),
                                site);
                    }
                }
            }
            case AFTER -> {
                List<Arg> all = p.operands;
                for (int i = 0; i + 1 < all.size(); i++) {
                    if (!all.get(i).dynamic && wr.words().contains(all.get(i).text)) {
                        analysis.claim(all.get(i + 1));
                        files.writePath(all.get(i + 1), wr.verdict(), site);
                    }
                }
            }
            case PREFIXED -> {
                List<Arg> ops = p.operands;
                int from = 0;
                int to = ops.size();
                if ("first".equals(wr.name())) {
                    to = Math.min(1, to);
                } else if ("last".equals(wr.name())) {
                    from = Math.max(0, to - 1);
                }
                for (int i = from; i < to; i++) {
                    Arg a = ops.get(i);
                    for (String part : a.text.split("!!")) {
                        String lower = part.toLowerCase(java.util.Locale.ROOT);
                        for (String prefix : wr.words()) {
                            if (lower.startsWith(prefix)) {
                                String file = part.substring(prefix.length());
                                int comma = file.indexOf(',');
                                file = comma >= 0 ? file.substring(0, comma) : file;
                                if (!file.isEmpty()) {
                                    files.writePath(new Arg(file, a.dynamic, false, -1, -1), wr.verdict(), site);
                                }
                                break;
                            }
                        }
                    }
                }
            }
            case LINK_SOURCES -> linkSources(wr, p, site);
            case URL_NAMES -> {
                for (Arg a : p.operands) {
                    String name = urlFileName(a.text);
                    if (name != null) {
                        files.writePath(new Arg(name, a.dynamic, false, -1, -1), wr.verdict(), site);
                    }
                }
            }
            case MENTIONS_OPERANDS -> {
                for (Arg a : p.operands) {
                    mentions(a, wr.verdict(), site);
                }
            }
            case MENTIONS_OPT -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(wr.name()) && u.value() != null) {
                        mentions(new Arg(u.value(), u.from().dynamic, false, -1, -1), wr.verdict(), site);
                    }
                }
            }
            case NAMED_OPERANDS -> {
                for (Arg a : p.operands) {
                    named(a, wr.words(), wr.verdict(), site);
                }
                Analysis.Stdin in = site.ctx().stdin();
                if (in != null && in.text() != null && StatementFiles.has(wr.words())) {
                    // sqlite3 db < c.sql, or a here-document: statements from its input, judged as on the line
                    if (in.kind() == Analysis.StdinKind.FILE) {
                        statements.file(in.text(), wr.words(), wr.verdict(), site, 0);
                    } else if (in.kind() == Analysis.StdinKind.HEREDOC) {
                        statements.text(in.text(), false, wr.words(), wr.verdict(), site, 0);
                    }
                }
            }
            case NAMED_OPT -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(wr.name()) && u.value() != null) {
                        named(new Arg(u.value(), u.from().dynamic, false, -1, -1), wr.words(), wr.verdict(), site);
                    }
                }
            }
            default -> {
            }
        }
    }

    /**
     * What a link points to, as a written path: a write through the link later names only the link. A relative
     * target is followed from the directory the link is made in (the last operand's directory, or the last
     * operand itself when it is a directory, or the directory option's value), and is also checked from the
     * working directory (a hard link's source, {@code ln -r}).
     */
    private void linkSources(WriteRule wr, ParsedArgs p, Site site) {
        String dirOption = null;
        for (ParsedArgs.Use u : p.options) {
            if (u.name().equals(wr.name()) && u.value() != null) {
                dirOption = u.value();
            }
        }
        int n = p.operands.size();
        int sources = dirOption != null ? n : n - 1;
        if (n == 0) {
            return;
        }
        String last = n >= 2 && dirOption == null ? p.operands.get(n - 1).text : null;
        boolean lastDynamic = last != null && p.operands.get(n - 1).dynamic;
        boolean fromLink = wr.words().contains("from-link");
        for (int i = 0; i < Math.max(sources, 1); i++) {
            Arg a = p.operands.get(i);
            boolean relative = !(a.text.startsWith("/") || a.text.startsWith("~") || a.text.startsWith("$"));
            String[] dirs = dirOption != null ? new String[] {dirOption}
                    : last == null ? new String[0] : new String[] {parentOf(last), last};
            if (!relative || !fromLink || dirs.length == 0) {
                // a hard link's or ln -r's source is named from the working directory (so is a link made here)
                files.writePath(a, wr.verdict(), site);
            }
            if (!relative) {
                continue;
            }
            for (String d : dirs) {
                if (fromLink || !d.equals(".")) {
                    files.writePath(new Arg(d + "/" + a.text, a.dynamic || lastDynamic, false, -1, -1), wr.verdict(), site);
                }
            }
        }
    }

    /**
     * The literal values the variable has for the command (given on the line, earlier in it, or by the launch's
     * environment) that may name a file: a switch such as {@code 1}, {@code true} or {@code 0} names none. A value
     * only known at run time is a computed path (judged as one elsewhere: not followed here).
     */
    private List<String> variableFiles(String var) {
        List<String> out = new ArrayList<>(1);
        for (String v : analysis.env.literals(var)) {
            if (!v.isEmpty() && !isSwitch(v)) {
                out.add(v);
            }
        }
        return out;
    }

    /** The literal values of the option {@code name}. */
    private static List<String> optionValues(String name, ParsedArgs p) {
        List<String> out = new ArrayList<>(1);
        for (ParsedArgs.Use u : p.options) {
            if (u.name().equals(name) && u.value() != null && !u.from().dynamic) {
                out.add(u.value());
            }
        }
        return out;
    }

    private static boolean isSwitch(String v) {
        if (v.length() <= 2 && Character.isDigit(v.charAt(0))) {
            return true;
        }
        String l = v.toLowerCase(java.util.Locale.ROOT);
        return l.equals("true") || l.equals("false") || l.equals("yes") || l.equals("no") || l.equals("on")
                || l.equals("off");
    }

    /**
     * Names derived from the written operands by a suffix ({@code cp -b -S .jsonl x audit}, {@code sed -i.bak F}):
     * {@code DEST+SUFFIX}; a {@code *} in the suffix stands for the file's name, and a suffix holding a {@code /}
     * (after that replacement) names a path of its own, from where the command works.
     */
    private void suffixed(WriteRule wr, ParsedArgs p, Site site) {
        List<Arg> suffixes = new ArrayList<>(1);
        if (wr.name() != null) {
            for (ParsedArgs.Use u : p.options) {
                if (u.name().equals(wr.name()) && u.value() != null && !u.value().isEmpty()) {
                    suffixes.add(new Arg(u.value(), u.from().dynamic, false, -1, -1));
                }
            }
        }
        if (suffixes.isEmpty()) {
            for (String var : wr.words()) {
                EnvState.Value v = analysis.env.value(var);
                if (v != null && v.dynamic()) {
                    suffixes.add(new Arg("$(…)", true, false, -1, -1));
                }
                for (String literal : analysis.env.literals(var)) {
                    if (!literal.isEmpty()) {
                        suffixes.add(Arg.literal(literal));
                    }
                }
            }
        }
        if (suffixes.isEmpty()) {
            return;
        }
        int n = p.operands.size();
        List<Arg> dests = wr.target() == WriteRule.Target.SUFFIXED_OPERANDS ? p.operands
                : n < 2 ? List.of() : List.of(p.operands.get(n - 1));
        for (int k = 0; k < dests.size() && k < 64; k++) {
            Arg d = dests.get(k);
            for (Arg suf : suffixes) {
                boolean dynamic = d.dynamic || suf.dynamic;
                files.writePath(new Arg(d.text + suf.text, dynamic, false, -1, -1), wr.verdict(), site);
                if (suf.text.indexOf('*') >= 0 || suf.text.indexOf('/') >= 0) {
                    String base = lastComponent(d.text);
                    String named = suf.text.replace("*", base == null ? "" : base);
                    if (named.indexOf('/') < 0) {
                        named = parentOf(d.text) + "/" + named;
                    }
                    files.writePath(new Arg(named, dynamic, false, -1, -1), wr.verdict(), site);
                }
            }
        }
    }

    /** The last operand ({@code … last} rows, with at least two operands) or the option's values. */
    private static List<Arg> destinations(WriteRule wr, ParsedArgs p) {
        if (wr.target() == WriteRule.Target.PREFIX_LAST || wr.target() == WriteRule.Target.INTO_LAST) {
            return p.operands.size() < 2 ? List.of() : List.of(p.operands.get(p.operands.size() - 1));
        }
        List<Arg> out = new ArrayList<>(1);
        for (ParsedArgs.Use u : p.options) {
            if (u.name().equals(wr.name()) && u.value() != null) {
                out.add(new Arg(u.value(), u.from().dynamic, false, -1, -1));
            }
        }
        return out;
    }

    /** A path's last component ({@code a/b/} → {@code b}), or null for none or {@code .}/{@code ..}. */
    private static String lastComponent(String path) {
        String p = path;
        while (p.endsWith("/") && p.length() > 1) {
            p = p.substring(0, p.length() - 1);
        }
        String name = p.substring(p.lastIndexOf('/') + 1);
        return name.isEmpty() || name.equals(".") || name.equals("..") || name.equals("/") ? null : name;
    }

    private static String parentOf(String path) {
        String p = path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
        int slash = p.lastIndexOf('/');
        return slash < 0 ? "." : slash == 0 ? "/" : p.substring(0, slash);
    }

    /** Every path-like word inside a value that is a command of the program's own language. */
    private void mentions(Arg a, Rating ordinary, Site site) {
        int found = 0;
        for (String w : PathWords.of(a.text)) {
            if (found >= 64) {
                break;
            }
            if (w.startsWith("/") || w.startsWith("~") || analysis.rules.isSensitivePath(w)) {
                found++;
                files.writePath(new Arg(w, a.dynamic && w.indexOf('$') >= 0, false, -1, -1), ordinary, site);
            }
        }
    }

    /** The file named after each phrase in a value that is statements of the program's own language. */
    private void named(Arg a, List<String> phrases, Rating ordinary, Site site) {
        statements.text(a.text, a.dynamic, phrases, ordinary, site, 0);
    }

    /** The files statements name ({@code writes named} rows), and the files of more statements they read. */
    private final StatementFiles statements;

    /** The file a download of a URL is saved as by default: its last path segment, or null for none. */
    static String urlFileName(String url) {
        int scheme = url.indexOf("://");
        if (scheme <= 0) {
            return null;
        }
        String rest = url.substring(scheme + 3);
        int cut = rest.length();
        for (char c : new char[] {'?', '#'}) {
            int k = rest.indexOf(c);
            if (k >= 0 && k < cut) {
                cut = k;
            }
        }
        rest = rest.substring(0, cut);
        int slash = rest.indexOf('/');
        if (slash < 0) {
            return null;
        }
        String name = rest.substring(rest.lastIndexOf('/') + 1);
        return name.isEmpty() || name.equals(".") || name.equals("..") ? null : name;
    }
}
