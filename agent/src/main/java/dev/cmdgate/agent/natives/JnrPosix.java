package dev.cmdgate.agent.natives;

import dev.cmdgate.core.decision.Launch;
import java.io.File;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * jnr-posix's process API as JRuby uses it: {@code posix_spawnp(path, fileActions, attributes, argv, envp)}
 * and {@code execv}/{@code execve}. Its spawn file actions are read here: an {@code open} with write access
 * is an output file of the new process (like a ProcessBuilder redirect); {@code dup2} and {@code close}
 * open nothing; any other action is not read (the spawn is then refused).
 */
final class JnrPosix {

    private static final String ACTION = "jnr.posix.SpawnFileAction$";
    private static final boolean MAC = System.getProperty("os.name", "").toLowerCase().contains("mac");
    private static final int O_ACCMODE = 3;
    private static final int O_APPEND = MAC ? 0x8 : 0x400;

    private JnrPosix() {
    }

    /** A spawn as read from the jnr-posix API call, with the arguments to call it with (copies). */
    record Spawn(Launch launch, Object[] args, Object argvCopy) {
    }

    /**
     * {@code posix_spawnp(String path, Collection fileActions, Collection attributes, CharSequence[] argv,
     * CharSequence[] envp)}: the launch, and the arguments to continue with — the file actions and
     * attributes as lists only cmdgate holds, argv and envp as String arrays only cmdgate holds.
     */
    static Spawn read(Object[] a) throws NativeCall.Unreadable {
        if (a.length != 5) {
            throw new NativeCall.Unreadable("posix_spawnp with " + a.length + " arguments");
        }
        String path = (String) a[0];
        List<Object> actions = a[1] == null ? null : copy((Collection<?>) a[1]);
        List<Object> attributes = a[2] == null ? null : copy((Collection<?>) a[2]);
        String[] argv = strings(a[3]);
        String[] envp = strings(a[4]);
        if (path == null || argv == null) {
            throw new NativeCall.Unreadable("a NULL program or argv");
        }
        List<Launch.OutputRedirect> outputs = new ArrayList<>();
        if (actions != null) {
            for (Object action : actions) {
                outputs.addAll(outputs(action));
            }
        }
        Launch launch = NativeCall.launch(path, List.of(argv), envp == null ? List.of() : List.of(envp), outputs);
        return new Spawn(launch, new Object[] {path, actions, attributes, argv, envp}, argv);
    }

    /** {@code execv(String, String[])} and {@code execve(String, String[], String[])}. */
    static Spawn readExec(Object[] a, boolean withEnv) throws NativeCall.Unreadable {
        if (a.length != (withEnv ? 3 : 2)) {
            throw new NativeCall.Unreadable("an exec call with " + a.length + " arguments");
        }
        String path = (String) a[0];
        String[] argv = strings(a[1]);
        String[] envp = withEnv ? strings(a[2]) : null;
        if (path == null || argv == null) {
            throw new NativeCall.Unreadable("a NULL program or argv");
        }
        Launch launch = NativeCall.launch(path, List.of(argv), envp == null ? null : List.of(envp), List.of());
        return new Spawn(launch, withEnv ? new Object[] {path, argv, envp} : new Object[] {path, argv}, argv);
    }

    private static List<Object> copy(Collection<?> c) {
        return List.copyOf(c);   // one pass; a null element fails the copy (and so the call)
    }

    private static String[] strings(Object o) throws NativeCall.Unreadable {
        if (o == null) {
            return null;
        }
        if (!(o instanceof CharSequence[] a)) {
            throw new NativeCall.Unreadable("a " + o.getClass().getName() + " where an array of strings is expected");
        }
        String[] out = new String[a.length];
        for (int i = 0; i < a.length; i++) {
            if (a[i] == null) {
                throw new NativeCall.Unreadable("a null element in an array of strings");
            }
            out[i] = a[i].toString();
        }
        return out;
    }

    private static List<Launch.OutputRedirect> outputs(Object action) throws NativeCall.Unreadable {
        Class<?> c = action.getClass();
        String name = c.getName();
        Class<?> base = c.getSuperclass();
        if (!name.startsWith(ACTION) || base == null || !base.getName().equals("jnr.posix.SpawnFileAction")
                || base.getClassLoader() != c.getClassLoader()) {
            throw new NativeCall.Unreadable("an unknown spawn file action " + name);
        }
        switch (name.substring(ACTION.length())) {
            case "Dup", "Close" -> {
                return List.of();
            }
            case "Open" -> {
                String path = (String) field(action, "path");
                int flags = (Integer) field(action, "flags");
                if ((flags & O_ACCMODE) == 0) {
                    return List.of();   // opened for reading only
                }
                File f = new File(path);
                String abs = f.isAbsolute() ? f.getPath() : new File(NativeCall.cwd(), path).getPath();
                return List.of(new Launch.OutputRedirect(abs, (flags & O_APPEND) != 0));
            }
            default -> throw new NativeCall.Unreadable("an unknown spawn file action " + name);
        }
    }

    private static Object field(Object o, String name) throws NativeCall.Unreadable {
        try {
            Field f = o.getClass().getDeclaredField(name);
            f.setAccessible(true);   // jnr-posix is on the class path: its packages are open
            return f.get(o);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new NativeCall.Unreadable("cannot read " + o.getClass().getName() + "." + name + " (" + e + ")");
        }
    }
}
