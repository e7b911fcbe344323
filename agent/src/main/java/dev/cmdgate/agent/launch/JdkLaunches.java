package dev.cmdgate.agent.launch;

import dev.cmdgate.core.decision.CommandText;
import dev.cmdgate.core.decision.Launch;
import java.io.File;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Turns the JDK's own launch arguments into copies only cmdgate holds — the values that are judged and
 * then launched — and into the {@link Launch} cmdgate judges. Each value is read once: another thread
 * changing the builder's environment map or redirect array, or a {@code File} subclass answering
 * differently on a second call, can no longer change what runs after it was judged.
 *
 * <p>Strings are judged as the bytes the JDK will hand to the operating system: the JDK encodes argv
 * and environment with one charset and replaces what it cannot encode (a lone UTF-16 surrogate becomes
 * {@code ?}); cmdgate does the same before judging, so the judged text is the text that runs and the
 * check at the native boundary sees the same thing again.
 */
final class JdkLaunches {

    /** How the JDK encodes argv, the working directory and the environment (default charset up to 17, sun.jnu.encoding from 18). */
    static final Charset LAUNCH_CHARSET = launchCharset();
    /** How file names are encoded when the JDK opens a redirect file. */
    private static final Charset PATH_CHARSET = pathCharset();

    private JdkLaunches() {
    }

    /** The arguments of {@code ProcessImpl.start}, copied; {@link #forJdk} gives the JDK its copy back. */
    record StartArgs(String[] cmdarray, Map<String, String> environment, String dir, Redirect[] redirects) {

        static StartArgs copy(String[] cmdarray, Map<String, String> environment, String dir, Redirect[] redirects) {
            String[] argv = cmdarray.clone();
            for (int i = 0; i < argv.length; i++) {
                argv[i] = asLaunched(argv[i], LAUNCH_CHARSET);
            }
            return new StartArgs(argv, environment == null ? null : copyEnvironment(environment),
                    dir == null ? null : asLaunched(dir, LAUNCH_CHARSET), copyRedirects(redirects));
        }

        /**
         * These arguments with another argv and environment (cmdgate's agent handed on to a child JVM);
         * {@code env} is a map cmdgate built for this launch and nobody else holds.
         */
        StartArgs with(List<String> argv, Map<String, String> env) {
            String[] a = new String[argv.size()];
            for (int i = 0; i < a.length; i++) {
                a[i] = asLaunched(argv.get(i), LAUNCH_CHARSET);
            }
            return new StartArgs(a, env == null ? null : ownAsLaunched(env), dir, redirects);
        }

        /**
         * The same launch with {@code name} carrying {@code token} in its environment — appended, ':'-separated,
         * to the value it has (a launch inside a watched launch belongs to both). Without an environment of
         * its own, the launch's is this JVM's.
         */
        StartArgs withToken(String name, String token) {
            Map<String, String> env = environment == null ? copyEnvironment(OwnEnvironment.get()) : new HashMap<>(environment);
            String had = env.get(name);
            env.put(name, had == null || had.isEmpty() ? token : had + ":" + token);
            return new StartArgs(cmdarray, env, dir, redirects);
        }

        /** What the JDK launches: the copies, the environment as a map of the JDK's own kind. */
        Object[] forJdk() {
            return new Object[] {cmdarray, environment == null ? null : jdkEnvironment(environment), dir, redirects};
        }

        Launch launch() {
            return new Launch(List.of(cmdarray), null, cwd(dir), environmentChanges(environment),
                    outputRedirects(redirects), null, null, inputRedirect(redirects));
        }

        /**
         * The same launch with an environment of its own that lacks {@code names}: an inherited environment
         * becomes an explicit copy of this JVM's, minus them.
         */
        StartArgs without(java.util.Collection<String> names) {
            Map<String, String> env = new HashMap<>(environment != null ? environment : OwnEnvironment.get());
            env.keySet().removeAll(names);
            return new StartArgs(cmdarray, env, dir, redirects);
        }
    }

