package dev.cmdgate.agent.cli;

import dev.cmdgate.core.policy.DecisionVerifier;
import dev.cmdgate.core.policy.SigningKeyException;
import dev.cmdgate.core.policy.SigningKeys;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code verify --key PUB [FILE]}: checks the signature of every OAP decision in a file or on stdin. */
@Command(name = "verify", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Verify signed OAP decisions: decision objects, CLI output or audit lines, one per line.",
                "On a line that records a launch, the signature must also bind that line's argv, cwd, env, redirects,",
                "decision_id and outcome (its launch_digest).",
                "Exit status: 0 every line verifies, 1 some line does not, 2 usage error."})
final class VerifyCommand implements Callable<Integer> {

    @Option(names = "--key", required = true, paramLabel = "PUB", description = "the Ed25519 public key (PEM)")
    Path key;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "file of JSON lines (default: standard input)")
    Path file;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PublicKey publicKey;
        try {
            publicKey = SigningKeys.readPublicKey(key);
        } catch (SigningKeyException e) {
            throw new Main.UsageException(e.getMessage());
        }
        if (file != null && !Files.isReadable(file)) {
            throw new Main.UsageException(file + " is not a readable file");
        }
        PrintWriter out = spec.commandLine().getOut();
        int bad = 0;
        int n = 0;
        try (BufferedReader in = file == null
                ? new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))
                : Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                DecisionVerifier.Result r = DecisionVerifier.verifyLine(line, publicKey);
                out.println("line " + n + ": " + (r.valid() ? "OK " : "BAD ") + r.message());
                bad += r.valid() ? 0 : 1;
            }
        }
        out.flush();
        return bad == 0 ? 0 : 1;
    }
}
