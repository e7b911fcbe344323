package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Everyday numeric producers in arithmetic: a negative number given to seq, grep's {@code -e}, and a first field cut
 * from lines that start with a number ({@code numeric-output … lead}). What is not provably a number stays
 * unverifiable arithmetic. Nothing here runs; the lines are only classified.
 */
class NumericPipelineTest {

    static final CommandClassifier C = Classifiers.standard(null);

    private static CommandClass of(String line) {
        return C.classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // the red team's lines
            "for i in $(seq -5 5); do echo $((i*2)); done => Read",
            "n=$(grep -c -e TODO f); (( n > 0 )) && echo yes => Read",
            "size=$(du -sb . | cut -f1); echo $((size/1024)) => Read",
            // unseen variants
            "n=$(wc -l a.txt | awk '{print $1}'); echo $((n+1)) => Read",
            "n=$(du -sb . | awk '{ print $1 }'); echo $((n/2)) => Read",
            "n=$(sort f | uniq -c | sort -rn | head -1 | awk '{print $1}'); echo $((n+1)) => Read",
            "n=$(du -sb . | cut -f1 | head -n 1); echo $((n+1)) => Read",
            "n=$(seq -w -10 -2 -1); echo $((n)) => Read",
            "n=$(grep -c --regexp=x f); echo $((n+1)) => Read",
            // not provably a number: still unverifiable
            "n=$(rg -c TODO); echo $((n+1)) => Destructive",
            "n=$(cut -f1 data.tsv); echo $((n+1)) => Destructive",
            "n=$(cat f | cut -f1); echo $((n+1)) => Destructive",
            "n=$(du -sb $'x\\na[$(id)]' | cut -f1); echo $((n+1)) => Destructive",
            "n=$(du -sb * | cut -f1); echo $((n+1)) => Destructive",
            "n=$(du -s *); echo $((n+1)) => Destructive",
            "n=$(wc -l *.txt); echo $((n+1)) => Destructive",
            "n=$(du -sh . | cut -f1); echo $((n+1)) => Destructive",
            "n=$(grep -c -e a f1 f2); echo $((n+1)) => Destructive",
            "n=$(awk '{print $2}' f); echo $((n+1)) => Destructive",
            "n=$(du -s . | cut -f2); echo $((n+1)) => Destructive",
            "n=$(uniq -c f | cut -f1); echo $((n+1)) => Destructive",
            "n=$(seq -f '%g' 3); echo $((n)) => Destructive",
            "n=$(wc -l a | sed 's/ .*//'); echo $((n+1)) => Destructive",
            // a printed file name is evaluated by bash: "1 +x" adds x, "1 x" reads x, "N\tdir" reads dir
            "read -r x < data; n=$(wc -l +x); echo $((n)) => Destructive",
            "read -r x < data; n=$(wc -c x); (( n > 3 )) && echo big => Destructive",
            "read -r src < data; n=$(du -s src); echo $((n)) => Destructive",
            "read -r src < data; n=$(rg -c TODO src); echo $((n)) => Destructive",
            "n=$(wc -l < data); echo $((n)) => Read",
            "read -r x < data; n=$(wc -l +x | cut -d' ' -f1); echo $((n)) => Read",
    })
    void aNumberIsProvenOrTheValueIsUnknown(String line, String expected) {
        assertThat(of(line)).isEqualTo(CommandClass.valueOf(expected.toUpperCase()));
    }

    @Test
    void leadRowsAreNoWholeNumbers() {
        RuleSet rules = RuleSet.withUserText("[@settings]\nnumeric-output tally with -c lead tab\n"
                + "numeric-output count also -<number> -e=* counted -e operands 1-2\n", "u.rules");
        assertThat(rules.printsOnlyNumbers(List.of("tally", "-c", "x"))).isFalse();
        assertThat(rules.leadingNumbers(List.of("tally", "-c", "x"))).isEqualTo("tab");
        assertThat(rules.leadingNumbers(List.of("tally", "x"))).isNull();
        assertThat(rules.printsOnlyNumbers(List.of("count", "-3", "4"))).isTrue();
        assertThat(rules.printsOnlyNumbers(List.of("count", "-e", "p", "f"))).isTrue();
        assertThat(rules.printsOnlyNumbers(List.of("count", "-e", "p", "f", "g"))).as("-e counts as an operand").isFalse();
        assertThat(rules.printsOnlyNumbers(List.of("count", "-x", "f"))).isFalse();
    }
}
