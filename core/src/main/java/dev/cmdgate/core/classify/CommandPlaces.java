package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * The paths a name is where the command may run, for the credential, sensitive-place and device checks: a relative
 * name in each directory the command may run in ({@link CommandDirectories}), a name under {@code ~} under each value
 * the line gave HOME, a name starting with a directory word the shell keeps in each directory it may stand for; and,
 * below a directory only known at run time, the end of the name to compare with the ends of the known paths.
 */
final class CommandPlaces {

    private final Analysis analysis;
    /** Where the line's directory changes may have led, and what {@code ~} is. */
    private final WorkingDirectories where;
    /** The directories a command may run in. */
    private final CommandDirectories dirs;

    CommandPlaces(Analysis analysis, WorkingDirectories where, CommandDirectories dirs) {
        this.analysis = analysis;
        this.where = where;
        this.dirs = dirs;
    }

    /**
     * The paths a normalised name is where the command may run, besides its text: a relative name in each directory
     * kept ({@link CommandDirectories}), a name under {@code ~} under each value the line gave HOME; the home
     * directory written {@code ~}. {@code forWrite}: leaving out those at or below the launch's directory when that
     * is the application's own place ({@link #applicationPlace}).
     */
    List<String> placesOf(String name, boolean forWrite) {
        if (name.equals("-")) {
            return List.of();   // standard input or output, for the programs that take a file name
        }
        if (name.equals("~") || name.startsWith("~/")) {
            List<String> out = new ArrayList<>(2);
            if (where.homeAssigned()) {
                for (String h : where.homes()) {
                    String r = h.startsWith("/") ? CommandDirectories.join(h, name.length() > 2 ? name.substring(2) : "")
                            : null;
                    if (r != null) {
                        addPlace(out, tilde(r), name, false);
                    }
                }
            }
            return out;
        }
        DirectoryWord w = DirectoryWord.of(name);
        if (w != null) {
            // $PWD/F, ~+/F, ~-/F, ~1/F: F in each directory the line may be (or have been) in, or the variable holds
            String rest = w.rest().startsWith("/") ? w.rest().substring(1) : w.rest();
            List<String> out = new ArrayList<>(2);
            List<String> from = new ArrayList<>(dirs.known());
            if (w.kind() != DirectoryWord.Kind.STACK) {
                from.addAll(analysis.env.literals(w.variable()));
            }
            for (String d : from) {
                String r = d.startsWith("/") || d.startsWith("~") ? CommandDirectories.join(d, rest) : null;
                if (r != null) {
                    addPlace(out, tilde(r), name, forWrite);
                }
            }
            return out;
        }
        List<String> resolved = dirs.resolve(name);
        if (resolved.isEmpty()) {
            return List.of();   // no directory the command may run in is known (most commands)
        }
        List<String> out = new ArrayList<>(resolved.size());
        for (String r : resolved) {
            addPlace(out, tilde(r), name, forWrite);
        }
        return out;
    }

    /**
     * The text of a word the path checks compare: its normalised text when it starts with a directory the shell
     * keeps ({@link DirectoryWord}: followed into each directory it may be), else, for a word only known at run
     * time, its literal beginning and a name.
     */
    String checkedName(Arg a) {
        String normal = a.normalized();
        if (!a.unresolved() || DirectoryWord.of(normal) != null) {
            return normal;
        }
        return PathText.staticPrefix(normal) + "x";
    }

    private void addPlace(List<String> out, String r, String name, boolean forWrite) {
        if (r.equals(name) || out.contains(r)) {
            return;
        }
        String mine = forWrite ? applicationPlace() : null;
        if (mine != null && (r.equals(mine) || r.startsWith(applicationPrefix))) {
            return;
        }
        out.add(r);
    }

    /**
     * The part of a name to compare with the ends of the paths the checks know, when the name may be below a
     * directory only known at run time (a relative name after such a cd, a name under {@code ~} after HOME was given
     * such a value), or null.
     */
    String anywhereTail(String name) {
        if (name.startsWith("~/")) {
            return where.homeUnknown() && name.length() > 2 ? name.substring(2) : null;
        }
        DirectoryWord w = DirectoryWord.of(name);
        if (w != null) {
            EnvState.Value v = w.kind() == DirectoryWord.Kind.STACK ? null : analysis.env.value(w.variable());
            boolean unknown = dirs.anywhere() || dirs.asWritten() || v != null && v.dynamic()
                    || w.kind() != DirectoryWord.Kind.PWD && v == null && !where.changedDirectory;
            String t = w.rest().startsWith("/") ? CommandDirectories.tail(w.rest().substring(1)) : "";
            return unknown && !t.isEmpty() ? t : null;
        }
        if (!dirs.anywhere() || name.isEmpty() || name.startsWith("/") || name.startsWith("~") || name.startsWith("$")) {
            return null;
        }
        String t = CommandDirectories.tail(name);
        return t.isEmpty() ? null : t;
    }

    /** A path with the home directory written {@code ~}. */
    String tilde(String p) {
        if (where.home != null && where.home.length() > 1 && p.startsWith(where.home)
                && (p.length() == where.home.length() || p.charAt(where.home.length()) == '/')) {
            return "~" + p.substring(where.home.length());
        }
        return p;
    }

    /**
     * The launch's directory when it is the application's own place, not a system or home directory nor directly
     * in one ({@code /usr/src/app}, {@code ~/work/app}): a name written at or below it is the application's file,
     * not the sensitive place a broad list entry ({@code /usr/*}) makes its path. Null otherwise ({@code /},
     * {@code /etc}, {@code /etc/cron.d}, {@code ~}, {@code ~/bin}: every name written there is checked as its path).
     */
    private String applicationPlace() {
        if (!applicationPlaceRead) {
            applicationPlace = readApplicationPlace();
            applicationPrefix = applicationPlace == null || applicationPlace.endsWith("/") ? applicationPlace
                    : applicationPlace + "/";
            applicationPlaceRead = true;
        }
        return applicationPlace;
    }

    /**
     * {@link #applicationPlace}, read once per line: it depends only on the launch's directory, the home directory
     * and the rules, none of which a line changes, and every written name checked where the command runs asks.
     */
    private boolean applicationPlaceRead;
    private String applicationPlace;
    /** {@link #applicationPlace} ending in a slash: the beginning of the names below it. */
    private String applicationPrefix;

    private String readApplicationPlace() {
        if (where.cwd == null) {
            return null;
        }
        String d = tilde(PathText.resolveDots(PathText.normalize(where.cwd)));
        if (systemPlace(d)) {
            return null;
        }
        int slash = d.lastIndexOf('/');
        String parent = slash < 0 ? null : slash == 0 ? "/" : d.substring(0, slash);
        return parent == null || systemPlace(parent) ? null : d;
    }

    private boolean systemPlace(String d) {
        return analysis.rules.inList("protected-dirs", d) || analysis.rules.isSystemDir(d);
    }
}
