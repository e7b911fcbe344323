package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.RuleSet;
import java.util.ArrayList;
import java.util.List;

/**
 * The programs a command word that is a pathname pattern may name. The shell expands {@code /???/?m} or
 * {@code /usr/bin/[r]m} to the files that exist when the command runs, and runs the first: cmdgate does not
 * look at the disk, so it takes every program of the rules whose name the pattern matches, in a directory the
 * pattern may be that holds the standard programs ({@code system-dirs}), or any program for a word without a
 * slash (the shell looks its expansion up in PATH). Each is then judged as if written out ({@link Analysis}).
 */
final class CommandGlobs {

    /** Past this many programs, the word may be nearly anything: judged as a command only known at run time. */
    static final int MAX = 24;

    private CommandGlobs() {
    }

    /**
     * The rules' programs the pattern may run, in name order; empty when it names no standard program (a
     * directory of its own: judged as the path it is), null when more than {@link #MAX} match.
     */
    static List<String> programs(RuleSet rules, String pattern) {
        int slash = ShellPattern.lastSlash(pattern);
        String name = pattern.substring(slash + 1);
        if (slash >= 0 && !mayBeSystemDir(rules, pattern.substring(0, Math.max(slash, 1)))) {
            return List.of();
        }
        if (!ShellPattern.isPattern(name)) {
            String plain = ShellPattern.unescape(name);
            // the directory was the pattern (/*/*/python3): the name is the program's
            return slash >= 0 && rules.program(plain) != null ? List.of(plain) : List.of();
        }
        List<String> out = new ArrayList<>();
        for (String candidate : rules.programNames()) {
            if (ShellPattern.matches(name, candidate)) {
                if (out.size() == MAX) {
                    return null;
                }
                out.add(candidate);
            }
        }
        return out;
    }

    private static boolean mayBeSystemDir(RuleSet rules, String dir) {
        if (!ShellPattern.isPattern(dir)) {
            return rules.isSystemDir(PathText.resolveDots(PathText.normalize(ShellPattern.unescape(dir))));
        }
        for (String d : rules.systemDirs()) {
            if (ShellPattern.matches(dir, d)) {
                return true;
            }
        }
        return false;
    }
}
