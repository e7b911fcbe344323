package dev.cmdgate.agent.hook;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts the resident decider after a call's reply is out, when none runs for this jar and JDK and the user has
 * not switched it off ({@code hook.resident=off}). It runs detached — its own session where {@code setsid} exists,
 * standard input a pipe this JVM closes, output discarded, errors into a log in its directory, no other descriptor
 * inherited — so the host never waits for it. It is told its context on standard input: this JVM's directory and
 * the environment the launcher received, which are what a call must share to be decided by it.
 */
final class ResidentStart implements Runnable {

    /**
     * The decider's JVM, each flag measured for what it costs and saves (docs/performance.md, <i>The resident
     * decider's memory</i>): the serial collector and no hsperfdata file, as a JVM per call; C1 alone (C2's compiler
     * threads and arenas held tens of MiB for no gain a hook call notices); a heap that starts small and stays within
     * what the largest input it takes needs ({@link ResidentRequest#MAX_INPUT}); the C heap given back every 5 s
     * (what its threads freed stays mapped otherwise, about 8 of 63 MiB; JDK 17.0.9 and later, ignored by an
     * older 17); and a JVM that runs out of memory ends at once rather than let a caught error stand for a decision:
     * its callers then get no answer and go to a JVM of their own, as for any fault.
     */
    static final List<String> FLAGS = List.of("-XX:+UseSerialGC", "-XX:-UsePerfData", "-XX:TieredStopAtLevel=1",
            "-Xms8m", "-Xmx32m", "-XX:+IgnoreUnrecognizedVMOptions", "-XX:+UnlockExperimentalVMOptions",
            "-XX:TrimNativeHeapInterval=5000", "-XX:+ExitOnOutOfMemoryError", "-Xlog:disable", "-Xlog:all=warning:stderr");

    private final Path prefix;
    private final Path config;

    /**
     * @param prefix the resident decider's files, less their suffix: {@code DIR/KEY} (the launcher's archive key)
     * @param config the call's {@code --config}, or null
     */
    ResidentStart(Path prefix, Path config) {
        this.prefix = prefix;
        this.config = config;
    }

    @Override
    public void run() {
        try {
            ResidentSetting setting = ResidentSetting.forCall(config);
            Path jar = HookFiles.jar();
            if (!setting.on() || jar == null || !PrivateDir.make(prefix.getParent()) || ResidentServer.running(prefix)) {
                return;
            }
            byte[] context = ResidentContext.launcherOf(ProcessHandle.current()).bytes();
            List<String> command = new ArrayList<>();
            if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
                command.add("/usr/bin/setsid");
            }
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(FLAGS);
            String archive = ownArchive();
            if (archive != null) {
                command.add(archive);
            }
            command.addAll(List.of("-cp", jar.toString(), ResidentServer.class.getName(), prefix.toString(),
                    Long.toString(setting.idleSeconds())));
            Process p = new ProcessBuilder(command).redirectOutput(Redirect.DISCARD)
                    .redirectError(Redirect.to(Path.of(prefix + ".log").toFile())).start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(context);
            }
        } catch (IOException | RuntimeException e) {
            // no resident decider: every call goes on starting a JVM of its own
        }
    }

    /**
     * The class-data archive this JVM was started from ({@code -XX:SharedArchiveFile=…}), which the launcher checked
     * for this call, or null: the decider maps the same file, so the pages of cmdgate's classes are shared with the
     * JVMs started per call rather than a copy of their own in its metaspace.
     */
    static String ownArchive() {
        try (FileInputStream in = new FileInputStream("/proc/self/cmdline")) {
            for (String arg : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\0")) {
                if (arg.startsWith("-XX:SharedArchiveFile=")) {
                    return arg;
                }
            }
        } catch (IOException | RuntimeException e) {
            // the decider starts without it
        }
        return null;
    }
}
