package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a version-control command's work tree is ({@code writes work-tree} rows), as git finds it: the work tree
 * named by an option or a variable ({@code --work-tree}, {@code GIT_WORK_TREE}); else, when another repository is
 * named ({@code --git-dir}, {@code GIT_DIR}), its configuration's {@code core.worktree} or the directory the command
 * works in; else each repository git would use from where the command works ({@link RepositoryDiscovery}) — its
 * {@code core.worktree}, or the directory holding it — or, with none on disk (the same line may create one), where
 * the command works. The disk is read when the launch is decided, through the launch's {@link SiteFiles}.
 */
final class WorkTrees {

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
     * @param files   what is on disk
     * @throws SiteFiles.Unreadable where a repository is cannot be told (a FIFO, a read past the time limit)
     */
    static List<String> of(List<String> named, List<String> gitDirs, List<String> from, String repo, String key,
            SiteFiles files) throws SiteFiles.Unreadable {
        List<String> out = new ArrayList<>(2);
        if (!named.isEmpty()) {
            for (String n : named) {
                for (String f : from) {
                    add(out, absolute(n, f));
                }
            }
            return out;
        }
        RepositoryDiscovery git = new RepositoryDiscovery(files);
        if (!gitDirs.isEmpty()) {
            for (String g : gitDirs) {
                for (String f : from) {
                    List<String> configured = git.configuredWorkTrees(absolute(g, f), key);
                    addAll(out, configured, f);
                }
            }
            return out;
        }
        for (String f : from) {
            List<RepositoryDiscovery.Found> found;
            try {
                found = git.upward(f, repo);
            } catch (RepositoryDiscovery.NotAGitFile e) {
                // git refuses a .git file that names no repository: the directory holding it is the most it touches
                found = List.of(new RepositoryDiscovery.Found(null, Steering.parent(e.path)));
            }
            if (found.isEmpty()) {
                add(out, f);
            }
            for (RepositoryDiscovery.Found r : found) {
                List<String> configured = r.gitDir() == null ? List.of() : git.configuredWorkTrees(r.gitDir(), key);
                addAll(out, configured, r.top() != null ? r.top() : f);
            }
        }
        return out;
    }

    /** The configured work trees, or {@code otherwise} when none is configured. */
    private static void addAll(List<String> out, List<String> configured, String otherwise) {
        if (configured.isEmpty()) {
            add(out, otherwise);
        }
        for (String c : configured) {
            add(out, c);
        }
    }

    private static void add(List<String> out, String dir) {
        String d = dir == null ? null : PathText.resolveDots(PathText.normalize(dir));
        if (d != null && !out.contains(d) && out.size() < 32) {
            out.add(d);
        }
    }

    private static String absolute(String path, String from) {
        String p = PathText.normalize(path);
        return PathText.resolveDots(PathText.normalize(p.startsWith("/") ? p : from + "/" + p));
    }
}
