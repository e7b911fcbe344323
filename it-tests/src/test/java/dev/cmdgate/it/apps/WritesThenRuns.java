package dev.cmdgate.it.apps;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;

/**
 * What an agent framework's file-editing tool does, then its shell tool: writes files from Java (which cmdgate
 * never sees), then runs {@link Commands}' attempts. Arguments: {@code write PATH TEXT}, {@code script PATH TEXT}
 * (written and made executable), {@code bytes PATH BASE64}, {@code mkdir DIR}, {@code link PATH TARGET} (a symbolic
 * link) — any number — then {@code --run} and the attempts.
 */
public final class WritesThenRuns {

    private WritesThenRuns() {
    }

    public static void main(String[] args) throws Exception {
        int i = 0;
        while (i < args.length && !args[i].equals("--run")) {
            switch (args[i]) {
                case "write", "script" -> {
                    Path p = Path.of(args[i + 1]);
                    Files.createDirectories(p.getParent());
                    Files.writeString(p, args[i + 2]);
                    if (args[i].equals("script")) {
                        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
                    }
                    i += 3;
                }
                case "bytes" -> {
                    Path p = Path.of(args[i + 1]);
                    Files.createDirectories(p.getParent());
                    Files.write(p, java.util.Base64.getDecoder().decode(args[i + 2]));
                    i += 3;
                }
                case "link" -> {
                    Path p = Path.of(args[i + 1]);
                    Files.createDirectories(p.getParent());
                    Files.createSymbolicLink(p, Path.of(args[i + 2]));
                    i += 3;
                }
                case "mkdir" -> {
                    Files.createDirectories(Path.of(args[i + 1]));
                    i += 2;
                }
                default -> throw new IllegalArgumentException("unknown step " + args[i]);
            }
        }
        Commands.main(Arrays.copyOfRange(args, Math.min(i + 1, args.length), args.length));
    }
}
