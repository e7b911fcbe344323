package dev.cmdgate.agent.launch;

import dev.cmdgate.core.decision.CommandText;
import dev.cmdgate.core.decision.Launch;
import java.io.File;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Turns the JDK's own launch arguments into the {@link Launch} cmdgate judges. */
final class JdkLaunches {

    private JdkLaunches() {
    }

    static Launch fromStart(String[] cmdarray, Map<String, String> environment, String dir, Redirect[] redirects) {
        List<String> argv = Arrays.asList(cmdarray.clone());
        return new Launch(argv, null, cwd(dir), environmentChanges(environment), outputRedirects(redirects), null, null);
    }

    /** A pipeline is judged as the shell pipeline it is equivalent to, so {@code curl … | sh} is seen whole. */
    static Launch fromPipeline(List<ProcessBuilder> builders) {
        List<String> words = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        Map<String, String> env = new HashMap<>();
        List<Launch.OutputRedirect> redirects = new ArrayList<>();
        String dir = null;
        for (ProcessBuilder b : builders) {
            List<String> argv = List.copyOf(b.command());
            if (!words.isEmpty()) {
                words.add("|");
                line.append(" | ");
            }
            words.addAll(argv);
            line.append(quoteAll(argv));
            env.putAll(environmentChanges(b.environment()));
            redirects.addAll(outputRedirects(new Redirect[] {b.redirectInput(), b.redirectOutput(), b.redirectError()}));
            dir = dir == null && b.directory() != null ? b.directory().getPath() : dir;
        }
        return new Launch(words, line.toString(), cwd(dir), env, redirects, null, null);
    }

    /** Rebuilds argv from the NUL-separated argument block the JDK hands to its native launcher. */
    static Launch fromNative(byte[] prog, byte[] argBlock, int argc, byte[] dir) {
        Charset cs = Charset.defaultCharset();
        List<String> argv = new ArrayList<>();
        argv.add(prog == null ? "" : new String(prog, 0, prog.length > 0 && prog[prog.length - 1] == 0 ? prog.length - 1 : prog.length, cs));
        int start = 0;
        for (int i = 0; argBlock != null && i < argBlock.length && argv.size() <= argc; i++) {
            if (argBlock[i] == 0) {
                argv.add(new String(argBlock, start, i - start, cs));
                start = i + 1;
            }
        }
        String cwd = dir == null ? null : new String(dir, 0, Math.max(0, dir.length - 1), cs);
        return new Launch(argv, null, cwd(cwd), Map.of(), List.of(), null, null);
    }

    static String cwd(String dir) {
        String base = System.getProperty("user.dir");
        if (dir == null) {
            return base;
        }
        File f = new File(dir);
        return f.isAbsolute() ? f.getPath() : new File(base, dir).getPath();
    }

    /** Variables the launch sets or changes relative to this JVM's environment (null: inherited unchanged). */
    static Map<String, String> environmentChanges(Map<String, String> environment) {
        if (environment == null) {
            return Map.of();
        }
        Map<String, String> inherited = System.getenv();
        Map<String, String> changes = new HashMap<>();
        for (Map.Entry<String, String> e : environment.entrySet()) {
            if (!Objects.equals(inherited.get(e.getKey()), e.getValue())) {
                changes.put(e.getKey(), e.getValue());
            }
        }
        return changes;
    }

    private static List<Launch.OutputRedirect> outputRedirects(Redirect[] redirects) {
        List<Launch.OutputRedirect> out = new ArrayList<>(2);
        if (redirects == null) {
            return out;
        }
        for (int fd = 1; fd < redirects.length && fd <= 2; fd++) {
            Redirect r = redirects[fd];
            if (r != null && r.file() != null && (r.type() == Redirect.Type.WRITE || r.type() == Redirect.Type.APPEND)) {
                out.add(new Launch.OutputRedirect(r.file().getPath(), r.type() == Redirect.Type.APPEND));
            }
        }
        return out;
    }

    private static String quoteAll(List<String> argv) {
        StringBuilder out = new StringBuilder();
        for (String w : argv) {
            if (out.length() > 0) {
                out.append(' ');
            }
            out.append('\'').append(w.replace("'", "'\\''")).append('\'');
        }
        return out.toString();
    }

    static String render(List<String> argv) {
        return CommandText.render(argv);
    }
}
