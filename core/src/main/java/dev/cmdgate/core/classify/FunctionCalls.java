package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.FunctionDefinition;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.Script;
import dev.cmdgate.core.shell.ShellParser;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A call of a function the script defines, judged with the call's words as the body's positional parameters: a
 * body is first judged where it is defined, with {@code $1} only known at run time, which cannot see that
 * {@code f() { cat "$1"; }; f /etc/shadow} reads a credential store. At each call whose words are known in part, a
 * body that refers to its parameters is judged again as {@link PositionalParameters} rewrites it for that call
 * (a function calling another is followed the same way). A function calling itself is followed while each call
 * gives fewer words than the one it is judged for ({@code f "${@:2}"}, {@code shift; f "$@"}), at most
 * {@link #MAX_RECURSION} calls deep: such a recursion ends, and its last call is often the one that does the work.
 * A recursive call past that bound, or one that does not give fewer words, is judged once more with each parameter
 * any of its words or only known at run time, and not followed further. Only a body that uses its parameters and a
 * call that gives a known word cost anything.
 */
final class FunctionCalls {

    /** Bound calls one classification follows; past this the line is too deep to judge (fail closed). */
    static final int MAX_CALLS = 500;
    /** Variables the rewrites may introduce in one classification (the variable model tracks 1,000 names). */
    static final int MAX_NAMES = 200;
    /** Calls of a function from its own body followed with their words in place (each giving fewer words). */
    static final int MAX_RECURSION = 6;
    /** Bodies judged again as written at a call after a change of directory, per classification. */
    static final int MAX_REJUDGED = 32;

    private final Analysis a;
    /**
     * The functions whose bodies are being judged for a call, with how many of their calls are and the words the
     * innermost gave: a recursive call is followed only while it gives fewer.
     */
    // created on first use: most classifications call no function with arguments
    private Map<String, int[]> active = Map.of();
    /** Functions judged with their parameters' positions unknown: a call from inside is not followed again. */
    private Set<String> unsure = Set.of();
    private Map<FunctionDefinition, Boolean> usesParameters = Map.of();
    /** The count of directory changes ({@link FileEffects#directoryChanges}) when each body was last judged. */
    private Map<FunctionDefinition, Integer> judgedAt = Map.of();
    /** Bodies judged again where they are called, after a change of directory. */
    private int rejudged;
    private int calls;
    private int names;

    FunctionCalls(Analysis a) {
        this.a = a;
    }

    /**
     * {@code words} (the name first) call a function of the script: its bodies are judged with the words bound, or,
     * when that is not done and the directory may have changed since a body was last judged, as written with the
     * directories known here ({@code g() { sed -i 1d sudoers; }; cd /etc; g}).
     */
    void call(String name, List<Arg> words, Site site) {
        if (a.budget.exhausted) {
            return;
        }
        List<String> values = words.size() < 2 || unsure.contains(name) ? null
                : PositionalParameters.valuesOf(words.subList(1, words.size()));
        if (values != null && !PositionalParameters.anyKnown(values)) {
            values = null;
        }
        int[] outer = active.get(name);
        // a call from its own body: followed as written while it gives fewer words, within the bound
        boolean positionsKnown = values == null || outer == null || outer[0] < MAX_RECURSION
                && values.size() < outer[1];
        DefinedFunctions functions = a.functions;
        for (FunctionDefinition f : functions.definitions(name)) {
            if (usesParameters.isEmpty()) {
                usesParameters = new IdentityHashMap<>(2);
                active = new HashMap<>(2);
                unsure = new HashSet<>(2);
            }
            String code = values == null || !usesParameters.computeIfAbsent(f, d -> PositionalParameters.uses(d.body()))
                    ? null : PositionalParameters.bind(functions.source(), f.body(), values, null, positionsKnown,
                            this::nextName);
            if (code != null) {
                defined(f);
                judge(name, code, site, values.size(), positionsKnown);
            } else if (outer == null) {
                whereCalled(name, f, functions.source(), words.size() - 1, site);
            }
        }
    }

    /**
     * A body judged again as written where it is called, when a cd, pushd or popd came between the last judgement
     * and this call: its relative names are then looked for in the directories the call may run in.
     */
    private void whereCalled(String name, FunctionDefinition f, String src, int words, Site site) {
        int now = a.files.directoryChanges();
        Integer then = judgedAt.get(f);
        if ((then == null ? 0 : then) == now || f.body().end() > src.length()) {
            return;
        }
        if (++rejudged > MAX_REJUDGED) {
            if (rejudged == MAX_REJUDGED + 1) {
                a.raise(site, a.setting("too-deep"), "more than " + MAX_REJUDGED
                        + " function calls after a change of directory");
            }
            return;
        }
        defined(f);
        judge(name, src.substring(f.body().start(), f.body().end()), site, words, true);
    }

    /** After the walk judged a definition's body where it stands: with the directories known there. */
    void defined(FunctionDefinition f) {
        if (judgedAt.isEmpty()) {
            judgedAt = new IdentityHashMap<>(2);
        }
        judgedAt.put(f, a.files.directoryChanges());
    }

    /**
     * {@code sh -c SCRIPT NAME ARG…}: the script judged again with {@code $0} NAME and {@code $1…} the ARGs (it
     * runs in a new shell, so it sees no function of the line).
     */
    void shellArguments(String script, List<Arg> after, Site site, CodeArguments code, Set<String> facts) {
        if (after.isEmpty() || a.budget.exhausted) {
            return;
        }
        List<String> values = PositionalParameters.valuesOf(after);
        if (!PositionalParameters.anyKnown(values)) {
            return;
        }
        ParseResult r = ShellParser.parse(script, ShellAnalysis.PARSE_DEPTH);
        if (!r.ok() || !PositionalParameters.uses(r.script())) {
            return;
        }
        String bound = PositionalParameters.bind(script, r.script(), values.subList(1, values.size()), values.get(0),
                true, this::nextName);
        if (bound != null && counted(site)) {
            code.runCode("sh", bound, false, site.at(site.location() + " (with its arguments as $0, $1 …)"), facts);
        }
    }

    /**
     * Code whose positional parameters a {@code set} gave ({@link PositionalSets}): judged again as
     * {@link PositionalParameters} rewrites it for those words.
     */
    void withParameters(String src, Script code, List<String> values, Site site, String what) {
        // not counted as a call: the statements after one set up to the next are judged once more, so the work
        // grows with the line (the commands' budget still bounds it)
        String bound = PositionalParameters.bind(src, code, values, null, true, this::nextName);
        if (bound == null) {
            return;
        }
        Analysis.Ctx ctx = site.ctx();
        if (Budget.tooDeep(ctx)) {
            a.raise(site, a.setting("too-deep"), "code nested more than " + Budget.MAX_CODE_DEPTH + " deep");
            return;
        }
        ShellAnalysis.calledBody(a, bound, new Analysis.Ctx(site.location() + " > " + what + " (with its words as $1 …)",
                ctx.depth() + 1, ctx.pipeline(), ctx.stage(), ctx.stdin()));
    }

    private void judge(String name, String code, Site site, int words, boolean positionsKnown) {
        Analysis.Ctx ctx = site.ctx();
        if (!counted(site)) {
            return;
        }
        if (Budget.tooDeep(ctx)) {
            a.raise(site, a.setting("too-deep"), "function calls nested more than " + Budget.MAX_CODE_DEPTH + " deep");
            return;
        }
        int[] outer = active.get(name);
        active.put(name, new int[] {outer == null ? 1 : outer[0] + 1, words});
        if (!positionsKnown) {
            unsure.add(name);
        }
        try {
            ShellAnalysis.calledBody(a, code, new Analysis.Ctx(site.location() + " > function " + name
                    + (positionsKnown ? " (with the call's words as $1 …)" : " (with any of the call's words as $1 …)"),
                    ctx.depth() + 1, ctx.pipeline(), ctx.stage(), ctx.stdin()));
        } finally {
            if (outer == null) {
                active.remove(name);
            } else {
                active.put(name, outer);
            }
            if (!positionsKnown) {
                unsure.remove(name);
            }
        }
    }

    private boolean counted(Site site) {
        if (++calls > MAX_CALLS) {
            if (calls == MAX_CALLS + 1) {
                a.raise(site, a.setting("too-deep"), "more than " + MAX_CALLS + " function calls with arguments");
            }
            return false;
        }
        return true;
    }

    private String nextName() {
        return names < MAX_NAMES ? "_cmdgate_parameter" + names++ : null;
    }
}
