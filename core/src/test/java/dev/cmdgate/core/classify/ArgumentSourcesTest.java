package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * With the built-in rules: the arguments a command gets from where the line says they come from (an xargs or
 * parallel fed by a here-string, a here-document, a process substitution, a file the line wrote, {@code :::}),
 * GNU env's {@code -S} splitting, directories an extraction writes unknown names into, and patterns compared as
 * patterns with the credential stores and sensitive places — each beside ordinary lines that must keep their class.
 */
class ArgumentSourcesTest {

    private static final RulesClassifier R = RulesClassifier.of(RuleSet.builtin());

    private static Arguments row(String line, CommandClass expected) {
        return Arguments.of(line, expected);
    }

    static Stream<Arguments> inputFeeds() {
        return Stream.of(
                row("xargs cat <<< /etc/shadow", CommandClass.DESTRUCTIVE),
                row("xargs -0 head -c9 <<< /etc/gshadow", CommandClass.DESTRUCTIVE),
                row("xargs cat <<< ~/.ssh/id_ed25519", CommandClass.DESTRUCTIVE),
                row("xargs -I{} cp evil {} <<< ~/.bashrc", CommandClass.DESTRUCTIVE),
                row("xargs -I% ln -sf evil % <<< ~/.profile", CommandClass.DESTRUCTIVE),
                row("xargs cat <<'E'\n/etc/shadow\nE", CommandClass.DESTRUCTIVE),
                row("xargs cat < <(echo /etc/shadow)", CommandClass.DESTRUCTIVE),
                row("xargs -a <(printf '%s\\n' /etc/shadow) head", CommandClass.DESTRUCTIVE),
                row("xargs --arg-file=<(echo /etc/shadow) cat", CommandClass.DESTRUCTIVE),
                row("xargs --arg-file <(echo ~/.netrc) cat", CommandClass.DESTRUCTIVE),
                row("xargs -a /dev/stdin cat <<< /etc/shadow", CommandClass.DESTRUCTIVE),
                row("xargs -a - cat <<< /etc/shadow", CommandClass.DESTRUCTIVE),
                row("echo /etc/shadow > l.txt; xargs -a l.txt cat", CommandClass.DESTRUCTIVE),
                row("printf '%s\\n' /etc/gshadow >> l; xargs head < l", CommandClass.DESTRUCTIVE),
                row("xargs -n1 tar czf x.tgz <<< ~/.ssh", CommandClass.DESTRUCTIVE),
                // what the line does not say stays as it was
                row("xargs cat < files.txt", CommandClass.READ),
                row("xargs -a files.txt wc -l", CommandClass.READ),
                row("xargs wc -l <<< 'README.md pom.xml'", CommandClass.READ),
                row("xargs grep -l TODO < <(git ls-files)", CommandClass.READ),
                row("git ls-files | xargs wc -l", CommandClass.READ),
                row("find . -name '*.o' | xargs rm", CommandClass.DESTRUCTIVE));
    }

    static Stream<Arguments> parallelArguments() {
        return Stream.of(
                row("parallel rm ::: /etc/passwd", CommandClass.DESTRUCTIVE),
                row("parallel rm {} ::: /etc/passwd", CommandClass.DESTRUCTIVE),
                row("parallel -j4 rm -f {} ::: ~/.bash_profile", CommandClass.DESTRUCTIVE),
                row("parallel -j1 rm -r ::: /usr", CommandClass.DESTRUCTIVE),
                row("parallel cp evil ::: ~/.bashrc", CommandClass.DESTRUCTIVE),
                row("echo /etc/passwd | parallel rm", CommandClass.DESTRUCTIVE),
                row("parallel rm :::: <(echo /etc/passwd)", CommandClass.DESTRUCTIVE),
                row("echo /etc/shadow | parallel cat", CommandClass.DESTRUCTIVE),
                row("parallel cat :::: <(echo /etc/shadow)", CommandClass.DESTRUCTIVE),
                row("parallel -a <(echo /etc/shadow) cat", CommandClass.DESTRUCTIVE),
                row("parallel head ::: a.txt ::: /etc/gshadow", CommandClass.DESTRUCTIVE),
                row("parallel wc -l ::: README.md pom.xml", CommandClass.READ),
                row("ls | parallel echo", CommandClass.READ),
                row("parallel gzip ::: a.txt b.txt", CommandClass.WRITE),
                row("parallel rm ::: a.o b.o", CommandClass.WRITE),
                row("parallel ::: 'echo a' 'rm -rf ~'", CommandClass.DESTRUCTIVE));
    }

