package dev.cmdgate.agent.stdin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommandFramerTest {

    /** Feeds the text line by line and returns the commands framed, plus what is left held. */
    static List<String> frame(String text) {
        CommandFramer f = new CommandFramer();
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                if (f.feed(text.substring(start, i + 1))) {
                    out.add(f.text());
                    f.reset();
                }
                start = i + 1;
            }
        }
        if (start < text.length() || !f.text().isEmpty()) {
            f.feed(text.substring(start));
            out.add("HELD:" + f.text());
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "ls\n",
        "ls -la; echo done\n",
        "echo 'a b' \"c d\"\n",
        "echo $'it\\'s'\n",
        "echo \"$(date) `id`\"\n",
        "echo ${HOME:-/} $((1 + 2))\n",
        "sleep 1 &\n",
        "ls # a comment with ' and \" and (\n",
        "echo a\\#b\n",
        "cat <<<here-string\n",
        "ls 2>&1 >/dev/null\n",
        "ls &> out\n",
        "echo done fi esac }\n",
        "f() { echo hi; }\n",
        "function g { echo hi; }\n",
        "a=(1 2 3)\n",
        "diff <(ls a) >(cat)\n",
        "[[ -n $x ]] && echo y\n",
        "echo {a,b}\n",
    })
    void oneLineCommandsAreCompleteAtTheirNewline(String line) {
        assertThat(frame(line)).containsExactly(line);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "echo 'open\nquote'\n",
        "echo \"open\n$(ls\n)\"\n",
        "ls |\n  wc -l\n",
        "true &&\nfalse ||\necho x\n",
        "echo a \\\nb\n",
        "if true; then\n  echo a\nelse\n  echo b\nfi\n",
        "for i in 1 2; do\n  echo $i\ndone\n",
        "while false\ndo\n  :\ndone\n",
        "case $x in\n  a) echo a;;\n  *) echo other;;\nesac\n",
        "{\n  echo a\n  echo b\n}\n",
        "(\n  cd /tmp\n  ls\n)\n",
        "cat <<EOF\nline $x\n'unbalanced \"\nEOF\n",
        "cat <<-'END' > f\n\tbody\n\tEND\n",
        "cat <<A <<B\na\nA\nb\nB\n",
        "x=$(cat <<EOF\nhi\nEOF\n)\n",
        "f() {\n  if true; then echo in; fi\n}\n",
        "echo $(\n  echo nested\n)\n",
        "echo `ls\n`\n",
        "echo ${x:-\n}\n",
    })
    void multiLineCommandsAreFramedWhole(String command) {
        assertThat(frame(command)).containsExactly(command);
    }

    @Test
    void aStreamOfCommandsIsSplitAtEachCompleteOne() {
        assertThat(frame("ls\nif true; then\necho a\nfi\ncat <<E\nx\nE\necho last\n"))
                .containsExactly("ls\n", "if true; then\necho a\nfi\n", "cat <<E\nx\nE\n", "echo last\n");
    }

    @Test
    void incompleteTextIsHeld() {
        assertThat(frame("echo 'no end\n")).containsExactly("HELD:echo 'no end\n");
        assertThat(frame("cat <<EOF\nno delimiter\n")).containsExactly("HELD:cat <<EOF\nno delimiter\n");
        assertThat(frame("ls |\n")).containsExactly("HELD:ls |\n");
        assertThat(frame("if true; then\n")).containsExactly("HELD:if true; then\n");
        assertThat(frame("echo no newline")).containsExactly("HELD:echo no newline");
    }

    @Test
    void wordsThatLookLikeKeywordsOnlyCountInCommandPosition() {
        assertThat(frame("echo if then\n")).containsExactly("echo if then\n");
        assertThat(frame("echo 'fi'; if true; then echo fi; fi\n")).containsExactly("echo 'fi'; if true; then echo fi; fi\n");
        assertThat(frame("case x in\na) echo esac;;\nesac\n")).containsExactly("case x in\na) echo esac;;\nesac\n");
    }

    @Test
    void theShellParserHasTheLastWordOnWhatEndsEarly() {
        assertThat(CommandFramer.endsEarly("echo 'a\n")).isTrue();
        assertThat(CommandFramer.endsEarly("if true; then\n")).isTrue();
        assertThat(CommandFramer.endsEarly("for i in 1; do\n")).isTrue();
        assertThat(CommandFramer.endsEarly("cat <<EOF\nbody\n")).isTrue();
        assertThat(CommandFramer.endsEarly("echo $(ls\n")).isTrue();
        assertThat(CommandFramer.endsEarly("ls\n")).isFalse();
        assertThat(CommandFramer.endsEarly("cat <<EOF\nbody\nEOF\n")).isFalse();
        assertThat(CommandFramer.endsEarly("echo )\n")).as("a syntax error that more input cannot fix").isFalse();
        assertThat(CommandFramer.endsEarly("ls &&\n")).isTrue();
        // the backquotes close: the unfinished if inside them is an error, not a reason to wait
        assertThat(CommandFramer.endsEarly("echo `if true`\n")).isFalse();
    }

    @Test
    void anUnbalancedCloserIsFramedAsItIsForTheClassifierToRefuse() {
        assertThat(frame("echo )\nls\n")).containsExactly("echo )\n", "ls\n");
    }
}
