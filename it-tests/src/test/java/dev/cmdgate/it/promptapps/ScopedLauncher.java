package dev.cmdgate.it.promptapps;

import dev.cmdgate.api.Cmdgate;
import dev.cmdgate.api.LaunchScope;
import dev.cmdgate.core.CommandClass;

/**
 * {@code ScopedLauncher CONTEXT DECLARE SPEC…}: opens a {@link LaunchScope} with CONTEXT
 * ({@code k=v,k=v} or {@code -}) and DECLARE (a class or {@code -}), launches the specs (see
 * {@link LaunchEach}) inside it; a spec written {@code !label:…} is launched after the scope is closed.
 */
public final class ScopedLauncher {

    public static void main(String[] args) {
        LaunchScope.Builder b = Cmdgate.scope();
        if (!args[0].equals("-")) {
            for (String kv : args[0].split(",")) {
                int eq = kv.indexOf('=');
                b.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        if (!args[1].equals("-")) {
            b.declare(CommandClass.parse(args[1]));
        }
        try (LaunchScope scope = b.open()) {
            for (int i = 2; i < args.length; i++) {
                if (!args[i].startsWith("!")) {
                    LaunchEach.launch(LaunchEach.Spec.parse(args[i]));
                }
            }
        }
        for (int i = 2; i < args.length; i++) {
            if (args[i].startsWith("!")) {
                LaunchEach.launch(LaunchEach.Spec.parse(args[i].substring(1)));
            }
        }
        System.out.println("DONE");
    }
}
