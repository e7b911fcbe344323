package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import dev.cmdgate.core.rules.ArgfileRule;
import dev.cmdgate.core.rules.Rating;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The arguments a program reads from files its words name ({@code argfiles} rows: {@code javac @args.txt}): each
 * such file is read through the launch's bounded reader ({@link FileEffects#siteFiles}) from the directory the
 * command works in, split as the program splits it, and its words take the place of the {@code @FILE} word, so
 * that {@code -Xstdout FILE} inside is judged as on the line. When the words cannot be told — a word only known at
 * run time that names a file ({@code @$F}), a file that is missing, unreadable (a FIFO, a device, too large, past the time
 * limit) or written by the script before or beside the command, a text the program could read two ways, too many
 * files or words — the command is {@code verdict unverifiable-arguments}, never judged as if the file were empty.
 * Only commands whose section has the row pay for any of this.
 */
final class ArgumentFiles {

    /** At most this many files are read for one launch, nested ones counted. */
    static final int MAX_FILES = 32;
    /** Nested files ({@code nested} rows) are followed this many levels down. */
    static final int MAX_DEPTH = 4;
    /** At most this many words come from files for one command. */
    static final int MAX_WORDS = 20_000;

    private final Analysis analysis;
    /** Files read from disk so far ({@link ScriptFiles#key}s): a later write of one changes what was judged. */
    private Set<String> read = Set.of();
    /** Paths the script wrote so far ({@link ScriptFiles#key}s, relative ones also from each start directory). */
    private Set<String> written = Set.of();
    /** The script wrote a path only known at run time, or more than can be remembered. */
    private boolean writtenUnknown;
    /** What the command being judged writes ({@link #nextCommand} moves it to {@link #written}). */
    private Set<String> pending = Set.of();
    private boolean pendingUnknown;
    private Site readSite;
    private int files;

    ArgumentFiles(Analysis analysis) {
        this.analysis = analysis;
    }

    /** Why the arguments cannot be told: the setting, or unverifiable code for a rules file without it. */
    private Rating verdict() {
        Rating v = analysis.setting("unverifiable-arguments");
        return v != null ? v : analysis.setting("dynamic-command");
    }

    private void unverifiable(Site site, String why) {
        analysis.raise(site, verdict(), why);
    }

    /** More of the command's input (a file of its statements) cannot be told: {@code unverifiable-arguments}. */
    void cannotTell(Site site, String why) {
        unverifiable(site, why);
    }

    /**
     * The words of the command as the program will have them, one list for each directory a relative file may be
     * read from (usually one); null when no word names a file, or when the words cannot be told (then raised here,
     * and the command is judged as written).
     */
    List<List<Arg>> readings(dev.cmdgate.core.rules.Section section, List<Arg> words, Site site) {
        ArgfileRule row = section.argfiles();
        int end = row.untilOperand() ? programsOwn(row, section, words) : words.size();
        boolean any = false;
        for (int i = 1; i < end; i++) {
            Arg w = words.get(i);
            if (w.unresolved() || w.pattern != null) {
                runTimeName(row, w, site);
            } else if (row.names(w.text) || row.escaped(w.text)) {
                any = true;
            }
        }
        if (!any) {
            return null;
        }
        List<String> dirs = analysis.files.startDirectories();
        List<List<Arg>> out = new ArrayList<>(1);
        List<String> texts = new ArrayList<>(1);
        int tries = dirs == null || dirs.isEmpty() ? 1 : dirs.size();
        List<String> missing = null;
        for (int d = 0; d < tries; d++) {
            Reading r = new Reading(row, dirs == null || dirs.isEmpty() ? null : dirs.get(d), site);
            List<Arg> spliced = new ArrayList<>(words.size());
            spliced.add(words.get(0));
            for (int i = 1, n = words.size(); i < n; i++) {
                if (i >= end) {
                    spliced.add(words.get(i));
                } else if (!r.splice(words.get(i), spliced, 0)) {
                    return null;
                }
            }
            if (missing == null) {
                missing = r.missing;
            } else {
                missing.retainAll(r.missing);
            }
            String key = Analysis.joinArgs(spliced) + '\0' + spliced.size();
            if (!texts.contains(key)) {
                texts.add(key);
                out.add(spliced);
            }
        }
        if (missing != null && !missing.isEmpty()) {
            unverifiable(site, "the argument file " + missing.get(0) + " is not there: it may be made at run time");
            return null;
        }
        return out;
    }

    /**
     * Where the words the program passes on begin ({@code until-operand}): after its first operand that is not a word
     * naming a file (the java launcher's main class; {@code words.size()} when there is none).
     */
    private static int programsOwn(ArgfileRule row, dev.cmdgate.core.rules.Section section, List<Arg> words) {
        ParsedArgs p = OptionParser.parse(section, words);
        for (Arg o : p.operands) {
            if (o.unresolved() || o.pattern != null || !row.names(o.text)) {
                for (int i = 1, n = words.size(); i < n; i++) {
                    if (words.get(i) == o) {
                        return i + 1;
                    }
                }
            }
        }
        return words.size();
    }

