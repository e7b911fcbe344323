package dev.cmdgate.agent.launch;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where a launch comes from, read off the stack in one walk: the application frame that launched it
 * (the first frame outside the JDK and cmdgate) and whether the JDK is in the middle of a pipeline.
 */
record CallSite(String caller, boolean inPipeline, boolean viaProcessImplStart) {

    private static final StackWalker WALKER = StackWalker.getInstance();
    private static final List<String> INFRASTRUCTURE = List.of(
            "java.", "javax.", "jdk.", "sun.", "com.sun.", "dev.cmdgate.agent.", "dev.cmdgate.core.",
            "dev.cmdgate.api.bridge.");

    static CallSite current() {
        return WALKER.walk(CallSite::read);
    }

    /**
     * Whether the frame right below the {@code ProcessImpl} constructor is {@code ProcessImpl.start}: the
     * question {@code checkConstruct} asks on every launch. Looks at the top frames only and builds no
     * caller string; anything unexpected (no constructor frame near the top) answers false, so the
     * launch is then decided in full: closed.
     */
    static boolean constructedByStart() {
        return WALKER.walk(CallSite::constructedByStart);
    }

    private static boolean constructedByStart(Stream<StackWalker.StackFrame> frames) {
        boolean afterInit = false;
        for (var it = frames.limit(MAX_FRAMES_TO_CONSTRUCTOR).iterator(); it.hasNext(); ) {
            StackWalker.StackFrame f = it.next();
            boolean processImpl = "java.lang.ProcessImpl".equals(f.getClassName());
            if (afterInit) {
                return processImpl && "start".equals(f.getMethodName());
            }
            afterInit = processImpl && "<init>".equals(f.getMethodName());
        }
        return false;
    }

    /** This class, LaunchGuard, the bridge, the constructor and the frame below it, with room to spare. */
    private static final long MAX_FRAMES_TO_CONSTRUCTOR = 16;

    private static boolean infrastructure(String cls) {
        for (int i = 0; i < INFRASTRUCTURE.size(); i++) {
            if (cls.startsWith(INFRASTRUCTURE.get(i))) {
                return true;
            }
        }
        return false;
    }

    private static CallSite read(Stream<StackWalker.StackFrame> frames) {
        boolean pipeline = false;
        boolean afterInit = false;
        boolean viaStart = false;
        String caller = null;
        for (var it = frames.iterator(); it.hasNext() && caller == null; ) {
            StackWalker.StackFrame f = it.next();
            String cls = f.getClassName();
            String method = f.getMethodName();
            if ("java.lang.ProcessBuilder".equals(cls) && "startPipeline".equals(method)) {
                pipeline = true;
            }
            if (afterInit) {
                // the frame right below the constructor: ProcessImpl.start means the launch was gated there
                viaStart = "java.lang.ProcessImpl".equals(cls) && "start".equals(method);
                afterInit = false;
            }
            if ("java.lang.ProcessImpl".equals(cls) && "<init>".equals(method)) {
                afterInit = true;
            }
            if (!infrastructure(cls)) {
                caller = f.toStackTraceElement().toString();
            }
        }
        return new CallSite(Optional.ofNullable(caller).orElse("(no application frame)"), pipeline, viaStart);
    }
}
