package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The wipe rules (an emptied file, truncate -s 0, dd if=/dev/null, find -delete) judge a path where it leads: a
 * scratch place left with {@code ..} is no scratch place, a relative path above the working directory is away.
 */
class WipePathsTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        ": > /tmp/../srv/app/data.csv | DESTRUCTIVE",
        "cat /dev/null > /dev/shm/../../home/bob/notes.txt | DESTRUCTIVE",
        "truncate -s0 /tmp/../srv/x | DESTRUCTIVE",
        "truncate -s 0 /var/tmp/../../srv/app/data.csv | DESTRUCTIVE",
        "dd if=/dev/null of=/run/../srv/app/data.csv | DESTRUCTIVE",
        "find /tmp/../home -delete | DESTRUCTIVE",
        "find /dev/shm/../../home -delete | DESTRUCTIVE",
        "> ../other/file.txt | DESTRUCTIVE",
        ": > sub/../../x.db | DESTRUCTIVE",
        "truncate -s0 ../x.db | DESTRUCTIVE",
        ": > /tmp/x/../y.txt | WRITE",
        "truncate -s0 /tmp/a/../b.log | WRITE",
        ": > build/../out.txt | WRITE",
        "truncate -s0 app.log | WRITE",
        "cat ../x.txt | READ",
    })
    void judgedWhereThePathLeads(String line, CommandClass expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line).isEqualTo(expected);
    }
}
