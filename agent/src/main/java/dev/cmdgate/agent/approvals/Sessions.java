package dev.cmdgate.agent.approvals;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The approvers signed in on a page: a random session id in an HttpOnly, SameSite=Strict cookie, and
 * beside it a random CSRF token that the page holds in memory and sends as {@code X-CSRF-Token} with
 * every change. Sessions live in memory only (after a restart, people sign in again) for at most
 * {@link #LIFETIME}, and at most {@link #MAX} at once (the oldest goes first).
 */
final class Sessions {

    static final Duration LIFETIME = Duration.ofHours(12);
    static final int MAX = 1000;
    private static final SecureRandom RANDOM = new SecureRandom();

    record Session(String id, String approver, String csrf, long expires) {

        /** Whether {@code token} is this session's CSRF token (compared in constant time). */
        boolean csrfMatches(String token) {
            return token != null && MessageDigest.isEqual(csrf.getBytes(StandardCharsets.US_ASCII),
                    token.getBytes(StandardCharsets.US_ASCII));
        }
    }

    private final Map<String, Session> byId = new LinkedHashMap<>();

    synchronized Session create(String approver) {
        if (byId.size() >= MAX) {
            Iterator<String> oldest = byId.keySet().iterator();
            oldest.next();
            oldest.remove();
        }
        Session s = new Session(random(), approver, random(), System.nanoTime() + LIFETIME.toNanos());
        byId.put(s.id(), s);
        return s;
    }

    /** The live session with this id, or null. */
    synchronized Session find(String id) {
        if (id == null) {
            return null;
        }
        Session s = byId.get(id);
        if (s != null && System.nanoTime() - s.expires() >= 0) {
            byId.remove(id);
            return null;
        }
        return s;
    }

    synchronized void remove(String id) {
        byId.remove(id);
    }

    private static String random() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }
}
