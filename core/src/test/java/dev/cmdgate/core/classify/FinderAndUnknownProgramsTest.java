package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code found=GLOB}: an operand standing for what a finder found below a starting point; {@code unknown-when}: the
 * operands of a program the rules do not know; a Windows program's name ({@code .exe}) falls back to the program.
 */
class FinderAndUnknownProgramsTest {

    private static final String ROWS = "[@settings]\nlist guarded /srv /srv/*\n"
            + "unknown-when operand1=scrub -> Destructive dangerous \"scrubs\"\n"
            + "[finder]\nis Read minimal \"finds\"\nparse none\nruns between -exec end ; + replace {}\nreads none\n"
            + "[zap]\nis Write medium \"removes\"\nwhen found=@guarded -> Destructive dangerous \"removes what it found in a guarded place\"\n"
            + "reads none\n"
            + "[winthing]\nis Network high \"a Windows program\"\n";

    private static CommandClass line(String script) {
        RuleSet rules = RuleSet.withUserText(ROWS, "u.rules");
        return RulesClassifier.of(rules).classifyArgv(List.of("sh", "-c", script), Map.of()).commandClass();
    }

    @Test
    void foundHoldsForAnOperandStandingForFilesFoundBelowAMatchingStartingPoint() {
        assertThat(line("finder /srv -name x -exec zap {} +")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("finder /srv/ -exec zap {} \\;")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("finder build -name x -exec zap {} +")).isEqualTo(CommandClass.WRITE);
        assertThat(line("zap /srv")).as("not a found file").isEqualTo(CommandClass.WRITE);
    }

    @Test
    void unknownWhenRowsTestTheOperandsOfProgramsNobodyDescribed() {
        assertThat(line("tool scrub -f disk")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("./bin/tool scrub")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(line("tool list scrub")).isEqualTo(CommandClass.WRITE);
        assertThat(line("zap scrub")).as("a program the rules know").isEqualTo(CommandClass.WRITE);
    }

    @Test
    void unknownWhenTakesOnlyOperandConditions() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RuleSet.withUserText(
                "[@settings]\nunknown-when fact:x -> Destructive dangerous \"x\"\n", "u.rules"))
                .hasMessageContaining("only operand conditions");
    }

    @Test
    void aWindowsProgramsNameIsTheProgram() {
        assertThat(line("winthing.exe")).isEqualTo(CommandClass.NETWORK);
        assertThat(line("WINTHING.EXE")).as("no program WINTHING").isEqualTo(CommandClass.WRITE);
    }
}