    /**
     * A word only known at run time that may name an argument file is raised: an expansion or a pattern after the
     * prefix ({@code @$(x)}, {@code @*.txt}), or a pattern at its start when a name in the directory the command works
     * in starts with the prefix ({@code javac *.java} is read as written otherwise). A word that is an expansion from
     * its start ({@code $ARGS}) is judged as any such word is: it may be any option, a file of them too.
     */
    private void runTimeName(ArgfileRule row, Arg w, Site site) {
        String t = w.text;
        boolean may;
        if (w.unresolved()) {
            may = w.unresolved() && t.startsWith(row.prefix());
        } else {
            char c = w.pattern.isEmpty() ? 0 : w.pattern.charAt(0);
            may = w.pattern.startsWith(row.prefix())
                    || (c == '*' || c == '?' || c == '[') && namesInStartDirectories(row);
        }
        if (may) {
            unverifiable(site, "the word " + t + " is only known at run time and may name a file of arguments");
        }
    }

    /**
     * Whether a pattern at the start of a word may match a name starting with the prefix in a directory the command
     * may work in; true when that cannot be told.
     */
    private boolean namesInStartDirectories(ArgfileRule row) {
        List<String> dirs = analysis.files.startDirectories();
        if (dirs == null || dirs.isEmpty()) {
            return true;
        }
        try {
            for (String d : dirs) {
                List<String> names = analysis.files.siteFiles().list(d);
                for (int i = 0, n = names == null ? 0 : names.size(); i < n; i++) {
                    if (names.get(i).startsWith(row.prefix())) {
                        return true;
                    }
                }
            }
            return false;
        } catch (SiteFiles.Unreadable e) {
            return true;
        }
    }

    /**
     * A path the script writes: remembered, so that a later command's argument file of that name is not read from
     * disk (it holds what the script wrote); and if an argument file was read from disk already, what was judged
     * is not what the program reads (a pipeline's stages run together).
     */
    void wrote(Arg a) {
        boolean unknown = a.unresolved() || a.pattern != null;
        List<String> keys = new ArrayList<>(2);
        keys.add(ScriptFiles.key(a.text));
        List<String> dirs = analysis.files.startDirectories();
        String t = a.normalized();
        for (int i = 0, n = dirs == null || t.startsWith("/") ? 0 : dirs.size(); i < n; i++) {
            keys.add(PathText.resolveDots(PathText.normalize(dirs.get(i) + "/" + t)));
        }
        if (!read.isEmpty()) {
            boolean hit = unknown;
            for (int i = 0; i < keys.size() && !hit; i++) {
                hit = read.contains(keys.get(i));
            }
            if (hit) {
                unverifiable(readSite, "the script writes " + a.text + ", which may be an argument file read for a "
                        + "command: what the program reads is not what was judged");
            }
        }
        if (unknown || written.size() + pending.size() >= 1000) {
            pendingUnknown = true;
            return;
        }
        if (pending.isEmpty()) {
            pending = new HashSet<>();
        }
        pending.addAll(keys);
    }

    /**
     * A simple command of the script is about to be judged (its redirections already were): what the commands before
     * it wrote is now written before it. The command's own writes stay apart until the next one, so that judging it
     * again with its variables' values ({@code x=@a.txt; javac $x}) does not take its own operand for a file the
     * script wrote first.
     */
    void nextCommand() {
        if (pendingUnknown) {
            writtenUnknown = true;
            pendingUnknown = false;
        }
        if (!pending.isEmpty()) {
            if (written.isEmpty()) {
                written = new HashSet<>();
            }
            written.addAll(pending);
            pending = Set.of();
        }
    }

    /**
     * A word {@code @NAME} no {@code argfiles} row describes: an operand of a program without the row, or a part of a
     * word handed on to another program ({@code gcc -Wl,@F} gives the linker {@code @F}). Every program built on GNU's
     * libiberty (objcopy, strip, as, ld, a cross compiler's driver) reads more arguments from such a file, and which
     * programs do is not listed: when NAME is something the program may find, or a file the script writes, the
     * arguments cannot be told. A word naming nothing there is an ordinary word ({@code npm i @types/node}).
     */
    void unlisted(String word, Site site) {
        if (word.length() < 2 || word.charAt(0) != '@') {
            return;
        }
        String name = word.substring(1);
        String path = PathText.normalize(name);
        if (mayHaveWritten(name, path)) {
            unverifiable(site, "the word " + word + " may name a file of more arguments, which the script writes first");
            return;
        }
        List<String> dirs = path.startsWith("/") ? List.of("/") : analysis.files.startDirectories();
        for (int i = 0, n = dirs == null ? 0 : dirs.size(); i < n; i++) {
            String abs = PathText.resolveDots(PathText.normalize(path.startsWith("/") ? path : dirs.get(i) + "/" + path));
            SiteFiles.Kind kind;
            try {
                kind = analysis.files.siteFiles().kind(abs);
            } catch (SiteFiles.Unreadable e) {
                kind = SiteFiles.Kind.OTHER;
            }
            if (kind != SiteFiles.Kind.NONE || mayHaveWritten(name, abs)) {
                unverifiable(site, "the word " + word + " names a file the program may read more arguments from "
                        + "(a response file no rule describes)");
                return;
            }
        }
    }

