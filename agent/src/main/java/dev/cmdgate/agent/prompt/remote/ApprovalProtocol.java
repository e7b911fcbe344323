package dev.cmdgate.agent.prompt.remote;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The approval protocol's fixed points, shared by the JVM's client and cmdgate's own approval service
 * (docs/approvals.md describes the protocol for anyone implementing another service): one endpoint that
 * takes a launch's request and answers with its state, a version, the limits both sides keep.
 */
public final class ApprovalProtocol {

    /** The version of the request and answer forms; a service answers with the version it was asked in. */
    public static final int VERSION = 1;
    /** Where requests are posted, below the service's base URL. */
    public static final String PATH = "api/v1/approvals";
    /** The longest a service holds one post open (the client's {@code Prefer: wait=N} asks for at most this). */
    public static final int MAX_HOLD_SECONDS = 25;
    /** The largest request a client sends and a service takes: the largest argv Linux takes, with room to spare. */
    public static final int MAX_REQUEST_BYTES = 4 << 20;
    /** The largest answer a client reads. */
    public static final int MAX_ANSWER_BYTES = 64 << 10;
    /** The longest approver name, channel name and note an answer may carry. */
    public static final int MAX_APPROVER = 200;
    public static final int MAX_CHANNEL = 40;
    public static final int MAX_NOTE = 2000;

    private ApprovalProtocol() {
    }

    /** Lower-case hex SHA-256 of the bytes: how an answer names the exact request it answers. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    /** {@link #sha256(byte[])} of the UTF-8 bytes of {@code s}. */
    public static String sha256(String s) {
        return sha256(s.getBytes(StandardCharsets.UTF_8));
    }
}
