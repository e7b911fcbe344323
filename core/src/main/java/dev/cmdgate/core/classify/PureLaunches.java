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
                if (code != null || u.value() == null || u.from() == null || u.from().unresolved()) {
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
        int dirs = 0;
        for (String e : entries) {
            if (moduleFile(e, suffixes)) {
                return e + " in the working directory may be imported in place of a standard module";
            }
        }
        for (String e : entries) {
            String path = dir + "/" + e;
            SiteFiles.Kind k = files.kind(path);
            if (k == SiteFiles.Kind.LINK) {
                String real = files.realPath(path);
                k = real == null ? SiteFiles.Kind.NONE : files.kind(real);
            }
            if (k != SiteFiles.Kind.DIRECTORY) {
                continue;
            }
            if (++dirs > MAX_DIRS) {
                return "more than " + MAX_DIRS + " directories in the working directory";
            }
            List<String> inside = files.list(path);
            for (String i : inside == null ? List.<String>of() : inside) {
                if (i.startsWith("__init__.") && moduleFile(i, suffixes)) {
                    return e + "/" + i + " makes " + e + " a package the interpreter may import in place of a standard module";
                }
            }
        }
        return null;
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
