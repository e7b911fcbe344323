package dev.cmdgate.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;

/** The refusal contract: SecurityException, message {@code cmdgate: blocked …} naming command, class and reason. */
public final class Blocked {

    private Blocked() {
    }

    /**
     * Checks an app's refused attempt against its audit line: the exception type, the message prefix, the
     * command text, the class the audit line recorded and its primary reason.
     */
    public static void check(SoftAssertions soft, AppResult r, String commandText, Audit.Line line) {
        String what = r.name() + ": " + r;
        soft.assertThat(r.status()).as(what).isEqualTo("blocked");
        soft.assertThat(r.exceptionClass()).as(what).isEqualTo("java.lang.SecurityException");
        String msg = r.message();
        soft.assertThat(msg).as(what).startsWith("cmdgate: blocked ").contains(commandText);
        if (line != null) {
            String cls = line.commandClass();
            soft.assertThat(cls).as(what + " audit class").isIn("Write", "Network", "Install", "Destructive");
            soft.assertThat(msg).as(what + " names the class " + cls)
                    .containsPattern("\\b" + Pattern.quote(cls) + "\\b");
            soft.assertThat(line.outcome()).as(what + " audit outcome").isEqualTo("blocked");
            soft.assertThat(line.reasons()).as(what + " audit reasons").isNotEmpty();
            if (!line.reasons().isEmpty()) {
                Map<String, Object> primary = line.reasons().get(0);
                soft.assertThat(msg).as(what + " names the primary reason").contains(String.valueOf(primary.get("message")));
            }
        }
    }

    public static void assertBlocked(AppResult r) {
        assertThat(r.status()).as(r.toString()).isEqualTo("blocked");
        assertThat(r.exceptionClass()).as(r.toString()).isEqualTo("java.lang.SecurityException");
        assertThat(r.message()).as(r.toString()).startsWith("cmdgate: blocked ");
    }
}
