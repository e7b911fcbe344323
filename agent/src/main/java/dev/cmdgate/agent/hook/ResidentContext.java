package dev.cmdgate.agent.hook;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * What a JVM started per call would decide with besides the call itself: its working directory (relative paths, a
 * call without {@code cwd}) and its environment ({@code HOME}, {@code CLAUDE_PROJECT_DIR}, git's variables …). The
 * resident decider runs in the context of the call that started it and decides only calls of the same context: the
 * launcher's physical working directory and the environment the launcher received, byte for byte (the launcher's
 * own changes to it are the same for both), but for {@code _}, which bash sets anew for every program it starts, so
 * that no JVM ever sees the one the launcher received. Any other call is handed back to a JVM of its own.
 *
 * @param cwd the launcher's working directory, as the JVM's {@code user.dir}
 * @param env the launcher's environment as it received it ({@code /proc/PID/environ})
 */
record ResidentContext(String cwd, byte[] env) {

    /** The context of the launcher that started {@code jvm} (its parent), in {@code jvm}'s directory. */
    static ResidentContext launcherOf(ProcessHandle jvm) throws IOException {
        long launcher = jvm.parent().orElseThrow(() -> new IOException("no parent")).pid();
        return new ResidentContext(System.getProperty("user.dir"), environ(launcher));
    }

    /** The environment process {@code pid} was started with, less {@code _}. */
    static byte[] environ(long pid) throws IOException {
        return withoutUnderscore(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ")));
    }

    /** NUL-terminated {@code NAME=VALUE} entries less those of {@code _}. */
    static byte[] withoutUnderscore(byte[] env) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(env.length);
        int start = 0;
        for (int i = 0; i <= env.length; i++) {
            if (i == env.length || env[i] == 0) {
                boolean underscore = i - start >= 2 && env[start] == '_' && env[start + 1] == '=';
                if (!underscore && i > start) {
                    out.write(env, start, i - start);
                    out.write(0);
                }
                start = i + 1;
            }
        }
        return out.toByteArray();
    }

    /** {@code cwd NUL env}: how the context is handed to the resident decider. */
    byte[] bytes() {
        byte[] c = cwd.getBytes(StandardCharsets.UTF_8);
        byte[] out = Arrays.copyOf(c, c.length + 1 + env.length);
        System.arraycopy(env, 0, out, c.length + 1, env.length);
        return out;
    }

    static ResidentContext parse(byte[] b) {
        int nul = 0;
        while (nul < b.length && b[nul] != 0) {
            nul++;
        }
        if (nul == b.length) {
            throw new IllegalArgumentException("no context");
        }
        return new ResidentContext(new String(b, 0, nul, StandardCharsets.UTF_8), Arrays.copyOfRange(b, nul + 1, b.length));
    }

    /** Whether a launcher in {@code dir} with process id {@code pid} calls from this context. */
    boolean sameAs(String dir, long pid) {
        try {
            return cwd.equals(dir) && Arrays.equals(env, environ(pid));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ResidentContext c && c.cwd.equals(cwd) && Arrays.equals(c.env, env);
    }

    @Override
    public int hashCode() {
        return cwd.hashCode() * 31 + Arrays.hashCode(env);
    }

    @Override
    public String toString() {
        return "ResidentContext[" + cwd + ", " + env.length + " bytes of environment]";
    }
}
