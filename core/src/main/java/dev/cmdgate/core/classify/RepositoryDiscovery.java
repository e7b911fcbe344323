package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Where git finds its repository from a directory, as setup.c does: the first {@code .git} at or above it that is a
 * repository git accepts, or a file naming one ({@code gitdir: PATH}), or the directory itself when it is a bare
 * repository; and the work tree a repository's configuration names ({@code core.worktree}). Everything is read
 * through the launch's {@link SiteFiles} (bounded in size, kind and time): a FIFO or a file system that hangs is
 * {@link SiteFiles.Unreadable}, never a hung launch. Both the files that steer git ({@link Steering}) and the work
 * tree a command rewrites ({@link WorkTrees}) are found here.
 */
final class RepositoryDiscovery {

    /** The largest configuration file read for its {@code core.worktree}. */
    private static final int MAX_CONFIG_BYTES = 256 * 1024;
    /** The most of a HEAD git reads (refs validate_headref: a 256-byte buffer less its terminating NUL). */
    private static final int HEAD_BYTES = 255;
    /** What a {@code .git} file starts with, exactly (one space, no other blank). */
    private static final String GITFILE_PREFIX = "gitdir: ";
    /** The setting that makes a worktree's {@code config.worktree} count (keys are read lower-case). */
    private static final String WORKTREE_CONFIG = "extensions.worktreeconfig";
    /** The setting naming the repository's hash (keys are read lower-case). */
    private static final String OBJECT_FORMAT = "extensions.objectformat";

    /** A repository found: its directory, and the top of its working tree (null for a bare repository). */
    record Found(String gitDir, String top) {
    }

    /** A {@code .git} file that does not name a repository ({@code gitdir: PATH}): git refuses it. */
    static final class NotAGitFile extends Exception {
        private static final long serialVersionUID = 1L;
        /** The file. */
        final String path;

        NotAGitFile(String path) {
            super(path, null, false, false);
            this.path = path;
        }
    }

    /** How git's test of a repository directory turns out, as far as cmdgate can tell. */
    private enum Validity { VALID, INVALID, DOUBT }

    private final SiteFiles files;

    RepositoryDiscovery(SiteFiles files) {
        this.files = files;
    }

    /**
     * The repositories git would use from {@code dir} (absolute) up, named {@code name} ({@code .git}), with their
     * working trees; none when there is none. A place git's test may judge otherwise than cmdgate's (a symbolic link
     * for HEAD) is taken as well as those above it: a superset.
     */
    List<Found> upward(String dir, String name) throws NotAGitFile, SiteFiles.Unreadable {
        List<Found> found = new ArrayList<>(1);
        for (String d = dir; d != null; d = Steering.parent(d)) {
            String candidate = (d.equals("/") ? "" : d) + "/" + name;
            SiteFiles.Kind k = files.kind(candidate);
            if (k == SiteFiles.Kind.FILE || (k == SiteFiles.Kind.LINK && files.list(candidate) == null)) {
                String target = gitFile(d, candidate);
                if (target != null) {
                    found.add(new Found(target, d));
                    return found;
                }
            } else if (k != SiteFiles.Kind.NONE) {
                Validity v = validity(candidate);
                if (v != Validity.INVALID) {
                    found.add(new Found(realOrAsIs(candidate), d));
                    if (v == Validity.VALID) {
                        return found;
                    }
                }
            }
            Validity bare = validity(d);
            if (bare != Validity.INVALID) {
                found.add(new Found(d, null));
                if (bare == Validity.VALID) {
                    return found;
                }
            }
        }
        return found;
    }

    /**
     * The directory a {@code gitdir: PATH} file in {@code dir} names; null when nothing is there (a dangling link).
     * Read as git reads it (setup.c read_gitfile_gently): the exact prefix {@code gitdir: }, then the rest with only
     * its trailing CR and LF removed (blanks are part of the path).
     */
    String gitFile(String dir, String file) throws NotAGitFile, SiteFiles.Unreadable {
        String text = files.read(file);
        if (text == null) {
            return null;
        }
        if (!text.startsWith(GITFILE_PREFIX)) {
            throw new NotAGitFile(file);
        }
        String path = withoutLineEnd(file, text.substring(GITFILE_PREFIX.length()));
        if (path.isEmpty()) {
            throw new NotAGitFile(file);
        }
        return realOrAsIs(Steering.against(dir, path));
    }

