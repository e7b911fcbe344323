package dev.cmdgate.core.shell;

import static dev.cmdgate.core.shell.TestSupport.commandNames;
import static dev.cmdgate.core.shell.TestSupport.parseOk;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HereDocTest {

    private static HereDoc doc(String input, int index) {
        Script s = parseOk(input);
        return ShellWalker.simpleCommands(s).stream().flatMap(c -> c.redirects().stream())
                .filter(r -> r.hereDoc() != null).map(Redirect::hereDoc).toList().get(index);
    }

    @Test
    void unquotedBodyExposesSubstitutions() {
        String in = "cat <<EOF\nhello $USER\n$(rm -rf ~)\nEOF\necho after";
        HereDoc d = doc(in, 0);
        assertThat(d.delimiter()).isEqualTo("EOF");
        assertThat(d.quoted()).isFalse();
        assertThat(d.stripTabs()).isFalse();
        assertThat(d.terminated()).isTrue();
        assertThat(d.text()).isEqualTo("hello $USER\n$(rm -rf ~)\n");
        assertThat(d.text(in)).isEqualTo("hello $USER\n$(rm -rf ~)\n");
        assertThat(d.body().parts()).singleElement().isInstanceOf(DoubleQuoted.class);
        assertThat(d.body().literalValue()).isNull();
        assertThat(d.body().substitutions()).hasSize(1);
        assertThat(commandNames(in)).containsExactly("cat", "rm", "echo");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "cat <<'EOF'|EOF", "cat <<\"EOF\"|EOF", "cat <<\\EOF|EOF", "cat <<E'O'F|EOF", "cat <<'E O'|E O",
        "cat <<\"$X\"|$X",
    })
    void quotedDelimiterMeansLiteralBody(String head, String delimiter) {
        String in = head + "\n$(rm -rf ~) `id` $HOME\n" + delimiter + "\n";
        HereDoc d = doc(in, 0);
        assertThat(d.quoted()).isTrue();
        assertThat(d.delimiter()).isEqualTo(delimiter);
        assertThat(d.terminated()).isTrue();
        assertThat(d.body().literalValue()).isEqualTo("$(rm -rf ~) `id` $HOME\n");
        assertThat(d.body().parts()).singleElement().isInstanceOf(SingleQuoted.class);
        assertThat(ShellWalker.substitutions(parseOk(in))).isEmpty();
    }

    @Test
    void aLineContinuationInTheDelimiterWordIsRemovedFirstSoTheBodyIsExpanded() {
        String in = "cat <<EO\\\nF\n$(touch m)\nEOF\necho after";
        HereDoc d = doc(in, 0);
        assertThat(d.delimiter()).isEqualTo("EOF");
        assertThat(d.quoted()).isFalse();
        assertThat(d.terminated()).isTrue();
        assertThat(commandNames(in)).containsExactly("cat", "touch", "echo");
        // an escaped backslash before the newline still quotes: the body stays data
        assertThat(doc("cat <<EO\\\\\nEOF\n$(touch m)\nEO\\\n", 0).quoted()).isTrue();
    }

    @Test
    void anUnquotedBodyJoinsLineContinuationsBeforeMatchingTheDelimiter() {
        HereDoc d = doc("cat <<EOF\nEO\\\nF\necho x\n", 0);
        assertThat(d.terminated()).isTrue();
        assertThat(d.text()).isEmpty();
        assertThat(commandNames("cat <<EOF\nEO\\\nF\necho x\n")).containsExactly("cat", "echo");
        // a quoted body does not join: the same lines are data up to the real EOF
        HereDoc q = doc("cat <<'EOF'\nEO\\\nF\ntouch m\nEOF\necho x\n", 0);
        assertThat(q.text()).isEqualTo("EO\\\nF\ntouch m\n");
        assertThat(commandNames("cat <<'EOF'\nEO\\\nF\ntouch m\nEOF\necho x\n")).containsExactly("cat", "echo");
        // a continued line that is not the delimiter is one line: the physical line after it does not end the body
        HereDoc j = doc("cat <<X\na\\\nX\nb\nX\necho y\n", 0);
        assertThat(j.text()).isEqualTo("a\\\nX\nb\n");
    }

    /** Command names of every simple command in a parse that has errors (the tree as far as it goes). */
    private static List<String> namesDespiteErrors(ParseResult r) {
        return ShellWalker.simpleCommands(r.script()).stream()
                .map(c -> c.commandName() == null ? "<none>" : c.commandName()).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // bash 5.2+ ends the document at DELIM followed by anything holding a ')' inside $( ), <( ), >( ) and reads the
        // rest of the line as code; bash 5.1 and dash read on: the tree follows 5.2, the error makes it unverifiable
        "echo $(cat <<EOF\nhi\nEOF)\ntouch m\nEOF\n)\n",
        "echo $(cat <<EOF\nhi\nEOF )\ntouch m\nEOF\n)\n",
        "echo $(cat <<EOF\nhi\nEOF  )\ntouch m\nEOF\n)\n",
        "echo $(cat <<EOF\nhi\nEOF\t)\ntouch m\nEOF\n)\n",
        "echo $(cat <<EOF\nhi\nEOF ;)\ntouch m\nEOF\n)\n",
        "echo $(cat <<EOF\nhi\nEOFx)\ntouch m\nEOF\n)\n",
        "cat <(cat <<EOF\nhi\nEOF)\ntouch m\nEOF\n)\n",
        "cat <(cat <<EOF\nhi\nEOF ))\ntouch m\nEOF\n)\n",
        "cat >(cat <<EOF\nhi\nEOF)\ntouch m\nEOF\n)\n",
        "echo $(( $(cat <<EOF\n1\nEOF ) ))\ntouch m\nEOF\n)\n",
        "echo $( { cat <<EOF\nhi\nEOF\\\n ;} )\ntouch m\nEOF\n)\n",
        "echo $(cat <<\"\"\nhi\n x)\ntouch m\n\n)\n",
    })
    void aDelimiterLineWithAParenInsideASubstitutionIsSeenAsBash52ReadsItAndIsAnError(String in) {
        ParseResult r = ShellParser.parse(in);
        assertThat(r.errors()).as("errors for %s", in).isNotEmpty();
        assertThat(r.errors().get(0).message()).contains("starts with its delimiter and has a ')'");
        assertThat(namesDespiteErrors(r)).as(in).contains("touch");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // the same in double quotes or a default word: what follows the ')' is still text there, but the shells
        // disagree on where the document ends
        "echo \"$(cat <<'EOF'\nhi\nEOF )\n$(touch m)\nEOF\n)\"\n",
        "echo ${x:-$(cat <<-EOF\n\thi\n\t\tEOF )\n}\n",
    })
    void aDelimiterLineWithAParenInQuotesIsAnErrorToo(String in) {
        ParseResult r = ShellParser.parse(in);
        assertThat(r.errors()).extracting(ParseError::message).anyMatch(m -> m.contains("starts with its delimiter"));
    }

    @Test
    void delimParenOutsideASubstitutionOrInPosixShIsABodyLine() {
        assertThat(doc("cat <<EOF\nEOF)\nEOF )\nEOF\n", 0).text()).isEqualTo("EOF)\nEOF )\n");
        // dash ends a document only at the delimiter line itself
        ParseResult sh = ShellParser.parse("echo $(cat <<EOF\nEOF)\nEOF\n)\n", ShellParser.Dialect.POSIX);
        assertThat(sh.errors()).isEmpty();
        // inside backquotes the text is parsed again when it runs, outside any substitution
        assertThat(commandNames("echo `cat <<EOF\nEOF )\nEOF\n`\n")).containsExactly("echo", "cat");
        // a ')' only in the body's other lines, or a line that only ends in the delimiter, ends nothing
        assertThat(commandNames("x=$(cat <<EOF\nf(y)\n(EOF)\nEOF\n)\n")).containsExactly("<none>", "cat");
    }

    @Test
    void aDocumentOpenedBeforeASubstitutionIsReadAfterTheNewlineOutsideIt() {
        // bash parses $( ) with its own list of pending documents: the newline inside does not start the body
        String in = "cat <<EOF $(echo a\ntouch m\nEOF\n)\nbody\nEOF\necho after\n";
        assertThat(commandNames(in)).containsExactly("cat", "echo", "touch", "EOF", "echo");
        assertThat(doc(in, 0).text()).isEqualTo("body\n");
        assertThat(commandNames("cat <<EOF <(echo a\ntouch m\n)\nbody\nEOF\n")).containsExactly("cat", "echo", "touch");
    }

    @Test
    void aDocumentOpenedInASubstitutionMustEndInIt() {
        // bash 5.2 reads the body after the ')', bash 5.1 runs the document empty and touch as a command
        ParseResult r = ShellParser.parse("echo $(cat <<EOF)\ntouch m\nEOF\n");
        assertThat(r.errors()).extracting(ParseError::message).anyMatch(m -> m.contains("does not end before its ')'"));
        assertThat(ShellParser.parse("echo $(cat <<EOF\nhi\nEOF\n) <(cat <<X\nx\nX\n)\n").errors()).isEmpty();
    }

    @Test
    void aDelimiterIsComparedWithTheWholeLogicalLine() {
        // abcd\⏎xx\⏎EOF is one line, abcdxxEOF: not the delimiter, so the document reads on to the EOF after it
        String in = "cat <<EOF\nabcd\\\nxx\\\nEOF\ncat <<Z\nEOF\ntouch m\nZ\n";
        assertThat(commandNames(in)).containsExactly("cat", "touch", "Z");
        // <<- strips the tabs of the joined line: \t\⏎\tEOF is EOF
        assertThat(commandNames("cat <<-EOF\n\t\\\n\tEOF\necho x\n")).containsExactly("cat", "echo");
    }

    @Test
    void stripTabsVariant() {
        String in = "cat <<-END\n\tline $(id)\n\t\tx\n\tEND\necho ok";
        HereDoc d = doc(in, 0);
        assertThat(d.stripTabs()).isTrue();
        assertThat(d.terminated()).isTrue();
        assertThat(d.text()).isEqualTo("line $(id)\nx\n");
        Substitution sub = d.body().substitutions().get(0);
        assertThat(sub.text(in)).isEqualTo("$(id)");
        assertThat(commandNames(in)).containsExactly("cat", "id", "echo");
    }

    @Test
    void severalHereDocsOnOneLineAndPipelines() {
        String in = "cat <<A - <<'B' | sh\na $(x)\nA\nrm -rf ~\nB\nnext";
        HereDoc a = doc(in, 0);
        HereDoc b = doc(in, 1);
        assertThat(a.text()).isEqualTo("a $(x)\n");
        assertThat(b.text()).isEqualTo("rm -rf ~\n");
        assertThat(b.quoted()).isTrue();
        assertThat(commandNames(in)).containsExactly("cat", "x", "sh", "next");
    }

    @Test
    void hereDocInsideCommandSubstitution() {
        String in = "x=$(cat <<EOF\n$(rm -rf ~)\nEOF\n); echo $x";
        assertThat(commandNames(in)).containsExactly("<none>", "cat", "rm", "echo");
    }

    @Test
    void hereDocInsideBackquotes() {
        String in = "x=`cat <<EOF\n$(rm)\nEOF\n`";
        assertThat(commandNames(in)).containsExactly("<none>", "cat", "rm");
    }

    @Test
    void unterminatedHereDocRunsToEndOfInput() {
        String in = "sh <<EOF\nrm -rf ~\n";
        ParseResult r = ShellParser.parse(in);
        HereDoc d = ShellWalker.simpleCommands(r.script()).get(0).redirects().get(0).hereDoc();
        assertThat(d.terminated()).isFalse();
        assertThat(d.text()).isEqualTo("rm -rf ~\n");
        ParseResult noBody = ShellParser.parse("cat <<EOF");
        assertThat(ShellWalker.simpleCommands(noBody.script()).get(0).redirects().get(0).hereDoc().text()).isEmpty();
    }

    @Test
    void delimiterMustMatchWholeLine() {
        String in = "cat <<EOF\nEOF \n EOF\nEOFX\nEOF\n";
        assertThat(doc(in, 0).text()).isEqualTo("EOF \n EOF\nEOFX\n");
    }

    @Test
    void hereStringIsAWord() {
        Redirect r = TestSupport.firstCommand("bash <<< 'rm -rf ~'").redirects().get(0);
        assertThat(r.op()).isEqualTo(Redirect.Op.HERESTRING);
        assertThat(r.hereDoc()).isNull();
        assertThat(r.target().literalValue()).isEqualTo("rm -rf ~");
    }

    @Test
    void continuationsInUnquotedBodyAreJoined() {
        HereDoc d = doc("cat <<EOF\na\\\nb $(i\\\nd)\nEOF\n", 0);
        List<SimpleCommand> inner = ShellWalker.simpleCommands(d.body());
        assertThat(inner).extracting(SimpleCommand::commandName).containsExactly("id");
    }
}
