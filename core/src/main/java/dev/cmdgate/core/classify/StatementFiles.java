package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import dev.cmdgate.core.rules.Rating;
import java.util.ArrayList;
import java.util.List;

/**
 * The files a program's statements name ({@code writes named} rows, {@link NamedAfter}), and the files of more
 * statements it reads: a phrase written {@code <PHRASE} in the row names such a file ({@code <.read}: sqlite3's
 * {@code .read F}), and the phrase {@code <} alone says the value itself is one ({@code -init F}); a program with such
 * a row reads statements from a file or here-document on its input too. Each file is read through the launch's
 * bounded reader from where the command works and judged with the same phrases; a file that is missing, unreadable,
 * written by the script before, or nested too deep is {@code verdict unverifiable-arguments}.
 */
final class StatementFiles {

    /** Files of statements are followed this many levels down. */
    private static final int MAX_DEPTH = 4;

    private final FileEffects files;

    StatementFiles(FileEffects files) {
        this.files = files;
    }

    /** Whether the row's phrases name files of more statements. */
    static boolean has(List<String> phrases) {
        for (int i = 0; i < phrases.size(); i++) {
            if (phrases.get(i).startsWith("<")) {
                return true;
            }
        }
        return false;
    }

    /** Judges the statements in {@code text}: the files they write, and those of more statements they read. */
    void text(String text, boolean dynamic, List<String> phrases, Rating ordinary, Site site, int depth) {
        List<String> written = new ArrayList<>(phrases.size());
        List<String> read = new ArrayList<>(1);
        boolean whole = false;
        for (int i = 0; i < phrases.size(); i++) {
            String ph = phrases.get(i);
            if (ph.equals("<")) {
                whole = true;
            } else if (ph.startsWith("<")) {
                read.add(ph.substring(1));
            } else {
                written.add(ph);
            }
        }
        if (whole) {
            file(text, phrases, ordinary, site, depth);
            return;
        }
        for (String name : NamedAfter.names(text, written)) {
            files.namedInStatement(name, dynamic, ordinary, site);
        }
        if (!read.isEmpty()) {
            for (String name : NamedAfter.names(text, read)) {
                file(name.equals(NamedAfter.COMPUTED) ? "$(\u2026)" : name, phrases, ordinary, site, depth);
            }
        }
    }

    /** Judges the statements in the file {@code name}, or raises why they cannot be told. */
    void file(String name, List<String> phrases, Rating ordinary, Site site, int depth) {
        List<String> inner = withoutWhole(phrases);
        if (depth >= MAX_DEPTH) {
            cannotTell(site, "more than " + MAX_DEPTH + " levels of files of statements");
            return;
        }
        if (name.indexOf('$') >= 0 || name.indexOf('`') >= 0 || name.indexOf('\u2026') >= 0) {
            cannotTell(site, "the file of statements " + name + " is only known at run time");
            return;
        }
        Analysis analysis = files.analysis();
        String known = analysis.scriptFiles.text(name);
        if (known != null) {
            text(known, false, inner, ordinary, site, depth + 1);
            return;
        }
        String path = PathText.normalize(name);
        List<String> dirs = path.startsWith("/") ? List.of("/") : files.startDirectories();
        if (dirs == null || dirs.isEmpty()) {
            cannotTell(site, "the file of statements " + name + " is relative and where the command works is not known");
            return;
        }
        for (int i = 0; i < dirs.size(); i++) {
            String abs = PathText.resolveDots(PathText.normalize(path.startsWith("/") ? path : dirs.get(i) + "/" + path));
            if (analysis.argfiles.mayHaveWritten(name, abs)) {
                cannotTell(site, "the file of statements " + name + " is written by the script before the command runs");
                return;
            }
            String text;
            try {
                text = files.siteFiles().read(abs);
            } catch (SiteFiles.Unreadable e) {
                cannotTell(site, "the file of statements cannot be read: " + e.getMessage());
                return;
            }
            if (text == null) {
                cannotTell(site, "the file of statements " + name + " is not there: it may be made at run time");
                return;
            }
            text(text, false, inner, ordinary, site, depth + 1);
        }
    }

    /** Inside a file the statements are read as on the line: {@code <} alone named the file itself. */
    private static List<String> withoutWhole(List<String> phrases) {
        if (!phrases.contains("<")) {
            return phrases;
        }
        List<String> out = new ArrayList<>(phrases);
        out.remove("<");
        return out;
    }

    private void cannotTell(Site site, String why) {
        files.analysis().argfiles.cannotTell(site, why);
    }
}
