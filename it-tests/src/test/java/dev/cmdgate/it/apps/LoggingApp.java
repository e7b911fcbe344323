package dev.cmdgate.it.apps;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An application with its own SLF4J + Logback and its own logback.xml (pattern {@code APPLOG …} on
 * stdout, level DEBUG). Usage: {@code LoggingApp FILE1 FILE2}. It first tries {@code touch FILE1} before
 * its logging exists (so cmdgate, if present, sets up its own logging first), then logs, runs
 * {@code echo}, tries {@code touch FILE2} and logs again. The APPLOG lines do not depend on what was
 * allowed, so they must be identical with and without the agent.
 */
public final class LoggingApp {

    private LoggingApp() {
    }

    public static void main(String[] args) {
        Attempt.run("touch_before_logging", () -> new ProcessBuilder("touch", args[0]).start());
        Logger log = LoggerFactory.getLogger(LoggingApp.class);
        log.info("logging through {}", LoggerFactory.getILoggerFactory().getClass().getName());
        log.debug("debug is on, as the application's logback.xml says");
        Attempt.run("echo", () -> new ProcessBuilder("echo", "from echo").start());
        log.info("launched echo");
        Attempt.run("touch_after_logging", () -> new ProcessBuilder("touch", args[1]).start());
        log.warn("tried touch");
        Logger other = LoggerFactory.getLogger("com.example.Other");
        other.trace("trace is off");
        other.error("an error line");
        Attempt.print("DONE");
    }
}
