package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Text that {@code [[ ]]} evaluates as arithmetic (the operands of {@code -eq} and the like) or as a variable's
 * name ({@code -v}, {@code -R}) expands an array subscript in it, command substitutions included, even when the
 * text was quoted. Nothing here runs; the lines are only classified.
 */
class ArithmeticTextTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "[[ 'k[$(shred -u /srv/db)]' -eq 0 ]] => Destructive",
            "[[ 3 -ge 'k[`shred -u /srv/db`]' ]] => Destructive",
            "[[ \"k[\\$(shred -u /srv/db)]\" -ne 1 ]] => Destructive",
            "[[ -v 'k[$(head -c9 ~/.aws/credentials >&2)]' ]] => Destructive",
            "[[ -R 'k[$(shred -u /srv/db)]' ]] => Destructive",
            "[[ 1 -eq 1 && 'k[$(shred -u /srv/db)]' -lt 2 ]] => Destructive",
            // only printed or compared as strings: no arithmetic, no subscript
            "[[ 'k[$(shred -u /srv/db)]' == x ]] => Read",
            "[[ -n 'k[$(shred -u /srv/db)]' ]] => Read",
            "[[ 'k[1]' -eq 0 ]] => Read",
            "[[ -v 'k[1]' ]] => Read",
    })
    void subscriptsInArithmeticTextRunTheirSubstitutions(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
