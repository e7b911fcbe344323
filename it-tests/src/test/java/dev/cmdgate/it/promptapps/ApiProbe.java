package dev.cmdgate.it.promptapps;

import dev.cmdgate.api.CheckResult;
import dev.cmdgate.api.Cmdgate;
import dev.cmdgate.api.PromptAnswer;
import java.util.List;

/** Prints what the API says, with or without the agent: ACTIVE, CHECK lines, INSTALL. */
public final class ApiProbe {

    public static void main(String[] args) {
        System.out.println("ACTIVE " + Cmdgate.isActive());
        print("echo", Cmdgate.check(List.of("echo", "hi")));
        print("touch", Cmdgate.check(List.of("touch", "probe-file")));
        print("shell", Cmdgate.check("touch probe-file"));
        try {
            System.out.println("INSTALL " + Cmdgate.installPromptHandler(r -> PromptAnswer.DENY));
        } catch (IllegalStateException e) {
            System.out.println("INSTALL refused " + e.getMessage());
        }
    }

    static void print(String label, CheckResult r) {
        System.out.println("CHECK " + label + " " + r.decision() + " " + r.commandClass().label() + " "
                + r.agentActive() + " " + r.scheme() + " | " + r.message());
    }
}
