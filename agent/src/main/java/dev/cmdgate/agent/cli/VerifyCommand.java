package dev.cmdgate.agent.cli;

import dev.cmdgate.agent.audit.AuditChain;
import dev.cmdgate.agent.audit.AuditLine;
import dev.cmdgate.agent.audit.ChainSignature;
import dev.cmdgate.core.decision.AuditFields;
import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import dev.cmdgate.core.policy.DecisionVerifier;
import dev.cmdgate.core.policy.SigningKeyException;
import dev.cmdgate.core.policy.SigningKeys;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code verify [--key PUB] [FILE…]}: checks an audit file's hash chain (each line carries the hash of
 * the one before; rotated files given oldest first are checked with their links) — always, also with a key —
 * and, with a key, the signature of every OAP decision in the files or on stdin (where decision objects and the
 * CLI's output, which carry no chain, are given). A decision id seen twice is a copied decision either way.
 */
@Command(name = "verify", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Verify audit files: the hash chain of each file (edited, removed, inserted, reordered or copied lines),",
                "always, and with --key the signed OAP decisions on their lines; decision objects or CLI output, which",
                "carry no chain, go on standard input (verify --key PUB < FILE). A decision_id seen twice is BAD; on a",
                "line that records a launch, the signature must also bind that line's argv, cwd, env, redirects,",
                "decision_id and outcome (its launch_digest).",
                "Give rotated files oldest first (audit.jsonl.2 audit.jsonl.1 audit.jsonl) to check the links between them.",
                "With --chain-key, every audit_signature line (cmdgate.audit.sign.every) must verify, and each file must hold one",
                "(or be continued, through the writer's rotation link, by the next file given, which does).",
                "Exit status: 0 everything verifies, 1 something does not, 2 usage error."})
final class VerifyCommand implements Callable<Integer> {

    @Option(names = "--key", paramLabel = "PUB", description = "the Ed25519 public key (PEM) of signed OAP decisions")
    Path key;

    @Option(names = "--chain-key", paramLabel = "PUB", description = "the Ed25519 public key (PEM) of the audit_signature"
            + " lines (cmdgate.audit.sign.every): each must verify, and each file must be covered by one")
    Path chainKey;

    @Parameters(arity = "0..*", paramLabel = "FILE", description = "files of JSON lines (default, with --key: standard input)")
    List<Path> files = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PublicKey publicKey = null;
        if (key != null) {
            try {
                publicKey = SigningKeys.readPublicKey(key);
            } catch (SigningKeyException e) {
                throw new Main.UsageException(e.getMessage());
            }
        } else if (files.isEmpty()) {
            throw new Main.UsageException("verify needs audit files to check their hash chain, or --key PUB for signed decisions");
        }
        if (chainKey != null && files.isEmpty()) {
            throw new Main.UsageException("--chain-key needs the audit files whose signatures it checks");
        }
        for (Path file : files) {
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
                throw new Main.UsageException(file + " is not a readable file");
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        int bad = 0;
        if (publicKey != null) {
            Map<String, String> decisionIds = new HashMap<>();
            if (files.isEmpty()) {
                bad += decisions(AuditLine.read(System.in), null, publicKey, decisionIds, out);
            }
            for (Path file : files) {
                bad += decisions(AuditLine.read(file), files.size() > 1 ? file : null, publicKey, decisionIds, out);
            }
        }
        if (!files.isEmpty()) {   // files are audit files: their chain is checked, with or without --key
            AuditChain.Report report = AuditChain.verify(files, chainKey == null ? null : readChainKey());
            for (AuditChain.Problem p : report.problems()) {
                out.println("chain BAD " + p);
            }
            for (String f : report.files()) {
                out.println("chain " + (report.ok() ? "OK " : "checked ") + f);
            }
            bad += report.problems().size();
            for (ChainSignature.Check c : report.signatures()) {
                bad += signatures(c, out);
            }
        }
        out.flush();
        return bad == 0 ? 0 : 1;
    }

    private PublicKey readChainKey() {
        try {
            return SigningKeys.readPublicKey(chainKey);
        } catch (SigningKeyException e) {
            throw new Main.UsageException(e.getMessage());
        }
    }

    /**
     * The chain signatures of one file: each must verify with --chain-key, and the file must be covered — by one of
     * its own, or through the rotation link of the next file given, which is covered.
     */
    private int signatures(ChainSignature.Check c, PrintWriter out) {
        for (String b : c.bad()) {
            out.println("signature BAD " + b);
        }
        if (!c.covered()) {
            out.println("signature BAD " + c.file() + ": no audit_signature line verifies with " + chainKey
                    + " over its chain, nor is it linked by rotation to a file that has one");
            return c.bad().size() + 1;
        }
        String mine = c.good() > 0 ? c.good() + (c.bad().isEmpty() ? "" : " (and " + c.bad().size() + " BAD)")
                : "none of its own";
        String after = c.coveredBy() != null ? "signed through the rotation link of " + c.coveredBy()
                : c.unsignedAfter() + " line(s) after the last one, not signed yet";
        out.println("signatures OK " + c.file() + ": " + mine + "; " + after);
        return c.bad().size();
    }

    /**
     * Checks the OAP decision on each line; event lines (exit, rotation …) carry none and are passed over. A
     * decision id seen on an earlier line (of any input) is a copied decision: {@code BAD}, whatever its signature.
     */
    private static int decisions(List<String> lines, Path name, PublicKey publicKey, Map<String, String> decisionIds,
                                 PrintWriter out) {
        int bad = 0;
        int n = 0;
        for (String line : lines) {
            n++;
            String where = (name == null ? "" : name + " ") + "line " + n;
            String foreign = AuditLine.foreign(line);
            if (foreign != null) {
                out.println(where + ": BAD the line " + foreign);
                bad++;
                continue;
            }
            Map<String, Object> obj = object(line);
            if (line.isBlank() || obj != null && AuditLine.kind(obj) == AuditLine.Kind.EVENT) {
                continue;
            }
            String id = obj == null ? null : decisionId(obj);
            String first = id == null ? null : decisionIds.putIfAbsent(id, where);
            if (first != null) {
                out.println(where + ": BAD decision_id " + id + " is that of " + first + " too: a decision was copied");
                bad++;
                continue;
            }
            DecisionVerifier.Result r = DecisionVerifier.verifyLine(line, publicKey);
            out.println(where + ": " + (r.valid() ? "OK " : "BAD ") + r.message());
            bad += r.valid() ? 0 : 1;
        }
        return bad;
    }

    private static Map<String, Object> object(String line) {
        try {
            return JsonParser.parseObject(line);
        } catch (JsonParseException e) {
            return null;
        }
    }

    /** The line's decision id: its own (an audit line, the CLI's output, a decision object), else its OAP decision's. */
    private static String decisionId(Map<String, Object> obj) {
        if (obj.get(AuditFields.DECISION_ID) instanceof String id) {
            return id;
        }
        return obj.get(AuditFields.OAP) instanceof Map<?, ?> oap && oap.get(AuditFields.DECISION_ID) instanceof String id ? id : null;
    }
}
