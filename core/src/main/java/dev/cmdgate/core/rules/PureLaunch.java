package dev.cmdgate.core.rules;

import java.util.List;

/**
 * A {@code pure-code [for PROGRAM...] [with OPT...] [cwd-unless OPT...]} row (for: only these of the section's
 * programs, {@code node} but not {@code ts-node}, which reads a project's configuration): the program does nothing but run the code its
 * {@code code LANG opt X} row names (and gives the operands to it as its arguments), so a launch whose code is pure
 * (docs/pure-code.md) is the language's {@code pure is} verdict — when besides the code option it has only the
 * options {@code with} lists. {@code cwdUnless}: options that keep the working directory off the module path (the
 * {@code cwd-modules} check is then not needed).
 */
public record PureLaunch(List<String> programs, List<String> with, List<String> cwdUnless) {

    static PureLaunch parse(RuleLine row) {
        List<String> t = row.words;
        java.util.ArrayList<String> with = new java.util.ArrayList<>();
        java.util.ArrayList<String> unless = new java.util.ArrayList<>();
        java.util.ArrayList<String> programs = new java.util.ArrayList<>();
        java.util.ArrayList<String> into = null;
        for (int i = 1; i < t.size(); i++) {
            String w = t.get(i);
            if (w.equals("for") && into == null && programs.isEmpty()) {
                into = programs;
            } else if (w.equals("with")) {
                into = with;
            } else if (w.equals("cwd-unless")) {
                into = unless;
            } else if (into == null || (into != programs && !w.startsWith("-"))) {
                throw new IllegalArgumentException("expected: pure-code [for PROGRAM...] [with OPT...] [cwd-unless OPT...]");
            } else {
                into.add(w);
            }
        }
        return new PureLaunch(List.copyOf(programs), List.copyOf(with), List.copyOf(unless));
    }
}
