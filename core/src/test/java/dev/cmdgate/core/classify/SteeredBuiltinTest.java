package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An inline assignment an {@code env-steers-only} row names ({@code IFS=: read a b}) only changes how the builtin
 * splits its input: it is no hook there, and the values read are computed with it. Anywhere else the variable is
 * judged as before. Nothing here runs; the lines are only classified.
 */
class SteeredBuiltinTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            // everyday loops and splits are harmless
            "while IFS= read -r line; do echo \"$line\"; done < README.md => Read",
            "IFS=. read -r major minor patch <<< 1.2.3; echo $major => Read",
            "IFS=, read -ra parts <<< 'a,b,c'; echo \"${parts[1]}\" => Read",
            "git ls-files | while IFS= read -r f; do wc -l \"$f\"; done => Read",
            "IFS=$'\\t' read -r k v <<< x; echo $v => Read",
            "IFS= mapfile -t lines < README.md; echo \"${lines[0]}\" => Read",
            // the values are still followed, split at the IFS given
            "IFS=: read -r a b <<< x:/etc/shadow; cat \"$b\" => Destructive",
            "IFS=: read -r a b c <<< 'x::/etc/shadow'; cat \"$c\" => Destructive",
            "IFS=: read -r a b <<< 'x:/etc/shadow:'; cat \"$b\" => Destructive",
            "IFS=, read -ra p <<< 'x,/etc/shadow'; cat \"${p[1]}\" => Destructive",
            "IFS=/ read -r a b <<< 'x/~/.ssh/id_rsa'; cat $b => Destructive",
            "IFS=: read -r a b <<< x:/; rm -rf \"$b\" => Destructive",
            "IFS= read -r l <<< '/etc/shadow'; cat \"$l\" => Destructive",
            // anything else stays a hook: alone, before a program, exported, computed, before a function
            "IFS=: true; ls => Write",
            "IFS=: ls => Write",
            "IFS=: ; read -r a b <<< x:y => Write",
            "export IFS => Write",
            "IFS=$x read -r a b <<< x:y => Write",
            "read(){ rm -rf ~; }; IFS=: read x => Destructive",
            "read(){ echo hi; }; IFS=: read x => Write",
            // for read alone: later words split as before
            "IFS=: read -r a b <<< x:y; p=q:/etc/shadow; cat $p => Read",
    })
    void anAssignmentThatOnlySteersABuiltinIsHarmless(String line, String expected) {
        assertThat(C.classifyShell(line).commandClass()).as(line + " " + C.classifyShell(line).findings())
                .isEqualTo(CommandClass.parse(expected));
    }
}
