package dev.cmdgate.agent.natives;

import dev.cmdgate.agent.launch.OwnEnvironment;
import dev.cmdgate.core.decision.Launch;
import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one call of a C function on {@link ProcessFunctions}' list would run, read from its arguments:
 * a {@link Judged} launch (with the arguments to call with — copies only cmdgate holds), an
 * {@link Unjudgeable} call (refused: cmdgate cannot say what would run), or {@link NotAProcess}.
 */
public sealed interface NativeCall {

    /** A call to decide like any launch; {@code args} are what the function is then called with. */
    record Judged(Launch launch, Object[] args) implements NativeCall {
    }

    /** A call cmdgate cannot read: {@code shown} is what the audit line shows as argv. */
    record Unjudgeable(List<String> shown, String why) implements NativeCall {
    }

    /** A call that creates no process (a harmless syscall number, wordexp without command substitution). */
    record NotAProcess(Object[] args) implements NativeCall {
    }

    /** Thrown by a reader for an argument it cannot read reliably. */
    final class Unreadable extends Exception {
        public Unreadable(String why) {
            super(why, null, false, false);
        }
    }

    /**
     * Reads arguments of one route (Java objects, or native memory) and makes copies of the same kind.
     * {@link #read} is given the arguments as {@link #snapshot} made them.
     */
    interface Args {
        /** The arguments as cmdgate reads and passes them on: Java arrays copied; native memory as it is. */
        Object[] snapshot(Object[] args);

        /** A C string argument; null for NULL. */
        String string(Object arg) throws Unreadable;

        /** A NULL-terminated {@code char *[]} argument; null for NULL. */
        List<String> strings(Object arg) throws Unreadable;

        /** An integer argument. */
        long number(Object arg) throws Unreadable;

        boolean isNull(Object arg);

        /** An argument of the same kind holding {@code s}, which only cmdgate holds. */
        Object copyString(Object original, String s);

        /** An argument of the same kind holding {@code strings} (NULL-terminated), which only cmdgate holds. */
        Object copyStrings(Object original, List<String> strings);

        /** The variadic arguments from {@code from} on, as the C function receives them (one per element). */
        default List<Object> variadic(Object[] args, int from) {
            List<Object> out = new ArrayList<>();
            for (int i = from; i < args.length; i++) {
                out.add(args[i]);
            }
            return out;
        }
    }

    /** Reads a call of {@code function} (on the list) with {@code args}, a {@link Args#snapshot}. */
    static NativeCall read(String function, Object[] args, Args reader) {
        ProcessFunctions.Kind kind = ProcessFunctions.kind(function);
        Objects.requireNonNull(kind, function);
        try {
            return switch (kind) {
                case SHELL -> shell(function, args, reader);
                case EXEC, EXEC_ENV -> exec(function, args, reader, kind == ProcessFunctions.Kind.EXEC_ENV);
                case EXEC_LIST, EXEC_LIST_ENV -> execList(function, args, reader, kind == ProcessFunctions.Kind.EXEC_LIST_ENV);
                case SPAWN -> spawn(function, args, reader);
                case EXEC_FD -> new Unjudgeable(List.of(function), function
                        + " runs a program given by an open file descriptor: cmdgate cannot say which");
                case FORK -> new Unjudgeable(List.of(function), function
                        + " makes a copy of this JVM as a new process, with no command to judge");
                case SYSCALL -> syscall(function, args, reader);
                case WORDEXP -> wordexp(function, args, reader);
            };
        } catch (Unreadable | RuntimeException e) {
            return new Unjudgeable(List.of(function), function + "'s arguments cannot be read reliably ("
                    + (e instanceof Unreadable ? e.getMessage() : e.toString()) + ")");
        }
    }

    private static NativeCall shell(String function, Object[] args, Args r) throws Unreadable {
        need(args, 1);
        String command = r.string(args[0]);
        if (command == null) {
            if (!function.equals("system")) {
                return new Unjudgeable(List.of(function, "NULL"), function + " with a NULL command");
            }
            command = "exit 0";   // system(NULL) asks whether a shell exists by running one
        }
        Object[] copy = args.clone();
        copy[0] = r.copyString(args[0], command);
        return new Judged(shellLaunch(command), copy);
    }

    private static NativeCall exec(String function, Object[] args, Args r, boolean withEnv) throws Unreadable {
        need(args, withEnv ? 3 : 2);
        String path = r.string(args[0]);
        List<String> argv = r.strings(args[1]);
        List<String> envp = withEnv ? r.strings(args[2]) : null;
        if (path == null || argv == null) {
            return new Unjudgeable(List.of(function), function + " with a NULL program or argv");
        }
        Object[] copy = args.clone();
        copy[0] = r.copyString(args[0], path);
        copy[1] = r.copyStrings(args[1], argv);
        if (withEnv && envp != null) {
            copy[2] = r.copyStrings(args[2], envp);
        }
        return new Judged(launch(path, argv, withEnv ? nonNull(envp) : null, List.of()), copy);
    }

