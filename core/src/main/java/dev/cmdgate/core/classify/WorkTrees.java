package dev.cmdgate.core.classify;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a version-control command's work tree is ({@code writes work-tree} rows), as git finds it: the work tree
 * named by an option or a variable ({@code --work-tree}, {@code GIT_WORK_TREE}); else, when another repository is
 * named ({@code --git-dir}, {@code GIT_DIR}), its configuration's {@code core.worktree} or the directory the command
 * works in; else the repository directory ({@code .git}) found at or above where the command works — its
 * {@code core.worktree}, or the directory holding it — or, with none on disk (the same line may create one), where
 * the command works. The disk is read when the launch is decided.
 */
final class WorkTrees {

    /** How many directories up the repository is looked for. */
    private static final int MAX_UP = 64;

    private WorkTrees() {
    }

    /**
     * The work trees (absolute, normalised).
     *
     * @param named   the work trees named by options and variables (relative ones from each of {@code from})
     * @param gitDirs the repositories named by options and variables (relative ones likewise)
     * @param from    the directories the command may work in (absolute)
     * @param repo    the repository directory's name ({@code .git})
     * @param key     the configuration setting naming the work tree ({@code core.worktree}), or null
     */
    static List<String> of(List<String> named, List<String> gitDirs, List<String> from, String repo, String key) {
        List<String> out = new ArrayList<>(2);
        if (!named.isEmpty()) {
            for (String n : named) {
                for (String f : from) {
                    add(out, absolute(n, f));
                }
            }
            return out;
        }
        if (!gitDirs.isEmpty()) {
            for (String g : gitDirs) {
                for (String f : from) {
                    String configured = configured(absolute(g, f), key);
                    add(out, configured != null ? configured : f);
                }
            }
            return out;
        }
        for (String f : from) {
            String top = f;
            String gitDir = null;
            for (String d = f; d != null && gitDir == null; d = parent(d)) {
                Path candidate = Path.of(d, repo);
                if (Files.isDirectory(candidate)) {
                    gitDir = candidate.toString();
                    top = d;
                } else if (Files.isRegularFile(candidate)) {
                    gitDir = linked(candidate, d);   // a linked work tree or submodule: "gitdir: PATH"
                    top = d;
                }
            }
            String configured = gitDir == null ? null : configured(gitDir, key);
            add(out, configured != null ? configured : top);
        }
        return out;
    }

    private static void add(List<String> out, String dir) {
        if (dir != null && !out.contains(dir) && out.size() < 32) {
            out.add(dir);
        }
    }

    private static String absolute(String path, String from) {
        String p = PathText.normalize(path);
        return PathText.resolveDots(PathText.normalize(p.startsWith("/") ? p : from + "/" + p));
    }

    private static String parent(String dir) {
        int slash = dir.lastIndexOf('/');
        return dir.equals("/") || slash < 0 ? null : slash == 0 ? "/" : dir.substring(0, slash);
    }

    /** The repository a {@code gitdir: PATH} file points to, or null. */
    private static String linked(Path file, String dir) {
        try {
            if (Files.size(file) > 4096) {
                return null;
            }
            String text = Files.readString(file, StandardCharsets.UTF_8).trim();
            return text.startsWith("gitdir:") ? absolute(text.substring(7).trim(), dir) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The work tree the repository's configuration names ({@code core.worktree}, relative to the repository), or null. */
    private static String configured(String gitDir, String key) {
        if (key == null) {
            return null;
        }
        Path config = Path.of(gitDir, "config");
        try {
            if (!Files.isRegularFile(config) || Files.size(config) > (1 << 20)) {
                return null;
            }
            String value = null;
            for (GitConfigText.Setting s : GitConfigText.parse(Files.readString(config, StandardCharsets.UTF_8))) {
                if (s.key().equals(key) && s.value() != null) {
                    value = s.value();   // the last one counts
                }
            }
            return value == null || value.isEmpty() ? null : absolute(value, gitDir);
        } catch (IOException | RuntimeException e) {
            return null;   // git refuses a configuration it cannot read: nothing is checked out
        }
    }
}
