package dev.cmdgate.agent.approvals;

import dev.cmdgate.agent.prompt.ScreenText;
import dev.cmdgate.core.decision.CommandText;
import dev.cmdgate.core.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Tells a chat channel about each new request: a POST of {@code {"text": …}} in the Slack
 * incoming-webhook form (which Mattermost, Rocket.Chat and others take too), with the command, its class,
 * which service asked, and a link to the page. The command is shown as the page shows it
 * ({@link ScreenText}: nothing invisible), with Slack's three control characters escaped ({@code &}
 * {@code <} {@code >}, so no text can become a link, a mention or a channel ping) and its backticks written
 * {@code \x60}, so it cannot leave its code block. A long command is cut here, saying how much — the page
 * shows all of it. Posts go one at a time from a thread of their own; a full queue or a failed post is
 * said on the service's log and never delays a request.
 */
final class SlackWebhook implements AutoCloseable {

    static final int MAX_COMMAND = 2000;
    private static final int TIMEOUT_MILLIS = 5000;

    private final URI url;
    private final URI page;
    private final PrintStream log;
    private final ThreadPoolExecutor sender = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(200), r -> {
                Thread t = new Thread(r, "cmdgate-approvals-webhook");
                t.setDaemon(true);
                return t;
            });

    SlackWebhook(URI url, URI page, PrintStream log) {
        this.url = url;
        this.page = page;
        this.log = log;
    }

    void announce(Approval.Seen a) {
        String body = Json.write(Map.of("text", text(a)));
        try {
            sender.execute(() -> post(body, a.id()));
        } catch (RejectedExecutionException e) {
            log.println("cmdgate approvals: webhook queue full; request " + a.id() + " not announced");
        }
    }

    /** The message: which service asks, what, how risky, and the link. */
    String text(Approval.Seen a) {
        Map<String, Object> r = a.request();
        List<String> argv = new ArrayList<>();
        for (Object o : (List<?>) r.get("argv")) {
            argv.add(o.toString());
        }
        String command = ScreenText.of(CommandText.full(argv));
        String cut = "";
        if (command.length() > MAX_COMMAND) {
            int end = Character.isHighSurrogate(command.charAt(MAX_COMMAND - 1)) ? MAX_COMMAND - 1 : MAX_COMMAND;
            cut = "\n… " + (command.length() - end) + " more characters on the page";
            command = command.substring(0, end);
        }
        Map<?, ?> jvm = r.get("jvm") instanceof Map<?, ?> m ? m : Map.of();
        Object service = jvm.get("service") != null ? jvm.get("service") : jvm.get("main");
        String who = service == null ? "a JVM" : ScreenText.of(service.toString());
        String link = page.resolve("#" + a.id()).toString();
        return "cmdgate: " + mrkdwn(who) + " on " + mrkdwn(ScreenText.of(String.valueOf(jvm.get("host"))))
                + " asks to run a " + mrkdwn(ScreenText.of(String.valueOf(r.get("class")))) + " ("
                + mrkdwn(ScreenText.of(String.valueOf(r.get("level")))) + ") command:\n```" + code(command) + "```"
                + mrkdwn(cut) + "\n<" + link + "|Approve or deny> before " + a.deadline() + " (client " + a.client() + ")";
    }

    /** Slack's escaping for text: {@code &}, {@code <} and {@code >} are the only characters it reads as markup. */
    static String mrkdwn(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** Text inside a code block: escaped as above, with no backtick to end the block early. */
    static String code(String s) {
        return mrkdwn(s).replace("`", "\\x60");
    }

    private void post(String body, String id) {
        try {
            HttpURLConnection c = (HttpURLConnection) url.toURL().openConnection(Proxy.NO_PROXY);
            c.setConnectTimeout(TIMEOUT_MILLIS);
            c.setReadTimeout(TIMEOUT_MILLIS);
            c.setInstanceFollowRedirects(false);
            c.setDoOutput(true);
            c.setRequestMethod("POST");
            c.setRequestProperty("Content-Type", "application/json; charset=utf-8");
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            c.setFixedLengthStreamingMode(bytes.length);
            try (OutputStream out = c.getOutputStream()) {
                out.write(bytes);
            }
            int status = c.getResponseCode();
            c.disconnect();
            if (status / 100 != 2) {
                log.println("cmdgate approvals: the webhook answered " + status + " for request " + id);
            }
        } catch (IOException | RuntimeException e) {
            log.println("cmdgate approvals: the webhook could not be posted for request " + id + ": " + e.getMessage());
        }
    }

    @Override
    public void close() {
        sender.shutdownNow();
    }
}
