package dev.cmdgate.it.apps;

import java.lang.ProcessBuilder.Redirect;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Map;

/**
 * Launches straight from {@code main} in every style — Runtime.exec, ProcessBuilder, a pipeline, public
 * API called through reflection and through a MethodHandle, and the JDK-internal ProcessImpl start and
 * constructor through deep reflection (needs {@code --add-opens java.base/java.lang=ALL-UNNAMED}) — so
 * the audit's caller frame must be {@code CallerFrames.main(CallerFrames.java:N)} with N the line marked
 * {@code // caller:NAME}. Usage: {@code CallerFrames VICTIM_DIR}; {@code rm_refused} must be refused.
 */
public final class CallerFrames {

    private CallerFrames() {
    }

    public static void main(String[] args) throws Throwable {
        String victim = args[0];
        Runtime rt = Runtime.getRuntime();
        try {
            Process p = rt.exec(new String[] {"echo", "exec_array"}); // caller:exec_array
            Attempt.finished("exec_array", p);
        } catch (Throwable t) {
            Attempt.failed("exec_array", t);
        }
        try {
            Process p = rt.exec("echo exec_string"); // caller:exec_string
            Attempt.finished("exec_string", p);
        } catch (Throwable t) {
            Attempt.failed("exec_string", t);
        }
        try {
            Process p = new ProcessBuilder("echo", "pb_start").start(); // caller:pb_start
            Attempt.finished("pb_start", p);
        } catch (Throwable t) {
            Attempt.failed("pb_start", t);
        }
        try {
            List<Process> ps = ProcessBuilder.startPipeline(List.of(new ProcessBuilder("echo", "pipeline"), new ProcessBuilder("cat"))); // caller:pipeline
            Attempt.finished("pipeline", ps);
        } catch (Throwable t) {
            Attempt.failed("pipeline", t);
        }
        try {
            Process p = rt.exec("rm -rf " + victim); // caller:rm_refused
            Attempt.finished("rm_refused", p);
        } catch (Throwable t) {
            Attempt.failed("rm_refused", t);
        }
        try {
            Process p = rt.exec("touch " + victim + "/prompted"); // caller:touch_prompted
            Attempt.finished("touch_prompted", p);
        } catch (Throwable t) {
            Attempt.failed("touch_prompted", t);
        }
        Method exec = Runtime.class.getMethod("exec", String[].class);
        try {
            Process p = (Process) exec.invoke(rt, (Object) new String[] {"echo", "reflect_exec"}); // caller:reflect_exec
            Attempt.finished("reflect_exec", p);
        } catch (Throwable t) {
            Attempt.failed("reflect_exec", t);
        }
        MethodHandle start = MethodHandles.publicLookup().findVirtual(ProcessBuilder.class, "start", MethodType.methodType(Process.class));
        try {
            Process p = (Process) start.invoke(new ProcessBuilder("echo", "method_handle")); // caller:method_handle
            Attempt.finished("method_handle", p);
        } catch (Throwable t) {
            Attempt.failed("method_handle", t);
        }
        Class<?> impl = Class.forName("java.lang.ProcessImpl");
        Method implStart = impl.getDeclaredMethod("start", String[].class, Map.class, String.class, Redirect[].class, boolean.class);
        implStart.setAccessible(true);
        try {
            Process p = (Process) implStart.invoke(null, new String[] {"echo", "reflect_start"}, null, null, null, false); // caller:reflect_start
            Attempt.finished("reflect_start", p);
        } catch (Throwable t) {
            Attempt.failed("reflect_start", t);
        }
        Constructor<?> ctor = impl.getDeclaredConstructor(byte[].class, byte[].class, int.class, byte[].class, int.class,
                byte[].class, int[].class, boolean.class, boolean.class);
        ctor.setAccessible(true);
        Charset cs = Charset.defaultCharset();
        byte[] prog = "echo\0".getBytes(cs);
        byte[] argBlock = "reflect_construct\0".getBytes(cs);
        try {
            Process p = (Process) ctor.newInstance(prog, argBlock, 1, null, 0, null, new int[] {-1, -1, -1}, false, false); // caller:reflect_construct
            Attempt.finished("reflect_construct", p);
        } catch (Throwable t) {
            Attempt.failed("reflect_construct", t);
        }
        Attempt.print("DONE");
    }
}
