package dev.cmdgate.boot;

import java.io.FileInputStream;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Starts cmdgate with as little as possible on the JVM's start-up path:
 * <ol>
 *   <li>the configuration ({@code cmdgate.*} properties and agent arguments, read once, here) is checked
 *       with cmdgate's classes from its own jar, so a bad one stops the JVM before the application runs (none at
 *       all is checked by cmdgate's module, {@link CheckedInModule}); a launcher class the check loaded stops the JVM;</li>
 *   <li>a {@link Forwarder} transformer is registered, which holds back any class cmdgate hooks until the
 *       gate exists;</li>
 *   <li>cmdgate's module is built, the bridge into the JDK defined and the JDK's classes hooked — on the
 *       {@code cmdgate-hook} thread while the application starts, or before returning when that cannot
 *       wait: a late attach, or other agents on the command line that must not get there first.</li>
 * </ol>
 * Nothing here keeps a reference the application could use: the forwarder lives only in the JDK's
 * transformer list and on the starting thread. The application API waits for the gate through
 * {@link #awaitGate}, found by the class name in the system property {@value #PROPERTY}.
 */
public final class Bootstrap {

    /** The system property naming this class, for the application API to wait for the gate. */
    public static final String PROPERTY = "dev.cmdgate.agent.bootstrap";
    static final int EXIT = 2;
    /**
     * The native-method prefix registered for cmdgate's transformer: the JDK's native launch method is
     * renamed with it and wrapped by a Java method that asks the gate (see LaunchHookWeaver).
     */
    private static final String NATIVE_PREFIX = "cmdgate_";
    private static final String ENTRY = AgentModule.ENTRY_PACKAGE + ".AgentStart";
    private static final String CHECK = AgentModule.ENTRY_PACKAGE + ".ConfigCheck";
    private static final String LAUNCHER_AGENT = "Launcher-Agent-Class";
    private static final String JAR_OPTION = "\0-jar\0";
    /** Counted down once the bridge exists (or the start failed); only the API waits on it. */
    private static final CountDownLatch GATE_DEFINED = new CountDownLatch(1);

    private Bootstrap() {
    }

    static void start(String args, Instrumentation inst, boolean atStartup) throws Exception {
        JarClasses jar = JarClasses.of(Bootstrap.class);
        Map<String, String> settings = settings();
        Map<String, String> checked;
        if (CheckedInModule.suffices(settings, args)) {
            checked = CheckedInModule.handOver(settings, args);
        } else {
            checked = check(jar, settings, args);
            if (atStartup && launcherLoaded(inst)) {
                // defined before the forwarder below exists: it would run unhooked (fail closed, never ungated)
                stop("the JDK's process launcher was loaded before cmdgate's hook was in place");
            }
        }
        boolean now = !atStartup || otherAgents();
        Forwarder forwarder = new Forwarder();
        Starter starter = new Starter(jar, checked, inst, forwarder, atStartup, new ThreadOriginSlot().markCurrentThread());
        System.setProperty(PROPERTY, Bootstrap.class.getName());
        if (now) {
            // the gate exists and its guard is in place before this returns
            forwarder.startedOn(Thread.currentThread());
            starter.nativePrefix = register(inst, forwarder);
            starter.start(false);
            return;
        }
        // From here on a hooked class waits for the starter thread, so the thread runs before anything else
        // can load one (on JDK 18+ even System.getenv loads ProcessImpl).
        Thread t = new Thread(starter, "cmdgate-hook");
        t.setDaemon(true);
        forwarder.startedOn(t);
        starter.nativePrefix = register(inst, forwarder);
        t.start();
    }

    /** Whether one of the JDK's launcher classes is loaded already (cheap at premain: a thousand classes or so). */
    static boolean launcherLoaded(Instrumentation inst) {
        for (Class<?> c : inst.getAllLoadedClasses()) {
            String name = c.getName();
            if (c.getClassLoader() == null && (name.equals("java.lang.ProcessImpl") || name.equals("java.lang.ProcessBuilder"))) {
                return true;
            }
        }
        return false;
    }

    /** Registers the forwarder (with cmdgate's native-method prefix where the JVM supports one); returns the prefix or null. */
    private static String register(Instrumentation inst, Forwarder forwarder) {
        inst.addTransformer(forwarder, true);
        if (!inst.isNativeMethodPrefixSupported()) {
            return null;
        }
        inst.setNativeMethodPrefix(forwarder, NATIVE_PREFIX);
        return NATIVE_PREFIX;
    }

    /**
     * Waits (at most {@code millis}) until the gate's bridge exists; the application API calls this when
     * it finds no bridge yet. Returns at once when cmdgate has started (or failed to).
     */
    public static boolean awaitGate(long millis) throws InterruptedException {
        return GATE_DEFINED.await(millis, TimeUnit.MILLISECONDS);
    }

    /**
     * The {@code cmdgate.*} system properties, and those the rules' trust rows may name ({@code java.home},
     * {@code java.io.tmpdir}, {@code user.dir}, {@code user.home}), read once: later changes by the
     * application do not count.
     */
    private static Map<String, String> settings() {
        Map<String, String> settings = new HashMap<>();
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("cmdgate.") || name.equals("java.home") || name.equals("java.io.tmpdir")
                    || name.equals("user.dir") || name.equals("user.home")) {
                settings.put(name, System.getProperty(name));
            }
        }
        return settings;
    }

    /**
     * Checks the configuration with a throwaway loader; returns it, checked (bare keys, absolute paths).
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    @SuppressWarnings("unchecked")
    private static Map<String, String> check(JarClasses jar, Map<String, String> properties, String args) throws Exception {
        Method check = Class.forName(CHECK, true, new CheckLoader(jar)).getMethod("check", Map.class, String.class);
        Object answer;
        try {
            answer = check.invoke(null, properties, args);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception x ? x : new IllegalStateException(e.getCause());
        }
        if (answer instanceof String problem) {
            throw new IllegalArgumentException(problem);
        }
        return Map.copyOf((Map<String, String>) answer);
    }

    /**
     * True when the JVM was given another agent, runs an executable jar that names one, or allows the
     * application to attach one to itself (or its options cannot be read): then cmdgate's guard must be in
     * place before that agent runs or the application's first line does. Reads {@code /proc/self} rather
     * than {@code System.getenv}, which loads the JDK's process launcher on JDK 18 and later.
     */
    private static boolean otherAgents() {
        try {
            String cmdline = read("/proc/self/cmdline");
            String options = cmdline + '\0' + read("/proc/self/environ");
            return count(options, "-javaagent:") > 1 || options.contains("-agentpath:") || options.contains("-agentlib:")
                    || options.contains("\0@") || options.contains("VMOptionsFile")
                    || options.contains("jdk.attach.allowAttachSelf") || launcherAgent(cmdline);
        } catch (Exception | LinkageError e) {
            return true;
        }
    }

    /**
     * True when {@code java -jar} runs a jar whose manifest names a {@code Launcher-Agent-Class}: the launcher
     * starts that agent after every premain and before {@code main}, which would be while cmdgate still starts
     * in the background. The system class loader has that jar open already (it looked there for cmdgate's
     * premain class), so reading its manifest costs little. A jar without one is not the plain case: treated
     * as naming an agent, as is any jar this cannot read.
     */
    private static boolean launcherAgent(String cmdline) throws IOException {
        // the first "-jar", even one among a main class's own arguments: the wrong guess only costs a read
        int at = cmdline.indexOf(JAR_OPTION);
        if (at < 0) {
            return false;
        }
        int from = at + JAR_OPTION.length();
        int to = cmdline.indexOf('\0', from);
        // the command line was read byte for byte: its path, in the file system's encoding
        byte[] path = cmdline.substring(from, to < 0 ? cmdline.length() : to).getBytes(StandardCharsets.ISO_8859_1);
        String jar = new String(path, Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8")));
        try (JarFile app = new JarFile(jar, false)) {
            Manifest manifest = app.getManifest();
            return manifest == null || manifest.getMainAttributes().getValue(LAUNCHER_AGENT) != null;
        }
    }

    private static String read(String file) throws IOException {
        try (FileInputStream in = new FileInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    /** Stops the JVM: something on cmdgate's start-up path failed, and no process may start ungated. */
    static void stop(String why) {
        System.err.println("cmdgate: " + why + "; stopping so that no process starts ungated");
        System.err.flush();
        Runtime.getRuntime().halt(EXIT);
    }

    /** Builds cmdgate's module and starts it. */
    private static final class Starter implements Runnable {
        private final JarClasses jar;
        private final Map<String, String> checked;
        private final Instrumentation inst;
        private final Forwarder forwarder;
        private final boolean atStartup;
        private final ThreadOriginSlot origins;
        /** Set before the starter runs. */
        String nativePrefix;

        Starter(JarClasses jar, Map<String, String> checked, Instrumentation inst, Forwarder forwarder, boolean atStartup,
                ThreadOriginSlot origins) {
            this.jar = jar;
            this.origins = origins;
            this.checked = checked;
            this.inst = inst;
            this.forwarder = forwarder;
            this.atStartup = atStartup;
        }

        @Override
        public void run() {
            try {
                start(true);
            } catch (Throwable t) {
                stop("cannot start (" + (t instanceof InvocationTargetException i ? i.getCause() : t) + ")");
            }
        }

        void start(boolean background) throws Exception {
            Object next;
            try {
                Class<?> entry = AgentModule.load(jar, ENTRY, Bootstrap.class.getModule());
                next = entry.getMethod("start", Map.class, Instrumentation.class, Consumer.class, String.class, boolean.class,
                        boolean.class, ThreadLocal.class).invoke(null, checked, inst, forwarder, nativePrefix, atStartup, background,
                        origins);
            } catch (InvocationTargetException e) {
                throw e.getCause() instanceof Exception x ? x : new IllegalStateException(e.getCause());
            } finally {
                GATE_DEFINED.countDown();
            }
            // the gate is announced first: the application API waits for it, and must not wait for the warm-up
            if (next instanceof Runnable r) {
                r.run();
            }
        }
    }
}
