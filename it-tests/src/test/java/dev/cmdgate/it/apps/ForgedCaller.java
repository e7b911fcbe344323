package dev.cmdgate.it.apps;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Launches through a class whose package name claims trusted code: {@code ForgedCaller surefire ARGV…} through
 * {@code org.apache.maven.plugin.surefire.FakeFork} (the application's own class), {@code ForgedCaller jdk DIR
 * CLASS ARGV…} through CLASS, a class in a JDK package that a {@link URLClassLoader} over DIR defines (its static
 * {@code launch(String...)}). Reports {@code RESULT launch …}.
 */
public final class ForgedCaller {

    private ForgedCaller() {
    }

    public static void main(String[] args) {
        if (args[0].equals("surefire")) {
            String[] argv = Arrays.copyOfRange(args, 1, args.length);
            Attempt.run("launch", () -> org.apache.maven.plugin.surefire.FakeFork.launch(argv));
        } else {
            String[] argv = Arrays.copyOfRange(args, 3, args.length);
            Attempt.run("launch", () -> {
                URLClassLoader loader = new URLClassLoader(new URL[] {Path.of(args[1]).toUri().toURL()},
                        ForgedCaller.class.getClassLoader());
                return loader.loadClass(args[2]).getMethod("launch", String[].class).invoke(null, (Object) argv);
            });
        }
        System.out.println("DONE");
    }
}
