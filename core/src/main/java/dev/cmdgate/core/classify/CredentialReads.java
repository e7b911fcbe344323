package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether a file the command reads is a credential store: by its path, where the command may run, below a
 * directory only known at run time, in a process's directory after a cd into /proc, in each reading of a path only
 * known in part, and, for a pattern, through {@link PatternPlaces}. One that is raises {@code credential-read}.
 */
final class CredentialReads {

    private final Analysis analysis;
    /** The files the gate depends on: a secret of its own is read as a credential store. */
    private final OwnFiles own;
    /** Where a relative read path may be. */
    private final WorkingDirectories where;
    private final PatternPlaces patterns;
    /** Where a read path leads through the links on disk when the launch is decided. */
    private final LinkedReads links;

    CredentialReads(Analysis analysis, OwnFiles own, WorkingDirectories where, PatternPlaces patterns, LinkedReads links) {
        this.analysis = analysis;
        this.own = own;
        this.where = where;
        this.patterns = patterns;
        this.links = links;
    }

    /**
     * A file the command reads: a credential store (or, for a recursive reader, a directory holding one) raises
     * {@code verdict credential-read}, naming it. A word such as {@code @FILE} or {@code NAME=@FILE} (the
     * upload syntax of curl, httpie and gh) names the file after its {@code @} or {@code =}. A path only
     * known at run time is judged by its known beginning ({@code ~/.ssh/$K}) and with each expansion standing
     * for one file name ({@code /proc/$PID/environ}).
     */
    void readPath(Arg a, boolean recursive, Site site) {
        String text = a.text;
        if (!a.unresolved() && analysis.rules.isActingDevice(a.normalized())) {
            // opening it is the act: cat /dev/watchdog arms the watchdog, and the host reboots when it is closed
            analysis.raise(site, analysis.setting("device-open"), a.text + " acts when it is opened");
        }
        if (credentialRead(text, a.unresolved(), recursive, site)) {
            return;
        }
        String asPwd = pwdOutput(a);
        if (asPwd != null && credentialRead(asPwd, true, recursive, site)) {
            return;
        }
        if (a.pattern != null && patterns.patternCredentialRead(a.pattern, site)) {
            return;
        }
        if (a.pattern != null && !a.dynamic && patternThroughLinks(a.pattern, recursive, site)) {
            return;
        }
        if (a.pattern != null && !a.pattern.startsWith("/") && !a.pattern.startsWith("~")) {
            // cd ~/.ssh; cat *: the pattern in each directory the command may run in
            for (String r : where.places.placesOf(a.pattern, false)) {
                if (patterns.patternCredentialRead(r, site)) {
                    return;
                }
            }
        }
        String uriPath = fileUriPath(text);
        if (uriPath != null && credentialRead(uriPath, a.unresolved(), recursive, site)) {
            return;
        }
        int cut = Math.max(text.lastIndexOf('@'), text.indexOf('='));
        if (cut >= 0 && cut + 1 < text.length()) {
            credentialRead(text.substring(cut + 1), a.unresolved(), recursive, site);
        }
    }

    /**
     * A directory a reader reads through the links inside it ({@code grep -R}, {@code zip -r}): a link below it that
     * leads to a credential store, or to a directory holding one, is a read of that store
     * ({@code ln -s ~/.aws src/k; grep -R AKIA src}); a tree whose links cannot be told (past {@link TreeLinks}'
     * bounds, not listable) counts as one, failing closed. Only where the gate sees the launch's disk; a word only
     * known at run time is judged by its text alone.
     */
    void readTreeThroughLinks(Arg a, Site site) {
        if (!links.active() || a.pattern != null) {
            return;
        }
        List<String> readings;
        if (!a.unresolved()) {
            readings = absoluteReadings(PathText.normalize(a.text));
        } else {
            // $PWD/src, $OLDPWD/src: in each directory the line may be or have been in
            DirectoryWord d = DirectoryWord.of(a.text);
            if (d == null || d.kind() == DirectoryWord.Kind.STACK || PathWords.hasExpansion(d.rest())) {
                return;
            }
            readings = new ArrayList<>(2);
            for (String r : where.places.placesOf(PathText.normalize(a.text), false)) {
                String abs = r.startsWith("~") && where.home != null ? where.home + r.substring(1) : r;
                if (abs.startsWith("/")) {
                    readings.add(abs);
                }
            }
        }
        for (String abs : readings) {
            TreeLinks.Found f = links.linksBelow(abs);
            if (f.unknown() != null) {
                analysis.raise(site, analysis.setting("credential-read"), a.text
                        + " (the links inside it cannot be told when the launch is decided: " + f.unknown() + ")");
                return;
            }
            for (String t : f.targets()) {
                String reached = where.forReading(t);
                if (namesCredential(reached, false, true)) {
                    analysis.raise(site, analysis.setting("credential-read"), a.text + " (a link inside it leads to "
                            + reached + ")");
                    return;
                }
            }
            // a store met on the walk under its own name (a link to a copied home holds .ssh/id_rsa)
            for (String file : f.files()) {
                if (namesCredential(where.forReading(file), false, false)) {
                    analysis.raise(site, analysis.setting("credential-read"), a.text + " (it reaches " + file
                            + " through a link inside it)");
                    return;
                }
            }
        }
    }

