package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import dev.cmdgate.core.rules.CodeRule;
import dev.cmdgate.core.rules.Language;
import dev.cmdgate.core.rules.PureLaunch;
import dev.cmdgate.core.rules.Purity;
import dev.cmdgate.core.rules.Rating;
import dev.cmdgate.core.rules.Section;
import java.util.ArrayList;
import java.util.List;

/**
 * Launches of an interpreter whose one-line program only computes and prints (docs/pure-code.md): a program section
 * with a {@code pure-code} row, one code option whose code {@link PureCode} finds pure, and no other options but those
 * the row lists. Such a launch starts at the language's {@code pure is} verdict instead of the section's. What the
 * code names on disk is checked once the launch is otherwise Read, through the site's bounded file access (as the
 * files that steer a program are): no module of the working directory the interpreter could import in place of a
 * standard one, and every JSON file {@code require}d a regular file. A launch whose files are not seen is not pure.
 */
final class PureLaunches {

    /** Subdirectories of the working directory looked into for a package before the check fails closed. */
    static final int MAX_DIRS = 64;
    /** Directories nested deeper than this below the working directory are not looked into: the launch is not pure. */
    static final int MAX_DEPTH = 6;

    /** A pure program whose files are checked at the end: where, in which language, what it imports and requires. */
    private record Pending(Site site, Language lang, PureCode.Pure pure, boolean cwdModules, boolean directoryKnown) {
    }

    private final Analysis analysis;
    private final boolean seen;
    private final List<Pending> pending = new ArrayList<>(0);
    /** The code of the launch being evaluated that was found pure: read with the language's pure verdict. */
    private String current;

    PureLaunches(Analysis analysis, boolean seen) {
        this.analysis = analysis;
        this.seen = seen;
    }

    /**
     * The verdict the launch starts at when it runs only a pure program, else null. Notes the program for the check
     * of its files.
     */
    Rating start(ParsedArgs p, Site site) {
        current = null;
        Section deepest = p.section();
        PureLaunch row = deepest == null ? null : deepest.pureLaunch();
        // a command a steering file names runs in a directory of its own, which this check does not follow: code as ever
        if (row == null || !seen || analysis.steering.checking()
                || (!row.programs().isEmpty() && !row.programs().contains(p.path.get(0).word()))) {
            return null;
        }
        CodeRule found = null;
        ParsedArgs.Use code = null;
        for (ParsedArgs.Use u : p.options) {
            CodeRule c = codeRow(deepest, u);
            if (c != null) {
                if (code != null || u.value() == null || u.from() == null || u.from().unresolved()
                        || analysis.files.holdsPlaceholder(u.value())) {
                    return null;
                }
                found = c;
                code = u;
            } else if (!row.with().contains(u.name())) {
                return null;
            }
        }
        if (found == null) {
            return null;
        }
        Language lang = analysis.rules.language(found.language());
        if (lang == null || !lang.purity().usable()) {
            return null;
        }
        PureCode.Outcome o = PureCode.read(lang.purity(), lang.syntax(), code.value());
        if (o.pure() == null) {
            return null;
        }
        boolean cwdModules = !lang.purity().cwdModules().isEmpty();
        for (ParsedArgs.Use u : p.options) {
            cwdModules &= !row.cwdUnless().contains(u.name());
        }
        pending.add(new Pending(site, lang, o.pure(), cwdModules, !analysis.files.changedDirectory()));
        for (String f : o.pure().reads()) {
            analysis.files.readPath(Arg.literal(f), false, site);
        }
        for (String f : o.pure().jsonFiles()) {
            analysis.files.readPath(Arg.literal(f), false, site);
        }
        current = code.value();
        return lang.purity().verdict();
    }

    /** The code row of {@code s} a plain code option names: {@code code LANG opt X}, with nothing else. */
    private static CodeRule codeRow(Section s, ParsedArgs.Use u) {
        for (CodeRule c : s.codes()) {
            if (c.source() == CodeRule.Source.OPT && c.after().isEmpty() && c.keys().isEmpty() && c.loads() == null
                    && c.verdict() == null && u.spec() != null && u.spec().names().contains(c.name())) {
                return c;
            }
        }
        return null;
    }

