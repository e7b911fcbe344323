package dev.cmdgate.api;

/**
 * Decides launches the gate sends to a prompt. Runs on a cmdgate thread with no JDK lock held;
 * throwing, returning null or not answering within {@code cmdgate.prompt.timeout} seconds counts as
 * {@link PromptAnswer#DENY}. Configure with {@code -Dcmdgate.prompt=com.acme.MyHandler} (public class,
 * public no-argument constructor).
 */
@FunctionalInterface
public interface PromptHandler {

    PromptAnswer answer(PromptRequest request) throws Exception;
}
