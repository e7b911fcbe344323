package org.apache.maven.plugin.surefire;

/**
 * A class of the application that gives itself Maven Surefire's package name, as any code may: a trust row's
 * {@code caller=org.apache.maven.plugin.surefire@…} must not take it for Surefire, whose code comes from Maven's
 * repository. Launches its arguments.
 */
public final class FakeFork {

    private FakeFork() {
    }

    public static Process launch(String... argv) throws java.io.IOException {
        return new ProcessBuilder(argv).start();
    }
}
