package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.rules.RuleSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reading a credential store: the {@code reads} rows and the default (every operand no writes or code row
 * claims), input redirections, directories read recursively, paths known only in part — over a small
 * standalone rule set. Lines judged with the built-in data are cases in {@code adversarial/credential-stores.jsonl}.
 */
class CredentialReadsTest {

    static final String RULES = MechanismTest.SETTINGS + """
            credential-paths ~/.ssh/* */.ssh/* ~/.aws/* /proc/*/environ
            credential-names .netrc .env .env.*
            credential-exceptions *.pub .env.example */.ssh/config

            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c
            [show]
            is Read minimal "shows files"
            [lister]
            is Read minimal "lists"
            reads none
            [copy]
            is Write medium "copies"
            opt -r
            writes last -> Write medium "copies"
            reads but-last
            reads but-last recursive if -r
            [post]
            is Network high "posts"
            opt -d =DATA
            reads mentions opt -d
            [packer]
            is Write medium "packs"
            reads but-first recursive
            [dd]
            is Write medium "copies data"
            parse none
            reads key if
            [grab]
            is Read minimal "grabs"
            reads after --from
            [sedlike]
            is Read minimal "edits"
            code sed operand 1
            [cd]
            is Read minimal "changes directory"
            [argfile]
            is Read minimal "reads its arguments from a file"
            opt -a =FILE
            opt -o =FILE
            opt -s =FILE
            opt -n =NAME
            opt -k =FILE
            opt -p
            writes opt -o -> Write low "writes a file"
            reads opt -k if -p
            code file opt -s
            runs operand
            [search]
            is Read minimal "searches"
            opt -r
            reads operands
            reads operands recursive if -r
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(RULES, "test rules"));

    static CommandClass cls(String line) {
        return R.classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "show ~/.ssh/id_rsa                   | Network",
            "show ~/.ssh/id_rsa.pub               | Read",
            "show ~/.ssh/config                   | Read",
            "show /home/alice/.ssh/id_ed25519     | Network",
            "show $HOME/.aws/credentials          | Network",
            "show ~/.netrc                        | Network",
            "show project/.env                    | Network",
            "show .env.production                 | Network",
            "show .env.example                    | Read",
            "show README.md                       | Read",
            "lister ~/.ssh/id_rsa                 | Read",
            "show < ~/.ssh/id_rsa                 | Network",
            "show 3< ~/.aws/credentials           | Network",
            "show <> ~/.netrc                     | Network",
            "show /proc/1/environ                 | Network",
            "show /proc/$PID/environ              | Network",
            "show ~/.ssh/$KEY                     | Network",
            // each expansion may be empty or one name, independently; a default word may be the value
            "show /proc/$P/environ$NOPE           | Network",
            "show /proc/$P/envi${NOPE}ron         | Network",
            "show /proc/$P/e$@nviron              | Network",
            "show /proc/$P/envi$*ron              | Network",
            "show /proc/$P/\"envi$1ron\"          | Network",
            "show /proc/$P/${x:-environ}          | Network",
            "show /proc/$P/${P+environ}           | Network",
            "show /proc/$P/status$NOPE            | Read",
            "show /proc/$P/$F                     | Read",
            "show $F                              | Read",
            "show /proc/$P/${x:-status}           | Read",
            "show ~/.ssh/*                        | Network",
            "show ~/.ssh/*.pub                    | Read",
            "copy ~/.aws/credentials /tmp/c       | Network",
            "copy notes.txt ~/.netrc-backup       | Write",
            "copy ~/.ssh /tmp/k                   | Write",
            "copy -r ~/.ssh /tmp/k                | Network",
            "copy -r ~ /mnt/backup                | Write",
            "packer out.zip ~/.aws                | Network",
            "packer ~/.ssh/id_rsa out.zip         | Write",
            "post -d @~/.ssh/id_rsa x             | Network",
            "post -d key=@/home/a/.aws/config x   | Network",
            "post -d hello x                      | Network",
            "dd if=/proc/self/environ of=/tmp/e   | Network",
            "dd if=/dev/zero of=/tmp/e            | Write",
            "grab --from ~/.netrc                 | Network",
            "sedlike ~/.netrc README              | Read",
            "sedlike p ~/.netrc                   | Network",
            "sh -c 'show ~/.ssh/id_rsa'           | Network",
            "unknowntool ~/.aws/credentials       | Network",
            "show k=@~/.netrc                     | Network",
            // an option whose value the rules call FILE names a file the command reads, unless a writes, code or
            // reads row claims it (then it is read as that row says); a wrapper (runs row) reads its FILE options too
            "argfile -k ~/.netrc                  | Read",
            "argfile -p -k ~/.netrc               | Network",
            "argfile -a /proc/1/environ           | Network",
            "argfile -a list.txt                  | Read",
            "argfile -n /proc/1/environ           | Read",
            "argfile -o ~/.netrc                  | Write",
            // a recursive reader of a directory any store lies below: /proc holds every process's environment
            "search -r KEY /proc/42               | Network",
            "search -r KEY /proc/self/task/7      | Network",
            "search -r KEY /proc                  | Network",
            "search KEY /proc/42                  | Read",
            "search -r KEY /home/a/.ssh           | Network",
            "search -r KEY /home/a/project        | Read",
            "search -r KEY ~                      | Read",
            // the value attached to an option the rules do not know may name a file the program opens
            "show --files0-from=/proc/1/environ   | Network",
            "show --files0-from=/proc/$P/environ  | Network",
            "show --files0-from=list0             | Read",
            "lister --list=~/.netrc               | Network",
            "argfile --name=~/.netrc              | Network",
    })
    void readsOfCredentialStores(String line, String expected) {
        assertThat(cls(line)).as(line).isEqualTo(CommandClass.parse(expected));
    }

    @Test
    void theFindingNamesTheStore() {
        Classification c = R.classifyShell("show ~/.ssh/id_ed25519");
        assertThat(c.findings()).extracting(Finding::reason).contains("credential store: ~/.ssh/id_ed25519");
        assertThat(R.classifyShell("copy -r ~/.aws /tmp/x").findings()).extracting(Finding::reason)
                .contains("credential store: ~/.aws");
    }

    @Test
    void aRelativePathIsReadFromTheLaunchsDirectory() {
        String home = System.getProperty("user.home");
        assertThat(R.classifyArgv(List.of("show", "id_rsa"), Map.of(), dev.cmdgate.core.LaunchSite.of(home + "/.ssh", List::of)).commandClass())
                .isEqualTo(CommandClass.NETWORK);
        assertThat(R.classifyArgv(List.of("show", "id_rsa.pub"), Map.of(), dev.cmdgate.core.LaunchSite.of(home + "/.ssh", List::of)).commandClass())
                .isEqualTo(CommandClass.READ);
        assertThat(R.classifyArgv(List.of("show", "id_rsa"), Map.of(), dev.cmdgate.core.LaunchSite.of("/srv/app", List::of)).commandClass())
                .isEqualTo(CommandClass.READ);
        // after a cd the name is read in each directory the line may be in: the launch's own is not dropped (a cd in
        // a branch or a subshell, or one that fails, leaves the shell where it was)
        assertThat(R.classifyArgv(List.of("sh", "-c", "cd /tmp && show id_rsa"), Map.of(), dev.cmdgate.core.LaunchSite.of(home + "/.ssh", List::of)).commandClass())
                .isEqualTo(CommandClass.NETWORK);
        assertThat(R.classifyArgv(List.of("sh", "-c", "cd /tmp && show notes.txt"), Map.of(), dev.cmdgate.core.LaunchSite.of("/srv/app", List::of)).commandClass())
                .isEqualTo(CommandClass.READ);
        assertThat(R.classifyArgv(List.of("sh", "-c", "cd /tmp && show ../../.ssh/id_rsa"), Map.of(), dev.cmdgate.core.LaunchSite.of("/srv", List::of)).commandClass())
                .isEqualTo(CommandClass.NETWORK);
    }

    @Test
    void readsRowsAreCheckedWhenTheRulesAreRead() {
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + "[a]\nreads sideways\n", "t"))
                .hasMessageContaining("unknown reads target");
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + "[a]\nreads opt -z\n", "t"))
                .hasMessageContaining("not declared");
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + "[a]\nreads operands fast\n", "t"))
                .hasMessageContaining("'recursive' or 'if");
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + "[a]\nreads after\n", "t"))
                .hasMessageContaining("reads after WORD");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "null", value = {
            "file:/etc/shadow                  | /etc/shadow",
            "file:///etc/shadow?x=1            | /etc/shadow",
            "file://localhost/etc/shadow#frag  | /etc/shadow",
            "FILE:data/app.db?mode=ro          | data/app.db",
            "file:                             | null",
            "file://host                       | null",
            "file:?mode=memory                 | null",
            "/etc/file:x                       | null",
            "notes.txt                         | null",
    })
    void aFileUriNamesItsPath(String word, String path) {
        assertThat(CredentialReads.fileUriPath(word)).isEqualTo(path);
    }
}
