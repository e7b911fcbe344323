package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.Pipeline;
import dev.cmdgate.core.shell.Script;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Statement;
import dev.cmdgate.core.shell.Word;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code set -- WORDS} (or {@code set WORD…}) as a statement of a list: the statements after it in the same list run
 * with WORDS as their positional parameters, split as the line's other words are (at the blanks and at the
 * characters of the {@code IFS} the line gave), so {@code IFS=x; a=/etcx/shadow; set -- $a; cat "$1$2"} reads
 * {@code /etc/shadow}. Those statements — up to the next such {@code set} in the list, which starts its own — are
 * judged again as {@link PositionalParameters} rewrites them for each known list of words the {@code set} was judged
 * with; they are also judged as written, where the parameters are only known at run time. A {@code set} in a branch
 * or a loop changes the parameters of the statements after it in that branch or loop body alone; what comes after
 * the compound command still reads them as only known at run time.
 */
final class PositionalSets {

    /** Lists of words one {@code set} is judged again with (as written, with defaults, with each value …). */
    static final int MAX_READINGS = 4;

    private final Analysis a;
    /** The word lists the last {@code set} with operands was judged with, until the walk takes them. */
    private List<List<Arg>> pending = List.of();

    PositionalSets(Analysis a) {
        this.a = a;
    }

    /** {@code set}'s words, judged once more (called for each list the command is judged with). */
    void judged(List<Arg> words) {
        List<String> values = values(words);
        if (values == null || !PositionalParameters.anyKnown(values) || pending.size() >= MAX_READINGS) {
            return;
        }
        if (pending.isEmpty()) {
            pending = new ArrayList<>(2);
        }
        pending.add(words);
    }

    /**
     * The walk has judged statement {@code i} of {@code script} (its text in {@code src}): when that is a
     * {@code set} of the positional parameters, the statements after it are judged with the words it set.
     */
    void after(ShellAnalysis walk, String src, Script script, int i, Analysis.Ctx ctx) {
        List<List<Arg>> readings = pending;
        pending = List.of();
        List<Statement> sts = script.statements();
        if (readings.isEmpty() || !setsParameters(sts.get(i)) || a.budget.exhausted) {
            return;
        }
        int last = i;
        while (last + 1 < sts.size() && !setsParameters(sts.get(last + 1))) {
            last++;
        }
        if (last == i) {
            return; // another set follows at once
        }
        int from = sts.get(i + 1).start();
        int to = sts.get(last).end();
        if (from < 0 || to > src.length() || from >= to) {
            return;
        }
        String rest = src.substring(from, to);
        ParseResult r = ShellParser.parse(rest, ShellAnalysis.PARSE_DEPTH);
        if (!r.ok() || !PositionalParameters.uses(r.script())) {
            return;
        }
        Site site = new Site(ctx, walk.text(sts.get(i).start(), sts.get(i).end()),
                walk.loc(ctx, sts.get(i).start(), sts.get(i).end()));
        for (List<Arg> words : readings) {
            if (a.budget.exhausted) {
                return;
            }
            a.calls.withParameters(rest, r.script(), values(words), site, "the statements after set");
        }
    }

    /** The values {@code set} gives $1…: its words after {@code --}, or all of them when the first is no option. */
    static List<String> values(List<Arg> words) {
        if (words.size() < 2 || words.get(1).unresolved()) {
            return null;
        }
        String first = words.get(1).text;
        int from;
        if (first.equals("--")) {
            from = 2;
        } else if (first.startsWith("-") || first.startsWith("+")) {
            return null; // set -e, set -o NAME, set -x -- a: not followed
        } else {
            from = 1;
        }
        return from >= words.size() ? null : PositionalParameters.valuesOf(words.subList(from, words.size()));
    }

    /** Whether the statement is one {@code set} with operands ({@code set -- …}, {@code set WORD…}), nothing else. */
    static boolean setsParameters(Statement st) {
        if (st.background() || st.pipelines().size() != 1) {
            return false;
        }
        Pipeline p = st.pipelines().get(0);
        if (p.commands().size() != 1 || !(p.commands().get(0) instanceof SimpleCommand sc)) {
            return false;
        }
        List<Word> w = sc.words();
        if (w.size() < 2 || !"set".equals(w.get(0).literalValue())) {
            return false;
        }
        String first = w.get(1).literalValue();
        return first == null || first.equals("--") || !(first.startsWith("-") || first.startsWith("+"));
    }
}
