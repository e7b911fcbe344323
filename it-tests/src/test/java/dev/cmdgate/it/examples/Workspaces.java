package dev.cmdgate.it.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The workspace every example works in: a README.md and a scratch/ directory holding a precious file. */
final class Workspaces {

    private Workspaces() {
    }

    static Path create(String name) {
        try {
            Path ws = Files.createTempDirectory("cmdgate-it-" + name);
            Files.writeString(ws.resolve("README.md"), "# a workspace\n");
            Files.createDirectories(ws.resolve("scratch"));
            Files.writeString(ws.resolve("scratch/keep.txt"), "precious\n");
            return ws;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
