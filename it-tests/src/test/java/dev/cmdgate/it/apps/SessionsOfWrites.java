package dev.cmdgate.it.apps;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link ShellArgvSessions} with every shell a plain {@code bash}: the arguments are the sessions, separated by
 * {@code --}, each {@code DIR WRITE...} (the directory its {@code bash} runs in, then its writes). Reports as
 * {@link ShellArgvSessions} does. Knows nothing about cmdgate.
 */
public final class SessionsOfWrites {

    private SessionsOfWrites() {
    }

    public static void main(String[] args) throws Exception {
        List<String> withArgv = new ArrayList<>();
        boolean sessionStart = true;
        for (String a : args) {
            withArgv.add(a);
            if (a.equals("--")) {
                sessionStart = true;
            } else if (sessionStart) {
                withArgv.add("bash");
                withArgv.add("::");
                sessionStart = false;
            }
        }
        ShellArgvSessions.main(withArgv.toArray(new String[0]));
    }
}
