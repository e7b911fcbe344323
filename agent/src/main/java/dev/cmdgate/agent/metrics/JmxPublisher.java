package dev.cmdgate.agent.metrics;

import java.util.List;
import java.util.function.Supplier;
import javax.management.DynamicMBean;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;

/**
 * Registers the gate's MBean in the platform MBean server — once that server exists, and never by
 * creating it. Creating the platform server is the application's choice (or a JMX agent's: the Prometheus
 * exporter, {@code -Dcom.sun.management.jmxremote}, a JMX client attaching): an application server
 * that installs its own {@code MBeanServerBuilder} must be the one to create it, and a JVM that never uses
 * JMX should not load it because of cmdgate. So a daemon thread of its own looks for the server, every
 * second for the first minute and every five seconds after, and registers when it is there; the thread
 * then ends. The launch path never waits for it and it holds no lock of cmdgate's while it calls JMX, so
 * it cannot deadlock with the application's own JMX set-up.
 */
public final class JmxPublisher implements Runnable {

    static final String THREAD_NAME = "cmdgate-jmx";
    /** Registered in the platform server when it is created, before anyone else can register anything. */
    private static final String PLATFORM_BEAN = "java.lang:type=Runtime";

    private final Supplier<? extends DynamicMBean> bean;
    private final long firstMinuteMillis;
    private final long laterMillis;

    JmxPublisher(Supplier<? extends DynamicMBean> bean, long firstMinuteMillis, long laterMillis) {
        this.bean = bean;
        this.firstMinuteMillis = firstMinuteMillis;
        this.laterMillis = laterMillis;
    }

    /**
     * Starts the daemon thread that makes the bean and registers it as {@link GateMBean#NAME} when JMX is up
     * (made there, so that no JMX class is loaded before).
     */
    public static void publishWhenJmxIsUp(Supplier<? extends DynamicMBean> bean) {
        // no inherited thread locals, no context class loader: this thread owes the application nothing
        Thread t = new Thread(null, new JmxPublisher(bean, 1000, 5000), THREAD_NAME, 0, false);
        t.setDaemon(true);
        t.setContextClassLoader(null);
        t.start();
    }

    @Override
    public void run() {
        if (!readsJmx()) {
            return;   // a runtime image without java.management: there is no JMX to publish to
        }
        long started = System.nanoTime();
        try {
            while (!publish()) {
                boolean firstMinute = System.nanoTime() - started < 60_000_000_000L;
                Thread.sleep(firstMinute ? firstMinuteMillis : laterMillis);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * cmdgate runs as a module of its own that requires only java.instrument (so that it starts in any
     * runtime image): it reads java.management only from here, and only if the image has it.
     */
    private static boolean readsJmx() {
        Module self = JmxPublisher.class.getModule();
        java.util.Optional<Module> jmx = ModuleLayer.boot().findModule("java.management");
        if (jmx.isEmpty()) {
            return false;
        }
        self.addReads(jmx.get());
        return true;
    }

    /** Registers the bean if the platform server exists; true when there is nothing more to do. */
    boolean publish() {
        MBeanServer server = platformServer();
        if (server == null) {
            return false;
        }
        try {
            server.registerMBean(bean.get(), new ObjectName(GateMBean.NAME));
        } catch (JMException | RuntimeException e) {
            // another gate's bean is there already, or the server refuses beans: the counters are not shown
            // over JMX, and launches are decided and counted as always
            System.err.println("cmdgate: the counters are not available over JMX: " + e);
        }
        return true;
    }

    /** The platform MBean server if something has created it; never creates it. */
    static MBeanServer platformServer() {
        try {
            List<MBeanServer> servers = MBeanServerFactory.findMBeanServer(null);
            ObjectName platform = new ObjectName(PLATFORM_BEAN);
            for (MBeanServer s : servers) {
                if (s.isRegistered(platform)) {
                    return s;
                }
            }
        } catch (JMException | RuntimeException e) {
            // not readable now: looked for again later
        }
        return null;
    }
}
