package dev.cmdgate.agent.prompt.remote;

import dev.cmdgate.agent.prompt.Answer;
import dev.cmdgate.agent.prompt.Reply;
import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * What a service said about one request, read strictly: it must be the version-1 answer to this very
 * request — the same decision id and the SHA-256 of the request bytes this JVM sent, so an answer to
 * another request (an earlier one with the same id, another JVM's) is never taken for it — and either
 * still pending or answered allow, deny or always, with the approver who answered an allow.
 * Anything else is a {@link BadAnswer}, and the launch is refused.
 *
 * @param reply null while the request is pending
 */
record ServiceAnswer(Reply reply) {

    /** An answer that does not read as the protocol says. */
    static final class BadAnswer extends Exception {
        BadAnswer(String message) {
            super(message, null, false, false);
        }
    }

    static ServiceAnswer read(byte[] body, String decisionId, String requestSha256) throws BadAnswer {
        Map<String, Object> o;
        try {
            o = JsonParser.parseObject(new String(body, StandardCharsets.UTF_8));
        } catch (JsonParseException e) {
            throw new BadAnswer("the answer is not a JSON object (" + e.getMessage() + ")");
        }
        if (!(o.get("version") instanceof Long v) || v != ApprovalProtocol.VERSION) {
            throw new BadAnswer("the answer is not of protocol version " + ApprovalProtocol.VERSION);
        }
        if (!decisionId.equals(o.get("decision_id"))) {
            throw new BadAnswer("the answer is about another decision");
        }
        if (!requestSha256.equals(o.get("request_sha256"))) {
            throw new BadAnswer("the answer is about another request (its request_sha256 is not this request's)");
        }
        Object state = o.get("state");
        if ("pending".equals(state)) {
            return new ServiceAnswer(null);
        }
        if (!"answered".equals(state)) {
            throw new BadAnswer("the answer's state is neither pending nor answered");
        }
        Answer answer = answer(o.get("answer"));
        String approver = text(o, "approver", ApprovalProtocol.MAX_APPROVER);
        if (answer != Answer.DENY && approver == null) {
            throw new BadAnswer("an allow must name its approver");
        }
        String channel = text(o, "channel", ApprovalProtocol.MAX_CHANNEL);
        String note = text(o, "note", ApprovalProtocol.MAX_NOTE);
        return new ServiceAnswer(new Reply(answer, approver, channel, note));
    }

    private static Answer answer(Object a) throws BadAnswer {
        if ("allow".equals(a)) {
            return Answer.ALLOW;
        }
        if ("always".equals(a)) {
            return Answer.ALLOW_ALWAYS;
        }
        if ("deny".equals(a)) {
            return Answer.DENY;
        }
        throw new BadAnswer("the answer is none of allow, deny, always");
    }

    /** An optional string field of at most {@code max} characters, none of them a control character. */
    private static String text(Map<String, Object> o, String field, int max) throws BadAnswer {
        Object v = o.get(field);
        if (v == null) {
            return null;
        }
        if (!(v instanceof String s) || s.isEmpty() || s.length() > max) {
            throw new BadAnswer("the answer's " + field + " is not a string of 1 to " + max + " characters");
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c) && c != '\n') {
                throw new BadAnswer("the answer's " + field + " holds a control character");
            }
        }
        return s;
    }
}