    /**
     * The path a {@code file:} URI names — SQLite's URI filenames ({@code file:/p/Login Data?immutable=1},
     * {@code file:///p?mode=ro}) and any reader that takes one — without its authority, query and fragment; null
     * for any other word.
     */
    static String fileUriPath(String text) {
        if (text.length() < 6 || !text.regionMatches(true, 0, "file:", 0, 5)) {
            return null;
        }
        String rest = text.substring(5);
        if (rest.startsWith("//")) {
            int slash = rest.indexOf('/', 2);
            rest = slash < 0 ? "" : rest.substring(slash);
        }
        int end = rest.length();
        int q = rest.indexOf('?');
        int h = rest.indexOf('#');
        if (q >= 0) {
            end = q;
        }
        if (h >= 0 && h < end) {
            end = h;
        }
        rest = rest.substring(0, end);
        return rest.isEmpty() ? null : rest;
    }

    boolean credentialRead(String text, boolean dynamic, boolean recursive, Site site) {
        if (text.isEmpty() || text.equals("-")) {
            return false;
        }
        String path = where.forReading(text);
        boolean found = namesCredential(path, dynamic, recursive);
        String viaVariable = found ? null : throughStoreVariable(text);
        if (viaVariable != null && namesCredential(viaVariable, PathWords.hasExpansion(viaVariable), recursive)) {
            found = true;
            path = path + " (" + viaVariable + " when the variable is not set otherwise)";
        }
        if (!found) {
            String name = PathText.normalize(text);
            for (String r : where.places.placesOf(name, false)) {
                if (namesCredential(r, dynamic, recursive)) {
                    found = true;
                    path = path + " (" + r + " where the command runs)";
                    break;
                }
            }
            String tail = found ? null : where.places.anywhereTail(name);
            if (tail != null && analysis.rules.mayEndCredential(PathWords.hasExpansion(tail) ? PathText.staticPrefix(tail) + "x" : tail)) {
                found = true;
                path = path + " (in a directory only known at run time: it may be the end of such a path)";
            }
        }
        if (!found && where.cdInto != WorkingDirectories.CD_NONE && isRelative(path)) {
            // after cd /proc/$PPID (or a cd only known at run time), a relative path may be a process's file
            for (String dir : PROCESS_DIRS) {
                String there = PathText.resolveDots(PathText.normalize(dir + path));
                if (anyExpansionVariant(there, false) || where.cdInto == WorkingDirectories.CD_PROC && recursive
                        && analysis.rules.holdsCredentialStore(PathText.staticPrefix(there))) {
                    found = true;
                    path = path + " (after a cd, it may be " + there + ")";
                    break;
                }
            }
        }
        if (!found && !dynamic) {
            String onDisk = throughLinks(text, recursive);
            if (onDisk != null) {
                found = true;
                path = path + onDisk;
            }
        }
        if (found) {
            analysis.raise(site, analysis.setting("credential-read"), path);
            return true;
        }
        if (directoryWordThroughLinks(text, recursive, site)) {
            return true;
        }
        // $PWD/F, ~+/F, $(pwd)/F, /proc/self/cwd/F: F where the command runs
        String inCwd = LineDirectoryPaths.relative(text);
        return inCwd != null && credentialRead(inCwd, PathWords.hasExpansion(inCwd), recursive, site);
    }