    private static NativeCall execList(String function, Object[] args, Args r, boolean withEnv) throws Unreadable {
        need(args, 1);
        String path = r.string(args[0]);
        if (path == null) {
            return new Unjudgeable(List.of(function), function + " with a NULL program");
        }
        List<Object> rest = r.variadic(args, 1);
        List<String> argv = new ArrayList<>();
        int i = 0;
        for (; i < rest.size(); i++) {
            if (r.isNull(rest.get(i))) {
                break;
            }
            argv.add(r.string(rest.get(i)));
        }
        if (i == rest.size()) {
            return new Unjudgeable(List.of(function, path), function + "'s argument list has no terminating NULL");
        }
        List<String> envp = null;
        if (withEnv) {
            if (i + 1 >= rest.size()) {
                return new Unjudgeable(List.of(function, path), function + " without its environment argument");
            }
            envp = r.strings(rest.get(i + 1));
        }
        if (rest.size() != args.length - 1) {
            // the variadic part came as one array (a Java varargs parameter), in a snapshot already
            return new Judged(launch(path, argv, withEnv ? envp : null, List.of()), args);
        }
        Object[] copy = args.clone();
        copy[0] = r.copyString(args[0], path);
        for (int k = 0; k < argv.size(); k++) {
            copy[1 + k] = r.copyString(args[1 + k], argv.get(k));
        }
        if (envp != null) {
            copy[1 + i + 1] = r.copyStrings(args[1 + i + 1], envp);
        }
        return new Judged(launch(path, argv, withEnv ? envp : null, List.of()), copy);
    }

    private static NativeCall spawn(String function, Object[] args, Args r) throws Unreadable {
        need(args, 6);
        String path = r.string(args[1]);
        List<String> argv = r.strings(args[4]);
        if (path == null || argv == null) {
            return new Unjudgeable(List.of(function), function + " with a NULL program or argv");
        }
        List<String> shown = new ArrayList<>(argv);
        if (!r.isNull(args[2])) {
            return new Unjudgeable(shown, function + " with file actions given as native memory: cmdgate cannot read"
                    + " which files they open for the new process");
        }
        List<String> envp = r.strings(args[5]);
        Object[] copy = args.clone();
        copy[1] = r.copyString(args[1], path);
        copy[4] = r.copyStrings(args[4], argv);
        if (envp != null) {
            copy[5] = r.copyStrings(args[5], envp);
        }
        return new Judged(launch(path, argv, nonNull(envp), List.of()), copy);
    }

    private static NativeCall syscall(String function, Object[] args, Args r) throws Unreadable {
        need(args, 1);
        long number = r.number(args[0]);
        if (ProcessFunctions.processSyscall(number)) {
            return new Unjudgeable(List.of(function, Long.toString(number)), "syscall " + number
                    + " creates a process or runs a program with arguments cmdgate does not read");
        }
        return new NotAProcess(args);
    }

    private static NativeCall wordexp(String function, Object[] args, Args r) throws Unreadable {
        need(args, 3);
        if ((r.number(args[2]) & ProcessFunctions.WRDE_NOCMD) != 0) {
            return new NotAProcess(args);
        }
        String words = r.string(args[0]);
        return new Unjudgeable(words == null ? List.of(function) : List.of(function, words),
                "wordexp without WRDE_NOCMD runs command substitutions through /bin/sh");
    }

    private static void need(Object[] args, int n) throws Unreadable {
        if (args == null || args.length < n) {
            throw new Unreadable("expected at least " + n + " arguments");
        }
    }

    private static List<String> nonNull(List<String> l) {
        return l == null ? List.of() : l;
    }

    /** {@code sh -c command}, as any shell line is judged. */
    static Launch shellLaunch(String command) {
        return new Launch(List.of("sh", "-c", command), command, cwd(), Map.of(), List.of(), null, null);
    }

    /**
     * The launch of {@code path} with {@code argv} (and the full environment {@code envp}, null: inherited).
     * The argv is the one the program receives, except that a program that is not what argv[0] names is
     * put in its place (what runs is judged, not what it is told its name is).
     */
    public static Launch launch(String path, List<String> argv, List<String> envp, List<Launch.OutputRedirect> outputs) {
        List<String> words = new ArrayList<>(argv);
        if (words.isEmpty()) {
            words.add(path);
        } else if (!sameProgram(path, words.get(0))) {
            words.set(0, path);
        }
        return new Launch(words, null, cwd(), envp == null ? Map.of() : changes(envp), outputs, null, null);
    }

    private static boolean sameProgram(String path, String argv0) {
        return path.equals(argv0) || (argv0.indexOf('/') < 0 && path.endsWith("/" + argv0));
    }

    /** Variables {@code envp} sets or changes compared with this JVM's environment. */
    static Map<String, String> changes(List<String> envp) {
        Map<String, String> inherited = OwnEnvironment.get();
        Map<String, String> out = new HashMap<>();
        for (String entry : envp) {
            int eq = entry.indexOf('=', 1);
            if (eq > 0) {
                String k = entry.substring(0, eq);
                String v = entry.substring(eq + 1);
                if (!Objects.equals(inherited.get(k), v)) {
                    out.put(k, v);
                }
            }
        }
        return out;
    }

    /** A native call starts in this process's working directory. */
    static String cwd() {
        return new File(System.getProperty("user.dir")).getAbsolutePath();
    }
}
