package dev.cmdgate.agent.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.decision.Decision;
import dev.cmdgate.core.decision.Outcome;
import dev.cmdgate.core.decision.PromptRecord;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.gate.GateScheme;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanInfo;
import javax.management.MBeanRegistrationException;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.ReflectionException;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import org.junit.jupiter.api.Test;

/** The MBean as a JMX client sees it: every attribute readable, none writable, no operation, never unregistered. */
class GateMBeanTest {

    private static Decision decision(CommandClass c, GateDecision gate, Outcome outcome, PromptRecord prompt, String mode) {
        return new Decision("id", Instant.now(), List.of("x"), "/", new Classification(c, RiskLevel.MEDIUM, List.of(), List.of()),
                gate, outcome, List.of(), "autonomy=supervised", mode, "a.B.c(B.java:1)", prompt, null, Map.of());
    }

    private static GateMBean bean(DecisionCounters c) {
        return new GateMBean(new GateMBean.Identity(4242, "com.acme.Main", null, "autonomy=supervised", "enforce"), c,
                new PolicyStatus.None(), () -> 3, () -> 2);
    }

    /** The table's rows as "k1=v1,k2=v2 → value". */
    private static Map<String, Long> rows(Object table) {
        Map<String, Long> out = new HashMap<>();
        TabularData t = (TabularData) table;
        List<String> index = t.getTabularType().getIndexNames();
        for (Object o : t.values()) {
            CompositeData row = (CompositeData) o;
            StringBuilder k = new StringBuilder();
            for (String i : index) {
                k.append(k.length() == 0 ? "" : ",").append(i).append('=').append(row.get(i));
            }
            out.put(k.toString(), (Long) row.get("value"));
        }
        return out;
    }

    @Test
    void everyAttributeReadsAndTheTablesHoldTheCounts() throws Exception {
        DecisionCounters c = new DecisionCounters(new GateScheme.ByAutonomy(Autonomy.SUPERVISED), false);
        c.recorded(decision(CommandClass.WRITE, GateDecision.PROMPT, Outcome.ALLOWED, new PromptRecord("console", "allow", 5, null),
                "enforce"));
        c.recorded(decision(CommandClass.WRITE, GateDecision.PROMPT, Outcome.BLOCKED,
                new PromptRecord("console", "deny", 1000, "no answer within 1 s"), "enforce"));
        c.timed(2_000_000);
        c.timed(1_500_000_000L);
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        ObjectName name = new ObjectName(GateMBean.NAME);
        server.registerMBean(bean(c), name);

        MBeanInfo info = server.getMBeanInfo(name);
        assertThat(info.getOperations()).isEmpty();
        for (MBeanAttributeInfo a : info.getAttributes()) {
            assertThat(a.isWritable()).as(a.getName()).isFalse();
            assertThat(a.isReadable()).as(a.getName()).isTrue();
            assertThat(server.getAttribute(name, a.getName())).as(a.getName()).isNotNull();
        }
        assertThat(server.getAttribute(name, "Pid")).isEqualTo(4242L);
        assertThat(server.getAttribute(name, "Service")).isEqualTo("");
        assertThat(server.getAttribute(name, "AuditWriteFailures")).isEqualTo(3L);
        assertThat(server.getAttribute(name, "WatchdogKills")).isEqualTo(2L);
        assertThat(server.getAttribute(name, "PolicySource")).isEqualTo("none");
        assertThat(server.getAttribute(name, "PolicyAgeSeconds")).isEqualTo(-1L);

        Map<String, Long> launches = rows(server.getAttribute(name, "Launches"));
        assertThat(launches).hasSize(25).containsEntry("class=write,outcome=prompted_allowed", 1L)
                .containsEntry("class=write,outcome=prompt_timeout", 1L).containsEntry("class=read,outcome=allowed", 0L);
        assertThat(launches.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(2);
        assertThat(rows(server.getAttribute(name, "AuditModeWouldRefuse"))).hasSize(15);
        assertThat(rows(server.getAttribute(name, "Identity"))).containsOnlyKeys(
                "pid=4242,main=com.acme.Main,service=,scheme=autonomy=supervised,mode=enforce");
        Map<String, Long> buckets = rows(server.getAttribute(name, "DecisionSecondsBuckets"));
        assertThat(buckets).containsEntry("le=0.001", 0L).containsEntry("le=0.005", 1L).containsEntry("le=0.5", 1L)
                .containsEntry("le=2.5", 2L).containsEntry("le=+Inf", 2L);
        assertThat(server.getAttribute(name, "DecisionCount")).isEqualTo(2L);
        assertThat((Double) server.getAttribute(name, "DecisionSecondsSum")).isBetween(1.50, 1.51);
    }

    @Test
    void aJmxClientCanChangeNothingNorUnregisterIt() throws Exception {
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        ObjectName name = new ObjectName(GateMBean.NAME);
        DecisionCounters c = new DecisionCounters(new GateScheme.ByAutonomy(Autonomy.SUPERVISED), false);
        server.registerMBean(bean(c), name);

        assertThatThrownBy(() -> server.setAttribute(name, new Attribute("AuditWriteFailures", 0L)))
                .isInstanceOf(AttributeNotFoundException.class);
        assertThatThrownBy(() -> server.setAttribute(name, new Attribute("Mode", "audit")))
                .isInstanceOf(AttributeNotFoundException.class);
        AttributeList set = server.setAttributes(name, new AttributeList(List.of(new Attribute("Scheme", "autonomy=full"))));
        assertThat(set).isEmpty();
        assertThat(server.getAttribute(name, "Scheme")).isEqualTo("autonomy=supervised");
        assertThatThrownBy(() -> server.invoke(name, "reset", new Object[0], new String[0]))
                .isInstanceOf(ReflectionException.class);
        assertThatThrownBy(() -> server.unregisterMBean(name)).isInstanceOf(MBeanRegistrationException.class);
        assertThat(server.isRegistered(name)).isTrue();
        assertThatThrownBy(() -> server.getAttribute(name, "Nothing")).isInstanceOf(AttributeNotFoundException.class);
    }

    @Test
    void thePublisherNeverCreatesThePlatformServerAndRegistersOnceItExists() throws Exception {
        int before = MBeanServerFactory.findMBeanServer(null).size();
        boolean platformBefore = JmxPublisher.platformServer() != null;
        assertThat(MBeanServerFactory.findMBeanServer(null)).as("looking created no server").hasSize(before);
        DecisionCounters c = new DecisionCounters(new GateScheme.ByAutonomy(Autonomy.SUPERVISED), false);
        JmxPublisher p = new JmxPublisher(() -> bean(c), 10, 10);
        if (!platformBefore) {
            assertThat(p.publish()).as("no platform server yet: nothing to do but wait").isFalse();
        }
        MBeanServer platform = ManagementFactory.getPlatformMBeanServer();
        assertThat(JmxPublisher.platformServer()).isSameAs(platform);
        assertThat(p.publish()).isTrue();
        assertThat(platform.isRegistered(new ObjectName(GateMBean.NAME))).isTrue();
    }
}