    /**
     * Why a read path whose text names no credential store reaches one on disk ({@code cfg/shadow} with
     * {@code cfg -> /etc}), or cannot be told not to ({@link LinkedReads}), as the finding's end; null when it does
     * not, or when the disk is not seen.
     */
    private String throughLinks(String text, boolean recursive) {
        if (!links.active()) {
            return null;
        }
        for (String written : absoluteReadings(PathText.normalize(text))) {
            LinkWalk.Reached r = links.throughLinks(written);
            if (r == null) {
                continue;
            }
            String reached = where.forReading(r.path());
            if (namesCredential(reached, false, recursive)) {
                return " (" + reached + " through the links on disk)";
            }
            if (r.unknown() != null) {
                return " (where it leads on disk cannot be told when the launch is decided: " + r.unknown() + ")";
            }
        }
        return null;
    }

    /** How {@link WordArgs#render} writes a command substitution. */
    private static final String SUBSTITUTION = "$(\u2026)";

    /**
     * The word with a leading substitution of {@code pwd} (the builtin, {@code -L} or {@code -P}, not a function the
     * line defines) written as {@code $PWD}, the directory it prints: {@code "$(pwd)/keys/credentials"},
     * {@code `pwd`/k}; null for any other word. With {@code -P} the directory's links are resolved, which the walk
     * through the links on disk does as well.
     */
    private String pwdOutput(Arg a) {
        String t = a.text;
        if (!t.startsWith(SUBSTITUTION) || t.length() > SUBSTITUTION.length() && t.charAt(SUBSTITUTION.length()) != '/') {
            return null;
        }
        List<List<String>> made = a.producers();
        if (made.size() != 1 || analysis.isFunction("pwd")) {
            return null;
        }
        List<String> cmd = made.get(0);
        String program = cmd.get(0);
        if (!program.equals("pwd") && !program.equals("/bin/pwd") && !program.equals("/usr/bin/pwd")) {
            return null;
        }
        for (String w : cmd.subList(1, cmd.size())) {
            if (!w.equals("-L") && !w.equals("-P")) {
                return null;
            }
        }
        return "$PWD" + t.substring(SUBSTITUTION.length());
    }

    /**
     * A read path that starts with a directory the shell keeps ({@code $PWD}, {@code $OLDPWD}, {@code ~+}, {@code ~-}):
     * its rest in each directory the line may be or have been in, through the links on disk, a pattern expanded
     * there ({@code $PWD/k*}{@code /credentials}, {@code cd keys; cd /; cat $OLDPWD/credentials}). Raises
     * {@code credential-read} and returns true when one reaches a store or cannot be told.
     */
    private boolean directoryWordThroughLinks(String text, boolean recursive, Site site) {
        if (!links.active()) {
            return false;
        }
        DirectoryWord d = DirectoryWord.of(text);
        if (d == null || d.kind() == DirectoryWord.Kind.STACK || PathWords.hasExpansion(d.rest())) {
            return false;
        }
        for (String r : where.places.placesOf(PathText.normalize(text), false)) {
            String abs = r.startsWith("~") && where.home != null ? where.home + r.substring(1) : r;
            if (!abs.startsWith("/")) {
                continue;
            }
            if (firstWildcardComponent(abs) >= 0) {
                if (matchesThroughLinks(abs, recursive, site)) {
                    return true;
                }
                continue;
            }
            LinkWalk.Reached x = links.throughLinks(abs);
            if (x == null) {
                continue;
            }
            String reached = where.forReading(x.path());
            if (x.unknown() != null || namesCredential(reached, false, recursive)) {
                analysis.raise(site, analysis.setting("credential-read"), text + " (" + abs + ", "
                        + (x.unknown() != null ? "where it leads cannot be told: " + x.unknown()
                        : reached + " through the links on disk") + ")");
                return true;
            }
        }
        return false;
    }

