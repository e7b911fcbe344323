/**
 * The rule-driven classifier: a launch's argv (and the shell scripts, wrapped commands and code in it) in, a
 * {@link dev.cmdgate.core.Classification} out. The knowledge — which programs, options, files and variables
 * mean what — is the rules data ({@code dev.cmdgate.core.rules}, docs/rules-format.md); the classes here are
 * the mechanisms that apply it. Nothing here runs anything, and only trust rows look at the file system
 * ({@code RealPaths}).
 *
 * <h2>Orchestration</h2>
 * <ul>
 *   <li>{@link dev.cmdgate.core.classify.RulesClassifier} — the entry point (thread-safe, loads the rules on
 *       first use); {@code Classifiers} builds it.</li>
 *   <li>{@code Analysis} — one classification: its answer, the state the script builds up, the argv entry,
 *       one simple command and the rows evaluated for it; it hands work to the classes below.</li>
 *   <li>{@code ShellAnalysis} — walks a parsed shell script and hands each simple command to
 *       {@code Analysis}.</li>
 *   <li>{@code Site} — where a command sits (context, text, location), handed to everything that raises a
 *       finding; {@code Budget} — the fail-closed bounds of one classification.</li>
 * </ul>
 *
 * <h2>Argument mechanics</h2>
 * <ul>
 *   <li>{@code OptionParser} → {@code ParsedArgs} (of {@code Arg} words; option names in
 *       {@code OrderedNames}) — getopt-style parsing driven by a rules section.</li>
 *   <li>{@code Conditions} — whether a row's {@code if} conditions hold.</li>
 *   <li>{@code Wrappers} — {@code runs} rows: the command a wrapper runs.</li>
 *   <li>{@code FileEffects} — the files a command writes and reads; {@code OwnFiles} — the gate's own files;
 *       {@code PathText} — paths as text; {@code Chars} — character tests without regular expressions.</li>
 *   <li>{@code Trust} — the user's {@code [@trust]} rows; {@code RealPaths} — the files their words really
 *       name, links resolved.</li>
 * </ul>
 *
 * <h2>Code reading</h2>
 * <ul>
 *   <li>{@code CodeArguments} — code in arguments ({@code code} rows), in standard input and script files,
 *       and in files the script wrote.</li>
 *   <li>{@code OneLiner} with {@code CodeLexer} — interpreter one-liners read by the {@code [@lang]} tables;
 *       {@code CodeFacts} — sed, awk, SQL, mongo and less programs; {@code PuppetReading} — Puppet manifests;
 *       {@code Printed} — what echo, printf and cat print.</li>
 * </ul>
 *
 * <h2>Environment</h2>
 * <ul>
 *   <li>{@code Variables} — how a variable gets a value and how that value is judged; {@code EnvState} —
 *       what has been set so far.</li>
 *   <li>{@code ScriptFiles} — files the script downloaded, wrote text into or made FIFOs of.</li>
 *   <li>{@code Secrets} — which environment variables are secrets and who may receive them;
 *       {@code ShellState} — the state a gated interactive shell builds up between commands.</li>
 * </ul>
 *
 * <h2>Knowledge for other parts of cmdgate</h2>
 * <ul>
 *   <li>{@link dev.cmdgate.core.classify.CommandKnowledge} — what the policy and the stdin session detector
 *       ask about commands, answered from the rules.</li>
 *   <li>{@link dev.cmdgate.core.classify.LaunchReview} — what the agent adds about a launch the rules cannot
 *       know (the JVMs it starts), and the variables the command tree must leave alone.</li>
 *   <li>{@code RuleExamples} — checks the {@code example} rows of a rule set.</li>
 * </ul>
 *
 * <p>The first launch decision in a fresh JVM runs interpreted, so the code on its path uses no lambdas, regular
 * expressions or record {@code equals}: each costs a class spun or a pattern compiled at first use.
 */
package dev.cmdgate.core.classify;
