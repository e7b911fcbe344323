package dev.cmdgate.core.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

/** Helpers shared by the shell tests. */
final class TestSupport {

    private TestSupport() {
    }

    /** Parses and asserts no error. */
    static Script parseOk(String input) {
        ParseResult r = ShellParser.parse(input);
        assertThat(r.errors()).as("errors for %s", input).isEmpty();
        return r.script();
    }

    /** The first simple command of the input (which must parse). */
    static SimpleCommand firstCommand(String input) {
        List<SimpleCommand> all = ShellWalker.simpleCommands(parseOk(input));
        assertThat(all).as("simple commands in %s", input).isNotEmpty();
        return all.get(0);
    }

    /** literalValue() of each word of the first simple command (null for dynamic words). */
    static List<String> argv(String input) {
        List<String> out = new ArrayList<>();
        for (Word w : firstCommand(input).words()) {
            out.add(w.literalValue());
        }
        return out;
    }

    /** Command names of every simple command anywhere, pre-order; "<none>" when no static name. */
    static List<String> commandNames(String input) {
        List<String> out = new ArrayList<>();
        for (SimpleCommand c : ShellWalker.simpleCommands(parseOk(input))) {
            String n = c.commandName();
            out.add(n == null ? (c.words().isEmpty() ? "<none>" : "<dynamic>") : n);
        }
        return out;
    }
}
