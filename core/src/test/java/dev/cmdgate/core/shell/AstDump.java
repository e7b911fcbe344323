package dev.cmdgate.core.shell;

import java.util.List;

/** Compact, deterministic s-expression rendering of a syntax tree, for tests and debugging. */
final class AstDump {

    private AstDump() {
    }

    static String dump(Node n) {
        StringBuilder sb = new StringBuilder();
        dump(n, sb);
        return sb.toString();
    }

    private static void list(String tag, List<? extends Node> nodes, StringBuilder sb) {
        sb.append('(').append(tag);
        for (Node c : nodes) {
            sb.append(' ');
            dump(c, sb);
        }
        sb.append(')');
    }

    private static String q(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t") + '"';
    }

    private static void dump(Node n, StringBuilder sb) {
        if (n == null) {
            sb.append("nil");
        } else if (n instanceof Script x) {
            list("script", x.statements(), sb);
        } else if (n instanceof Statement x) {
            sb.append("(stmt");
            for (int i = 0; i < x.pipelines().size(); i++) {
                if (i > 0) {
                    sb.append(x.operators().get(i - 1) == Statement.LogicalOp.AND ? " &&" : " ||");
                }
                sb.append(' ');
                dump(x.pipelines().get(i), sb);
            }
            if (x.background()) {
                sb.append(" &");
            }
            sb.append(')');
        } else if (n instanceof Pipeline x) {
            if (x.commands().size() == 1 && !x.negated() && !x.timed()) {
                dump(x.commands().get(0), sb);
                return;
            }
            sb.append("(pipe");
            if (x.negated()) {
                sb.append(" !");
            }
            if (x.timed()) {
                sb.append(" time");
            }
            for (int i = 0; i < x.commands().size(); i++) {
                if (i > 0) {
                    sb.append(x.operators().get(i - 1) == Pipeline.PipeOp.PIPE ? " |" : " |&");
                }
                sb.append(' ');
                dump(x.commands().get(i), sb);
            }
            sb.append(')');
        } else if (n instanceof SimpleCommand x) {
            sb.append("(cmd");
            for (Assignment a : x.assignments()) {
                sb.append(' ');
                dump(a, sb);
            }
            for (Word w : x.words()) {
                sb.append(' ');
                dump(w, sb);
            }
            redirects(x.redirects(), sb);
            sb.append(')');
        } else if (n instanceof Subshell x) {
            sb.append("(subshell ");
            dump(x.body(), sb);
            redirects(x.redirects(), sb);
            sb.append(')');
        } else if (n instanceof BraceGroup x) {
            sb.append("(group ");
            dump(x.body(), sb);
            redirects(x.redirects(), sb);
            sb.append(')');
        } else if (n instanceof IfCommand x) {
            sb.append("(if");
            for (IfCommand.Branch b : x.branches()) {
                sb.append(' ');
                dump(b.condition(), sb);
                sb.append(' ');
                dump(b.body(), sb);
            }
            if (x.elseBody() != null) {
                sb.append(" else ");
                dump(x.elseBody(), sb);
            }
            redirects(x.redirects(), sb);
            sb.append(')');
        } else if (n instanceof WhileCommand x) {
            sb.append(x.until() ? "(until " : "(while ");
            dump(x.condition(), sb);
            sb.append(' ');
            dump(x.body(), sb);
            redirects(x.redirects(), sb);
            sb.append(')');
        } else if (n instanceof ForCommand x) {
            sb.append(x.select() ? "(select " : "(for ").append(x.variable());
            if (x.items() != null) {
                sb.append(' ');
                list("in", x.items(), sb);
            }
            sb.append(' ');
            dump(x.body(), sb);
            redirects(x.redirects(), sb);
            sb.append(')');
        } else if (n instanceof ArithForCommand x) {
            sb.append("(arithfor ");
            dump(x.init(), sb);
            sb.append(' ');
            dump(x.condition(), sb);
            sb.append(' ');
            dump(x.update(), sb);
            sb.append(' ');
            dump(x.body(), sb);
            sb.append(')');
        } else if (n instanceof CaseCommand x) {
            sb.append("(case ");
            dump(x.subject(), sb);
            for (CaseCommand.Item it : x.items()) {
                sb.append(' ');
                list("item", it.patterns(), sb);
                sb.setLength(sb.length() - 1);
                sb.append(' ');
                dump(it.body(), sb);
                sb.append(' ').append(q(it.terminator())).append(')');
            }
            sb.append(')');
        } else if (n instanceof FunctionDefinition x) {
            sb.append("(function ").append(x.name()).append(' ');
            dump(x.body(), sb);
            sb.append(')');
        } else if (n instanceof ArithmeticCommand x) {
            sb.append("(arith ");
            dump(x.expression(), sb);
            redirects(x.redirects(), sb);
            sb.append(')');
        } else if (n instanceof TestCommand x) {
            list("test", x.words(), sb);
        } else if (n instanceof CoprocCommand x) {
            sb.append("(coproc ").append(x.name()).append(' ');
            dump(x.body(), sb);
            sb.append(')');
        } else if (n instanceof Assignment x) {
            sb.append("(assign ").append(x.name());
            if (x.subscript() != null) {
                sb.append(" [");
                dump(x.subscript(), sb);
                sb.append(']');
            }
            sb.append(x.append() ? " += " : " = ");
            if (x.isArray()) {
                list("array", x.array(), sb);
            } else {
                dump(x.value(), sb);
            }
            sb.append(')');
        } else if (n instanceof Redirect x) {
            sb.append("(redir ");
            if (x.fd() >= 0) {
                sb.append(x.fd());
            }
            if (x.fdVariable() != null) {
                sb.append('{').append(x.fdVariable()).append('}');
            }
            sb.append(x.op().token()).append(' ');
            dump(x.target(), sb);
            if (x.hereDoc() != null) {
                sb.append(x.hereDoc().quoted() ? " quoted " : " ");
                dump(x.hereDoc().body(), sb);
            }
            sb.append(')');
        } else if (n instanceof Word x) {
            if (x.parts().size() == 1 && x.parts().get(0) instanceof Literal l) {
                sb.append(q(l.value()));
                return;
            }
            list("w", x.parts(), sb);
        } else if (n instanceof Literal x) {
            sb.append(q(x.value()));
        } else if (n instanceof Escaped x) {
            sb.append("(esc ").append(q(x.value())).append(')');
        } else if (n instanceof SingleQuoted x) {
            sb.append("(sq ").append(q(x.value())).append(')');
        } else if (n instanceof AnsiCQuoted x) {
            sb.append("(ansi ").append(q(x.value())).append(')');
        } else if (n instanceof DoubleQuoted x) {
            list(x.localized() ? "ldq" : "dq", x.parts(), sb);
        } else if (n instanceof ParameterExpansion x) {
            sb.append("(param ").append(x.name());
            if (x.length()) {
                sb.append(" #");
            }
            if (x.indirect()) {
                sb.append(" !");
            }
            if (x.subscript() != null) {
                sb.append(" [");
                dump(x.subscript(), sb);
                sb.append(']');
            }
            if (x.operator() != null) {
                sb.append(' ').append(q(x.operator()));
                for (Word w : x.arguments()) {
                    sb.append(' ');
                    dump(w, sb);
                }
            }
            sb.append(')');
        } else if (n instanceof CommandSubstitution x) {
            sb.append(x.backquoted() ? "(bq " : "(cs ");
            dump(x.script(), sb);
            sb.append(')');
        } else if (n instanceof ProcessSubstitution x) {
            sb.append(x.output() ? "(ps> " : "(ps< ");
            dump(x.script(), sb);
            sb.append(')');
        } else if (n instanceof ArithmeticExpansion x) {
            sb.append("(ae ");
            dump(x.expression(), sb);
            sb.append(')');
        } else if (n instanceof Tilde x) {
            sb.append("(tilde ").append(q(x.user())).append(')');
        } else if (n instanceof PatternChar x) {
            sb.append("(glob ").append(x.value()).append(')');
        } else {
            sb.append(n);
        }
    }

    private static void redirects(List<Redirect> rs, StringBuilder sb) {
        for (Redirect r : rs) {
            sb.append(' ');
            dump(r, sb);
        }
    }
}
