package dev.cmdgate.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PassportTest {

    @TempDir
    Path tmp;

    @Test
    void loadsTheSeedShapedPassport() throws IOException {
        Path f = Files.writeString(tmp.resolve("p.json"), Passports.json("active", Passports.CAP, Passports.SEED_LIMITS));
        Passport p = Passport.load(f);
        assertThat(p.passportId()).isEqualTo("pass_abc123");
        assertThat(p.ownerId()).isEqualTo("org_12345");
        assertThat(p.assuranceLevel()).isEqualTo("L0");
        assertThat(p.status()).isEqualTo("active");
        assertThat(p.isActive()).isTrue();
        assertThat(p.capabilities()).containsExactly("system.command.execute");
        CommandLimits l = p.limits();
        assertThat(l.allowedCommands()).startsWith("npm", "yarn", "pnpm");
        assertThat(l.blockedPatterns()).contains("rm -rf", "curl | bash");
        assertThat(l.maxExecutionTime()).isEqualTo(Duration.ofSeconds(300));
        assertThat(l.allowedWorkingDirectories()).contains(List.of("/workspace", "/tmp", "/home/agent"));
        assertThat(l.blockedEnvVars()).containsExactly("PATH", "LD_LIBRARY_PATH", "LD_PRELOAD");
        assertThat(p.document()).containsKey("x_unknown");
        assertThat(p.digest()).matches("sha256:[0-9a-f]{64}");
    }

    @Test
    void optionalPartsMayBeAbsent() {
        Passport p = Passport.parse("{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":"
                + "{\"allowed_commands\":[\"*\"],\"max_execution_time\":1}}}", "t");
        assertThat(p.ownerId()).isNull();
        assertThat(p.assuranceLevel()).isNull();
        assertThat(p.capabilities()).isEmpty();
        assertThat(p.limits().blockedPatterns()).isEmpty();
        assertThat(p.limits().allowedWorkingDirectories()).isEqualTo(Optional.empty());
        assertThat(p.limits().restrictsDirectories()).isFalse();
        assertThat(p.limits().blockedEnvVars()).isEmpty();
    }

    @Test
    void theDocumentIsImmutable() {
        Passport p = Passports.seed();
        assertThatThrownBy(() -> p.document().put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
        @SuppressWarnings("unchecked")
        Map<String, Object> limits = (Map<String, Object>) p.document().get("limits");
        assertThatThrownBy(() -> limits.clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    /**
     * The digest against an independent computation: the canonical text below was worked out by hand
     * from RFC 8785 and confirmed with node.js (JSON.stringify of recursively key-sorted objects — the
     * ECMAScript serialisation JCS is defined by); the hash is node's crypto, not ours.
     */
    @Test
    void digestIsSha256OfTheJcsFormIncludingUnknownFields() throws Exception {
        Path f = Path.of(getClass().getResource("/oap/digest-passport.json").toURI());
        Passport p = Passport.load(f);
        String expectedCanonical = "{\"assurance_level\":\"L2\","
                + "\"capabilities\":[{\"id\":\"system.command.execute\",\"params\":{\"a\":[true,null],\"z\":1}}],"
                + "\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"npm\",\"git\"],\"blocked_patterns\":[\"rm -rf\"],"
                + "\"max_execution_time\":300,"
                + "\"x_numbers\":[1e+21,0.1,0,1e-7,100.5,1.2345678901234568e+29,100000000000000000000,-1.5e-9],"
                + "\"x_text\":\"tab\\tquote\\\"slash\\\\/ctl\\u0001 \u2028\u007f\"}},"
                + "\"metadata\":{\"\\r\":4,\"1\":3,\"A\":5,\"a\":6,\"ö\":1,\"€\":2,\"\uD83D\uDE00\":7,\"\uFB33\":8},"
                + "\"owner_id\":\"org_12345\",\"passport_id\":\"pass_ü€\uD83D\uDE00\",\"status\":\"active\"}";
        assertThat(dev.cmdgate.core.json.Jcs.canonicalize(p.document())).isEqualTo(expectedCanonical);
        String ours = "sha256:" + HexFormat.of().formatHex(
                MessageDigest.getInstance("SHA-256").digest(expectedCanonical.getBytes(StandardCharsets.UTF_8)));
        assertThat(p.digest()).isEqualTo(ours)
                .isEqualTo("sha256:0b86d36f2af9a813690c382b0ebf778b4f488b7b6761d91f70530fe4f082e4f5");
    }

    @Test
    void digestIgnoresFormattingAndMemberOrderButNotContent() {
        String a = "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":"
                + "{\"allowed_commands\":[\"ls\"],\"max_execution_time\":10}},\"n\":1.0}";
        String b = "{ \"limits\" : { \"system.command.execute\" : { \"max_execution_time\" : 1e1 ,"
                + " \"allowed_commands\" : [ \"ls\" ] } } ,\n \"n\": 1, \"status\":\"active\", \"passport_id\" : \"p\" }";
        String c = a.replace("\"n\":1.0", "\"n\":2");
        assertThat(Passport.parse(a, "a").digest()).isEqualTo(Passport.parse(b, "b").digest());
        assertThat(Passport.parse(a, "a").digest()).isNotEqualTo(Passport.parse(c, "c").digest());
    }

    @Test
    void aByteOrderMarkIsTolerated() throws IOException {
        Path f = tmp.resolve("bom.json");
        Files.write(f, ("\uFEFF" + Passports.json("active", Passports.CAP, Passports.SEED_LIMITS)).getBytes(StandardCharsets.UTF_8));
        assertThat(Passport.load(f).passportId()).isEqualTo("pass_abc123");
    }

    @Test
    void problemsWithTheFileAreOneClearLine() throws IOException {
        Path missing = tmp.resolve("nope.json");
        assertThatThrownBy(() -> Passport.load(missing)).isInstanceOf(PassportException.class)
                .hasMessage("passport " + missing + ": file not found");
        assertThatThrownBy(() -> Passport.load(tmp)).hasMessage("passport " + tmp + ": is a directory, not a passport JSON file");
        Path bad = Files.writeString(tmp.resolve("bad.json"), "{\n \"passport_id\": \"p\",\n}");
        assertThatThrownBy(() -> Passport.load(bad))
                .hasMessage("passport " + bad + ": not valid JSON: line 3, column 1 (offset 23): trailing comma before '}'");
        Path latin1 = tmp.resolve("latin1.json");
        Files.write(latin1, new byte[] {'{', '"', (byte) 0xe9, '"', ':', '1', '}'});
        assertThatThrownBy(() -> Passport.load(latin1)).hasMessage("passport " + latin1 + ": not valid UTF-8");
        Path big = tmp.resolve("big.json");
        Files.write(big, new byte[Passport.MAX_FILE_BYTES + 1]);
        assertThatThrownBy(() -> Passport.load(big)).hasMessageContaining("file too large");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "[]                                                                  | t: not valid JSON: line 1, column 1 (offset 0): expected a JSON object, found array",
        "{}                                                                  | t: passport_id is required",
        "{\"passport_id\":7}                                                 | t: passport_id must be a non-empty string, found number",
        "{\"passport_id\":\"p\"}                                             | t: status is required",
        "{\"passport_id\":\"p\",\"status\":\"active\"}                      | t: limits[\"system.command.execute\"] is required",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":[]}        | t: limits must be an object, found array",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{}}        | t: limits[\"system.command.execute\"] is required",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"owner_id\":1,\"limits\":{}} | t: owner_id must be a string, found number",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"capabilities\":[\"system.command.execute\"],\"limits\":{}} | t: capabilities[0] must be an object with a string \"id\"",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":{}}} | t: limits[\"system.command.execute\"].allowed_commands is required (an array of program names, or [\"*\"])",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":{\"allowed_commands\":\"ls\"}}} | t: limits[\"system.command.execute\"].allowed_commands must be an array of strings, found string",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"ls\",3]}}} | t: limits[\"system.command.execute\"].allowed_commands[1] must be a string, found number",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"ls\"]}}} | t: limits[\"system.command.execute\"].max_execution_time is required (a positive integer number of seconds)",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"ls\"],\"max_execution_time\":\"300\"}}} | t: limits[\"system.command.execute\"].max_execution_time must be a positive integer number of seconds, found string",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"ls\"],\"max_execution_time\":1.5}}} | t: limits[\"system.command.execute\"].max_execution_time must be a positive integer number of seconds, found 1.5",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"ls\"],\"max_execution_time\":0}}} | t: limits[\"system.command.execute\"].max_execution_time must be a positive integer number of seconds, found 0",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"ls\"],\"max_execution_time\":9,\"blocked_patterns\":[\" \"]}}} | t: limits[\"system.command.execute\"].blocked_patterns[0] is empty",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"ls\"],\"max_execution_time\":9,\"allowed_working_directories\":[\"workspace\"]}}} | t: limits[\"system.command.execute\"].allowed_working_directories[0] must be an absolute path, found \"workspace\"",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"ls\"],\"max_execution_time\":9,\"blocked_env_vars\":{}}}} | t: limits[\"system.command.execute\"].blocked_env_vars must be an array of strings, found object",
        "{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":{\"allowed_commands\":[\"ls\"],\"max_execution_time\":9}},\"x\":1e999} | t: cannot be canonicalised (RFC 8785): JSON has no representation for Infinity",
    })
    void invalidPassportsAreRefusedWithOneLine(String json, String message) {
        assertThatThrownBy(() -> Passport.parse(json, "t")).isInstanceOf(PassportException.class)
                .hasMessage(message).hasMessageNotContaining("\n");
    }

    @Test
    void maxExecutionTimeMayBeWrittenAsAnIntegralDecimal() {
        Passport p = Passport.parse("{\"passport_id\":\"p\",\"status\":\"active\",\"limits\":{\"system.command.execute\":"
                + "{\"allowed_commands\":[\"*\"],\"max_execution_time\":3e2}}}", "t");
        assertThat(p.limits().maxExecutionTime()).isEqualTo(Duration.ofSeconds(300));
    }
}
