package dev.cmdgate.core.shell;

final class Dbg2 {
    public static void main(String[] args) {
        for (String a : args) {
            Word w = ShellParser.parse(a).script().statements().get(0).pipelines().get(0).commands().get(0) instanceof SimpleCommand sc ? sc.words().get(0) : null;
            BraceExpansion b = w.expandBraces(Integer.parseInt(System.getProperty("cap", "1000")));
            StringBuilder sb = new StringBuilder();
            for (Word x : b.words()) sb.append('[').append(x.literalValue()).append("] ");
            System.out.println(a + " => " + (sb.length() > 300 ? sb.substring(0, 300) + "... (" + b.words().size() + ")" : sb) + (b.overCap() ? " OVER" : ""));
        }
    }
}