    static Stream<Arguments> envSplitString() {
        return Stream.of(
                row("env -S 'rm\\_-rf\\_/x'", CommandClass.DESTRUCTIVE),
                row("env -S'chmod\\_777\\_/etc/shadow'", CommandClass.DESTRUCTIVE),
                row("env -S 'sh\\_-c\\_\"rm -rf /x\"'", CommandClass.DESTRUCTIVE),
                row("env -S 'cp\\_evil\\_${HOME}/.bashrc'", CommandClass.DESTRUCTIVE),
                row("env -S 'cat\\_/etc/shadow'", CommandClass.DESTRUCTIVE),
                row("env -S 'head\\_-n1\\_/etc/shadow'", CommandClass.DESTRUCTIVE),
                row("env -S 'cat /etc/shadow'", CommandClass.DESTRUCTIVE),
                row("env -S 'ls\\_-l'", CommandClass.READ),
                row("env -S 'echo \"a\\_b\"'", CommandClass.READ),
                row("env -S 'cat /etc/sha\\cdow'", CommandClass.READ),
                // env refuses an unknown escape, an open quote, $NAME without braces: it stops before running anything
                row("env -S 'cat \\x2fetc/shadow'", CommandClass.READ),
                row("env -S 'rm -rf \\q ~'", CommandClass.READ),
                row("env -S 'rm -rf \"/x'", CommandClass.READ),
                row("env -S 'echo $HOME'", CommandClass.READ),
                row("env -S 'rm $HOME' rm -rf ~", CommandClass.READ),
                // a string only known at run time is never a refusal
                row("env -S \"rm $X\"", CommandClass.DESTRUCTIVE),
                row("env -S 'rm -rf ${HOME}'", CommandClass.DESTRUCTIVE));
    }

    static Stream<Arguments> contentNamedDirectories() {
        return Stream.of(
                row("tar -C / -xf evil.tar", CommandClass.DESTRUCTIVE),
                row("tar xf x.tar -C ~", CommandClass.DESTRUCTIVE),
                row("tar -xzf pkg.tgz --directory=$HOME", CommandClass.DESTRUCTIVE),
                row("unzip -o x.zip -d ~", CommandClass.DESTRUCTIVE),
                row("unzip x.zip -d ~/", CommandClass.DESTRUCTIVE),
                row("cp -r evil/. ~", CommandClass.DESTRUCTIVE),
                row("cp -a dots/. ~/", CommandClass.DESTRUCTIVE),
                row("find .. -delete", CommandClass.DESTRUCTIVE),
                row("find ../.. -name '*.tmp' -delete", CommandClass.DESTRUCTIVE),
                row("tar xf dist.tar -C build", CommandClass.WRITE),
                row("tar -C /tmp/x -xzf pkg.tgz", CommandClass.WRITE),
                row("unzip x.zip -d out", CommandClass.WRITE),
                row("cp -r src/. build/", CommandClass.WRITE),
                row("tar xf dist.tar", CommandClass.WRITE),
                row("find . -name '*.o' -delete", CommandClass.WRITE),
                row("find build -delete", CommandClass.WRITE));
    }

    static Stream<Arguments> patternsAsPatterns() {
        return Stream.of(
                row("cat ~/.[a]ws/credentials", CommandClass.DESTRUCTIVE),
                row("cat ~/.aw*/credentials", CommandClass.DESTRUCTIVE),
                row("cat ~/.*s/credentials", CommandClass.DESTRUCTIVE),
                row("cat ~/.gnup?/private-keys-v1.d/x.key", CommandClass.DESTRUCTIVE),
                row("cat /etc/ss?/ssh_host_rsa_key", CommandClass.DESTRUCTIVE),
                row("cat /run/secret?/db_password", CommandClass.DESTRUCTIVE),
                row("shopt -s nocaseglob; cat /ETC/SHADO?", CommandClass.DESTRUCTIVE),
                row("shopt -s nocaseglob; cat ~/.AWS/CREDENTIAL?", CommandClass.DESTRUCTIVE),
                row("bash -O nocaseglob -c 'cat /ETC/SHADO?'", CommandClass.DESTRUCTIVE),
                row("shopt -s globstar; cat /etc/**/shadow", CommandClass.DESTRUCTIVE),
                row("shopt -s globstar; sed -n p /etc/**/ssh_host_rsa_key", CommandClass.DESTRUCTIVE),
                row("shopt -s dotglob; cat ~/*/credentials", CommandClass.DESTRUCTIVE),
                row("shopt -s nocaseglob; cp evil ~/.BASHR[C]", CommandClass.DESTRUCTIVE),
                row("shopt -s nocaseglob; sed -i 1d /ETC/SUDOER[S]", CommandClass.DESTRUCTIVE),
                row("shopt -s nocaseglob; rm -r /US[R]", CommandClass.DESTRUCTIVE),
                row("shopt -s nocaseglob; echo x >> ~/.PROFIL?", CommandClass.DESTRUCTIVE),
                row("cat src/*/main.c", CommandClass.READ),
                row("cat ~/*/credentials", CommandClass.READ),
                row("shopt -s globstar; wc -l src/**/*.java", CommandClass.READ),
                row("shopt -s dotglob; cat */README.md", CommandClass.READ),
                row("shopt -s nocaseglob; cat README.M?", CommandClass.READ),
                row("head ~/.ssh/*.pub", CommandClass.READ),
                row("cat /etc/*-release", CommandClass.READ));
    }

    @ParameterizedTest
    @MethodSource({"inputFeeds", "parallelArguments", "envSplitString", "contentNamedDirectories", "patternsAsPatterns"})
    void classifies(String line, CommandClass expected) {
        assertThat(R.classifyShell(line).commandClass()).as(line).isEqualTo(expected);
    }
}
