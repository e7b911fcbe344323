package dev.cmdgate.core.decision;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.gate.GateScheme;
import dev.cmdgate.core.rules.TrustRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Steps 1 to 4 of a decision (parse, classify, policy, gate), shared by the agent and the CLI. The
 * agent adds the prompt and the mode; the CLI reports this as it is.
 */
public final class Gatekeeper {

    private final CommandClassifier classifier;
    private final GateScheme scheme;
    private final PolicyCheck policy;
    /** Null with a policy: a policy's verdict depends on the directory, the time and a live passport. */
    private final VerdictMemo memo;

    public Gatekeeper(CommandClassifier classifier, GateScheme scheme, PolicyCheck policy) {
        this.classifier = classifier;
        this.scheme = scheme;
        this.policy = policy;
        this.memo = policy == null ? new VerdictMemo() : null;
    }

    public GateScheme scheme() {
        return scheme;
    }

    public CommandClassifier classifier() {
        return classifier;
    }

    public Verdict judge(Launch launch) {
        return judge(launch, LaunchSite.of(launch.cwd(), LaunchSite.NoFrames.NO_FRAMES));
    }

    /**
     * As {@link #judge(Launch)}, knowing where the launch is made from: the rules' trust rows may be
     * narrowed to a directory or a caller, and the files that steer a Read command are read through the site. Such
     * a verdict is never remembered for another launch.
     */
    public Verdict judge(Launch launch, LaunchSite site) {
        String key = memo == null || classifier.dependsOnSite() ? null : VerdictMemo.keyOf(launch);
        if (key == null) {
            return judgeAfresh(launch, site);
        }
        Verdict v = memo.get(key);
        if (v == null) {
            WatchedSite watched = site.files() == null ? null : new WatchedSite(site, site.files());
            v = judgeAfresh(launch, watched == null ? site : watched);
            // a verdict that read files is not remembered: they may change before the next launch
            if ((watched == null || !watched.consulted()) && classifier.reusable(v.classification())) {
                memo.put(key, v);
            }
        }
        return v;
    }

    /**
     * The decision as it is recorded: its OAP decision object sealed by the policy (signed, bound to the
     * launch and the outcome, when a signing key is configured). Call it once the outcome is final.
     */
    public Decision seal(Decision d) {
        if (policy == null || d.oap() == null) {
            return d;
        }
        return d.withOap(policy.seal(d.oap(), LaunchBinding.of(d)));
    }

    /** A policy decision object sealed for the launch and outcome in {@code bound} (see {@link LaunchBinding}). */
    public Map<String, Object> seal(Map<String, Object> oap, Map<String, Object> bound) {
        return policy == null || oap == null ? oap : policy.seal(oap, bound);
    }

    /** How many verdicts are remembered (for tests). */
    int remembered() {
        return memo == null ? 0 : memo.size();
    }

    private Verdict judgeAfresh(Launch launch, LaunchSite site) {
        Classification c = classify(launch, site);
        List<Reason> reasons = new ArrayList<>();
        PolicyCheck.Result policyResult = policy == null ? null : policy.evaluate(launch, c);
        GateDecision gate = scheme.decide(c);
        if (policyResult != null && !policyResult.allows()) {
            reasons.addAll(policyResult.failures());
            if (gate == GateDecision.ALLOW) {
                // the policy alone refuses it: say so, rather than quote an "allowed" that did not happen
                reasons.add(new Reason("gate.allow", c.commandClass().label() + " command that " + scheme.describe()
                        + " alone would allow" + strongestFinding(c)));
                return new Verdict(c, GateDecision.BLOCK, reasons, policyResult);
            }
            gate = GateDecision.BLOCK;
        }
        reasons.add(gateReason(scheme.decide(c), c));
        trustReasons(c, reasons);
        return new Verdict(c, gate, reasons, policyResult);
    }

    /** A {@code trust} reason for each command a user's trust row let through, naming the row (FILE:LINE). */
    private static void trustReasons(Classification c, List<Reason> reasons) {
        for (Finding f : c.findings()) {
            if (f.reason().startsWith(TrustRule.FINDING_PREFIX)) {
                reasons.add(new Reason("trust", f.command() + " is " + f.reason()));
            }
        }
    }