    /**
     * The absolute paths a read path (normalised) may be, as written (its {@code ..} not yet taken, as the kernel
     * takes it after a link): itself, from the launch's directory, under the home directory, or from each directory
     * a cd may have led to.
     */
    private List<String> absoluteReadings(String p) {
        if (p.isEmpty() || p.equals("-") || p.charAt(0) == '$') {
            return List.of();
        }
        if (p.startsWith("/")) {
            return List.of(p);
        }
        List<String> out = new ArrayList<>(2);
        if (p.equals("~") || p.startsWith("~/")) {
            if (!where.homeAssigned() && where.home != null) {
                out.add(where.home + p.substring(1));
            }
        } else if (!where.changedDirectory && where.cwd != null) {
            out.add(where.cwd + "/" + p);
        }
        if (where.changedDirectory || where.homeAssigned()) {
            for (String r : where.places.placesOf(p, false)) {
                String abs = r.startsWith("~") && where.home != null ? where.home + r.substring(1) : r;
                if (abs.startsWith("/") && !out.contains(abs)) {
                    out.add(abs);
                }
            }
        }
        return out;
    }

    /**
     * A read pattern whose literal directories lead elsewhere through links ({@code cfg/sha*} with {@code cfg -> /etc}):
     * judged again from where they lead. Raises {@code credential-read} and returns true when that names a store, or
     * when where they lead cannot be told.
     */
    private boolean patternThroughLinks(String pattern, boolean recursive, Site site) {
        if (!links.active()) {
            return false;
        }
        String p = PathText.normalize(pattern);
        int wild = firstWildcardComponent(p);
        if (wild < 0) {
            return false;
        }
        if (matchesThroughLinks(p, recursive, site)) {
            return true;
        }
        if (wild == 0) {
            return false;   // a pattern in the first component: no directory of its own to follow
        }
        String dir = p.substring(0, wild - 1);
        String rest = p.substring(wild);
        for (String written : absoluteReadings(dir.isEmpty() ? "/" : dir)) {
            LinkWalk.Reached r = links.throughLinks(written);
            if (r == null) {
                continue;
            }
            if (r.unknown() != null) {
                analysis.raise(site, analysis.setting("credential-read"), pattern
                        + " (where it leads on disk cannot be told when the launch is decided: " + r.unknown() + ")");
                return true;
            }
            String there = where.forReading(r.path());
            if (patterns.patternCredentialRead((there.equals("/") ? "" : there) + "/" + rest, site)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A read pattern expanded on disk as the shell will expand it ({@code k*}{@code /credentials}, {@code d/*}{@code /x}
     * with a link among the matches), each match judged through its links. Raises {@code credential-read} and
     * returns true when a match reaches a store, or when the expansion or a match's end cannot be told.
     */
    private boolean matchesThroughLinks(String p, boolean recursive, Site site) {
        boolean dotglob = analysis.files != null && analysis.files.dotglob;
        for (String written : absoluteReadings(p)) {
            PatternMatches.Expansion x = links.expand(written, dotglob);
            if (x.unknown() != null) {
                analysis.raise(site, analysis.setting("credential-read"), p
                        + " (what it names on disk cannot be told when the launch is decided: " + x.unknown() + ")");
                return true;
            }
            for (String m : x.paths()) {
                LinkWalk.Reached r = links.throughLinksOfMatch(m);
                if (r == null) {
                    continue;
                }
                String reached = where.forReading(r.path());
                if (r.unknown() != null || namesCredential(reached, false, recursive)) {
                    analysis.raise(site, analysis.setting("credential-read"), p + " (" + m + ", "
                            + (r.unknown() != null ? "where it leads cannot be told: " + r.unknown() : reached + " through the links on disk") + ")");
                    return true;
                }
            }
        }
        return false;
    }

    /** Where the first component holding a wildcard starts, or -1. */
    private static int firstWildcardComponent(String p) {
        int start = 0;
        for (int i = 0; i <= p.length(); i++) {
            if (i == p.length() || p.charAt(i) == '/') {
                if (PathPattern.isPattern(p.substring(start, i))) {
                    return start;
                }
                start = i + 1;
            }
        }
        return -1;
    }

    /**
     * A path read through a variable a tool takes its credential store's place from ({@code $GNUPGHOME/…},
     * {@code ${GOOGLE_APPLICATION_CREDENTIALS}}), with the variable replaced by the place the tool uses without it
     * ({@code credential-vars} rows); null for any other word.
     */
    private String throughStoreVariable(String text) {
        if (text.length() < 2 || text.charAt(0) != '$') {
            return null;
        }
        String name;
        int end;
        if (text.charAt(1) == '{') {
            end = text.indexOf('}');
            if (end < 0) {
                return null;
            }
            name = text.substring(2, end);
            end++;
        } else {
            end = 1;
            while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
                end++;
            }
            name = text.substring(1, end);
        }
        String place = Variables.isName(name) ? analysis.rules.credentialVarPlace(name) : null;
        return place == null ? null : PathText.normalize(place + text.substring(end));
    }

    /** Whether a read path (as {@link WorkingDirectories#forReading} writes it) is, or for a recursive reader holds, a credential store. */
    private boolean namesCredential(String path, boolean dynamic, boolean recursive) {
        return dynamic
                ? analysis.rules.isCredentialStore(PathText.staticPrefix(path) + "x") || anyExpansionVariant(path, recursive)
                        || recursive && !PathText.staticPrefix(path).isEmpty() && analysis.rules.holdsCredentialStore(PathText.staticPrefix(path))
                : analysis.rules.isCredentialStore(path) || recursive && analysis.rules.holdsCredentialStore(path)
                        || own.isSecretRead(path, recursive);
    }

    /** Where a relative read path after a cd into /proc may start: a process's directory, or /proc itself. */
    private static final List<String> PROCESS_DIRS = List.of("/proc/x/", "/proc/");

    static boolean isRelative(String path) {
        return !path.startsWith("/") && !path.startsWith("~") && !path.startsWith("$");
    }

    /** The most expansions of one path whose empty and one-name readings are all tried (2^N probes). */
    private static final int MAX_VARIANT_EXPANSIONS = 4;

    /**
     * Whether some reading of a path only known in part names a credential store: each expansion may be empty
     * ({@code environ$NOPE}, {@code envi${NOPE}ron}, {@code e$@nviron}) or one file name ({@code /proc/$PID/environ}),
     * independently of the others; past {@link #MAX_VARIANT_EXPANSIONS} expansions the later ones are one name.
     * For a {@code recursive} reader, a reading that is a directory holding a store counts too
     * ({@code find / -name .gnupg -exec tar c {} +} archives {@code /$(…)/.gnupg}).
     */
    private boolean anyExpansionVariant(String path, boolean recursive) {
        List<String> parts = expansionParts(path);
        int expansions = parts.size() / 2;
        int tried = Math.min(expansions, MAX_VARIANT_EXPANSIONS);
        StringBuilder b = new StringBuilder(path.length());
        for (int mask = 0; mask < 1 << tried; mask++) {
            b.setLength(0);
            for (int k = 0; k < parts.size(); k++) {
                if (k % 2 == 0) {
                    b.append(parts.get(k));
                } else if (k / 2 >= tried || (mask & 1 << (k / 2)) == 0) {
                    b.append('x');
                }
            }
            String variant = PathText.normalize(b.toString());
            if (analysis.rules.isCredentialStore(variant) || recursive && analysis.rules.holdsCredentialStore(variant)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A rendered word split at its expansions: literal text at even indexes, each expansion (as rendered:
     * {@code $NAME}, {@code $@}, {@code $1}, {@code ${NAME…}}, {@code $(…)}, {@code $((…))}) at the odd ones.
     */
    static List<String> expansionParts(String path) {
        List<String> parts = new ArrayList<>();
        StringBuilder lit = new StringBuilder(path.length());
        int i = 0;
        int n = path.length();
        while (i < n) {
            char c = path.charAt(i);
            if (c != '$' && c != '`' && c != '\u2026') {
                lit.append(c);
                i++;
                continue;
            }
            int st = i++;
            if (c == '$' && i < n && (path.charAt(i) == '{' || path.charAt(i) == '(')) {
                char close = path.charAt(i) == '{' ? '}' : ')';
                int end = path.indexOf(close, i);
                i = end < 0 ? n : end + 1;
                if (close == ')' && i < n && path.charAt(i) == ')') {
                    i++; // $((…))
                }
            } else if (c == '$' && i < n && "@*#?-$!0123456789".indexOf(path.charAt(i)) >= 0) {
                i++; // a special or positional parameter
            } else if (c == '$') {
                while (i < n && (Character.isLetterOrDigit(path.charAt(i)) || path.charAt(i) == '_')) {
                    i++;
                }
            }
            parts.add(lit.toString());
            parts.add(path.substring(st, i));
            lit.setLength(0);
        }
        parts.add(lit.toString());
        return parts;
    }
}
