package dev.cmdgate.agent.approvals;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The chat message shows the command as the page does, with Slack's markup characters escaped (no link, no
 * mention, no channel ping can be made of it), its backticks unable to end the code block, a long command
 * cut with the count of what is left out, and a link to the request on the page.
 */
class SlackWebhookTest {

    private final SlackWebhook hook = new SlackWebhook(URI.create("http://127.0.0.1:9/hook"),
            URI.create("https://approvals.example/"), new PrintStream(java.io.OutputStream.nullOutputStream()));

    private static Approval.Seen seen(List<String> argv, Map<String, Object> jvm) {
        Map<String, Object> r = Map.of("argv", argv, "class", "Write", "level", "high", "jvm", jvm);
        return new Approval.Seen("d-1", "loopback", Instant.EPOCH, Instant.parse("2026-01-01T10:00:00Z"), r,
                Approval.State.PENDING, null, null, null, null, null);
    }

    @Test
    void markup_in_the_command_and_the_service_name_is_text() {
        String text = hook.text(seen(List.of("sh", "-c", "echo <!channel> & `id` <https://evil.example|click>\u200b"),
                Map.of("service", "<@U123> & co", "host", "h1")));
        assertThat(text).contains("&lt;!channel&gt; &amp; \\x60id\\x60 &lt;https://evil.example|click&gt;\\u200b")
                .contains("&lt;@U123&gt; &amp; co").contains("<https://approvals.example/#d-1|Approve or deny>");
        String inBlock = text.substring(text.indexOf("```") + 3, text.lastIndexOf("```"));
        assertThat(inBlock).doesNotContain("`").doesNotContain("<").doesNotContain(">");
    }

    @Test
    void a_long_command_is_cut_saying_how_much_is_left_for_the_page() {
        String text = hook.text(seen(List.of("echo", "A".repeat(100_000)), Map.of("host", "h1")));
        assertThat(text).contains("… " + (100_005 - SlackWebhook.MAX_COMMAND) + " more characters on the page");
        assertThat(text.length()).isLessThan(3_000);
    }
}
