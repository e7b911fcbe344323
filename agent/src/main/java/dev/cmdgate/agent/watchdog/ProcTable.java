package dev.cmdgate.agent.watchdog;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What the watchdog reads from Linux's {@code /proc}: the processes that exist, which of them carry a
 * launch's token in their environment, their parents, and the last process id the kernel handed out.
 * Reads only; one per sweep (it reuses its buffer), on the watchdog thread.
 *
 * <p>A process's {@code /proc/PID/environ} is the environment it was started with (every descendant
 * inherits it through fork, {@code setsid}, {@code nohup}, a double fork…), readable for processes of
 * the same user (all of them for root). It cannot show a process that was started with a cleared or
 * rewritten environment, or one of another user.
 */
final class ProcTable {

    /** The variable that carries the tokens of the watched launches a process belongs to, separated by ':'. */
    static final String VARIABLE = "CMDGATE_WATCH";

    private static final File PROC = new File("/proc");
    private static final String ENTRY = VARIABLE + "=";
    private static final String NUL_ENTRY = "\0" + ENTRY;
    /** An environment larger than this is read no further (the kernel's own limit for argv + envp is lower). */
    private static final int MAX_ENVIRON = 8 * 1024 * 1024;

    private byte[] buffer = new byte[32 * 1024];

    /**
     * One process's parent, whether it is a zombie (dead, waiting to be reaped: nothing to kill), and
     * when it started (clock ticks since boot: a process that started before a launch cannot be of it).
     */
    record Stat(long parent, boolean zombie, long started) {
    }

    /** True where processes' environments can be read (Linux with /proc). */
    static boolean available() {
        return new File("/proc/self/environ").canRead() && new File("/proc/self/stat").canRead();
    }

    /** Every process id now in /proc. */
    long[] pids() {
        String[] names = PROC.list();
        if (names == null) {
            return new long[0];
        }
        long[] out = new long[names.length];
        int n = 0;
        for (String name : names) {
            long pid = number(name);
            if (pid > 0) {
                out[n++] = pid;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /** True when a process with this id exists now (no exception for one that does not: probing is cheap). */
    boolean exists(long pid) {
        return new File(PROC, Long.toString(pid)).exists();
    }

    /** The last process id the kernel handed out in this pid namespace, or -1 when it cannot be read. */
    long lastPid() {
        return readNumber("/proc/sys/kernel/ns_last_pid");
    }

    /** The largest process id (after it, ids start again from the bottom), or -1. */
    long maxPid() {
        return readNumber("/proc/sys/kernel/pid_max");
    }

    /** When the process started (clock ticks since boot), or -1; reads nothing else (the launch path calls it). */
    static long startTicks(long pid) {
        byte[] b = new byte[1024];
        int n = 0;
        try (InputStream in = new FileInputStream("/proc/" + pid + "/stat")) {
            for (int r; n < b.length && (r = in.read(b, n, b.length - n)) > 0; ) {
                n += r;
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        Stat st = parseStat(b, n);
        return st == null ? -1 : st.started();
    }

    /** The process's parent and state, or null when it is gone or cannot be read. */
    Stat stat(long pid) {
        int n = read("/proc/" + pid + "/stat", 4096);
        return n <= 0 ? null : parseStat(buffer, n);
    }

    private static Stat parseStat(byte[] buffer, int n) {
        // "pid (comm) S ppid …": comm may hold spaces and parentheses, so parse after the last ')'
        int close = -1;
        for (int i = n - 1; i >= 0; i--) {
            if (buffer[i] == ')') {
                close = i;
                break;
            }
        }
        if (close < 0 || close + 4 >= n) {
            return null;
        }
        char state = (char) buffer[close + 2];
        // after ')': state is field 3, the parent field 4, the start time field 22
        long parent = -1;
        long started = -1;
        int field = 3;
        int i = close + 2;
        while (i < n && field <= 22) {
            while (i < n && buffer[i] == ' ') {
                i++;
            }
            long v = 0;
            boolean digits = false;
            while (i < n && buffer[i] != ' ') {
                digits = buffer[i] >= '0' && buffer[i] <= '9';
                v = digits ? v * 10 + (buffer[i] - '0') : v;
                i++;
            }
            if (field == 4) {
                parent = v;
            } else if (field == 22 && digits) {
                started = v;
            }
            field++;
        }
        return new Stat(parent, state == 'Z' || state == 'X', started);
    }

    /** True when the process's environment holds {@code token} among the values of {@link #VARIABLE}. */
    boolean carries(long pid, String token) {
        return tokens(pid).contains(token);
    }

    /** The ':'-separated values of {@link #VARIABLE} in the process's environment; empty when it has none. */
    List<String> tokens(long pid) {
        int n = read("/proc/" + pid + "/environ", MAX_ENVIRON);
        if (n <= 0) {
            return List.of();
        }
        // Latin-1 maps each byte to one char, and String.indexOf is the JDK's vectorised search: a
        // sweep reads every process's environment, so this must not be a byte loop
        String env = new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
        int at = env.startsWith(ENTRY) ? 0 : env.indexOf(NUL_ENTRY);
        List<String> out = List.of();
        while (at >= 0) {
            int value = at + (env.charAt(at) == '\0' ? NUL_ENTRY.length() : ENTRY.length());
            int stop = env.indexOf('\0', value);
            List<String> more = List.of(env.substring(value, stop < 0 ? env.length() : stop).split(":", -1));
            if (out.isEmpty()) {
                out = more;
            } else {
                out = new java.util.ArrayList<>(out);
                out.addAll(more);
            }
            at = env.indexOf(NUL_ENTRY, value);
        }
        return out;
    }

    /** Reads up to {@code max} bytes of a /proc file into the buffer; -1 when it cannot be read. */
    private int read(String path, int max) {
        try (InputStream in = new FileInputStream(path)) {
            int n = 0;
            while (true) {
                if (n == buffer.length) {
                    if (buffer.length >= max) {
                        return n;
                    }
                    buffer = java.util.Arrays.copyOf(buffer, Math.min(max, buffer.length * 2));
                }
                int r = in.read(buffer, n, buffer.length - n);
                if (r < 0) {
                    return n;
                }
                n += r;
            }
        } catch (IOException | RuntimeException e) {
            return -1;   // gone, or not ours to read
        }
    }

    private long readNumber(String path) {
        int n = read(path, 64);
        if (n <= 0) {
            return -1;
        }
        return number(new String(buffer, 0, n, StandardCharsets.US_ASCII).strip());
    }

    private static long number(String s) {
        if (s.isEmpty() || s.length() > 18) {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
