package dev.cmdgate.agent.approvals;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The few things every handler of the service does with an exchange: bounded bodies, JSON, headers. */
final class Http {

    /**
     * Sent with every answer: nothing may run but the page's own script file, nothing may frame the page,
     * nothing may be sniffed into another type, no string may become markup (Trusted Types with no policy),
     * and no answer is cached or leaks a referrer.
     */
    static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'none';"
            + " font-src 'none'; form-action 'none'; frame-ancestors 'none'; base-uri 'none';"
            + " require-trusted-types-for 'script'; trusted-types 'none'";

    /** A body larger than the handler takes. */
    static final class TooLarge extends IOException {
        TooLarge() {
            super("body too large", null);
        }
    }

    /** A body that is not the JSON object the handler expects. */
    static final class BadJson extends IOException {
        BadJson(String message) {
            super(message, null);
        }
    }

    private Http() {
    }

    /** The request body, refused (before reading it) when its declared length is over {@code max}, and when it grows past it. */
    static byte[] body(HttpExchange x, int max) throws IOException {
        String length = x.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > max) {
                    throw new TooLarge();
                }
            } catch (NumberFormatException e) {
                throw new BadJson("Content-Length is not a number");
            }
        }
        InputStream in = x.getRequestBody();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[16384];
        int n;
        while ((n = in.read(buf)) > 0) {
            out.write(buf, 0, n);
            if (out.size() > max) {
                throw new TooLarge();
            }
        }
        return out.toByteArray();
    }

    static Map<String, Object> jsonObject(byte[] body) throws BadJson {
        try {
            return JsonParser.parseObject(new String(body, StandardCharsets.UTF_8));
        } catch (JsonParseException e) {
            throw new BadJson("the body is not a JSON object: " + e.getMessage());
        }
    }

    static void json(HttpExchange x, int status, Object value) throws IOException {
        send(x, status, "application/json; charset=utf-8", Json.write(value).getBytes(StandardCharsets.UTF_8));
    }

    static void error(HttpExchange x, int status, String message) throws IOException {
        json(x, status, Map.of("error", message));
    }

    static void send(HttpExchange x, int status, String type, byte[] body) throws IOException {
        Headers h = x.getResponseHeaders();
        secure(h);
        h.set("Content-Type", type);
        x.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = x.getResponseBody()) {
                out.write(body);
            }
        }
    }

    static void secure(Headers h) {
        h.set("Content-Security-Policy", CSP);
        h.set("X-Content-Type-Options", "nosniff");
        h.set("X-Frame-Options", "DENY");
        h.set("Referrer-Policy", "no-referrer");
        h.set("Cross-Origin-Opener-Policy", "same-origin");
        h.set("Cross-Origin-Resource-Policy", "same-origin");
        h.set("Cache-Control", "no-store");
    }

    /** The value of cookie {@code name}, or null. */
    static String cookie(HttpExchange x, String name) {
        for (String header : x.getRequestHeaders().getOrDefault("Cookie", java.util.List.of())) {
            for (String part : header.split(";")) {
                String p = part.strip();
                if (p.startsWith(name + "=")) {
                    return p.substring(name.length() + 1);
                }
            }
        }
        return null;
    }
}
