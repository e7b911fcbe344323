package dev.cmdgate.it.approvals;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;

/**
 * A request posted straight to the service, as any client could, with script in every field a launch or
 * a JVM controls: the JVM's service name, host and main class, the caller, the context, the reasons, the
 * findings and their rule, the class and level, the shell line, a redirect, the passport and agent ids.
 */
final class HostileRequests {

    static final String SERVICE = "<img src=x onerror=window.__pwned=10>svc";
    static final String CALLER = "<script>window.__pwned=11</script>.run(X.java:1)";
    static final String RULE = "\"><svg onload=window.__pwned=12>:1";

    private HostileRequests() {
    }

    static void post(String url, String id) throws Exception {
        String x = "<img src=x onerror=window.__pwned=%d>";
        String body = "{\"version\":1,\"decision_id\":\"" + id + "\",\"argv\":[\"rm\",\"-rf\",\"</pre><script>window.__pwned=13</script>\"],"
                + "\"shell_line\":" + q(x.formatted(14)) + ",\"cwd\":" + q(x.formatted(15))
                + ",\"env\":{\"changed\":[" + q(x.formatted(16)) + ",\"BASH_ENV\"],\"hooks\":{\"BASH_ENV\":" + q(x.formatted(17)) + "}},"
                + "\"redirects\":[{\"path\":" + q(x.formatted(18)) + ",\"append\":true}],"
                + "\"class\":" + q(x.formatted(19)) + ",\"level\":" + q(x.formatted(20)) + ","
                + "\"reasons\":[{\"code\":\"x\",\"message\":" + q(x.formatted(21)) + "}],"
                + "\"findings\":[{\"command\":" + q(x.formatted(22)) + ",\"location\":\"argv\",\"class\":" + q(x.formatted(23))
                + ",\"level\":\"high\",\"reason\":" + q(x.formatted(24) + "\u202e") + ",\"rule\":" + q(RULE) + "}],"
                + "\"caller\":" + q(CALLER) + ",\"context\":{" + q(x.formatted(25)) + ":" + q(x.formatted(26)) + "},"
                + "\"jvm\":{\"host\":" + q(x.formatted(27)) + ",\"pid\":1,\"main\":" + q(x.formatted(28)) + ",\"service\":" + q(SERVICE) + "},"
                + "\"parent_decision_id\":" + q(x.formatted(29)) + ",\"passport_id\":" + q(x.formatted(30))
                + ",\"agent_id\":" + q(x.formatted(31)) + ",\"deadline\":\"" + Instant.now().plusSeconds(120)
                + "\",\"expires_in_ms\":120000}";
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url + "api/v1/approvals"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    }

    /** A JSON string: the few characters these texts hold that JSON escapes. */
    static String q(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
