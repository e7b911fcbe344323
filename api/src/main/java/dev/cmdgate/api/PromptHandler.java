package dev.cmdgate.api;

/**
 * Decides launches the gate sends to a prompt (a PROMPT under the configured autonomy or level).
 *
 * <p>Choose one with {@code -Dcmdgate.prompt=com.acme.MyHandler} (a public class with a public
 * no-argument constructor on the application's class path, created on first use), or install one at
 * run time with {@link Cmdgate#installPromptHandler} (once, and only when {@code cmdgate.prompt} is
 * left at {@code auto}).
 *
 * <p>It runs on a cmdgate thread, not the launching one, with no JDK lock held; several calls may run
 * at once for launches on different threads, so it must be thread-safe. Throwing, returning null or
 * not answering within {@code cmdgate.prompt.timeout} seconds (the thread is then interrupted) counts
 * as {@link PromptAnswer#DENY}, with the reason recorded in the audit line. A process the handler
 * launches while it decides is gated too: if it would need a prompt itself, it is refused.
 */
@FunctionalInterface
public interface PromptHandler {

    PromptAnswer answer(PromptRequest request) throws Exception;
}
