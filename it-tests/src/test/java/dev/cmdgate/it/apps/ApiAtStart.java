package dev.cmdgate.it.apps;

import dev.cmdgate.api.CheckResult;
import dev.cmdgate.api.Cmdgate;

/**
 * Asks cmdgate's application API about {@code echo hi} as its very first act — as an agent framework
 * checking a tool call does — then prints the answer and whether cmdgate's start-up thread is still alive.
 */
public final class ApiAtStart {

    private ApiAtStart() {
    }

    public static void main(String[] args) {
        CheckResult r = Cmdgate.check("echo hi");
        boolean hook = Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("cmdgate-hook"));
        System.out.println("answer " + (r.allowed() ? "allowed" : "not allowed"));
        System.out.println("hook-thread " + (hook ? "alive" : "gone"));
    }
}
