package dev.cmdgate.it.apps;

import java.io.File;
import java.lang.ProcessBuilder.Redirect;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;

/**
 * Tries to create the file {@code DIR/<path name>} with {@code touch} once through every way a JVM can
 * launch a process, and reports each attempt (see {@link Attempt}). Usage: {@code LaunchPaths DIR [NAME…]}
 * (no names: all of them). The reflective paths need {@code --add-opens java.base/java.lang=ALL-UNNAMED}.
 * Every launch call is on a line marked {@code // launch:NAME}, so the test can check the caller frame.
 */
public final class LaunchPaths {

    public static final List<String> ALL = List.of(
            "exec_string", "exec_array", "exec_string_env", "exec_array_env", "exec_string_env_dir",
            "exec_array_env_dir", "pb_start", "pb_pipeline", "new_thread", "fixed_pool", "fork_join_pool",
            "reflect_start", "reflect_construct");

    static String dir;

    private LaunchPaths() {
    }

    public static void main(String[] args) throws Exception {
        dir = args[0];
        List<String> names = args.length > 1 ? List.of(args).subList(1, args.length) : ALL;
        for (String name : names) {
            Attempt.run(name, () -> launch(name));
        }
        System.out.println("DONE");
    }

    private static String file(String name) {
        return new File(dir, name).getPath();
    }

    /** The JVM's own environment plus one harmless variable (the env overloads replace the whole environment). */
    private static String[] env() {
        List<String> env = new ArrayList<>();
        System.getenv().forEach((k, v) -> env.add(k + "=" + v));
        env.add("CMDGATE_IT_MARK=1");
        return env.toArray(String[]::new);
    }

    static Object launch(String name) throws Exception {
        Runtime rt = Runtime.getRuntime();
        String f = file(name);
        switch (name) {
            case "exec_string":
                return rt.exec("touch " + f); // launch:exec_string
            case "exec_array":
                return rt.exec(new String[] {"touch", f}); // launch:exec_array
            case "exec_string_env":
                return rt.exec("touch " + f, env()); // launch:exec_string_env
            case "exec_array_env":
                return rt.exec(new String[] {"touch", f}, env()); // launch:exec_array_env
            case "exec_string_env_dir":
                return rt.exec("touch " + name, env(), new File(dir)); // launch:exec_string_env_dir
            case "exec_array_env_dir":
                return rt.exec(new String[] {"touch", name}, env(), new File(dir)); // launch:exec_array_env_dir
            case "pb_start":
                return new ProcessBuilder("touch", f).start(); // launch:pb_start
            case "pb_pipeline":
                return ProcessBuilder.startPipeline(List.of(new ProcessBuilder("touch", f), new ProcessBuilder("cat"))); // launch:pb_pipeline
            case "new_thread":
                return onNewThread(f);
            case "fixed_pool": {
                ExecutorService pool = Executors.newFixedThreadPool(2);
                try {
                    return pool.submit(() -> new ProcessBuilder("touch", f).start()).get(); // launch:fixed_pool
                } finally {
                    pool.shutdown();
                }
            }
            case "fork_join_pool":
                return CompletableFuture.supplyAsync(() -> startUnchecked(f), ForkJoinPool.commonPool()).join();
            case "reflect_start":
                return reflectStart(new String[] {"touch", f});
            case "reflect_construct":
                return reflectConstruct(new String[] {"touch", f});
            default:
                throw new IllegalArgumentException("unknown launch path " + name);
        }
    }

    private static Process onNewThread(String f) throws Exception {
        Object[] box = new Object[1];
        Thread t = new Thread(() -> {
            try {
                box[0] = new ProcessBuilder("touch", f).start(); // launch:new_thread
            } catch (Throwable e) {
                box[0] = e;
            }
        }, "app-launcher");
        t.start();
        t.join();
        if (box[0] instanceof Throwable e) {
            throw e instanceof Exception ex ? ex : new RuntimeException(e);
        }
        return (Process) box[0];
    }

    private static Process startUnchecked(String f) {
        try {
            return new ProcessBuilder("touch", f).start(); // launch:fork_join_pool
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** {@code java.lang.ProcessImpl.start(String[], Map, String, Redirect[], boolean)}, called reflectively. */
    static Process reflectStart(String[] cmd) throws Exception {
        Class<?> impl = Class.forName("java.lang.ProcessImpl");
        Method start = impl.getDeclaredMethod("start", String[].class, Map.class, String.class, Redirect[].class, boolean.class);
        start.setAccessible(true);
        return (Process) start.invoke(null, cmd, null, null, null, false); // launch:reflect_start
    }

    /**
     * The private constructor {@code ProcessImpl(byte[] prog, byte[] argBlock, int argc, byte[] envBlock,
     * int envc, byte[] dir, int[] fds, boolean forceNullOutputStream, boolean redirectErrorStream)}
     * (the same on JDK 17 and 25), bypassing {@code start}: the arguments are built the way start builds them.
     */
    static Process reflectConstruct(String[] cmd) throws Exception {
        Class<?> impl = Class.forName("java.lang.ProcessImpl");
        Constructor<?> ctor = impl.getDeclaredConstructor(byte[].class, byte[].class, int.class, byte[].class, int.class,
                byte[].class, int[].class, boolean.class, boolean.class);
        ctor.setAccessible(true);
        Charset cs = Charset.defaultCharset();
        byte[] prog = cString(cmd[0], cs);
        int size = cmd.length - 1;
        List<byte[]> words = new ArrayList<>();
        for (int i = 1; i < cmd.length; i++) {
            byte[] w = cmd[i].getBytes(cs);
            words.add(w);
            size += w.length;
        }
        byte[] argBlock = new byte[size];
        int at = 0;
        for (byte[] w : words) {
            System.arraycopy(w, 0, argBlock, at, w.length);
            at += w.length + 1;
        }
        int[] fds = {-1, -1, -1};
        return (Process) ctor.newInstance(prog, argBlock, words.size(), null, 0, null, fds, false, false); // launch:reflect_construct
    }

    private static byte[] cString(String s, Charset cs) {
        byte[] b = s.getBytes(cs);
        byte[] out = new byte[b.length + 1];
        System.arraycopy(b, 0, out, 0, b.length);
        return out;
    }
}
