package dev.cmdgate.agent.cli;

import dev.cmdgate.core.policy.SigningKeyException;
import dev.cmdgate.core.policy.SigningKeys;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code keygen --out DIR}: an Ed25519 key pair for signing OAP decisions. */
@Command(name = "keygen", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Write an Ed25519 key pair (PKCS#8 and SubjectPublicKeyInfo PEM) for signing OAP decisions.")
final class KeygenCommand implements Callable<Integer> {

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "directory for the two PEM files (never overwritten)")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        try {
            SigningKeys.GeneratedKeys keys = SigningKeys.generate(out);
            spec.commandLine().getOut().println("private key: " + keys.privateKeyFile()
                    + "\npublic key:  " + keys.publicKeyFile() + "\nkey id:      " + keys.kid());
            return 0;
        } catch (SigningKeyException e) {
            throw new Main.UsageException(e.getMessage());
        }
    }
}
