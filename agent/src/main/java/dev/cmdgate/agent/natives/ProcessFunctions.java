package dev.cmdgate.agent.natives;

import java.util.Map;
import java.util.Set;

/**
 * The one list of C library functions that create a process (or replace this one), and how the
 * arguments of each say what would run. Every native route cmdgate gates — jnr-posix and jnr-ffi/jffi
 * (JRuby), JNA, and the JDK's foreign function API — consults this list and nothing else.
 */
public final class ProcessFunctions {

    /** How a function's arguments say what runs. */
    public enum Kind {
        /** {@code (const char *command, …)}: runs {@code /bin/sh -c command} — system, popen. */
        SHELL,
        /** {@code (path, char *const argv[])} — execv, execvp. */
        EXEC,
        /** {@code (path, char *const argv[], char *const envp[])} — execve, execvpe. */
        EXEC_ENV,
        /** {@code (path, arg0, …, NULL)} — execl, execlp. */
        EXEC_LIST,
        /** {@code (path, arg0, …, NULL, char *const envp[])} — execle. */
        EXEC_LIST_ENV,
        /** {@code (pid_t *pid, path, file_actions, attributes, argv, envp)} — posix_spawn, posix_spawnp, pidfd_spawn, pidfd_spawnp. */
        SPAWN,
        /** A program given by file descriptor — fexecve, execveat: cmdgate cannot say what runs. */
        EXEC_FD,
        /** A copy of this JVM with no command at all — fork, vfork, clone, … */
        FORK,
        /** {@code syscall(number, …)}: a process only for the process-creating system call numbers. */
        SYSCALL,
        /** {@code wordexp(words, result, flags)}: runs command substitutions through /bin/sh unless WRDE_NOCMD. */
        WORDEXP
    }

    private static final Map<String, Kind> FUNCTIONS = Map.ofEntries(
            Map.entry("system", Kind.SHELL),
            Map.entry("popen", Kind.SHELL),
            Map.entry("execv", Kind.EXEC),
            Map.entry("execvp", Kind.EXEC),
            Map.entry("execve", Kind.EXEC_ENV),
            Map.entry("execvpe", Kind.EXEC_ENV),
            Map.entry("execl", Kind.EXEC_LIST),
            Map.entry("execlp", Kind.EXEC_LIST),
            Map.entry("execle", Kind.EXEC_LIST_ENV),
            Map.entry("posix_spawn", Kind.SPAWN),
            Map.entry("posix_spawnp", Kind.SPAWN),
            Map.entry("pidfd_spawn", Kind.SPAWN),
            Map.entry("pidfd_spawnp", Kind.SPAWN),
            Map.entry("fexecve", Kind.EXEC_FD),
            Map.entry("execveat", Kind.EXEC_FD),
            Map.entry("fork", Kind.FORK),
            Map.entry("vfork", Kind.FORK),
            Map.entry("_Fork", Kind.FORK),
            Map.entry("__fork", Kind.FORK),
            Map.entry("__vfork", Kind.FORK),
            Map.entry("clone", Kind.FORK),
            Map.entry("__clone", Kind.FORK),
            Map.entry("__clone2", Kind.FORK),
            Map.entry("clone3", Kind.FORK),
            Map.entry("syscall", Kind.SYSCALL),
            Map.entry("wordexp", Kind.WORDEXP));

    /**
     * The functions jnr-posix's own libc binding may bind: those its Java API (which cmdgate hooks with
     * the full argv, environment and file actions) calls, and whose generated methods cmdgate can hook.
     * Every other process function is refused to jnr-ffi/jffi bindings, jnr-posix's included.
     */
    private static final Set<String> JNR_POSIX_BINDABLE = Set.of("posix_spawn", "posix_spawnp", "execv", "execve");

    /** glibc's WRDE_NOCMD: wordexp refuses command substitution. */
    public static final int WRDE_NOCMD = 1 << 2;

    private ProcessFunctions() {
    }

    /** The kind of {@code function}, or null when it does not create a process. */
    public static Kind kind(String function) {
        return function == null ? null : FUNCTIONS.get(function);
    }

    public static boolean isProcessFunction(String function) {
        return function != null && FUNCTIONS.containsKey(function);
    }

    /** Every function on the list. */
    public static Set<String> names() {
        return FUNCTIONS.keySet();
    }

    public static boolean jnrPosixBindable(String function) {
        return JNR_POSIX_BINDABLE.contains(function);
    }

    /** True for the system call numbers that create a process or run a program on this machine's architecture. */
    public static boolean processSyscall(long number) {
        String arch = System.getProperty("os.arch", "");
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            return number == 56 || number == 57 || number == 58 || number == 59 || number == 322 || number == 435;
        }
        if (arch.equals("aarch64")) {
            return number == 220 || number == 221 || number == 281 || number == 435;
        }
        return true;   // an architecture whose numbers cmdgate does not know: every syscall is suspect
    }
}
