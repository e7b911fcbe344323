package dev.cmdgate.core.policy;

import dev.cmdgate.core.Reason;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code system.command.execute.v1} decision with exactly the seed's fields. Immutable.
 * {@link #toJson()} is what goes into the audit line and the CLI's {@code "oap"} field;
 * {@link #executionLimit()} and {@link #passportEvent()} are for the agent and never serialised.
 */
public final class OapDecision {

    public static final String POLICY_ID = "system.command.execute.v1";
    /** How long a decision is valid after it is issued. */
    public static final Duration VALIDITY = Duration.ofSeconds(60);

    private final String decisionId;
    private final String passportId;
    private final String ownerId;
    private final String assuranceLevel;
    private final boolean allow;
    private final List<Reason> reasons;
    private final Instant issuedAt;
    private final Instant expiresAt;
    private final String passportDigest;
    private final String signature;
    private final String kid;
    private final Duration executionLimit;
    private final PassportEvent passportEvent;

    OapDecision(String decisionId, String passportId, String ownerId, String assuranceLevel, boolean allow,
            List<Reason> reasons, Instant issuedAt, String passportDigest, String signature, String kid,
            Duration executionLimit, PassportEvent passportEvent) {
        this.decisionId = Objects.requireNonNull(decisionId);
        this.passportId = passportId;
        this.ownerId = ownerId;
        this.assuranceLevel = assuranceLevel;
        this.allow = allow;
        this.reasons = List.copyOf(reasons);
        this.issuedAt = issuedAt.truncatedTo(ChronoUnit.SECONDS);
        this.expiresAt = this.issuedAt.plus(VALIDITY);
        this.passportDigest = passportDigest;
        this.signature = signature;
        this.kid = kid;
        this.executionLimit = executionLimit;
        this.passportEvent = passportEvent;
    }

    /** The same decision carrying a signature and the id of the key that made it. */
    OapDecision withSignature(String signature, String kid) {
        return new OapDecision(decisionId, passportId, ownerId, assuranceLevel, allow, reasons, issuedAt,
                passportDigest, signature, kid, executionLimit, passportEvent);
    }

    /**
     * The decision object: {@code decision_id, policy_id, passport_id, owner_id, assurance_level, allow,
     * reasons[{code,message}], issued_at, expires_at, passport_digest} and, when signed,
     * {@code signature, kid} — in that order. A fresh mutable map on every call.
     */
    public Map<String, Object> toJson() {
        Map<String, Object> m = unsignedJson();
        if (signature != null) {
            m.put("signature", signature);
            m.put("kid", kid);
        }
        return m;
    }

    /** {@link #toJson()} without {@code signature} and {@code kid}: what the signature covers (in JCS form). */
    public Map<String, Object> unsignedJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("decision_id", decisionId);
        m.put("policy_id", POLICY_ID);
        m.put("passport_id", passportId);
        m.put("owner_id", ownerId);
        m.put("assurance_level", assuranceLevel);
        m.put("allow", allow);
        List<Map<String, Object>> rs = new ArrayList<>();
        for (Reason r : reasons) {
            Map<String, Object> rm = new LinkedHashMap<>();
            rm.put("code", r.code());
            rm.put("message", r.message());
            rs.add(rm);
        }
        m.put("reasons", rs);
        m.put("issued_at", rfc3339(issuedAt));
        m.put("expires_at", rfc3339(expiresAt));
        m.put("passport_digest", passportDigest);
        return m;
    }

    static String rfc3339(Instant t) {
        return DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(ChronoUnit.SECONDS));
    }

    public String decisionId() {
        return decisionId;
    }

    public String policyId() {
        return POLICY_ID;
    }

    /** Null only when no passport was ever loaded (cannot happen through {@link OapPolicy}). */
    public String passportId() {
        return passportId;
    }

    public String ownerId() {
        return ownerId;
    }

    public String assuranceLevel() {
        return assuranceLevel;
    }

    public boolean allow() {
        return allow;
    }

    /** On allow, the single {@code oap.allowed} reason; on deny, every failure, the primary first. */
    public List<Reason> reasons() {
        return reasons;
    }

    /** The primary reason (first). */
    public Reason primaryReason() {
        return reasons.get(0);
    }

    public Instant issuedAt() {
        return issuedAt;
    }

    public Instant expiresAt() {
        return expiresAt;
    }

    /** {@code sha256:…} of the passport evaluated; null when the passport file is currently invalid. */
    public String passportDigest() {
        return passportDigest;
    }

    public Optional<String> signature() {
        return Optional.ofNullable(signature);
    }

    public Optional<String> kid() {
        return Optional.ofNullable(kid);
    }

    /**
     * The passport's {@code max_execution_time} for an allowed launch: arm the watchdog with it.
     * Empty for a denied launch.
     */
    public Optional<Duration> executionLimit() {
        return allow ? Optional.ofNullable(executionLimit) : Optional.empty();
    }

    /**
     * Present on exactly one decision after the passport file changed (reloaded, or became invalid):
     * the agent logs it once. Never part of the JSON.
     */
    public Optional<PassportEvent> passportEvent() {
        return Optional.ofNullable(passportEvent);
    }

    @Override
    public String toString() {
        return "OapDecision" + toJson();
    }
}
