package dev.cmdgate.agent.launch;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Where a launch comes from, read off the launching thread's stack only when something needs it: a
 * stack walk is the largest part of a launch's cost, so an allowed launch that is recorded nowhere
 * never walks. The caller is the user's code: frames of the JDK, cmdgate and the known launcher
 * libraries (the reviewed list {@code launcher-libraries} beside this class, plus
 * {@code cmdgate.caller.skip}) are passed over.
 */
final class CallSite {

    private static final String NO_APPLICATION_FRAME = "(no application frame)";
    /** The reviewed list of launcher libraries, a resource beside this class. */
    static final String LIBRARIES = "launcher-libraries";
    /** Frames looked at, at most: a launch from deeper than this is named by the last launcher frame seen. */
    private static final int MAX_FRAMES = 512;

    // From a launch to the application frame there are about a dozen JDK and cmdgate frames: one batch. The
    // classes themselves are kept: where a frame's code comes from is part of who launched (trust rows' caller=).
    private static final StackWalker WALKER = StackWalker.getInstance(Set.of(StackWalker.Option.RETAIN_CLASS_REFERENCE), 16);
    // Native-access libraries a launch may pass through are skipped too (JNA is under com.sun.): the
    // caller is the application code that used JRuby, jnr-posix, jnr-ffi/jffi or JNA.
    private static final List<String> INFRASTRUCTURE = List.of(
            "java.", "javax.", "jdk.", "sun.", "com.sun.", "dev.cmdgate.agent.", "dev.cmdgate.core.",
            "dev.cmdgate.api.", "org.jruby.", "jnr.", "com.kenai.jffi.");

    private final List<String> launchers;

    /** @param extra packages or classes to skip besides the reviewed list ({@code cmdgate.caller.skip}) */
    CallSite(List<String> extra) {
        List<String> l = new ArrayList<>(reviewed());
        for (String p : extra) {
            l.add(p.endsWith(".") || p.isEmpty() ? p : p + ".");
            l.add(p);   // the name itself may be a class
        }
        this.launchers = List.copyOf(l);
    }

    /** The reviewed launcher libraries: class names and package prefixes (ending in '.'). */
    static List<String> reviewed() {
        return ResourceRows.of(LIBRARIES);
    }

    /** The launching thread's stack, walked once when first asked. Use on the launching thread only. */
    Walk walk() {
        return new Walk();
    }

    /**
     * One launch's caller and launching frames. It is its own walk function and frame supplier (no
     * lambdas or method references: each costs a spun class on the JVM's first launch).
     */
    final class Walk implements dev.cmdgate.core.LaunchSite.Frames,
            java.util.function.Function<Stream<StackWalker.StackFrame>, Void> {
        private String caller;
        private List<String> frames;
        private List<Class<?>> classes;
        private List<String> origins;

        /** The application frame that launched, as {@code Class.method(File.java:line)}. */
        String caller() {
            if (caller == null) {
                WALKER.walk(this);
            }
            return caller;
        }

        /**
         * The classes of the frames from the launch up to the caller — the JDK's, the launcher libraries'
         * and the caller's own; not cmdgate's — innermost first: what a trust row's {@code caller=}
         * condition looks at (JShell's engine is launched by {@code jdk.jshell} frames only).
         */
        List<String> frames() {
            if (frames == null) {
                WALKER.walk(this);
            }
            return frames;
        }

        /** {@link #frames()}, for {@code LaunchSite}. */
        @Override
        public List<String> get() {
            return frames();
        }

        /** Where each of {@link #frames()} comes from ({@link CodeOrigin}), worked out when first asked. */
        @Override
        public List<String> origins() {
            if (origins == null) {
                frames();
                List<String> o = new ArrayList<>(classes.size());
                for (Class<?> c : classes) {
                    o.add(CodeOrigin.of(c));
                }
                origins = List.copyOf(o);
            }
            return origins;
        }

        /** Reads the stack once (the walk function). */
        @Override
        public Void apply(Stream<StackWalker.StackFrame> stack) {
            String first = null;
            String found = null;
            List<String> seen = new ArrayList<>();
            List<Class<?>> seenClasses = new ArrayList<>();
            int n = 0;
            for (Iterator<StackWalker.StackFrame> it = stack.iterator(); it.hasNext() && n < MAX_FRAMES; n++) {
                StackWalker.StackFrame f = it.next();
                String cls = f.getClassName();
                if (infrastructure(cls)) {
                    if (!cmdgate(cls)) {
                        seen.add(cls);
                        seenClasses.add(f.getDeclaringClass());
                    }
                    continue;
                }
                if (first == null) {
                    first = f.toStackTraceElement().toString();
                }
                seen.add(cls);
                seenClasses.add(f.getDeclaringClass());
                if (!launcher(cls)) {
                    found = f.toStackTraceElement().toString();
                    break;
                }
            }
            caller = found != null ? found : first != null ? first : NO_APPLICATION_FRAME;
            frames = List.copyOf(seen);
            classes = seenClasses;
            return null;
        }
    }

    /** The application frame that launched (for callers that need nothing else). */
    String caller() {
        return walk().caller();
    }

    private boolean launcher(String cls) {
        for (int i = 0; i < launchers.size(); i++) {
            String l = launchers.get(i);
            if (l.endsWith(".") ? cls.startsWith(l) : cls.equals(l) || cls.startsWith(l + "$")) {
                return true;
            }
        }
        return false;
    }

    private static boolean cmdgate(String cls) {
        return cls.startsWith("dev.cmdgate.agent.") || cls.startsWith("dev.cmdgate.core.") || cls.startsWith("dev.cmdgate.api.")
                || cls.equals("java.lang.CmdgateBridge");
    }

    private static boolean infrastructure(String cls) {
        for (int i = 0; i < INFRASTRUCTURE.size(); i++) {
            if (cls.startsWith(INFRASTRUCTURE.get(i))) {
                return true;
            }
        }
        return false;
    }
}
