package dev.cmdgate.it.apps;

import com.sun.jna.Function;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.nio.file.Path;

/**
 * Creates processes through JNA, the way applications call C: interface mapping
 * ({@code Native.load("c", LibC.class)}), {@code Function.getFunction(…).invoke…}, a Function made from a
 * raw address, and direct mapping ({@code Native.register}). Arguments: the directory the {@code touch}
 * attempts write to, then which attempts to run (names below; default all but {@code execv_last}).
 * Each prints one RESULT line (see {@link Attempt}); {@code execv_last} replaces this JVM with
 * {@code touch DIR/jna-execv-last} when allowed, so it comes last.
 */
public final class NativeJna {

    /** The C library, mapped by interface. */
    public interface LibC extends Library {
        int system(String command);

        int execv(String path, String[] argv);

        int fork();

        int getpid();
    }

    /** Direct mapping: its static initialiser binds the native methods to libc's functions. */
    public static final class DirectLibC {
        static {
            Native.register("c");
        }

        public static native int system(String command);
    }

    private NativeJna() {
    }

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        LibC libc = Native.load("c", LibC.class);
        Attempt.print("RESULT load ok exit=0 out=");
        for (int i = 1; i < args.length; i++) {
            String name = args[i];
            String target = dir.resolve("jna-" + name).toString();
            switch (name) {
                case "system_touch" -> number(name, () -> libc.system("touch " + target));                   // launch:jna_system
                case "system_echo" -> number(name, () -> libc.system("echo jna-echo"));
                case "execv_touch" -> number(name, () -> libc.execv("/usr/bin/touch", new String[] {"touch", target, null}));
                case "fork" -> number(name, libc::fork);
                case "getpid" -> number(name, libc::getpid);
                case "function_invoke" -> number(name, () -> Function.getFunction("c", "system").invokeInt(new Object[] {"touch " + target}));
                case "raw_address" -> number(name, () -> {
                    Pointer address = NativeLibrary.getInstance("c").getGlobalVariableAddress("system");
                    return Function.getFunction(address).invokeInt(new Object[] {"touch " + target});
                });
                case "direct" -> number(name, () -> DirectLibC.system("touch " + target));
                case "execv_last" -> number(name, () -> libc.execv("/usr/bin/touch", new String[] {"touch", target, null}));
                default -> Attempt.print("RESULT " + name + " error unknown attempt");
            }
        }
        Attempt.print("DONE");
    }

    interface IntCall {
        int call() throws Exception;
    }

    /** Runs one call; RESULT ok with the C function's return value, or the exception (an initialiser's cause). */
    private static void number(String name, IntCall call) {
        try {
            int r = call.call();
            Attempt.print("RESULT " + name + " ok exit=" + r + " out=");
        } catch (ExceptionInInitializerError e) {
            Attempt.failed(name, e.getCause() == null ? e : e.getCause());
        } catch (Throwable t) {
            Attempt.failed(name, t);
        }
    }
}