    /** One stage of a pipeline, copied from its builder. */
    record Stage(List<String> command, Map<String, String> environment, String dir, Redirect[] redirects,
                 boolean redirectErrorStream) {

        static Stage copy(ProcessBuilder b) {
            List<String> command = new ArrayList<>(b.command().size());
            for (String w : List.copyOf(b.command())) {
                command.add(asLaunched(w, LAUNCH_CHARSET));
            }
            File d = b.directory();
            return new Stage(List.copyOf(command), copyEnvironment(b.environment()),
                    d == null ? null : asLaunched(d.getPath(), LAUNCH_CHARSET),
                    copyRedirects(new Redirect[] {b.redirectInput(), b.redirectOutput(), b.redirectError()}),
                    b.redirectErrorStream());
        }

        /** The same stage without the variables {@code names}. */
        Stage without(java.util.Collection<String> names) {
            Map<String, String> env = new HashMap<>(environment);
            env.keySet().removeAll(names);
            return new Stage(command, env, dir, redirects, redirectErrorStream);
        }

        /** This stage with another command and environment (cmdgate's agent handed on to a child JVM). */
        Stage with(List<String> newCommand, Map<String, String> env) {
            List<String> c = new ArrayList<>(newCommand.size());
            for (String w : newCommand) {
                c.add(asLaunched(w, LAUNCH_CHARSET));
            }
            return new Stage(List.copyOf(c), copyEnvironment(env), dir, redirects, redirectErrorStream);
        }

        /**
         * A new builder only cmdgate holds; its environment map is its identity when its stage starts.
         *
         * @param name, token a variable to append {@code token} to (see {@link StartArgs#withToken}), or null
         */
        ProcessBuilder builder(String name, String token) {
            ProcessBuilder b = new ProcessBuilder(command);
            if (dir != null) {
                b.directory(new File(dir));
            }
            b.redirectInput(redirects[0]).redirectOutput(redirects[1]).redirectError(redirects[2])
                    .redirectErrorStream(redirectErrorStream);
            Map<String, String> env = b.environment();
            env.clear();
            env.putAll(environment);
            if (name != null) {
                String had = env.get(name);
                env.put(name, had == null || had.isEmpty() ? token : had + ":" + token);
            }
            return b;
        }
    }

    /** A pipeline is judged as the shell pipeline it is equivalent to, so {@code curl … | sh} is seen whole. */
    static Launch fromPipeline(List<Stage> stages) {
        List<String> words = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        Map<String, String> env = new HashMap<>();
        List<Launch.OutputRedirect> redirects = new ArrayList<>();
        String dir = null;
        String input = stages.isEmpty() ? null : inputRedirect(stages.get(0).redirects());
        for (Stage s : stages) {
            if (!words.isEmpty()) {
                words.add("|");
                line.append(" | ");
            }
            words.addAll(s.command());
            line.append(quoteAll(s.command()));
            env.putAll(environmentChanges(s.environment()));
            redirects.addAll(outputRedirects(s.redirects()));
            dir = dir == null ? s.dir() : dir;
        }
        return new Launch(words, line.toString(), cwd(dir), env, redirects, null, null, input);
    }

    /** Every variable any stage of a pipeline starts with (for the secrets among them). */
    static Map<String, String> environmentOf(List<Stage> stages) {
        Map<String, String> all = new HashMap<>();
        for (Stage s : stages) {
            all.putAll(s.environment());
        }
        return all;
    }

