package dev.cmdgate.agent.metrics;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.gate.Autonomy;
import java.util.Locale;
import java.util.function.LongSupplier;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.MBeanInfo;
import javax.management.MBeanRegistration;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.OperationsException;
import javax.management.ReflectionException;
import javax.management.openmbean.CompositeDataSupport;
import javax.management.openmbean.CompositeType;
import javax.management.openmbean.OpenDataException;
import javax.management.openmbean.OpenMBeanAttributeInfo;
import javax.management.openmbean.OpenMBeanAttributeInfoSupport;
import javax.management.openmbean.OpenMBeanConstructorInfo;
import javax.management.openmbean.OpenMBeanInfoSupport;
import javax.management.openmbean.OpenMBeanOperationInfo;
import javax.management.openmbean.OpenType;
import javax.management.openmbean.SimpleType;
import javax.management.openmbean.TabularData;
import javax.management.openmbean.TabularDataSupport;
import javax.management.openmbean.TabularType;

/**
 * {@code dev.cmdgate:type=Gate}: one JVM's gate as JMX shows it — which JVM and configuration, the
 * counters ({@link DecisionCounters}), audit-write failures, the policy in force, the decision times and the
 * watchdog's kills. Read-only: it has no writable attribute and no operation, and it refuses to be
 * unregistered, so a JMX client can read it and change nothing (not even make it disappear). Labelled counts are tables whose index columns an exporter turns into labels
 * (the Prometheus JMX exporter does: {@code examples/prometheus/cmdgate.yaml}).
 */
public final class GateMBean implements DynamicMBean, MBeanRegistration {

    /** The MBean's object name. */
    public static final String NAME = "dev.cmdgate:type=Gate";

    /** The JVM and configuration this gate belongs to. */
    public record Identity(long pid, String main, String service, String scheme, String mode) {
    }

    /** A table type and its row's item names in column order (a CompositeType keeps them sorted). */
    private record Table(TabularType type, String[] items) {
        TabularDataSupport with(Object[]... rows) {
            TabularDataSupport t = new TabularDataSupport(type);
            for (Object[] values : rows) {
                try {
                    t.put(new CompositeDataSupport(type.getRowType(), items, values));
                } catch (OpenDataException e) {
                    throw new IllegalStateException(e);
                }
            }
            return t;
        }
    }

    private static final Table IDENTITY = table("Identity", "which JVM and configuration",
            new String[] {"pid", "main", "service", "scheme", "mode"});
    private static final Table LAUNCHES = table("Launches", "launches decided, by class and outcome",
            new String[] {"class", "outcome"});
    private static final Table BY_TIER = table("ByTier", "launches by tier and class", new String[] {"tier", "class"});
    private static final Table BUCKETS = table("DecisionSecondsBuckets",
            "decisions that took at most le seconds (cumulative)", new String[] {"le"});

    private final Identity identity;
    private final DecisionCounters counters;
    private final PolicyStatus policy;
    private final LongSupplier auditFailures;
    private final LongSupplier watchdogKills;
    private final MBeanInfo info;

    /**
     * @param auditFailures audit lines that could not be written so far
     * @param watchdogKills launches the watchdog killed at their time limit so far
     */
    public GateMBean(Identity identity, DecisionCounters counters, PolicyStatus policy, LongSupplier auditFailures,
                     LongSupplier watchdogKills) {
        this.identity = identity;
        this.counters = counters;
        this.policy = policy;
        this.auditFailures = auditFailures;
        this.watchdogKills = watchdogKills;
        this.info = new OpenMBeanInfoSupport(GateMBean.class.getName(),
                "cmdgate: the launches this JVM's gate decided (read-only)", new OpenMBeanAttributeInfo[] {
                    attribute("Pid", "this JVM's process id", SimpleType.LONG),
                    attribute("MainClass", "its main class, or its jar for java -jar (empty when unknown)", SimpleType.STRING),
                    attribute("Service", "cmdgate.service, the name it goes by at an approval service (empty: none)",
                            SimpleType.STRING),
                    attribute("Scheme", "how launches are gated: autonomy=… or level=…", SimpleType.STRING),
                    attribute("Mode", "enforce or audit", SimpleType.STRING),
                    attribute("Identity", "the five above as one row, for exporters that make labels of a table",
                            IDENTITY.type()),
                    attribute("Launches", "launches decided, by class and outcome (allowed, refused, prompted_allowed,"
                            + " prompted_denied, prompt_timeout)", LAUNCHES.type()),
                    attribute("AuditModeWouldRefuse", "in mode=audit: launches each tier would have refused, by class",
                            BY_TIER.type()),
                    attribute("AuditModeWouldPrompt", "in mode=audit: launches each tier would have asked about, by class",
                            BY_TIER.type()),
                    attribute("AuditWriteFailures", "audit lines that could not be written", SimpleType.LONG),
                    attribute("PolicySource", "none, file or url", SimpleType.STRING),
                    attribute("PolicyRevision", "the revision (or digest) of a policy server's policy in force", SimpleType.STRING),
                    attribute("PolicyAgeSeconds", "seconds since the policy was last fetched or confirmed (a file: changed);"
                            + " -1: none", SimpleType.LONG),
                    attribute("PolicyStale", "no check of the policy server has succeeded within policy.stale",
                            SimpleType.BOOLEAN),
                    attribute("DecisionCount", "launches timed from the launch hook to the answer", SimpleType.LONG),
                    attribute("DecisionSecondsSum", "their total time in seconds, prompts included", SimpleType.DOUBLE),
                    attribute("DecisionSecondsBuckets", "how many took at most le seconds", BUCKETS.type()),
                    attribute("WatchdogKills", "launches the watchdog killed at their time limit", SimpleType.LONG),
                }, new OpenMBeanConstructorInfo[0], new OpenMBeanOperationInfo[0], new javax.management.MBeanNotificationInfo[0]);
    }

