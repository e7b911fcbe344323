package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.FunctionDefinition;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.ShellParser;
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
 * (a function calling another is followed the same way, a recursive call is not followed again). Only a body
 * that uses its parameters and a call that gives a known word cost anything.
 */
final class FunctionCalls {

    /** Bound calls one classification follows; past this the line is too deep to judge (fail closed). */
    static final int MAX_CALLS = 500;
    /** Variables the rewrites may introduce in one classification (the variable model tracks 1,000 names). */
    static final int MAX_NAMES = 200;

    private final Analysis a;
    /** The functions whose bodies are being judged for a call: a recursive call is judged where it is written. */
    // created on first use: most classifications call no function with arguments
    private Set<String> active = Set.of();
    private Map<FunctionDefinition, Boolean> usesParameters = Map.of();
    private int calls;
    private int names;

    FunctionCalls(Analysis a) {
        this.a = a;
    }

    /** {@code words} (the name first) call a function of the script: its bodies are judged with the words bound. */
    void call(String name, List<Arg> words, Site site) {
        if (words.size() < 2 || active.contains(name) || a.budget.exhausted) {
            return;
        }
        List<String> values = PositionalParameters.valuesOf(words.subList(1, words.size()));
        if (!PositionalParameters.anyKnown(values)) {
            return;
        }
        DefinedFunctions functions = a.functions;
        if (usesParameters.isEmpty()) {
            usesParameters = new IdentityHashMap<>(2);
            active = new HashSet<>(2);
        }
        for (FunctionDefinition f : functions.definitions(name)) {
            if (!usesParameters.computeIfAbsent(f, d -> PositionalParameters.uses(d.body()))) {
                continue;
            }
            String code = PositionalParameters.bind(functions.source(), f.body(), values, null, this::nextName);
            if (code != null) {
                judge(name, code, site);
            }
        }
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
                this::nextName);
        if (bound != null && counted(site)) {
            code.runCode("sh", bound, false, site.at(site.location() + " (with its arguments as $0, $1 …)"), facts);
        }
    }

    private void judge(String name, String code, Site site) {
        Analysis.Ctx ctx = site.ctx();
        if (!counted(site)) {
            return;
        }
        if (Budget.tooDeep(ctx)) {
            a.raise(site, a.setting("too-deep"), "function calls nested more than " + Budget.MAX_CODE_DEPTH + " deep");
            return;
        }
        active.add(name);
        try {
            ShellAnalysis.calledBody(a, code, new Analysis.Ctx(site.location() + " > function " + name
                    + " (with the call's words as $1 …)", ctx.depth() + 1, ctx.pipeline(), ctx.stage(), ctx.stdin()));
        } finally {
            active.remove(name);
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
