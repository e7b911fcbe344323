package dev.cmdgate.it.approvals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.support.StrictJson;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;

/** The page's calls, made as the page makes them (cookie, CSRF header, Origin, JSON), for tests that need no browser. */
final class PageApi {

    final String base;
    final HttpClient http;
    String csrf;
    /** The session cookie sign-in set (name=value), sent with every later call. */
    private String cookie;

    PageApi(String url, SSLContext tls) {
        this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10));
        if (tls != null) {
            b.sslContext(tls);
        }
        this.http = b.build();
    }

    HttpResponse<String> send(String method, String path, String body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
        if (headers.length > 0) {
            b.headers(headers);
        }
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    PageApi signIn(String token) throws Exception {
        HttpResponse<String> r = send("POST", "/api/login", "{\"token\":\"" + token + "\"}", "Content-Type", "application/json",
                "Origin", base);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        String set = r.headers().firstValue("Set-Cookie").orElseThrow();
        cookie = set.substring(0, set.indexOf(';'));
        csrf = (String) object(r.body()).get("csrf");
        return this;
    }

    /** The pending requests as the page gets them. */
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> pending() throws Exception {
        HttpResponse<String> r = send("GET", "/api/state", null);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return (List<Map<String, Object>>) object(r.body()).get("pending");
    }

    /** Waits until {@code n} requests are pending; returns them. */
    List<Map<String, Object>> awaitPending(int n, Duration within) throws Exception {
        long end = System.nanoTime() + within.toNanos();
        List<Map<String, Object>> p = pending();
        while (p.size() < n && System.nanoTime() < end) {
            Thread.sleep(200);
            p = pending();
        }
        assertThat(p).as("pending requests").hasSize(n);
        return p;
    }

    HttpResponse<String> answer(String id, String answer, String note) throws Exception {
        String body = note == null ? "{\"answer\":\"" + answer + "\"}" : "{\"answer\":\"" + answer + "\",\"note\":\"" + note + "\"}";
        return send("POST", "/api/approvals/" + id + "/answer", body, "Content-Type", "application/json", "Origin", base,
                "X-CSRF-Token", csrf);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(String json) {
        return (Map<String, Object>) StrictJson.parse(json);
    }
}