    private Classification classify(Launch launch, LaunchSite site) {
        // A shell line (CLI --shell, a JDK pipeline) is judged as the script sh -c would run.
        List<String> argv = launch.shellLine() != null ? List.of("sh", "-c", launch.shellLine()) : launch.argv();
        Classification c = classifier.classifyArgv(argv, launch.environmentChanges(), site);
        for (Launch.OutputRedirect r : launch.outputRedirects()) {
            if (launch.shellLine() == null && classifier.trustsOutput(launch.argv(), r.path(), site)) {
                continue;   // a file the user's trust row names for this very launch
            }
            // The JDK writes the file for the process: judge it exactly like the shell redirection
            // it is equivalent to, so sensitive targets (~/.bashrc, /etc/…, devices, the gate's own files)
            // get the same rules.
            c = merge(c, classifier.classifyArgv(List.of("sh", "-c", ": " + (r.append() ? ">> " : "> ") + quote(r.path())),
                    Map.of(), site), "ProcessBuilder redirect");
        }
        if (launch.inputRedirect() != null) {
            // the JDK opens the file for the process to read: a credential store is read like `< FILE`
            c = merge(c, classifier.classifyArgv(List.of("sh", "-c", ": < " + quote(launch.inputRedirect())),
                    Map.of(), site), "ProcessBuilder redirect");
        }
        if (launch.declaredClass() != null && launch.declaredClass().ordinal() > c.commandClass().ordinal()) {
            CommandClass d = launch.declaredClass();
            RiskLevel l = c.level().max(levelFor(d));
            List<Finding> f = new ArrayList<>(c.findings());
            f.add(new Finding(String.join(" ", launch.argv()), "application scope", d, l,
                    "the application declared this launch " + d.label()));
            c = new Classification(d, l, f, c.commands());
        }
        return c;
    }

    private static String quote(String path) {
        return "'" + path.replace("'", "'\\''") + "'";
    }

    private static Classification merge(Classification base, Classification extra, String where) {
        if (extra.commandClass() == CommandClass.READ) {
            return base;
        }
        List<Finding> findings = new ArrayList<>(base.findings());
        for (Finding f : extra.findings()) {
            findings.add(new Finding(f.command(), where, f.commandClass(), f.level(), f.reason(), f.rule()));
        }
        return new Classification(base.commandClass().max(extra.commandClass()), base.level().max(extra.level()),
                findings, base.commands());
    }

    static RiskLevel levelFor(CommandClass c) {
        return switch (c) {
            case READ -> RiskLevel.MINIMAL;
            case WRITE -> RiskLevel.MEDIUM;
            case NETWORK, INSTALL -> RiskLevel.HIGH;
            case DESTRUCTIVE -> RiskLevel.DANGEROUS;
        };
    }

    private Reason gateReason(GateDecision gate, Classification c) {
        String why = strongestFinding(c);
        String what = c.commandClass().label() + " command";
        return switch (gate) {
            case ALLOW -> new Reason("gate.allow", what + " allowed under " + scheme.describe() + why);
            case PROMPT -> new Reason("gate.prompt", what + " needs approval under " + scheme.describe() + why);
            case BLOCK -> new Reason("gate.block", what + " not allowed under " + scheme.describe() + why);
        };
    }

    // Of equally strong Read findings the most deeply nested one says what the line does: `bash -c 'ls'` is allowed
    // because ls reads, not because a shell runs it. Above Read the first one stands: it names what raised the
    // class (a steering file's key before the command it names).
    private static String strongestFinding(Classification c) {
        Finding best = null;
        for (Finding f : c.findings()) {
            if (best == null || compare(f, best) > 0) {
                best = f;
            }
        }
        return best == null ? "" : " — " + best.reason();
    }

    private static int compare(Finding a, Finding b) {
        if (a.commandClass() != b.commandClass()) {
            return Integer.compare(a.commandClass().ordinal(), b.commandClass().ordinal());
        }
        if (a.level() != b.level()) {
            return Integer.compare(a.level().ordinal(), b.level().ordinal());
        }
        return a.commandClass() == CommandClass.READ ? Integer.compare(depth(a.location()), depth(b.location())) : 0;
    }

    private static int depth(String location) {
        int depth = 0;
        for (int i = location == null ? -1 : location.indexOf(" > "); i >= 0; i = location.indexOf(" > ", i + 3)) {
            depth++;
        }
        return depth;
    }
}
