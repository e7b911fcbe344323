package dev.cmdgate.it.apps;

import dev.cmdgate.api.Cmdgate;
import dev.cmdgate.api.LaunchScope;
import java.io.File;

/**
 * {@code LoneSurrogate DIR}: inside a scope whose tool name holds a lone UTF-16 surrogate, launches
 * {@code touch} of a file name with a lone surrogate in DIR (text no command line can carry, so it is
 * built here) and reports it as {@code RESULT touch …}.
 */
public final class LoneSurrogate {

    public static void main(String[] args) {
        try (LaunchScope scope = Cmdgate.scope().tool("t\ud800ool").open()) {
            Attempt.run("touch", () -> new ProcessBuilder("touch", "x\ud800y").directory(new File(args[0])).start());
        }
        Attempt.print("DONE");
    }
}
