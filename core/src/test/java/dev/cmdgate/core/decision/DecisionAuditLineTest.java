package dev.cmdgate.core.decision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.Reason;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonParser;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DecisionAuditLineTest {

    private static final Classification RM = new Classification(CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS,
            List.of(new Finding("rm -rf \"/\"", "argv", CommandClass.DESTRUCTIVE, RiskLevel.DANGEROUS, "deletes\trecursively")),
            List.of());

    @Test
    void everyFieldInItsPlaceAndEscaped() {
        Map<String, Object> oap = new LinkedHashMap<>();
        oap.put("decision_id", "d-1");
        oap.put("allowed", false);
        Decision d = new Decision("id-1", Instant.parse("2026-11-30T10:00:00.5Z"), List.of("rm", "-rf", "/\n"), "/w\"x",
                RM, GateDecision.PROMPT, Outcome.BLOCKED,
                List.of(new Reason("prompt.denied", "said \\no\\"), new Reason("gate.prompt", "needs approval")),
                "autonomy=supervised", "enforce", "App.main(App.java:3)",
                new PromptRecord("console", "deny", 1200, "typed n"), oap, Map.of("tool", "shell", "call", "7"));

        String line = d.auditLine();
        assertThat(line).doesNotContain("\n");
        Map<String, Object> o = JsonParser.parseObject(line);
        assertThat(o.keySet()).containsExactly("time", "decision_id", "argv", "cwd", "class", "level", "gate", "outcome",
                "reasons", "findings", "scheme", "mode", "caller", "prompt", "context", "oap");
        assertThat(o.get("time")).isEqualTo("2026-11-30T10:00:00.500000Z");
        assertThat(o.get("argv")).isEqualTo(List.of("rm", "-rf", "/\n"));
        assertThat(o.get("cwd")).isEqualTo("/w\"x");
        assertThat(o.get("class")).isEqualTo("Destructive");
        assertThat(o.get("gate")).isEqualTo("prompt");
        assertThat(o.get("outcome")).isEqualTo("blocked");
        assertThat(o.get("reasons")).isEqualTo(List.of(Map.of("code", "prompt.denied", "message", "said \\no\\"),
                Map.of("code", "gate.prompt", "message", "needs approval")));
        assertThat(o.get("findings")).isEqualTo(List.of(Map.of("command", "rm -rf \"/\"", "location", "argv",
                "class", "Destructive", "level", "dangerous", "reason", "deletes\trecursively")));
        assertThat(o.get("prompt")).isEqualTo(Map.of("handler", "console", "answer", "deny", "millis", 1200L, "detail", "typed n"));
        assertThat(List.copyOf(((Map<?, ?>) o.get("context")).keySet())).as("sorted").isEqualTo(List.of("call", "tool"));
        assertThat(o.get("oap")).isEqualTo(oap);
    }

    @Test
    void theSecretsALaunchReceivedAreListedByNameAfterThePrompt() {
        Decision d = new Decision("id-3", Instant.EPOCH, List.of("aws", "s3", "ls"), "/", RM, GateDecision.ALLOW,
                Outcome.ALLOWED, List.of(), "autonomy=full", "enforce", "App.main(App.java:3)", null, null,
                Map.of("tool", "shell")).withSecrets(new SecretsRecord(List.of("AWS_SECRET_ACCESS_KEY"), List.of("GITHUB_TOKEN")));
        Map<String, Object> o = JsonParser.parseObject(d.auditLine());
        assertThat(o.keySet()).containsExactly("time", "decision_id", "argv", "cwd", "class", "level", "gate", "outcome",
                "reasons", "findings", "scheme", "mode", "caller", "secrets", "secrets_withheld", "context");
        assertThat(o.get("secrets")).isEqualTo(List.of("AWS_SECRET_ACCESS_KEY"));
        assertThat(o.get("secrets_withheld")).isEqualTo(List.of("GITHUB_TOKEN"));
        Decision none = d.withSecrets(SecretsRecord.NONE);
        assertThat(JsonParser.parseObject(none.auditLine())).doesNotContainKeys("secrets", "secrets_withheld");
    }

    @Test
    void optionalPartsAreLeftOutAndANullCallerIsNull() {
        Decision d = new Decision("id-2", Instant.EPOCH, List.of("true"), "/", RM, GateDecision.ALLOW, Outcome.ALLOWED,
                List.of(), "autonomy=full", "enforce", null, null, null, Map.of());
        Map<String, Object> o = JsonParser.parseObject(d.auditLine());
        assertThat(o).doesNotContainKeys("prompt", "context", "oap").containsEntry("caller", null);
        assertThat(o.get("reasons")).isEqualTo(List.of());
    }

    @Test
    void reasonsAndFindingsWriteTheirOwnFieldsEscaped() {
        Decision d = new Decision("id-3", Instant.EPOCH, List.of("rm", "-rf", "/"), "/", RM, GateDecision.BLOCK,
                Outcome.BLOCKED, List.of(new Reason("gate.block", "Destructive \u2014 \"quoted\""), new Reason("x", "y")),
                "autonomy=full", "enforce", null, null, null, Map.of());
        Map<String, Object> line = JsonParser.parseObject(d.auditLine());
        assertThat(line.get("reasons")).isEqualTo(List.of(Map.of("code", "gate.block", "message", "Destructive \u2014 \"quoted\""),
                Map.of("code", "x", "message", "y")));
        assertThat(line.get("findings")).isEqualTo(List.of(Map.of("command", "rm -rf \"/\"", "location", "argv",
                "class", "Destructive", "level", "dangerous", "reason", "deletes\trecursively")));
        assertThat(Json.write(List.of(new Reason("a", "b")))).as("the same fields wherever a reason is written")
                .isEqualTo("[{\"code\":\"a\",\"message\":\"b\"}]");
    }

    @Test
    void appendingToAReusedBuilderGivesTheSameLine() {
        Decision d = new Decision("id-4", Instant.EPOCH, List.of("true"), "/", RM, GateDecision.ALLOW, Outcome.ALLOWED,
                List.of(new Reason("gate.allow", "ok")), "autonomy=full", "enforce", "A.b(A.java:1)", null, null, Map.of());
        StringBuilder reused = new StringBuilder("left over from the previous line");
        reused.setLength(0);
        d.appendAuditLine(reused);
        assertThat(reused.toString()).isEqualTo(d.auditLine());
    }
}