    private static OpenMBeanAttributeInfoSupport attribute(String name, String description, OpenType<?> type) {
        return new OpenMBeanAttributeInfoSupport(name, description, type, true, false, false);
    }

    private static Table table(String name, String description, String[] index) {
        String[] items = new String[index.length + 1];
        OpenType<?>[] types = new OpenType<?>[index.length + 1];
        for (int i = 0; i < index.length; i++) {
            items[i] = index[i];
            types[i] = SimpleType.STRING;
        }
        items[index.length] = "value";
        types[index.length] = SimpleType.LONG;
        try {
            CompositeType row = new CompositeType(name + "Row", description, items, items, types);
            return new Table(new TabularType(name, description, row, index), items);
        } catch (OpenDataException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Object getAttribute(String name) throws AttributeNotFoundException {
        return switch (name) {
            case "Pid" -> identity.pid();
            case "MainClass" -> text(identity.main());
            case "Service" -> text(identity.service());
            case "Scheme" -> identity.scheme();
            case "Mode" -> identity.mode();
            case "Identity" -> identity();
            case "Launches" -> launches();
            case "AuditModeWouldRefuse" -> byTier(true);
            case "AuditModeWouldPrompt" -> byTier(false);
            case "AuditWriteFailures" -> auditFailures.getAsLong();
            case "PolicySource" -> policy.source();
            case "PolicyRevision" -> policy.revision();
            case "PolicyAgeSeconds" -> policy.ageSeconds();
            case "PolicyStale" -> policy.stale();
            case "DecisionCount" -> counters.times().cumulative()[DecisionTimes.BOUNDS.length];
            case "DecisionSecondsSum" -> counters.times().sumSeconds();
            case "DecisionSecondsBuckets" -> buckets();
            case "WatchdogKills" -> watchdogKills.getAsLong();
            default -> throw new AttributeNotFoundException(name);
        };
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }

    /** A class's name in metrics: {@code write}. */
    static String label(CommandClass c) {
        return c.label().toLowerCase(Locale.ROOT);
    }

    private TabularData identity() {
        return IDENTITY.with(new Object[] {Long.toString(identity.pid()), text(identity.main()), text(identity.service()),
            identity.scheme(), identity.mode(), 1L});
    }

    private TabularData launches() {
        Object[][] rows = new Object[CommandClass.values().length * LaunchOutcome.ALL.length][];
        int i = 0;
        for (CommandClass c : CommandClass.values()) {
            for (LaunchOutcome o : LaunchOutcome.values()) {
                rows[i++] = new Object[] {label(c), o.label(), counters.launches(c, o)};
            }
        }
        return LAUNCHES.with(rows);
    }

    private TabularData byTier(boolean refuse) {
        Object[][] rows = new Object[OtherTiers.TIERS.length * CommandClass.values().length][];
        int i = 0;
        for (Autonomy tier : Autonomy.values()) {
            for (CommandClass c : CommandClass.values()) {
                rows[i++] = new Object[] {tier.label(), label(c),
                    refuse ? counters.wouldRefuse(tier, c) : counters.wouldPrompt(tier, c)};
            }
        }
        return BY_TIER.with(rows);
    }

    private TabularData buckets() {
        long[] cumulative = counters.times().cumulative();
        Object[][] rows = new Object[cumulative.length][];
        for (int i = 0; i < cumulative.length; i++) {
            rows[i] = new Object[] {i < DecisionTimes.BOUNDS.length ? DecisionTimes.BOUNDS[i] : "+Inf", cumulative[i]};
        }
        return BUCKETS.with(rows);
    }

    @Override
    public AttributeList getAttributes(String[] names) {
        AttributeList out = new AttributeList();
        for (String n : names) {
            try {
                out.add(new Attribute(n, getAttribute(n)));
            } catch (AttributeNotFoundException e) {
                // left out, as the JMX contract asks
            }
        }
        return out;
    }

    /** Nothing is writable: every attribute is a count or a fact about the JVM. */
    @Override
    public void setAttribute(Attribute attribute) throws AttributeNotFoundException {
        throw new AttributeNotFoundException(attribute.getName() + " is read-only: cmdgate's MBean cannot be changed");
    }

    /** Nothing is written (the contract: the list holds the attributes that were set). */
    @Override
    public AttributeList setAttributes(AttributeList attributes) {
        return new AttributeList();
    }

    /** There is no operation. */
    @Override
    public Object invoke(String action, Object[] params, String[] signature) throws ReflectionException {
        throw new ReflectionException(new NoSuchMethodException(action), "cmdgate's MBean has no operations");
    }

    @Override
    public MBeanInfo getMBeanInfo() {
        return info;
    }

    @Override
    public ObjectName preRegister(MBeanServer server, ObjectName name) {
        return name;
    }

    @Override
    public void postRegister(Boolean registrationDone) {
        // nothing to do
    }

    /** A JMX client could otherwise remove the counters from monitoring; they stay for the JVM's life. */
    @Override
    public void preDeregister() throws Exception {
        throw new OperationsException("cmdgate's MBean stays registered for the JVM's life");
    }

    @Override
    public void postDeregister() {
        // never reached: see preDeregister
    }
}
