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
 *
 * <p>A library that launches on a thread of its own (the MCP SDK starts its stdio server on a Reactor
 * scheduler thread) leaves no application frame on the launching stack. For those launches only, the
 * caller also names where the thread came from: {@link ThreadOrigins} remembers, when a thread is
 * created, the first application frame of the creating thread. That is a hint for the people reading
 * the audit line, never a frame a trust row's {@code caller=} looks at ({@link Walk#frames()} is the
 * launching thread's stack alone): a pool thread runs whatever any code hands it.
 */
public final class CallSite {

    private static final String NO_APPLICATION_FRAME = "(no application frame)";
    /** Between the launching frame and the application frame its thread was created from. */
    static final String ORIGIN = " on a thread created from ";
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

    private final List<String> extra;
    /** The reviewed list and {@link #extra}, read on first use (not in premain: see {@link #forThisJvm}). */
    private volatile List<String> launchers;
    /** Where each thread came from; null when not kept (threads are then named by their stack alone). */
    private final ThreadOrigins threadOrigins;

    /** @param extra packages or classes to skip besides the reviewed list ({@code cmdgate.caller.skip}) */
    CallSite(List<String> extra) {
        this(extra, null);
    }

    private CallSite(List<String> extra, ThreadLocal<Object> slot) {
        this.extra = List.copyOf(extra);
        this.threadOrigins = slot == null ? null : new ThreadOrigins(this, slot);
    }

    /**
     * The call sites of this JVM.
     *
     * @param extra packages or classes to skip besides the reviewed list ({@code cmdgate.caller.skip})
     * @param slot  premain's thread-origin slot, an inheritable thread-local that is also a
     *              {@code Consumer<UnaryOperator<Object>>} taking what a new thread's value is; null: no origins
     */
    @SuppressWarnings("unchecked")
    public static CallSite forThisJvm(List<String> extra, ThreadLocal<Object> slot) {
        CallSite sites = new CallSite(extra, slot);
        if (slot != null) {
            ((java.util.function.Consumer<java.util.function.UnaryOperator<Object>>) slot).accept(sites.threadOrigins);
        }
        return sites;
    }

    private List<String> launchers() {
        List<String> l = launchers;
        if (l == null) {
            List<String> all = new ArrayList<>(reviewed());
            for (String p : extra) {
                all.add(p.endsWith(".") || p.isEmpty() ? p : p + ".");
                all.add(p);   // the name itself may be a class
            }
            l = List.copyOf(all);
            launchers = l;
        }
        return l;
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
        private List<String> codeOrigins;

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
            if (codeOrigins == null) {
                frames();
                List<String> o = new ArrayList<>(classes.size());
                for (Class<?> c : classes) {
                    o.add(CodeOrigin.of(c));
                }
                codeOrigins = List.copyOf(o);
            }
            return codeOrigins;
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
            if (found == null && threadOrigins != null) {
                // no application frame on this thread: say which application frame the thread came from
                String origin = threadOrigins.describe();
                if (origin != null) {
                    caller = caller + ORIGIN + origin;
                }
            }
            frames = List.copyOf(seen);
            classes = seenClasses;
            return null;
        }
    }

    /** The application frame that launched (for callers that need nothing else). */
    String caller() {
        return walk().caller();
    }

    /**
     * The first application frame of the current thread's stack — outside the JDK, cmdgate and the launcher
     * libraries, and {@code slot}, the thread-local asking — or null when there is none. For
     * {@link ThreadOrigins}, while a thread is created.
     */
    StackWalker.StackFrame firstApplicationFrame(String slot) {
        return WALKER.walk(new FirstApplicationFrame(this, slot));
    }

    /** The walk function of {@link #firstApplicationFrame} (a class, not a lambda: see {@link Walk}). */
    private static final class FirstApplicationFrame
            implements java.util.function.Function<Stream<StackWalker.StackFrame>, StackWalker.StackFrame> {
        private final CallSite sites;
        private final String slot;

        FirstApplicationFrame(CallSite sites, String slot) {
            this.sites = sites;
            this.slot = slot;
        }

        @Override
        public StackWalker.StackFrame apply(Stream<StackWalker.StackFrame> stack) {
            int n = 0;
            for (Iterator<StackWalker.StackFrame> it = stack.iterator(); it.hasNext() && n < MAX_FRAMES; n++) {
                StackWalker.StackFrame f = it.next();
                String cls = f.getClassName();
                if (!infrastructure(cls) && !sites.launcher(cls) && !cls.equals(slot)) {
                    return f;
                }
            }
            return null;
        }
    }

    private boolean launcher(String cls) {
        List<String> launchers = launchers();
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
