package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import dev.cmdgate.core.rules.WriteRule;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes whose files the line does not name, only the directory they are in: a work tree a command rewrites
 * ({@code git stash}, {@code git checkout}) and a directory a variable gives a program to make files in
 * ({@code TMPDIR=DIR}). Such a directory holding one of the gate's files raises {@code own-files}.
 */
final class DirectoryWrites {

    private final Analysis analysis;
    /** The launch's files, for finding the work tree. */
    private final FileEffects effects;
    private final OwnFiles own;
    private final WorkingDirectories where;
    private final OwnFileChecks owned;

    DirectoryWrites(FileEffects files, OwnFiles own, WorkingDirectories where, OwnFileChecks owned) {
        this.analysis = files.analysis();
        this.effects = files;
        this.own = own;
        this.where = where;
        this.owned = owned;
    }

    /**
     * A command that rewrites files of its work tree ({@code git stash}, {@code git checkout}): which files is known
     * only to the repository, so a work tree that holds one of the gate's files, is the directory one is in or lies
     * inside a protected directory is judged as writing it. Where the command works unknown (a directory only known
     * at run time, the CLI without a launch directory): only a work tree named by a literal absolute path is checked.
     */
    void workTree(WriteRule wr, ParsedArgs p, Site site) {
        if (own.isEmpty()) {
            return;
        }
        List<String> named = new ArrayList<>(1);
        List<String> gitDirs = new ArrayList<>(1);
        String repo = null;
        String key = null;
        boolean gitDirWords = false;
        List<String> w = wr.words();
        for (int i = 0; i < w.size(); i++) {
            String word = w.get(i);
            if (word.equals("gitdir")) {
                gitDirWords = true;
            } else if (word.equals("repo")) {
                repo = w.get(++i);
            } else if (word.equals("config")) {
                key = w.get(++i);
            } else if (!namedBy(word, p, gitDirWords ? gitDirs : named)) {
                // named by a value only known at run time: it may be any directory, one holding the gate's files too
                OwnFiles.Entry any = own.entries().get(0);
                analysis.raise(site, analysis.setting("own-files"), any.what() + " " + any.path() + " (the work tree "
                        + "or repository is only known at run time, and the command rewrites the work tree's files)");
                return;
            }
        }
        List<String> from = where.startDirectories();
        if (from == null) {
            from = List.of();
        }
        if (from.isEmpty() && (named.isEmpty() || !named.get(0).startsWith("/"))) {
            return;
        }
        // a site that reads no files (a test, a replayed line) still has its repositories on this disk
        SiteFiles files = effects.siteFiles();
        List<String> trees;
        try {
            trees = WorkTrees.of(named, gitDirs, from.isEmpty() ? List.of("/") : from, repo, key, files);
        } catch (SiteFiles.Unreadable e) {
            analysis.raise(site, analysis.setting("own-files"), "where the work tree the command rewrites is cannot be told: "
                    + e.getMessage());
            return;
        }
        for (String tree : trees) {
            OwnFiles.Entry e = own.within(tree);
            if (e != null) {
                analysis.raise(site, analysis.setting("own-files"), e.what() + " " + e.path() + " (in the work tree "
                        + tree + ", whose files the command rewrites)");
                return;
            }
        }
    }

    /**
     * A directory the command writes files in by names of its own ({@code GNUPGHOME=DIR}, {@code TMPDIR=DIR}): of the
     * gate's own when it is or lies in a protected directory, or directly holds a protected file (what it names there
     * is not known, so any of its files may be). A deeper protected file is not reached by a name made there.
     */
    void writtenDirectory(String dir, Site site) {
        String d = PathText.normalize(dir);
        if (d.equals("~") || d.startsWith("~/")) {
            if (where.home == null) {
                return;
            }
            d = where.home + d.substring(1);
        }
        List<String> from = !d.startsWith("/") ? where.changedDirectory ? where.possibleDirectories : where.cwd == null ? null
                : List.of(where.cwd) : List.of("/");
        for (int i = 0, n = from == null ? 0 : from.size(); i < n; i++) {
            String abs = PathText.resolveDots(PathText.normalize(d.startsWith("/") ? d : from.get(i) + "/" + d));
            OwnFiles.Entry e = own.directlyIn(abs);
            if (e != null) {
                analysis.raise(site, analysis.setting("own-files"), e.what() + " " + e.path()
                        + " (in the directory " + abs + ", where the command writes files it names itself)");
                return;
            }
        }
        if (from == null) {
            // where a relative directory starts is not known: by its name, as any relative written path
            owned.ownWrite(new Arg(d + "/$(…)", true, false, -1, -1), site, "");
        }
    }

    /**
     * Adds the values of the option or {@code $VARIABLE} {@code word} to {@code out}; false when one is only known at
     * run time.
     */
    private boolean namedBy(String word, ParsedArgs p, List<String> out) {
        if (word.startsWith("$")) {
            EnvState.Value v = analysis.env.value(word.substring(1));
            if (v != null && v.dynamic()) {
                return false;
            }
            for (String literal : analysis.env.literals(word.substring(1))) {
                if (!literal.isEmpty() && !out.contains(literal)) {
                    out.add(literal);
                }
            }
            return true;
        }
        for (ParsedArgs.Use u : p.options) {
            if (u.name().equals(word) && u.value() != null) {
                String v = u.from().dynamic ? withKnownValues(u.value()) : u.value();
                if (v == null) {
                    return false;
                }
                out.add(v);
            }
        }
        return true;
    }

    /**
     * The text with its leading {@code $PWD}, {@code $OLDPWD} or {@code $HOME} (braced or not) replaced by the one
     * value the gate knows it has ({@code --work-tree=$PWD/..}), or null when it holds anything else only known at
     * run time.
     */
    private String withKnownValues(String text) {
        for (String name : KNOWN_DIRECTORY_VARIABLES) {
            for (String spelled : new String[] {"${" + name + "}", "$" + name}) {
                if (!text.startsWith(spelled) || spelled.length() == name.length() + 1 && text.length() > spelled.length()
                        && (Character.isLetterOrDigit(text.charAt(spelled.length())) || text.charAt(spelled.length()) == '_')) {
                    continue;
                }
                String value = knownValue(name);
                String rest = text.substring(spelled.length());
                return value == null || PathWords.hasExpansion(rest) ? null : value + rest;
            }
        }
        return null;
    }

    /** The variables naming directories whose value the gate may know from the launch or the line. */
    private static final List<String> KNOWN_DIRECTORY_VARIABLES = List.of("PWD", "OLDPWD", "HOME");

    /** The one value the variable has now: a single literal the line or launch gave it, else the launch's own. */
    private String knownValue(String name) {
        EnvState.Value v = analysis.env.value(name);
        if (v != null) {
            List<String> literals = analysis.env.literals(name);
            return v.dynamic() || literals.size() != 1 ? null : literals.get(0);
        }
        return where.launchValue(name);
    }
}
