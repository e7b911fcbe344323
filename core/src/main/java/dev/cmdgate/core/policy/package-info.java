/**
 * The Open Agent Passport policy {@code system.command.execute.v1}.
 *
 * <h2>Wiring (agent and CLI)</h2>
 * <ol>
 *   <li><b>Start-up.</b> {@code OapPolicy policy = OapPolicy.load(Path.of(cmdgate.policy))} — a
 *       {@link dev.cmdgate.core.policy.PassportException} carries one line (file + problem): stop the
 *       JVM with it / exit 2 in the CLI. With {@code cmdgate.signing.key}:
 *       {@code policy = policy.withSigner(DecisionSigner.load(path))} (a
 *       {@link dev.cmdgate.core.policy.SigningKeyException} is likewise one line). Blocked patterns are
 *       matched with the built-in rules' option knowledge; with a user rules file, use that
 *       classifier's: {@code policy.withCanonicalizer(OptionCanonicalizer.fromArgv(rulesClassifier::canonicalOptions))}.</li>
 *   <li><b>Per launch</b> (after classification, before the gate):
 *       {@code OapDecision d = policy.evaluate(LaunchFacts.of(argv, cwdOrNull, envChanges, declaredTimeoutOrNull, classification))}.
 *       {@code d.passportEvent().ifPresent(e -> log once)}; {@code !d.allow()} blocks whatever the
 *       autonomy, with {@code d.primaryReason()} as the reason; {@code d.toJson()} goes into the audit
 *       line and the CLI's {@code "oap"} field.</li>
 *   <li><b>After an allowed launch started:</b>
 *       {@code d.executionLimit().ifPresent(limit -> ProcessWatchdog.shared().watch(process, limit, kill -> audit(kill)))}
 *       (agent module, {@code dev.cmdgate.agent.watchdog}).</li>
 *   <li><b>keygen --out DIR:</b> {@code SigningKeys.generate(dir)} writes {@code cmdgate-signing.pem} and
 *       {@code cmdgate-signing.pub.pem} and refuses to overwrite.
 *       <b>verify:</b> {@code DecisionVerifier.verifyLine(line, SigningKeys.readPublicKey(pub))} for each
 *       line of a decision/CLI-output/audit file ({@code "oap"} field or a bare decision).</li>
 * </ol>
 *
 * <h2>Where cmdgate differs from the seed</h2>
 * A request without a declared timeout is <em>not</em> denied (the seed says it is): the watchdog
 * enforces {@code max_execution_time} on every allowed process instead. Allowed decisions carry the
 * seed's single reason {@code oap.allowed}. A passport file that becomes invalid denies every
 * launch with cmdgate's own code {@code oap.passport_invalid}.
 */
package dev.cmdgate.core.policy;
