package dev.cmdgate.it.support;

import java.nio.file.Path;
import java.util.List;

/**
 * The JDKs every forked test runs on: the default JDK 17 and the JDK 25 installed beside it.
 * Override the locations with {@code -Dcmdgate.it.jdk17=DIR} / {@code -Dcmdgate.it.jdk25=DIR}.
 * A JDK that is not installed still yields a test case, which is then skipped with an assumption
 * message naming the missing directory, so its absence shows in the report instead of passing silently.
 */
public final class Jdks {

    public static final Jdk JDK17 = new Jdk(17, Path.of(System.getProperty("cmdgate.it.jdk17",
            "/usr/lib/jvm/java-17-openjdk-amd64")));
    public static final Jdk JDK25 = new Jdk(25, Path.of(System.getProperty("cmdgate.it.jdk25",
            "/usr/lib/jvm/temurin-25-jdk-amd64")));

    private Jdks() {
    }

    /** The argument source of {@link OnEachJdk}. */
    public static List<Jdk> all() {
        return List.of(JDK17, JDK25);
    }
}
