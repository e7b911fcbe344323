package dev.cmdgate.agent.hook;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.ProcessBuilder.Redirect;
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
            command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xlog:disable", "-Xlog:all=warning:stderr",
                    "-cp", jar.toString(), ResidentServer.class.getName(), prefix.toString(),
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
}
