package dev.cmdgate.it.apps;

import dev.cmdgate.api.Cmdgate;
import java.io.File;
import java.lang.ProcessBuilder.Redirect;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.Iterator;
import java.util.List;
import javax.management.ObjectName;

/**
 * Tries, as ordinary code in the application or one of its libraries would, to make cmdgate judge one
 * thing while another runs, or to switch it off. {@code Tamper SCENARIO DIR}: each scenario reports
 * with {@link Attempt} lines; the files it tries to create are in DIR, and the test checks that they
 * are absent. The prompt handler {@link TamperPrompt} changes the shared builder while its launch waits
 * for an answer — another thread changing it between the check and the fork, made deterministic.
 */
public final class Tamper {

    /** The builder a launch is waiting on, for {@link TamperPrompt} to change. */
    static volatile ProcessBuilder shared;
    /** The file {@link TamperPrompt} points the shared builder's output at. */
    static volatile File victim;

    private Tamper() {
    }

    public static void main(String[] args) throws Exception {
        String scenario = args[0];
        Path dir = Path.of(args[1]);
        switch (scenario) {
            case "environment-race" -> environmentRace(dir);
            case "redirect-race" -> redirectRace(dir);
            case "pipeline-list" -> pipelineList(dir);
            case "file-subclass" -> fileSubclass(dir);
            case "reflect-gate" -> reflectGate(dir);
            case "diagnostic-command" -> diagnosticCommand(dir, args[2]);
            case "self-attach" -> selfAttach(dir, args[2]);
            case "fork-and-exec" -> forkAndExec(dir);
            case "pre-check" -> preCheck(dir);
            case "touch" -> Attempt.run("touch", () -> new ProcessBuilder("touch", dir.resolve("touched").toString()).start());
            default -> throw new IllegalArgumentException(scenario);
        }
        Attempt.print("DONE");
    }

    /** The environment map is changed while the launch waits for its prompt: the process must not see the change. */
    private static void environmentRace(Path dir) {
        Path out = dir.resolve("env-out");
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", "printenv SNEAKY > " + out);
        pb.environment().put("HARMLESS", "1");
        shared = pb;
        Attempt.run("environment_race", pb::start);
    }

    /** The output redirect is changed while the launch waits: the judged one (discard) must be used. */
    private static void redirectRace(Path dir) {
        ProcessBuilder pb = new ProcessBuilder("touch", dir.resolve("allowed").toString()).redirectOutput(Redirect.DISCARD);
        victim = dir.resolve("redirect-victim").toFile();
        shared = pb;
        Attempt.run("redirect_race", pb::start);
    }

    /** A list whose iterator and toArray show a harmless stage, while get(i) hands out another. */
    private static void pipelineList(Path dir) {
        ProcessBuilder harmless = new ProcessBuilder("echo", "harmless");
        ProcessBuilder hidden = new ProcessBuilder("touch", dir.resolve("pipeline-victim").toString());
        List<ProcessBuilder> twoFaced = new AbstractList<>() {
            @Override
            public ProcessBuilder get(int index) {
                return hidden;
            }

            @Override
            public int size() {
                return 1;
            }

            @Override
            public Iterator<ProcessBuilder> iterator() {
                return List.of(harmless).iterator();
            }

            @Override
            public Object[] toArray() {
                return new Object[] {harmless};
            }
        };
        Attempt.run("pipeline_list", () -> ProcessBuilder.startPipeline(twoFaced));
    }

    /** A File whose path is /dev/null the first time it is asked, and a real file afterwards. */
    private static void fileSubclass(Path dir) {
        File twoFaced = new File("/dev/null") {
            private int asked;

            @Override
            public String getPath() {
                return asked++ == 0 ? "/dev/null" : dir.resolve("file-victim").toString();
            }
        };
        Attempt.run("file_subclass", () -> new ProcessBuilder("echo", "hi").redirectOutput(Redirect.to(twoFaced)).start());
    }

    /** Plain reflection on the bridge's gate; then a launch that must still be refused. */
    private static void reflectGate(Path dir) {
        Attempt.print("ACTIVE " + Cmdgate.isActive());   // waits for the agent's bridge, defined while main starts
        try {
            Class<?> bridge = Class.forName("java.lang.CmdgateBridge");
            java.lang.reflect.Field gate = bridge.getDeclaredField("GATE");
            gate.setAccessible(true);
            Attempt.print("REFLECT reached " + gate.get(null));
        } catch (Throwable t) {
            Attempt.print("REFLECT refused " + t.getClass().getName());
        }
        Attempt.run("touch_after_reflection", () -> new ProcessBuilder("touch", dir.resolve("touched").toString()).start());
    }

    /** Loads an agent through the DiagnosticCommand MBean (works without the attach mechanism). */
    private static void diagnosticCommand(Path dir, String agentJar) {
        try {
            Object out = ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "jvmtiAgentLoad",
                    new Object[] {new String[] {agentJar}}, new String[] {String[].class.getName()});
            Attempt.print("DCMD returned " + String.valueOf(out).trim().replace('\n', ' '));
        } catch (Throwable t) {
            Attempt.print("DCMD refused " + Attempt.unwrap(t));
        }
        Attempt.run("touch_after_dcmd", () -> new ProcessBuilder("touch", dir.resolve("touched").toString()).start());
    }

    /** Attaches to this very JVM ({@code -Djdk.attach.allowAttachSelf=true}) and loads an agent. */
    private static void selfAttach(Path dir, String agentJar) {
        try {
            com.sun.tools.attach.VirtualMachine vm =
                    com.sun.tools.attach.VirtualMachine.attach(String.valueOf(ProcessHandle.current().pid()));
            try {
                vm.loadAgent(agentJar);
                Attempt.print("ATTACH loaded");
            } finally {
                vm.detach();
            }
        } catch (Throwable t) {
            Attempt.print("ATTACH failed " + t);
        }
        Attempt.run("touch_after_attach", () -> new ProcessBuilder("touch", dir.resolve("touched").toString()).start());
    }

    /** With {@code --add-opens java.base/java.lang}: the native launch method called around every hook. */
    private static void forkAndExec(Path dir) throws Exception {
        Process p = new ProcessBuilder("echo", "x").start();
        p.waitFor();
        Method fork = Class.forName("java.lang.ProcessImpl").getDeclaredMethod("forkAndExec", int.class, byte[].class,
                byte[].class, byte[].class, int.class, byte[].class, int.class, byte[].class, int[].class, boolean.class);
        fork.setAccessible(true);
        byte[] prog = "/usr/bin/touch\0".getBytes();
        byte[] argBlock = (dir.resolve("fork-victim") + "\0").getBytes();
        Attempt.run("fork_and_exec", () -> {
            int pid = (Integer) fork.invoke(p, 1, "/bin/true\0".getBytes(), prog, argBlock, 1, null, 0, null,
                    new int[] {-1, -1, -1}, false);
            ProcessHandle.of(pid).ifPresent(h -> h.onExit().join());
            return new ProcessBuilder("true").start();
        });
    }

    /** A check through the API that would be refused: it must leave an audit line. */
    private static void preCheck(Path dir) throws Exception {
        Attempt.print("CHECK " + Cmdgate.check(List.of("touch", dir.resolve("checked").toString())).decision());
        Files.writeString(dir.resolve("checked-marker"), "");
    }
}
