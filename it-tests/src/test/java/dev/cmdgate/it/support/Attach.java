package dev.cmdgate.it.support;

import static org.assertj.core.api.Assertions.fail;

import com.sun.tools.attach.VirtualMachine;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Loads the agent jar into a running JVM through the JDK's Attach API, as a serviceability tool does:
 * {@code VirtualMachine.attach(pid)}, {@code loadAgent(jar, args)}, {@code detach()}. The test JVM is
 * another process than the target, so the attach is allowed without {@code jdk.attach.allowAttachSelf}.
 */
public final class Attach {

    private Attach() {
    }

    /**
     * Loads {@link ForkedJvm#AGENT_JAR} with these agent arguments into the JVM {@code pid}. Returns null
     * when the agent started, or what {@code loadAgent} threw (e.g. {@code AgentInitializationException}
     * when its {@code agentmain} threw). Fails the test if the JVM cannot be attached to at all, or if
     * attaching and loading take longer than {@code within}.
     */
    public static Exception loadAgent(long pid, String agentArgs, Duration within) {
        FutureTask<Exception> task = new FutureTask<>(() -> {
            VirtualMachine vm = VirtualMachine.attach(String.valueOf(pid));
            try {
                vm.loadAgent(ForkedJvm.AGENT_JAR.toString(), agentArgs);
                return null;
            } catch (Exception refused) {
                return refused;
            } finally {
                vm.detach();
            }
        });
        Thread t = new Thread(task, "attach-" + pid);
        t.setDaemon(true);   // a hung attach must not keep the test JVM alive; the target is killed by the test
        t.start();
        try {
            return task.get(within.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            t.interrupt();
            return fail("attaching to JVM " + pid + " and loading the agent took longer than " + within.toMillis() + " ms");
        } catch (ExecutionException e) {
            return fail("cannot attach to JVM " + pid + ": " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
