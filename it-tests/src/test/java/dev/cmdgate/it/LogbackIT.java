package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.LoggingApp;
import dev.cmdgate.it.apps.Visibility;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application that brings its own SLF4J and Logback, configured by its own logback.xml, logs exactly
 * as it does without the agent — same lines, same pattern, same levels, same SLF4J binding — while
 * cmdgate's own (relocated) logging reports the refusals on stderr in its own format, even when cmdgate's
 * logging starts before the application's. Nothing the agent bundles (SLF4J, Logback, ASM, picocli, their
 * configuration files or service files) is visible to the application's class loader.
 */
class LogbackIT {

    @TempDir
    Path tmp;

    @OnEachJdk
    void the_applications_own_logback_logs_exactly_as_without_the_agent(Jdk jdk) throws Exception {
        Path files = Dirs.mkdir(tmp, "files");
        Path withoutDir = Dirs.mkdir(tmp, "without");
        Path withDir = Dirs.mkdir(tmp, "with");

        Run without = app(jdk, withoutDir, false).run();
        Run with = app(jdk, withDir, true).run();

        assertThat(without.exit()).as(without.describe()).isZero();
        assertThat(with.exit()).as(with.describe()).isZero();
        List<String> appLogWithout = appLog(without);
        assertThat(appLogWithout).as("baseline: the app's logback.xml is in effect\n" + without.describe())
                .containsExactly(
                        "APPLOG INFO  [main] LoggingApp - logging through ch.qos.logback.classic.LoggerContext",
                        "APPLOG DEBUG [main] LoggingApp - debug is on, as the application's logback.xml says",
                        "APPLOG INFO  [main] LoggingApp - launched echo",
                        "APPLOG WARN  [main] LoggingApp - tried touch",
                        "APPLOG ERROR [main] Other - an error line");
        assertThat(without.stderr()).as(without.describe()).isEmpty();
        assertThat(appLog(with)).as("the same application log under the agent\n" + with.describe())
                .isEqualTo(appLogWithout);

        // the gate really was active, and its reports went to stderr in cmdgate's format, not the app's
        assertThat(with.result("touch_before_logging").status()).as(with.describe()).isEqualTo("blocked");
        assertThat(with.result("touch_after_logging").status()).as(with.describe()).isEqualTo("blocked");
        assertThat(withDir.resolve("before")).doesNotExist();
        assertThat(with.result("echo").output()).isEqualTo("from echo\n");
        assertThat(with.stderrLines()).as(with.describe()).hasSize(2)
                .allMatch(l -> l.startsWith("cmdgate: blocked touch "));
        assertThat(with.stdoutLines()).as("cmdgate adds nothing to the application's stdout\n" + with.describe())
                .allMatch(l -> l.startsWith("APPLOG ") || l.startsWith("RESULT ") || l.equals("DONE"));
        assertThat(without.result("touch_before_logging").status()).as("without the agent nothing is gated").isEqualTo("ok");
    }

    @OnEachJdk
    void nothing_the_agent_bundles_is_visible_to_the_application(Jdk jdk) {
        List<String> names = List.of("class:org.slf4j.LoggerFactory", "class:ch.qos.logback.classic.LoggerContext",
                "class:ch.qos.logback.core.ConsoleAppender", "class:org.objectweb.asm.ClassReader",
                "class:picocli.CommandLine", "class:net.bytebuddy.ByteBuddy",
                "resource:logback.xml", "resource:logback-test.xml", "resource:logback.groovy",
                "resource:META-INF/services/org.slf4j.spi.SLF4JServiceProvider",
                "resource:META-INF/services/ch.qos.logback.classic.spi.Configurator");

        Run run = ForkedJvm.on(jdk).in(tmp).withAgent().main(Visibility.class).args(names).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        assertThat(run.stdoutLines()).as("what the application's class loader finds under the agent\n" + run.describe())
                .hasSize(names.size())
                .allMatch(l -> l.endsWith(" absent"));
        assertThat(run.stderr()).as(run.describe()).isEmpty();
    }

    private ForkedJvm app(Jdk jdk, Path dir, boolean agent) throws URISyntaxException {
        ForkedJvm jvm = ForkedJvm.on(jdk).in(dir)
                .classPath(ForkedJvm.APP_CLASSES.resolve("logback-app"))
                .classPath(jarOf(org.slf4j.LoggerFactory.class))
                .classPath(jarOf(ch.qos.logback.classic.LoggerContext.class))
                .classPath(jarOf(ch.qos.logback.core.Context.class))
                .main(LoggingApp.class, dir.resolve("before"), dir.resolve("after"));
        return agent ? jvm.withAgent("autonomy=readonly") : jvm;
    }

    private static List<String> appLog(Run run) {
        return run.stdoutLines().stream().filter(l -> l.startsWith("APPLOG ")).toList();
    }

    private static Path jarOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
