package dev.cmdgate.it.apps;

import java.util.Arrays;
import org.jruby.embed.LocalContextScope;
import org.jruby.embed.PathType;
import org.jruby.embed.ScriptingContainer;

/**
 * An application that embeds JRuby and runs {@code native/launches.rb} (test resources) with its
 * arguments: the directory the {@code touch} attempts write to, then the attempts (see the script).
 * JRuby creates processes through jnr-posix's {@code posix_spawnp}, not through the JDK's launcher.
 */
public final class NativeJruby {

    private NativeJruby() {
    }

    public static void main(String[] args) {
        ScriptingContainer ruby = new ScriptingContainer(LocalContextScope.SINGLETHREAD);
        ruby.setArgv(Arrays.copyOf(args, args.length));
        ruby.runScriptlet(PathType.CLASSPATH, "native/launches.rb");   // caller:ruby
        ruby.terminate();
    }
}
