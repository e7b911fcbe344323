package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An element of a literal list named by an arithmetic subscript bash reads simply: a negative index from the end, a
 * variable holding decimal values. Anything else stays only known at run time. Nothing here runs.
 */
class ArraySubscriptsTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "a=(x /etc/shadow); head -n1 ${a[-1]} => Destructive",
            "a=(/etc/shadow x y); head -n1 \"${a[-3]}\" => Destructive",
            "a=(x /etc/shadow); i=1; head -n1 ${a[i]} => Destructive",
            "a=(x /etc/shadow); i=0; i=1; head -n1 ${a[i]} => Destructive",
            "a=(rm x); ${a[-2]} -rf ~ => Destructive",
            // the element the subscript names is a harmless one
            "a=(x /etc/shadow); head -n1 ${a[-2]} => Read",
            "a=(x /etc/shadow); i=0; head -n1 ${a[i]} => Read",
            // past the list, octal, or not a plain value: only known at run time (a reader's run-time operand)
            "a=(x /etc/shadow); head -n1 ${a[-3]} => Read",
            "a=(x y /etc/shadow); i=02; head -n1 ${a[i]} => Read",
            "a=(x /etc/shadow); i=1+0; head -n1 ${a[i]} => Read",
            // everyday
            "files=(a.txt b.txt); i=1; wc -l \"${files[i]}\" => Read",
            "files=(a.txt b.txt); wc -l \"${files[-1]}\" => Read",
    })
    void anArithmeticSubscriptNamesTheElementsItMay(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