    /**
     * The directory a repository's {@code commondir} file names (a linked worktree's shared repository), as git
     * reads it (setup.c get_common_dir_noenv: only trailing CR and LF removed); null when there is no such file.
     */
    String commonDir(String gitDir) throws SiteFiles.Unreadable {
        String file = gitDir + "/commondir";
        String text = files.read(file);
        if (text == null) {
            return null;
        }
        if (text.isEmpty()) {
            throw new SiteFiles.Unreadable(file + " is empty: what git does with it cannot be told");
        }
        return realOrAsIs(Steering.against(gitDir, withoutLineEnd(file, text)));
    }

    /**
     * The text less its trailing CR and LF, nothing else: git's small files keep their blanks. A NUL ends git's
     * reading of the path where Java's would go on; where git then looks is not told here but refused.
     */
    private static String withoutLineEnd(String file, String text) throws SiteFiles.Unreadable {
        int end = text.length();
        while (end > 0 && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
            end--;
        }
        String t = text.substring(0, end);
        if (t.indexOf('\0') >= 0) {
            throw new SiteFiles.Unreadable(file + " holds a NUL byte: the path git reads cannot be told");
        }
        return t;
    }

    /** The path as the kernel resolves it, or as it is when nothing is there. */
    String realOrAsIs(String path) throws SiteFiles.Unreadable {
        String r = files.realPath(path);
        return r == null ? path : r;
    }

    /**
     * The work trees the repository's configuration may name with {@code key} ({@code core.worktree}; relative to
     * the repository); none when none is set. As setup.c check_repository_format_gently reads it: the shared
     * repository's {@code config} (the {@code commondir}'s), and with {@code extensions.worktreeConfig} the
     * worktree's {@code config.worktree} after it. A linked worktree without that extension ignores the shared
     * setting in the git read here, but not in every git: it is taken too, and so is the repository's own
     * {@code config}, a superset. A configuration git cannot parse names nothing (git then checks nothing out).
     */
    List<String> configuredWorkTrees(String gitDir, String key) throws SiteFiles.Unreadable {
        List<String> out = new ArrayList<>(2);
        if (key == null) {
            return out;
        }
        String common = commonDir(gitDir);
        List<GitConfigText.Setting> shared = settings(common == null ? gitDir + "/config" : common + "/config");
        String value = last(shared, key);
        if (common != null) {
            add(out, gitDir, last(settings(gitDir + "/config"), key));
        }
        String perWorktree = last(shared, WORKTREE_CONFIG);
        if (perWorktree != null && !isFalse(perWorktree)) {
            String own = last(settings(gitDir + "/config.worktree"), key);
            value = own != null ? own : value;
        }
        add(out, gitDir, value);
        return out;
    }

    /**
     * The length of the repository's object names, as its index holds them: 32 bytes when the shared configuration
     * (the {@code commondir}'s, where setup.c reads the repository format) sets {@code extensions.objectFormat} to
     * {@code sha256}, else 20. A configuration cmdgate cannot parse, or another format, cannot be told.
     */
    int objectNameLength(String gitDir) throws SiteFiles.Unreadable {
        String common = commonDir(gitDir);
        String file = (common == null ? gitDir : common) + "/config";
        byte[] bytes = files.bytes(file, MAX_CONFIG_BYTES);
        if (bytes == null) {
            return 20;
        }
        String format;
        try {
            format = last(GitConfigText.parse(new String(bytes, StandardCharsets.UTF_8)), OBJECT_FORMAT);
        } catch (IllegalArgumentException e) {
            throw new SiteFiles.Unreadable(file + " cannot be read as git configuration: " + e.getMessage());
        }
        if (format == null || format.equals("sha1")) {
            return 20;
        }
        if (format.equals("sha256")) {
            return 32;
        }
        throw new SiteFiles.Unreadable(file + ": the object format " + format + " is not known");
    }

    private void add(List<String> out, String gitDir, String value) throws SiteFiles.Unreadable {
        if (value != null && !value.isEmpty()) {
            String tree = onDisk(Steering.against(gitDir, value));
            if (!out.contains(tree)) {
                out.add(tree);
            }
        }
    }

