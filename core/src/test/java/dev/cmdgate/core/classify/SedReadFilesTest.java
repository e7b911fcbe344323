package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * sed's r and R commands copy a file into the output: the file is read as any reader's operand is, so a credential
 * store named there is a credential read, and an ordinary file stays Read.
 */
class SedReadFilesTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "sed 'r /etc/shadow' notes.txt                    | DESTRUCTIVE",
        "sed -n '1r /root/.aws/credentials' notes.txt     | DESTRUCTIVE",
        "sed '$R /etc/gshadow' a.txt                      | DESTRUCTIVE",
        "sed -e '/x/r /proc/1/environ' -e p a.txt          | DESTRUCTIVE",
        "sed '1{r /etc/shadow;}' a.txt                    | DESTRUCTIVE",
        "gsed -n '2r /home/u/.netrc' a.txt                | DESTRUCTIVE",
        "sed 'r header.txt' a.txt                          | READ",
        "sed -n '1r LICENSE' README.md                     | READ",
        "sed -n 's/a/b/p' a.txt                            | READ",
    })
    void aFileTheProgramReadsIsJudgedAsRead(String line, CommandClass expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line).isEqualTo(expected);
    }

    @Test
    void theNameRunsToTheEndOfTheLineAndIsAlsoTakenUpToASemicolon() {
        List<String> reads = new ArrayList<>();
        CodeFacts.sed("1r /etc/shadow;p\n2R b.txt", new ArrayList<>(), new ArrayList<>(), reads);
        assertThat(reads).containsExactly("/etc/shadow;p", "/etc/shadow", "b.txt");
    }
}
