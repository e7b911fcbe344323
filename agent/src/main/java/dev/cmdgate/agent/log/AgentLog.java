package dev.cmdgate.agent.log;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.LayoutBase;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import org.slf4j.Logger;

/**
 * cmdgate's own stderr log, on its own relocated Logback. The context is built by hand — never
 * through SLF4J's service lookup or Logback's auto-configuration — so the application's
 * logback.xml, its SLF4J binding and its logging level are never read or touched. Built on first use,
 * never in premain.
 */
public final class AgentLog {

    // Typed as Object so that loading and verifying AgentLog in premain loads no Logback class.
    private volatile Object logger;

    public void warn(String message) {
        Backend.warn(logger(), message);
    }

    public void info(String message) {
        Backend.info(logger(), message);
    }

    private Object logger() {
        Object l = logger;
        if (l == null) {
            synchronized (this) {
                l = logger;
                if (l == null) {
                    logger = l = Backend.create();
                }
            }
        }
        return l;
    }

    /** Everything that touches Logback, in a class of its own that loads on the first message. */
    private static final class Backend {
        static void warn(Object logger, String message) {
            ((Logger) logger).warn(message);
        }

        static void info(Object logger, String message) {
            ((Logger) logger).info(message);
        }

        static Logger create() {
            LoggerContext context = new LoggerContext();
            context.setName("cmdgate");
            // normally set by Logback's SLF4J service provider, which we deliberately never load
            context.setMDCAdapter(new LogbackMDCAdapter());
            MessageLayout layout = new MessageLayout();
            layout.setContext(context);
            layout.start();
            LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
            encoder.setContext(context);
            encoder.setLayout(layout);
            encoder.start();
            ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
            appender.setContext(context);
            appender.setName("cmdgate-stderr");
            appender.setTarget("System.err");
            appender.setEncoder(encoder);
            appender.start();
            ch.qos.logback.classic.Logger root = context.getLogger("cmdgate");
            root.setAdditive(false);
            root.setLevel(Level.INFO);
            root.addAppender(appender);
            context.start();
            return root;
        }
    }

    /**
     * The message and a line end, what the pattern {@code %msg%n} prints — without Logback's pattern
     * machinery, whose converter table spins some sixty lambda classes on a JVM's first line.
     */
    private static final class MessageLayout extends LayoutBase<ILoggingEvent> {
        @Override
        public String doLayout(ILoggingEvent event) {
            return event.getFormattedMessage() + System.lineSeparator();
        }
    }
}
