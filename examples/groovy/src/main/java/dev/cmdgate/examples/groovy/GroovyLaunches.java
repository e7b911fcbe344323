package dev.cmdgate.examples.groovy;

import groovy.lang.Binding;
import groovy.lang.GroovyShell;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs launches.groovy (beside this class) in an embedded {@link GroovyShell}, the way applications
 * embed Groovy scripting: {@code "touch x".execute()}, {@code ["sh","-c","…"].execute()} and a Groovy
 * process pipe. Prints what ran and what was refused, and the workspace afterwards.
 *
 * <p>Usage: {@code GroovyLaunches [WORKSPACE]}.
 */
public final class GroovyLaunches {

    private GroovyLaunches() {
    }

    public static void main(String[] args) throws Exception {
        Path ws = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("cmdgate-groovy");
        Files.createDirectories(ws.resolve("scratch"));
        Files.writeString(ws.resolve("scratch/keep.txt"), "precious\n");
        System.out.println("workspace: " + ws);
        String script;
        try (InputStream in = GroovyLaunches.class.getResourceAsStream("launches.groovy")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Binding binding = new Binding();
        binding.setVariable("ws", new File(ws.toString()));
        new GroovyShell(binding).evaluate(script, "launches.groovy");
        // and once more outside any try/catch in the script: what an uncaught refusal looks like
        try {
            new GroovyShell(binding).evaluate("'touch uncaught.txt'.execute(null, ws).waitFor()", "uncaught.groovy");
            System.out.println("RAN     uncaught 'touch uncaught.txt'.execute()");
        } catch (Throwable t) {
            System.out.println("REFUSED uncaught 'touch uncaught.txt'.execute() — the host caught " + t.getClass().getName()
                    + (t.getCause() == null ? "" : " caused by " + t.getCause().getClass().getName()));
        }
        try (var s = Files.walk(ws)) {
            System.out.println("workspace now has: " + s.filter(p -> !p.equals(ws)).map(p -> ws.relativize(p).toString()).sorted().toList());
        }
    }
}
