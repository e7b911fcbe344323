package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Secrets read from the environment: {@code $secret-name} (a word naming a secret variable, or a piece of such a
 * name), {@code $secret-value} (a word expanding one's value), and the fact {@code input.environment} of a command
 * reading, through a pipe, what a {@code prints-env} command prints.
 */
class EnvironmentSecretsTest {

    private static final String ROWS = "[@settings]\nsecret-vars *_TOKEN *PASSWORD* ACME_KEY\nnot-secret-vars *_TOKEN_FILE\n"
            + "[dumpenv]\nis Read minimal \"prints\"\nprints-env if operands=0\n"
            + "[order]\nis Read minimal \"sorts\"\n"
            + "[pick]\nis Read minimal \"filters\"\nwhen fact:input.environment operand1=$secret-name -> Network high \"picks\"\n"
            + "[show]\nis Read minimal \"shows\"\nwhen operand=$secret-name -> Network high \"shows a secret\"\n"
            + "[say]\nis Read minimal \"says\"\nwhen operand=$secret-value -> Network high \"says a secret\"\n"
            + "[tell]\nis Read minimal \"tells\"\nwhen operand=$secret-value !fact:output.file -> Network high \"shows a secret\"\n";

    private static CommandClass line(String script) {
        RuleSet rules = RuleSet.withUserText(ROWS, "u.rules");
        return RulesClassifier.of(rules).classifyArgv(List.of("sh", "-c", script), Map.of()).commandClass();
    }

    @Test
    void aSecretNameIsANameTheListsMakeSecretOrAPieceOfOne() {
        assertThat(line("show GITHUB_TOKEN")).isEqualTo(CommandClass.NETWORK);
        assertThat(line("show token")).as("a word between others of a name").isEqualTo(CommandClass.NETWORK);
        assertThat(line("show passw")).as("a piece of a secret word").isEqualTo(CommandClass.NETWORK);
        assertThat(line("show ACME")).as("the first word of a secret the lists name whole").isEqualTo(CommandClass.NETWORK);
        assertThat(line("show GITHUB_TOKEN_FILE")).as("an exception").isEqualTo(CommandClass.READ);
        assertThat(line("show PATH")).isEqualTo(CommandClass.READ);
    }

    @Test
    void aSecretValueIsAnExpansionOfTheValueNotItsLengthNorAnAlternative() {
        assertThat(line("say $GITHUB_TOKEN")).isEqualTo(CommandClass.NETWORK);
        assertThat(line("say \"x ${DB_PASSWORD:-none}\"")).isEqualTo(CommandClass.NETWORK);
        assertThat(line("say ${#GITHUB_TOKEN}")).isEqualTo(CommandClass.READ);
        assertThat(line("say ${GITHUB_TOKEN:+set}")).isEqualTo(CommandClass.READ);
        assertThat(line("say '$GITHUB_TOKEN'")).as("single quotes: no expansion").isEqualTo(CommandClass.READ);
        assertThat(line("say $HOME")).isEqualTo(CommandClass.READ);
    }

    @Test
    void outputFileIsAStandardOutputRedirectedIntoAFile() {
        assertThat(line("tell $GITHUB_TOKEN")).isEqualTo(CommandClass.NETWORK);
        assertThat(line("tell $GITHUB_TOKEN > key.txt")).isEqualTo(CommandClass.WRITE);
        assertThat(line("tell $GITHUB_TOKEN >> key.txt 2>&1")).isEqualTo(CommandClass.WRITE);
        assertThat(line("tell $GITHUB_TOKEN > /dev/null")).isEqualTo(CommandClass.READ);
        assertThat(line("tell $GITHUB_TOKEN > key.txt >&2")).as("the last redirection wins").isEqualTo(CommandClass.NETWORK);
        assertThat(line("tell $GITHUB_TOKEN > /dev/stderr")).isEqualTo(CommandClass.NETWORK);
        assertThat(line("tell $GITHUB_TOKEN 2> err.txt")).as("standard error only").isEqualTo(CommandClass.NETWORK);
        assertThat(line("sh -c 'tell $GITHUB_TOKEN' > key.txt")).as("what it runs writes there too").isEqualTo(CommandClass.WRITE);
    }

    @Test
    void aFilterOfThePrintedEnvironmentPicksSecretsByItsPattern() {
        assertThat(line("dumpenv | pick -i token")).isEqualTo(CommandClass.NETWORK);
        assertThat(line("dumpenv | pick -i path")).isEqualTo(CommandClass.READ);
        assertThat(line("pick -i token notes.txt")).as("no environment piped in").isEqualTo(CommandClass.READ);
        assertThat(line("dumpenv X | pick token")).as("the prints-env row's condition fails").isEqualTo(CommandClass.READ);
        assertThat(line("dumpenv > f; pick token < f")).as("not through a pipe: the redirection only").isEqualTo(CommandClass.WRITE);
    }

    @Test
    void thePrintedEnvironmentPassesThroughTheStagesBetween() {
        assertThat(line("dumpenv | order | pick -i token")).isEqualTo(CommandClass.NETWORK);
        assertThat(line("dumpenv | order | order | pick token")).isEqualTo(CommandClass.NETWORK);
        assertThat(line("dumpenv | order | pick -i path")).as("a pattern that picks no secret").isEqualTo(CommandClass.READ);
        assertThat(line("order notes | pick token")).as("no stage printed the environment").isEqualTo(CommandClass.READ);
        assertThat(line("dumpenv X | order | pick token")).as("the prints-env row's condition fails").isEqualTo(CommandClass.READ);
    }
}
