/**
 * The application's side of cmdgate: a small compile-time dependency ({@code dev.cmdgate:cmdgate-api})
 * whose classes the agent jar also carries, unrelocated, so at run time the application and the agent
 * share one copy through the system class loader.
 *
 * <pre>{@code
 * // before running a model's command: what would cmdgate do?
 * CheckResult r = Cmdgate.check(List.of("rm", "-rf", "build"));
 * if (r.blocked()) {
 *     return toolError(r.message());          // "cmdgate would block rm -rf build (…): …"
 * }
 *
 * // attach the session and tool call to every launch (and audit line) on this thread
 * try (LaunchScope scope = Cmdgate.scope().session(sessionId).tool("shell").toolCall(callId)
 *         .declare(CommandClass.NETWORK)      // optional: raises, never lowers, the launch's class
 *         .open()) {
 *     new ProcessBuilder(argv).start();
 * }
 *
 * // answer prompts through the application's own UI (once; only over cmdgate.prompt=auto)
 * Cmdgate.installPromptHandler(request -> ui.ask(request.commandLine(), request.commandClass(),
 *         request.reasons()) ? PromptAnswer.ALLOW : PromptAnswer.DENY);
 * }</pre>
 *
 * <p>Without the agent nothing is gated: {@link dev.cmdgate.api.Cmdgate#isActive()} is false,
 * {@link dev.cmdgate.api.Cmdgate#check} classifies in process (with {@code cmdgate.autonomy} or
 * {@code cmdgate.level}, default supervised; a scope's declared class still counts), and there is no
 * prompt handler to install.
 *
 * <p>Keep the application's cmdgate-api at the agent's version (or use it with {@code provided}
 * scope): the system class loader takes whichever copy comes first on the class path.
 *
 * <p>{@code dev.cmdgate.api.bridge} is internal: it is how the JDK hooks and this API reach the agent.
 */
package dev.cmdgate.api;
