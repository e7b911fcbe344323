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
            if (INFRASTRUCTURE.stream().noneMatch(cls::startsWith)) {
                caller = f.toStackTraceElement().toString();
            }
        }
        return new CallSite(Optional.ofNullable(caller).orElse("(no application frame)"), pipeline, viaStart);
    }
}
