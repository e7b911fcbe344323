package dev.cmdgate.agent.prompt.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.agent.prompt.Answer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * An answer counts only when it is the version-1 answer to this very request: the same decision id and the
 * hash of the bytes this JVM sent (so a recorded answer to another request, replayed, is refused), one of
 * allow, deny, always, and an allow names who gave it.
 */
class ServiceAnswerTest {

    static final String ID = "d-1";
    static final String SHA = "ab12";

    private static ServiceAnswer read(String json) throws ServiceAnswer.BadAnswer {
        return ServiceAnswer.read(json.getBytes(StandardCharsets.UTF_8), ID, SHA);
    }

    private static String answered(String id, String sha, String rest) {
        return "{\"version\":1,\"decision_id\":\"" + id + "\",\"request_sha256\":\"" + sha + "\",\"state\":\"answered\"" + rest + "}";
    }

    @Test
    void an_allow_with_its_approver_channel_and_note_is_read() throws Exception {
        ServiceAnswer a = read(answered(ID, SHA, ",\"answer\":\"always\",\"approver\":\"alice\",\"channel\":\"web\",\"note\":\"ok\""));
        assertThat(a.reply().answer()).isEqualTo(Answer.ALLOW_ALWAYS);
        assertThat(a.reply().approver()).isEqualTo("alice");
        assertThat(a.reply().channel()).isEqualTo("web");
        assertThat(a.reply().note()).isEqualTo("ok");
    }

    @Test
    void pending_has_no_reply() throws Exception {
        assertThat(read("{\"version\":1,\"decision_id\":\"d-1\",\"request_sha256\":\"ab12\",\"state\":\"pending\"}").reply()).isNull();
    }

    @Test
    void an_answer_to_another_request_or_decision_is_refused() {
        assertThatThrownBy(() -> read(answered(ID, "ffff", ",\"answer\":\"allow\",\"approver\":\"alice\"")))
                .hasMessageContaining("another request");
        assertThatThrownBy(() -> read(answered("d-2", SHA, ",\"answer\":\"allow\",\"approver\":\"alice\"")))
                .hasMessageContaining("another decision");
    }

    @Test
    void answers_that_do_not_read_are_refused() {
        assertThatThrownBy(() -> read("not json")).isInstanceOf(ServiceAnswer.BadAnswer.class);
        assertThatThrownBy(() -> read(answered(ID, SHA, ",\"answer\":\"yes\",\"approver\":\"alice\"")))
                .hasMessageContaining("none of allow, deny, always");
        assertThatThrownBy(() -> read(answered(ID, SHA, ",\"answer\":\"allow\""))).hasMessageContaining("name its approver");
        assertThatThrownBy(() -> read(answered(ID, SHA, ",\"answer\":\"allow\",\"approver\":\"a\\u001b[2Kb\"")))
                .hasMessageContaining("control character");
        assertThatThrownBy(() -> read(answered(ID, SHA, ",\"answer\":\"allow\",\"approver\":\"" + "x".repeat(201) + "\"")))
                .hasMessageContaining("approver");
        assertThatThrownBy(() -> read("{\"version\":2,\"decision_id\":\"d-1\",\"request_sha256\":\"ab12\",\"state\":\"pending\"}"))
                .hasMessageContaining("version");
        assertThatThrownBy(() -> read("{\"version\":1,\"decision_id\":\"d-1\",\"request_sha256\":\"ab12\",\"state\":\"allowed\"}"))
                .hasMessageContaining("state");
    }
}
