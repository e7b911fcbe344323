package dev.cmdgate.agent.hook;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Where a tool call runs, and which directories are its project. */
final class Directories {

    private Directories() {
    }

    /** The host's working directory made absolute (from the hook's own, which hosts set to the project); empty or absent: the hook's own. */
    static String cwd(String given) {
        Path own = Path.of("").toAbsolutePath();
        if (given == null || given.isEmpty()) {
            return own.toString();
        }
        return own.resolve(given).normalize().toString();
    }

    /**
     * The project directories of a call: those the host names, the working directory, and the top of the git
     * working tree it is in (the nearest directory above it holding {@code .git}).
     */
    static List<String> project(String cwd, String... named) {
        List<String> dirs = new ArrayList<>();
        for (String n : named) {
            if (n != null && !n.isEmpty()) {
                add(dirs, Path.of(cwd).resolve(n).normalize().toString());
            }
        }
        add(dirs, cwd);
        for (Path p = Path.of(cwd); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve(".git"))) {
                add(dirs, p.toString());
                break;
            }
        }
        return dirs;
    }

    private static void add(List<String> dirs, String d) {
        if (!dirs.contains(d)) {
            dirs.add(d);
        }
    }
}
