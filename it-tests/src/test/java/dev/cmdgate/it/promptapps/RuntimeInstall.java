package dev.cmdgate.it.promptapps;

import dev.cmdgate.api.Cmdgate;
import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;

/**
 * Installs a handler at run time through the API (it logs each call and answers
 * {@code -Dpromptapps.answer}, default ALLOW), tries a second installation, then launches the specs
 * (see {@link LaunchEach}). Prints {@code INSTALL first|second true|false|refused …}.
 */
public final class RuntimeInstall {

    public static void main(String[] args) {
        PromptAnswer answer = PromptAnswer.valueOf(System.getProperty("promptapps.answer", "ALLOW"));
        install("first", request -> {
            Calls.record(request);
            return answer;
        });
        install("second", request -> PromptAnswer.ALLOW);
        for (String a : args) {
            LaunchEach.launch(LaunchEach.Spec.parse(a));
        }
        System.out.println("DONE");
    }

    static void install(String label, PromptHandler h) {
        try {
            System.out.println("INSTALL " + label + " " + Cmdgate.installPromptHandler(h));
        } catch (IllegalStateException e) {
            System.out.println("INSTALL " + label + " refused " + e.getMessage());
        }
    }
}