    /**
     * The path with every {@code ..} taken as the kernel takes it, after the link before it ({@code lnk/..} is the
     * link's target's parent), where git chdir()s; as it is when it has none. A {@code ..} whose place is not on
     * disk cannot be told.
     */
    private String onDisk(String path) throws SiteFiles.Unreadable {
        int dots = path.lastIndexOf("/..");
        while (dots >= 0 && dots + 3 < path.length() && path.charAt(dots + 3) != '/') {
            dots = path.lastIndexOf("/..", dots - 1);
        }
        if (dots < 0) {
            return path;
        }
        String head = path.substring(0, dots + 3);
        String real = files.realPath(head);
        if (real == null) {
            throw new SiteFiles.Unreadable("the work tree " + path + " is not on disk: where git goes cannot be told");
        }
        return real + path.substring(dots + 3);
    }

    /** The settings of a configuration file; none when it is absent or git cannot parse it. */
    private List<GitConfigText.Setting> settings(String file) throws SiteFiles.Unreadable {
        byte[] bytes = files.bytes(file, MAX_CONFIG_BYTES);
        if (bytes == null) {
            return List.of();
        }
        try {
            return GitConfigText.parse(new String(bytes, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            return List.of();
        }
    }

    /** The last value set for {@code key} (the last one counts); null when none; a bare key is "true". */
    private static String last(List<GitConfigText.Setting> settings, String key) {
        String value = null;
        for (GitConfigText.Setting s : settings) {
            if (s.key().equals(key)) {
                value = s.value() == null ? "true" : s.value();
            }
        }
        return value;
    }

    /** git's false (config.c git_parse_maybe_bool); anything else counts as true, the reading that reads more. */
    private static boolean isFalse(String value) {
        String v = value.strip();
        return v.isEmpty() || v.equalsIgnoreCase("false") || v.equalsIgnoreCase("no") || v.equalsIgnoreCase("off")
                || v.equals("0");
    }

    /**
     * git's test of a repository directory (setup.c is_git_directory): a {@code HEAD} that is a symbolic
     * reference {@code ref: refs/…} or an object name, and {@code objects} and {@code refs} directories (in the
     * directory {@code commondir} names, when there is one). DOUBT where git looks differently than cmdgate can
     * (HEAD a symbolic link, which git judges by its text; objects a file git may accept).
     */
    private Validity validity(String dir) throws SiteFiles.Unreadable {
        String base = dir.equals("/") ? "" : dir;
        SiteFiles.Kind head = files.kind(base + "/HEAD");
        Validity v;
        if (head == SiteFiles.Kind.NONE || head == SiteFiles.Kind.DIRECTORY) {
            return Validity.INVALID;
        } else if (head == SiteFiles.Kind.FILE) {
            byte[] text = files.bytes(base + "/HEAD", MAX_CONFIG_BYTES);
            if (text == null || !validHead(text)) {
                return Validity.INVALID;
            }
            v = Validity.VALID;
        } else {
            v = Validity.DOUBT;
        }
        String named = commonDir(dir);
        String common = named == null ? base : named;
        String objects = files.variable("GIT_OBJECT_DIRECTORY");
        for (String sub : new String[] {objects != null ? objects : common + "/objects", common + "/refs"}) {
            SiteFiles.Kind k = files.kind(sub);
            if (k == SiteFiles.Kind.NONE) {
                return Validity.INVALID;
            }
            if (k != SiteFiles.Kind.DIRECTORY) {
                v = Validity.DOUBT;
            }
        }
        return v;
    }

    /**
     * A HEAD git accepts (refs.c validate_headref), judged on its first 255 bytes as git reads them: {@code ref:},
     * then only space, tab, LF and CR skipped (git's isspace, not Java's), then {@code refs/}; or an object name.
     */
    static boolean validHead(byte[] text) {
        int n = Math.min(text.length, HEAD_BYTES);
        if (n >= 4 && text[0] == 'r' && text[1] == 'e' && text[2] == 'f' && text[3] == ':') {
            int i = 4;
            while (i < n && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) {
                i++;
            }
            if (i + 5 <= n && text[i] == 'r' && text[i + 1] == 'e' && text[i + 2] == 'f' && text[i + 3] == 's'
                    && text[i + 4] == '/') {
                return true;
            }
        }
        int hex = 0;
        while (hex < n && "0123456789abcdefABCDEF".indexOf(text[hex]) >= 0) {
            hex++;
        }
        return hex >= 40;
    }
}
