package dev.cmdgate.core.rules;

/**
 * A {@code steer-repo NAME [opt OPT] [env VAR] [bare OPT] [tree-opt OPT] [tree-env VAR] [nested DIR] [gitlinks FILE]
 * [worktree KEY]} row: where the {@code repo:} files of the section's {@code steer} rows are — the option's value, else
 * the variable's value, else the working directory itself when the {@code bare} option is given ({@code git --bare}),
 * else the first {@code NAME} found walking up from the directory the program works in that git accepts: a directory
 * holding a valid {@code HEAD}, {@code objects} and {@code refs}, or a file {@code gitdir: PATH} naming one. The working
 * tree is the {@code tree-opt} option's value, else the {@code tree-env} variable's ({@code --work-tree},
 * {@code GIT_WORK_TREE}), else the one found with the repository: the program runs the commands its files name there,
 * and its gitlinks are below it; the {@code worktree} key of a repository's configuration ({@code core.worktree}) names
 * another such place, followed as one. A repository directory
 * holding a {@code commondir} file shares the files of the directory it names too (a worktree's). Nested
 * repositories (submodules) are steered by the same rows: every repository at any depth below the repository's
 * {@code nested} directory, and every one whose working tree is at a path the repository's {@code gitlinks} file
 * (git's index) records as a gitlink, theirs in turn. A repository's configuration may name its working tree
 * ({@code worktree} KEY, git's {@code core.worktree}): the gitlinks are read from there too, and that setting is
 * followed as a place, not judged as a command.
 *
 * @param name     the name looked for ({@code .git})
 * @param option   the option that names the repository directory (canonical), or null
 * @param variable the variable that names it, or null
 * @param nested   a directory in the repository holding nested repositories at any depth ({@code modules}), or null
 * @param gitlinks git's index in the repository, whose gitlinks are nested repositories' working trees, or null
 * @param bare     the option that makes the working directory the repository (canonical), or null
 * @param treeOption   the option that names the working tree (canonical), or null
 * @param treeVariable the variable that names it, or null
 * @param worktree the configuration key naming the repository's working tree, or null
 */
public record SteerRepo(String name, String option, String variable, String nested, String gitlinks, String bare,
        String treeOption, String treeVariable, String worktree) {

    private static final String SYNTAX = "expected: steer-repo NAME [opt OPT] [env VAR] [bare OPT] [tree-opt OPT]"
            + " [tree-env VAR] [nested DIR] [gitlinks FILE] [worktree KEY]";

    static SteerRepo parse(Section s, RuleLine row) {
        String name = row.need(1);
        String opt = null;
        String var = null;
        String nested = null;
        String gitlinks = null;
        String bare = null;
        String treeOpt = null;
        String treeVar = null;
        String worktree = null;
        for (int i = 2; i < row.size(); i++) {
            switch (row.get(i)) {
                case "opt" -> opt = s.optionName(row.need(++i));
                case "env" -> var = row.need(++i);
                case "nested" -> nested = row.need(++i);
                case "gitlinks" -> gitlinks = row.need(++i);
                case "bare" -> bare = s.optionName(row.need(++i));
                case "tree-opt" -> treeOpt = s.optionName(row.need(++i));
                case "tree-env" -> treeVar = row.need(++i);
                case "worktree" -> worktree = row.need(++i).toLowerCase(java.util.Locale.ROOT);
                default -> throw new IllegalArgumentException(SYNTAX);
            }
        }
        return new SteerRepo(name, opt, var, nested, gitlinks, bare, treeOpt, treeVar, worktree);
    }
}
