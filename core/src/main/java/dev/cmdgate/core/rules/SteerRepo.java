package dev.cmdgate.core.rules;

/**
 * A {@code steer-repo NAME [opt OPT] [env VAR]} row: where the {@code repo:} files of the section's {@code steer}
 * rows are — the option's value, else the variable's value, else the first {@code NAME} found walking up from the
 * directory the program works in: a directory, or a file {@code gitdir: PATH} naming one. A repository directory
 * holding a {@code commondir} file shares the files of the directory it names too (a worktree's).
 *
 * @param name     the name looked for ({@code .git})
 * @param option   the option that names the repository directory (canonical), or null
 * @param variable the variable that names it, or null
 */
public record SteerRepo(String name, String option, String variable) {

    static SteerRepo parse(Section s, RuleLine row) {
        String name = row.need(1);
        String opt = null;
        String var = null;
        for (int i = 2; i < row.size(); i++) {
            switch (row.get(i)) {
                case "opt" -> opt = s.optionName(row.need(++i));
                case "env" -> var = row.need(++i);
                default -> throw new IllegalArgumentException("expected: steer-repo NAME [opt OPT] [env VAR]");
            }
        }
        return new SteerRepo(name, opt, var);
    }
}
