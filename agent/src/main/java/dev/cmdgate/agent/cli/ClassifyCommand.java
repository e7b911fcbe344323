package dev.cmdgate.agent.cli;

import dev.cmdgate.agent.site.SiteReader;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.classify.Classifiers;
import dev.cmdgate.core.classify.RulesClassifier;
import dev.cmdgate.core.decision.Gatekeeper;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.decision.LaunchBinding;
import dev.cmdgate.core.decision.LaunchEnvironment;
import dev.cmdgate.core.decision.PolicyCheck;
import dev.cmdgate.core.decision.Verdict;
import dev.cmdgate.core.gate.GateScheme;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.rules.RuleSet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code classify}: one argv, one shell line, or a JSON-lines stream. */
@Command(name = "classify", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Classify a command and show the decision cmdgate would make.",
                "Exit status: 0 allow, 10 prompt, 20 block, 2 usage error (single classifications)."})
final class ClassifyCommand implements Callable<Integer> {

    @CommandLine.Mixin
    DecisionOptions gate;

    @Option(names = "--signing-key", paramLabel = "FILE", description = "Ed25519 private key (PKCS#8 PEM) to sign OAP decisions")
    Path signingKey;

    @Option(names = "--json", description = "print the decision as one JSON object")
    boolean json;

    @Option(names = "--explain", description = "show, for every finding, the rules row that fired (FILE:LINE and the row itself)")
    boolean explain;

    @Option(names = "--shell", paramLabel = "LINE", description = "classify a shell command line (as sh -c LINE)")
    String shell;

    @Option(names = "--jsonl", description = "read {\"argv\":[…]} or {\"command\":\"…\"} objects from stdin, one per line; write one JSON object per line")
    boolean jsonl;

    @Parameters(paramLabel = "ARG", description = "the argv, exactly as a ProcessBuilder would receive it (after --)")
    List<String> argv;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        return classify(spec.commandLine().getOut());
    }

    /** Classifies what the options say, writes the result to {@code out}; the exit status. */
    int classify(PrintWriter out) throws IOException {
        int inputs = (shell != null ? 1 : 0) + (jsonl ? 1 : 0) + (argv != null && !argv.isEmpty() ? 1 : 0);
        if (inputs != 1) {
            throw new Main.UsageException("give exactly one of: -- ARG…, --shell LINE, --jsonl");
        }
        CommandClassifier classifier = Classifiers.standard(gate.rules);
        Gatekeeper gatekeeper = new Gatekeeper(classifier, gate.scheme(), policy());
        if (jsonl) {
            new JsonlSession(gatekeeper, cwd()).run(
                    new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), out);
            return 0;
        }
        Launch launch = shell != null
                ? new Launch(List.of("sh", "-c", shell), shell, cwd(), Map.of(), List.of(), null, null)
                : new Launch(argv, null, cwd(), Map.of(), List.of(), null, null);
        Verdict verdict = gatekeeper.judge(launch, site(launch, SiteReader.ofThisJvm()));
        RuleSet ruleSet = explain && classifier instanceof RulesClassifier rc ? rc.rules() : null;
        if (json) {
            Map<String, Object> m = toJson(verdict, launch, gatekeeper);
            if (ruleSet != null) {
                m.put("rules", rowsOf(verdict, ruleSet));
            }
            out.println(Json.write(m));
        } else {
            printHuman(verdict, gatekeeper.scheme(), ruleSet, out);
        }
        out.flush();
        return verdict.gate().exitCode();
    }

    private PolicyCheck policy() {
        if (gate.policy == null) {
            if (signingKey != null) {
                throw new Main.UsageException("--signing-key signs OAP decisions and needs --policy");
            }
            return null;
        }
        return CliPolicy.load(gate.policy, signingKey);
    }

    /** Where a classified command would run: this directory, with the files that steer a Read command read there. */
    static LaunchSite site(Launch launch, SiteReader files) {
        return LaunchSite.of(launch.cwd(), LaunchSite.NoFrames.NO_FRAMES, files.forLaunch());
    }

    static String cwd() {
        return Path.of("").toAbsolutePath().toString();
    }

    /**
     * The CLI's output object: class, level, decision, reasons, findings and, with a policy, the launch
     * the OAP decision is about ({@code decision_id} — the OAP decision's own —, {@code argv}, {@code cwd},
     * {@code env} when given: names, and values of hook variables only) and {@code oap}, signed so as to bind those fields and {@code decision}
     * when a signing key is given ({@link LaunchBinding}).
     */
    static Map<String, Object> toJson(Verdict v, Launch launch, Gatekeeper gatekeeper) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("class", v.classification().commandClass().label());
        m.put("level", v.classification().level().label());
        m.put("decision", v.gate().label());
        m.put("reasons", v.reasons());   // Reason and Finding write their own fields, as in the audit line
        m.put("findings", v.classification().findings());
        if (v.oap() != null) {
            String id = String.valueOf(v.oap().get("decision_id"));
            m.put("decision_id", id);
            m.put("argv", launch.argv());
            m.put("cwd", launch.cwd());
            RuleSet rules = gatekeeper.classifier() instanceof RulesClassifier r ? r.rules() : RuleSet.builtin();
            LaunchEnvironment env = LaunchEnvironment.of(launch.environmentChanges(), rules);
            if (env != null) {
                m.put("env", env);   // names, and the values of hook variables only, as in the audit line
            }
            m.put("oap", gatekeeper.seal(v.oap(), LaunchBinding.of(launch.argv(), launch.cwd(), env,
                    launch.outputRedirects(), id, v.gate().label())));
        }
        return m;
    }

    /** {@code --explain --json}: the text of every row the findings name, by reference. */
    static Map<String, Object> rowsOf(Verdict v, RuleSet ruleSet) {
        Map<String, Object> rows = new LinkedHashMap<>();
        for (Finding f : v.classification().findings()) {
            if (f.rule() != null && !rows.containsKey(f.rule())) {
                String text = ruleSet.rowText(f.rule());
                if (text != null) {
                    rows.put(f.rule(), text);
                }
            }
        }
        return rows;
    }

    /** Human output; with {@code ruleSet} (--explain) each finding is followed by the row that fired. */
    static void printHuman(Verdict v, GateScheme scheme, RuleSet ruleSet, PrintWriter out) {
        out.println(v.classification().commandClass().label() + " (" + v.classification().level().label() + ") → "
                + v.gate().label() + " under " + scheme.describe());
        for (Reason r : v.reasons()) {
            out.println("  reason  " + r.code() + ": " + r.message());
        }
        for (Finding f : v.classification().findings()) {
            out.println("  finding " + f.commandClass().label() + "/" + f.level().label() + "  " + f.command()
                    + "  [" + f.location() + "]  " + f.reason());
            if (ruleSet != null) {
                String text = ruleSet.rowText(f.rule());
                out.println("          rule " + (f.rule() == null ? "(none: not made by a rules row)"
                        : f.rule() + (text == null ? "" : "  " + text)));
            }
        }
    }
}