    /** Whether the script may have written the file before ({@code name} as written, {@code path} resolved). */
    boolean mayHaveWritten(String name, String path) {
        return writtenUnknown || !written.isEmpty() && (written.contains(ScriptFiles.key(name)) || written.contains(path));
    }

    /** One reading of a command's argument files, from one directory. */
    private final class Reading {
        final ArgfileRule row;
        /** Where a relative file name starts, or null when not known. */
        final String dir;
        final Site site;
        /** The files named that are not there. */
        final List<String> missing = new ArrayList<>(0);
        /** The words cannot be told (raised). */
        boolean failed;
        int words;

        Reading(ArgfileRule row, String dir, Site site) {
            this.row = row;
            this.dir = dir;
            this.site = site;
        }

        /** Adds the word, or the words of the file it names, to {@code out}; false when they cannot be told (raised). */
        boolean splice(Arg w, List<Arg> out, int depth) {
            if (row.escaped(w.text)) {
                out.add(new Arg(w.text.substring(row.prefix().length()), w.dynamic, w.globLead, w.start, w.end, w.pattern));
                return true;
            }
            // a word whose variables' values the script gave ({@code x=@a.txt; javac $x}) is read as its value
            if (w.unresolved() || w.pattern != null || !row.names(w.text)) {
                out.add(w);
                return true;
            }
            String name = w.text.substring(row.prefix().length());
            if (depth >= MAX_DEPTH || ++files > MAX_FILES) {
                unverifiable(site, "more than " + (depth >= MAX_DEPTH ? MAX_DEPTH + " levels of" : MAX_FILES) + " argument files");
                return false;
            }
            String text = text(name);
            if (text == null) {
                if (failed) {
                    return false;
                }
                missing.add(name);
                if (row.syntax() == dev.cmdgate.core.rules.ArgfileSyntax.GNU || depth == 0) {
                    out.add(w);   // GNU keeps a word naming no file; a JDK tool stops with an error
                }
                return true;
            }
            List<String> inner;
            try {
                inner = row.syntax().words(text);
            } catch (dev.cmdgate.core.rules.ArgfileSyntax.Ambiguous e) {
                unverifiable(site, "the argument file " + name + " can be read more than one way: " + e.getMessage());
                return false;
            }
            words += inner.size();
            if (words > MAX_WORDS) {
                unverifiable(site, "more than " + MAX_WORDS + " words in argument files");
                return false;
            }
            for (String s : inner) {
                Arg a = new Arg(s, false, false, w.start, w.end);
                if (row.nested() && row.names(s)) {
                    if (!splice(a, out, depth + 1)) {
                        return false;
                    }
                } else {
                    out.add(a);
                }
            }
            return true;
        }

        /**
         * The file's text: what the script wrote into it when that is known, else what is on disk; null when nothing
         * is there or when it cannot be told ({@link #failed}, raised).
         */
        private String text(String name) {
            ScriptFiles sf = analysis.scriptFiles;
            String written = sf.text(name);
            if (written != null) {
                return written;
            }
            String path = PathText.normalize(name);
            if (!path.startsWith("/")) {
                if (dir == null) {
                    return fail("the argument file " + name + " is relative and where the command works is not known");
                }
                path = PathText.resolveDots(PathText.normalize(dir + "/" + path));
            }
            if (mayHaveWritten(name, path)) {
                return fail("the argument file " + name + " is written by the script before the command runs, with "
                        + "contents not known");
            }
            String text;
            try {
                text = analysis.files.siteFiles().read(path);
            } catch (SiteFiles.Unreadable e) {
                return fail("the argument file cannot be read: " + e.getMessage());
            }
            if (text != null) {
                if (read.isEmpty()) {
                    read = new HashSet<>();
                    readSite = site;
                }
                read.add(ScriptFiles.key(name));
                read.add(path);
            }
            return text;
        }

        private String fail(String why) {
            unverifiable(site, why);
            failed = true;
            return null;
        }
    }
}