    /** The whole environment in the JDK's native block, or null when the block is null (inherited). */
    static Map<String, String> environmentOf(byte[] envBlock, int envc) {
        if (envBlock == null) {
            return null;
        }
        Map<String, String> env = new HashMap<>();
        for (String entry : nulSeparated(envBlock, envc, LAUNCH_CHARSET)) {
            int eq = entry.indexOf('=', 1);
            if (eq > 0) {
                env.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        return env;
    }

    /** Rebuilds the launch from the byte blocks the JDK hands to its native launcher. */
    static Launch fromNative(byte[] prog, byte[] argBlock, int argc, byte[] envBlock, int envc, byte[] dir) {
        Charset cs = LAUNCH_CHARSET;
        List<String> argv = new ArrayList<>();
        argv.add(prog == null ? "" : cString(prog, cs));
        argv.addAll(nulSeparated(argBlock, argc, cs));
        Map<String, String> changes = envBlock == null ? Map.of() : environmentChanges(envBlock, envc);
        String cwd = dir == null ? null : cString(dir, cs);
        return new Launch(argv, null, cwd(cwd), changes, List.of(), null, null);
    }

    /**
     * What {@link #environmentChanges(Map)} says of the decoded block, without decoding the entries that are
     * an inherited variable byte for byte. A name the block gives twice counts as changed when any of its
     * entries is (the child may read either).
     */
    private static Map<String, String> environmentChanges(byte[] envBlock, int envc) {
        Map<String, String> inherited = OwnEnvironment.get();
        InheritedEntries known = InheritedEntries.own();
        Map<String, String> changes = new HashMap<>();
        int start = 0;
        int seen = 0;
        for (int i = 0; i < envBlock.length && seen < envc; i++) {
            if (envBlock[i] == 0) {
                seen++;
                if (!known.contains(envBlock, start, i)) {
                    String entry = new String(envBlock, start, i - start, LAUNCH_CHARSET);
                    int eq = entry.indexOf('=', 1);
                    if (eq > 0) {
                        String name = entry.substring(0, eq);
                        String value = entry.substring(eq + 1);
                        if (!value.equals(inherited.get(name))) {
                            changes.put(name, value);
                        }
                    }
                }
                start = i + 1;
            }
        }
        return changes;
    }

    private static String cString(byte[] b, Charset cs) {
        int n = b.length > 0 && b[b.length - 1] == 0 ? b.length - 1 : b.length;
        return new String(b, 0, n, cs);
    }

    private static List<String> nulSeparated(byte[] block, int count, Charset cs) {
        List<String> out = new ArrayList<>(Math.max(0, count));
        int start = 0;
        for (int i = 0; block != null && i < block.length && out.size() < count; i++) {
            if (block[i] == 0) {
                out.add(new String(block, start, i - start, cs));
                start = i + 1;
            }
        }
        return out;
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
        if (environment instanceof EnvironmentOverlay o) {
            return o.changes();
        }
        Map<String, String> inherited = OwnEnvironment.get();
        Map<String, String> changes = new HashMap<>();
        for (Map.Entry<String, String> e : environment.entrySet()) {
            if (!Objects.equals(inherited.get(e.getKey()), e.getValue())) {
                changes.put(e.getKey(), e.getValue());
            }
        }
        return changes;
    }

    /** A map only cmdgate holds, with its text as launched: copied only when some of it is not already. */
    private static Map<String, String> ownAsLaunched(Map<String, String> env) {
        // an overlay's inherited variables are this JVM's as the JDK read them; only what it sets is new text
        Map<String, String> set = env instanceof EnvironmentOverlay o ? o.changes() : env;
        for (Map.Entry<String, String> e : set.entrySet()) {
            if (asLaunched(e.getKey(), LAUNCH_CHARSET) != e.getKey() || asLaunched(e.getValue(), LAUNCH_CHARSET) != e.getValue()) {
                return copyEnvironment(env);
            }
        }
        return env;
    }

    /** One pass over the live map (a concurrent change makes the copy fail, and the launch with it). */
    private static Map<String, String> copyEnvironment(Map<String, String> live) {
        Map<String, String> copy = new HashMap<>(Math.max(16, live.size() * 2));
        for (Map.Entry<String, String> e : live.entrySet()) {
            copy.put(asLaunched(e.getKey(), LAUNCH_CHARSET), asLaunched(e.getValue(), LAUNCH_CHARSET));
        }
        return copy;
    }

    /**
     * A map of the JDK's own kind (only such a map can become a process environment) holding {@code env}. It
     * starts as the JDK's copy of this JVM's environment, whose entries are encoded already, and only what
     * {@code env} changes is encoded again: a launch usually adds a variable or two to a few dozen.
     */
    private static Map<String, String> jdkEnvironment(Map<String, String> env) {
        Map<String, String> m = new ProcessBuilder().environment();
        if (env instanceof EnvironmentOverlay o) {
            m.putAll(o.changes());
            return m;
        }
        Map<String, String> inherited = OwnEnvironment.get();
        for (String name : inherited.keySet()) {
            if (!env.containsKey(name)) {
                m.remove(name);
            }
        }
        for (Map.Entry<String, String> e : env.entrySet()) {
            if (!e.getValue().equals(inherited.get(e.getKey()))) {
                m.put(e.getKey(), e.getValue());
            }
        }
        return m;
    }

    /**
     * A new array; pipes and inheritance kept as they are (the JDK's pipeline plumbing relies on their
     * identity), every file redirect re-created from one read of its path as a plain {@code File}.
     */
    private static Redirect[] copyRedirects(Redirect[] redirects) {
        if (redirects == null) {
            return null;
        }
        Redirect[] copy = new Redirect[redirects.length];
        for (int i = 0; i < copy.length; i++) {
            Redirect r = redirects[i];
            copy[i] = r == null || r.file() == null ? r : switch (r.type()) {
                case READ -> Redirect.from(plainFile(r.file()));
                case WRITE -> Redirect.to(plainFile(r.file()));
                case APPEND -> Redirect.appendTo(plainFile(r.file()));
                default -> r;
            };
        }
        return copy;
    }

    private static File plainFile(File f) {
        return new File(asLaunched(f.getPath(), PATH_CHARSET));
    }

    /** The file the JDK opens as the process's standard input, or null. */
    private static String inputRedirect(Redirect[] redirects) {
        if (redirects == null || redirects.length == 0) {
            return null;
        }
        Redirect r = redirects[0];
        return r != null && r.file() != null && r.type() == Redirect.Type.READ ? r.file().getPath() : null;
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

    /** {@code s} as it comes out of the JDK's encoding: unchanged unless it holds what the charset cannot encode. */
    static String asLaunched(String s, Charset cs) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return new String(s.getBytes(cs), cs);
            }
        }
        return s;
    }

    private static Charset launchCharset() {
        if (Runtime.version().feature() < 18) {
            return Charset.defaultCharset();
        }
        return pathCharset();
    }

    private static Charset pathCharset() {
        String jnu = System.getProperty("sun.jnu.encoding");
        try {
            return jnu == null ? Charset.defaultCharset() : Charset.forName(jnu);
        } catch (RuntimeException e) {
            return Charset.defaultCharset();
        }
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
