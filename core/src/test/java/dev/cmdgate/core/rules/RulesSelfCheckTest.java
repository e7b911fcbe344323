package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Self-checks of the built-in rules that a reviewer would otherwise do by eye: an option whose value
 * is run must say how the value is read (a {@code code} row), or the classifier knows the option
 * runs something but never judges what.
 */
class RulesSelfCheckTest {

    /** Value placeholders that declare "this value is run" ({@code opt --exec =COMMAND}). */
    static final Set<String> RUN_VALUE_NAMES = Set.of("COMMAND", "CMD", "PROGRAM", "PROG", "SCRIPT", "SHELL",
            "PAGER", "EDITOR", "CODE", "HOOK", "BROWSER", "RUNS");

    /** Placeholders that name a user, a number or a host: never a program, whatever the reason says. */
    static final Set<String> NOT_A_PROGRAM = Set.of("USER", "GROUP", "UID", "GID", "ID", "N", "NUM", "COUNT", "SIZE",
            "TIME", "SECONDS", "PORT", "HOST", "PID");

    /** An effect whose reason says the option runs something. */
    static final Pattern RUNS_REASON = Pattern.compile("\\b(runs|executes)\\b",
            Pattern.CASE_INSENSITIVE);

    /**
     * Every option with a value that is declared to run (by its placeholder or its effect's reason)
     * but has no {@code code … opt OPTION} row in its section or a section above it.
     */
    static List<String> undeclaredRunners(RuleSet r) {
        List<String> out = new ArrayList<>();
        for (Section s : r.allSections()) { // every section, built-in programs read lazily included
            for (OptionSpec o : s.options) {
                if (o.arity() == OptionSpec.Arity.NONE) {
                    continue;
                }
                boolean runs = RUN_VALUE_NAMES.contains(o.valueName())
                        || o.effect() != null && RUNS_REASON.matcher(o.effect().reason()).find()
                                && !NOT_A_PROGRAM.contains(o.valueName());
                if (runs && !declared(s, o)) {
                    out.add("[" + s.key + "] " + o.names() + " =" + o.valueName()
                            + (o.effect() == null ? "" : " (" + o.effect().reason() + ", " + o.effect().rule() + ")"));
                }
            }
        }
        return out;
    }

    private static boolean declared(Section s, OptionSpec o) {
        if (s.runs != null && o.names().stream().anyMatch(s.runs.between()::contains)) {
            return true; // fd -x CMD ARGS… ; — the option starts a command read by a 'runs between' row
        }
        for (Section x = s; x != null; x = x.parent) {
            for (CodeRule c : x.codes) {
                if (c.source() == CodeRule.Source.OPT && c.name().equals(o.canonical())) {
                    return true;
                }
            }
        }
        // a sub-command section may read the value of its parent's option (ansible -m shell -a CMD)
        for (Section sub : s.optSubs.values()) {
            for (CodeRule c : sub.codes) {
                if (c.source() == CodeRule.Source.OPT && c.name().equals(o.canonical())) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void everyOptionThatRunsItsValueSaysHowTheValueIsRead() {
        assertThat(undeclaredRunners(RuleSet.builtin()))
                .as("options that run their value but have no 'code READING opt OPTION' row (docs/rules-format.md)")
                .isEmpty();
    }

    @Test
    void theCheckFindsAnUndeclaredRunnerByPlaceholderAndByReason() {
        // a user rules file on top of the built-in rules: only its own section can be flagged
        RuleSet bad = RuleSet.withUserText("""
                [tool]
                is Read minimal "a tool"
                opt --hook =COMMAND
                opt --filter =EXPR -> Write high "runs a filter program on every file"
                opt --level =N -> Write low "sets a level"
                opt --pager =PAGER
                code sh opt --pager
                """, "self-check.rules");
        assertThat(undeclaredRunners(bad).stream().filter(l -> l.startsWith("[tool]")).toList()).hasSize(2)
                .anySatisfy(l -> assertThat(l).contains("--hook"))
                .anySatisfy(l -> assertThat(l).contains("--filter").contains("self-check.rules:"));
    }
}
