package dev.cmdgate.core.decision;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Verdicts of recent launches, for a gatekeeper without a policy. Such a verdict depends only on what
 * the launch runs — argv, shell line, environment changes, JDK redirects, declared class — and the
 * directory it starts in (relative paths are compared with the gate's own files and the credential
 * stores), never on the time or the file system, and applications repeat the same few commands
 * thousands of times. Looking a verdict up touches a few cache lines; classifying again after a fork
 * has evicted the classifier from the CPU's caches costs tens of microseconds.
 *
 * <p>Bounded: at most {@value #CAPACITY} entries of at most {@value #MAX_KEY_CHARS} characters each;
 * when full it starts again empty, which keeps it lock-free and its worst case obvious.
 */
final class VerdictMemo {

    static final int CAPACITY = 256;
    static final int MAX_KEY_CHARS = 2048;

    private final ConcurrentHashMap<String, Verdict> verdicts = new ConcurrentHashMap<>();

    /**
     * The key of a launch: everything a verdict without a policy depends on, each part prefixed by its
     * length so that no two launches share a key. Null when the launch is too large to be worth keeping.
     * One flat string hashes and compares with the JDK's vectorised string code, cheaper than a record of
     * collections on a launch path whose caches a fork has just emptied.
     */
    static String keyOf(Launch launch) {
        StringBuilder key = new StringBuilder(64);
        append(key, launch.shellLine() == null ? "" : launch.shellLine());
        key.append(launch.argv().size()).append('a');
        for (String word : launch.argv()) {
            append(key, word);
        }
        key.append(launch.environmentChanges().size()).append('e');
        for (Map.Entry<String, String> e : launch.environmentChanges().entrySet()) {
            append(key, e.getKey());
            append(key, e.getValue());
        }
        key.append(launch.outputRedirects().size()).append('r');
        for (Launch.OutputRedirect r : launch.outputRedirects()) {
            key.append(r.append() ? '+' : '-');
            append(key, r.path());
        }
        key.append(launch.declaredClass() == null ? "-" : launch.declaredClass().name());
        append(key, launch.cwd() == null ? "" : launch.cwd());
        append(key, launch.inputRedirect() == null ? "" : launch.inputRedirect());
        return key.length() > MAX_KEY_CHARS ? null : key.toString();
    }

    private static void append(StringBuilder key, String part) {
        key.append(part.length()).append(':').append(part);
    }

    Verdict get(String key) {
        return verdicts.get(key);
    }

    void put(String key, Verdict verdict) {
        if (verdicts.size() >= CAPACITY) {
            verdicts.clear();
        }
        verdicts.put(key, verdict);
    }

    int size() {
        return verdicts.size();
    }
}
