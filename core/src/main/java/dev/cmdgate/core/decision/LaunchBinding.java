package dev.cmdgate.core.decision;

import dev.cmdgate.core.json.Jcs;
import dev.cmdgate.core.json.Json;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a signed OAP decision binds it to: the launch it was made for. The {@code launch_digest}
 * extension field of a signed decision object is {@code sha256:} and the hex SHA-256 of the RFC 8785
 * form of
 * <pre>{"argv":[…],"cwd":"…","decision_id":"…","env":{…},"outcome":"…","redirects":[{"append":…,"path":"…"}]}</pre>
 * — the argv, working directory, environment changes and output redirects of the launch, and the id and
 * outcome of the decision about it, exactly as the line that carries the decision records them (an
 * audit line's {@code argv, cwd, env, redirects, decision_id, outcome}; {@code env} is
 * {@code {"changed":[names],"hooks":{name:value}}} or {@code {}}, since values other than hooks' are
 * never written; a CLI answer's {@code decision} stands for the outcome). A line rewritten from {@code ls} to {@code rm -rf /}, an outcome changed, or
 * a signed decision moved onto another line no longer matches its digest. Text is taken as the JSON
 * writer writes it (a lone surrogate as U+FFFD), so the digest recomputed from a parsed line is the
 * one that was signed.
 */
public final class LaunchBinding {

    /** The field of the decision object that holds the digest. */
    public static final String FIELD = "launch_digest";

    private LaunchBinding() {
    }

    /** The bound fields of a decision about to be recorded. */
    public static Map<String, Object> of(Decision d) {
        return of(d.argv(), d.cwd(), d.environment(), d.redirects(), d.id(), d.outcome().label());
    }

    /**
     * The bound fields of a launch and the decision (id, outcome) about it.
     *
     * @param env what the line records of the launch's environment changes (names, and values of hook
     *            variables: other values are never written, so they cannot be checked), or null for none
     */
    public static Map<String, Object> of(List<String> argv, String cwd, LaunchEnvironment env,
                                         List<Launch.OutputRedirect> redirects, String decisionId, String outcome) {
        List<Object> words = new ArrayList<>(argv.size());
        for (String w : argv) {
            words.add(Json.wellFormed(w));
        }
        Map<String, Object> e = new TreeMap<>();
        if (env != null) {
            List<Object> names = new ArrayList<>();
            env.changed().forEach(n -> names.add(Json.wellFormed(n)));
            Map<String, Object> hooks = new TreeMap<>();
            env.hooks().forEach((k, v) -> hooks.put(Json.wellFormed(k), Json.wellFormed(v)));
            e.put("changed", names);
            e.put("hooks", hooks);
        }
        List<Object> rs = new ArrayList<>(redirects.size());
        for (Launch.OutputRedirect r : redirects) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("path", Json.wellFormed(r.path()));
            m.put("append", r.append());
            rs.add(m);
        }
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("argv", words);
        b.put("cwd", Json.wellFormed(cwd));
        b.put("decision_id", decisionId);
        b.put("env", e);
        b.put("outcome", outcome);
        b.put("redirects", rs);
        return b;
    }

    /**
     * The bound fields as a parsed line records them, or null when the line records no launch (it has
     * none of {@code argv, cwd, decision_id, outcome, env, redirects}, e.g. a bare decision object).
     * Fields that are missing or of the wrong kind are taken as they are, so they make the digest differ.
     */
    public static Map<String, Object> fromLine(Map<String, Object> line) {
        boolean launch = false;
        for (String k : List.of("argv", "cwd", "decision_id", "outcome", "env", "redirects")) {
            launch |= line.containsKey(k);
        }
        if (!launch) {
            return null;
        }
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("argv", line.get("argv"));
        b.put("cwd", line.get("cwd"));
        b.put("decision_id", line.get("decision_id"));
        b.put("env", line.containsKey("env") ? line.get("env") : Map.of());
        b.put("outcome", line.containsKey("outcome") ? line.get("outcome") : line.get("decision"));
        b.put("redirects", line.containsKey("redirects") ? line.get("redirects") : List.of());
        return b;
    }

    /** {@code sha256:<hex>} of the RFC 8785 form of the bound fields. */
    public static String digest(Map<String, Object> bound) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(Jcs.canonicalBytes(bound));
            return "sha256:" + HexFormat.of().formatHex(h);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
