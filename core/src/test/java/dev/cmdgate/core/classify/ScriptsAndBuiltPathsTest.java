package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Ways a command says less than it does: a service script run by its path ({@code /etc/init.d/NAME stop} is
 * what {@code service NAME stop} runs, {@code scripts-of} rows), and interpreter code reading a file whose path it
 * builds at run time from a literal name ({@code duplicate file "Cookies.binarycookies" of folder f}), ed
 * commands piped into ed, and the paths a search for named files prints, handed to a loop or xargs. Nothing is
 * executed.
 */
class ScriptsAndBuiltPathsTest {

    static final String RULES = MechanismTest.SETTINGS + """
            scripts-of service /etc/init.d/* /usr/local/etc/rc.d/*
            credential-names *.binarycookies .netrc .env *.env
            list agents hostd vpxa

            [sh]
            is Read minimal "shell"
            opt -c
            code sh flag -c
            [service]
            is Write high "changes services"
            when operand1=@agents !operand2=status -> Destructive dangerous "restarts a management agent"
            [show]
            is Read minimal "shows"
            [osascript]
            is Write high "runs AppleScript"
            opt -e =CODE
            code applescript opt -e
            [lua]
            is Write high "runs Lua"
            opt -e =CODE
            code lua opt -e

            [ed]
            is Write high "edits"
            opt -s
            writes operands -> Write high "edits files"
            code-file ed -> Write high "ed script"
            stdin-code after 1 -> Write high "edits at the terminal"
            [echo]
            is Read minimal "prints"
            prints echo
            [find]
            is Read minimal "finds files"
            parse none
            reads none
            runs between -exec end ; + replace {} named -name -iname
            [cat|wc]
            is Read minimal "reads files"
            [ls]
            is Read minimal "lists"
            reads none
            [xargs]
            is Read minimal "runs commands"
            runs operand default echo stdin-args

            [@lang applescript]
            syntax applescript
            is Write high "runs AppleScript code"
            call read "duplicate file"

            [@lang lua]
            syntax lua
            is Write high "runs Lua code"
            call read io.lines
            """;

    static final RulesClassifier R = RulesClassifier.of(RuleSet.parse(RULES, "scripts.rules"));

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiterString = " => ", quoteCharacter = '§', value = {
        // the script is judged as the service manager given its name, on top of being a program off the PATH
        "/etc/init.d/hostd restart => Destructive",
        "/usr/local/etc/rc.d/vpxa stop => Destructive",
        "/etc/init.d/../init.d/hostd stop => Destructive",
        "/etc/init.d/hostd status => Write",
        "/etc/init.d/myapp restart => Write",
        // not a service script: only a program outside the standard directories
        "/opt/init.d/hostd restart => Write",
        "./hostd restart => Write",
        // a name joined to a folder only known at run time is still that name
        "osascript -e 'duplicate file \"Cookies.binarycookies\" of folder f' => Network",
        "osascript -e 'duplicate file (d & \"Cookies.binarycookies\")' => Network",
        "lua -e 'for l in io.lines(os.getenv(\"HOME\") .. \"/.netrc\") do print(l) end' => Network",
        "osascript -e 'duplicate file \"notes.txt\" of folder f' => Write",
        "lua -e 'for l in io.lines(d .. \"/notes.txt\") do print(l) end' => Write",
        // ed's commands come from its input: piped in, they are unverifiable code, as for a shell
        "echo 'e /etc/shadow' | ed => Destructive",
        "echo ',s/a/b/g' | ed -s notes.txt => Destructive",
        "ed notes.txt => Write",
        "ed -s notes.txt < fix.ed => Write",
        // the paths a search prints end in the names its tests give: a loop or xargs hands them on
        "for f in $(find /home -type f -name .netrc 2>/dev/null); do cat $f; done => Network",
        "for f in `find / -iname .netrc`; do cat \"$f\"; done => Network",
        "for f in \"$(find ~ -name .netrc)\"; do cat $f; done => Network",
        "for f in $(find . -name '*.env'); do wc -c $f; done => Network",
        "find / -name .netrc | xargs cat => Network",
        "for f in $(find . -name '*.py'); do cat $f; done => Read",
        "for f in $(find ~ -name .netrc); do ls -l $f; done => Read",
        "for f in $(find . -type f); do cat $f; done => Read",
        "find . -name '*.py' | xargs wc -l => Read",
        "find ~ -name .netrc | xargs ls => Read",
    })
    void judged(String line, String expected) {
        Classification c = R.classifyShell(line);
        assertThat(c.commandClass()).as("%s → %s", line, c.findings()).isEqualTo(CommandClass.parse(expected));
    }

    @Test
    void aHereDocumentOfEdCommandsIsNotReadAsAShellScript() {
        // ed's commands are in ed's language (its code-file row), which these rules cannot read: a shell would have
        // judged the line rm -rf ~ Destructive
        Classification c = R.classifyShell("ed -s notes.txt <<'EOF'\nrm -rf ~\nEOF");
        assertThat(c.commandClass()).as("%s", c.findings()).isEqualTo(CommandClass.WRITE);
        assertThat(c.findings()).anySatisfy(f -> assertThat(f.reason()).contains("ed code in a here-document"));
    }

    @Test
    void aServiceScriptsFindingSaysWhatItWasJudgedAs() {
        Classification c = R.classifyShell("/etc/init.d/hostd restart");
        assertThat(c.findings()).anySatisfy(f -> {
            assertThat(f.reason()).startsWith("restarts a management agent");
            assertThat(f.location()).contains("/etc/init.d/hostd as service hostd");
        });
    }

    @Test
    void scriptsOfRowsNameAProgramAndAbsoluteGlobs() {
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + "scripts-of service\n", "t"))
                .hasMessageContaining("expected: scripts-of PROGRAM GLOB...");
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + "scripts-of service init.d/*\n", "t"))
                .hasMessageContaining("not an absolute path glob");
        assertThatThrownBy(() -> RuleSet.parse(MechanismTest.SETTINGS + "scripts-of /usr/sbin/service /etc/init.d/*\n", "t"))
                .hasMessageContaining("expected: scripts-of PROGRAM GLOB...");
    }
}