    /** Whether {@code code} is the program of the launch being evaluated, found pure. */
    boolean isCurrent(String code) {
        return current != null && current.equals(code);
    }

    /** The launch's evaluation is over: code read later is read as any code. */
    void done() {
        current = null;
    }

    /** Checks the files of every pure program noted; call once the launch is otherwise Read. */
    void check(SiteFiles files, String cwd) {
        for (Pending n : pending) {
            String why;
            try {
                why = files == null || cwd == null || !n.directoryKnown ? "the working directory is not known"
                        : check(n, files, cwd);
            } catch (SiteFiles.Unreadable e) {
                why = e.getMessage();
            }
            if (why != null) {
                analysis.raise(n.site, n.lang.verdict(), why);
            }
        }
    }

    private String check(Pending n, SiteFiles files, String cwd) throws SiteFiles.Unreadable {
        String dir = files.realPath(cwd);
        if (dir == null) {
            return "the working directory is not there";
        }
        for (String f : n.pure.jsonFiles()) {
            String path = dir + "/" + f.substring(2);
            if (files.kind(path) != SiteFiles.Kind.FILE) {
                return f + " is not a regular file: require may run code in its place";
            }
        }
        if (!n.cwdModules) {
            return null;
        }
        List<String> suffixes = n.lang.purity().cwdModules();
        List<String> entries = files.list(dir);
        if (entries == null) {
            return "the working directory cannot be listed";
        }
        for (String e : entries) {
            if (moduleFile(e, suffixes)) {
                return e + " in the working directory may be imported in place of a standard module";
            }
        }
        // a directory need not hold __init__ to be imported: PEP 420 makes any directory a namespace package, so
        // org/python/core.py runs when copy (3.6-3.11) tries from org.python.core import … — any module file below
        // a directory whose name an import could spell makes the launch not pure
        int[] dirs = {0};
        return below(files, dir, "", entries, suffixes, 1, dirs);
    }

    /** The first module file in a subdirectory of {@code path} an import could reach, or why it is not known. */
    private String below(SiteFiles files, String path, String rel, List<String> entries, List<String> suffixes, int depth,
            int[] dirs) throws SiteFiles.Unreadable {
        for (String e : entries) {
            if (!importable(e)) {
                continue;   // .venv, build-1: no dotted module name can spell it
            }
            String sub = path + "/" + e;
            SiteFiles.Kind k = files.kind(sub);
            if (k == SiteFiles.Kind.LINK) {
                String real = files.realPath(sub);
                k = real == null ? SiteFiles.Kind.NONE : files.kind(real);
            }
            if (k != SiteFiles.Kind.DIRECTORY) {
                continue;
            }
            if (++dirs[0] > MAX_DIRS) {
                return "more than " + MAX_DIRS + " directories below the working directory";
            }
            if (depth > MAX_DEPTH) {
                return "directories deeper than " + MAX_DEPTH + " levels below the working directory";
            }
            List<String> inside = files.list(sub);
            if (inside == null) {
                return rel + e + " cannot be listed";
            }
            for (String i : inside) {
                if (moduleFile(i, suffixes)) {
                    return rel + e + "/" + i + " may be imported (a package or a namespace package) in place of a standard module";
                }
            }
            String why = below(files, sub, rel + e + "/", inside, suffixes, depth + 1, dirs);
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    /** Whether an import statement could name this directory: a Python identifier. */
    private static boolean importable(String name) {
        if (name.isEmpty() || !(Character.isLetter(name.charAt(0)) || name.charAt(0) == '_')) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_')) {
                return false;
            }
        }
        return true;
    }

    private static boolean moduleFile(String name, List<String> suffixes) {
        for (String s : suffixes) {
            if (name.endsWith(s)) {
                return true;
            }
        }
        return false;
    }
}
