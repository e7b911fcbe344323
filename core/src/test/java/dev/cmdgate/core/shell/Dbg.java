package dev.cmdgate.core.shell;

/** Manual debugging entry point: prints the tree and errors for each argument. */
final class Dbg {
    public static void main(String[] args) {
        for (String a : args) {
            ParseResult r = ShellParser.parse(a);
            System.out.println(a.replace("\n", "\\n") + "\n  => " + AstDump.dump(r.script()) + (r.ok() ? "" : "\n  ERR " + r.errors()));
        }
    }
}
