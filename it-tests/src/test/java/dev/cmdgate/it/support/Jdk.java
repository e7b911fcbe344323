package dev.cmdgate.it.support;

import java.nio.file.Files;
import java.nio.file.Path;

/** One JDK the forked applications run on; {@code present} is false when it is not installed here. */
public record Jdk(int feature, Path home) {

    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    public boolean present() {
        return Files.isExecutable(java());
    }

    @Override
    public String toString() {
        return "JDK " + feature;
    }
}
