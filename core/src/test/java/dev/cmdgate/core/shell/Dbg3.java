package dev.cmdgate.core.shell;

final class Dbg3 {
    static void t(String name, String in) {
        long t0 = System.nanoTime();
        ParseResult r = ShellParser.parse(in);
        long t1 = System.nanoTime();
        System.out.printf("%-28s len=%8d %8.1f ms ok=%s errs=%s%n", name, in.length(), (t1 - t0) / 1e6, r.ok(),
                r.errors().isEmpty() ? "" : r.errors().get(0) + (r.errors().size() > 1 ? " +" + (r.errors().size() - 1) : ""));
    }
    public static void main(String[] a) {
        for (int round = 0; round < 2; round++) {
        t("empty", "");
        t("nul", "echo \0 a\0b");
        t("unmatched quote", "echo 'abc");
        t("unmatched dq", "echo \"abc $(");
        t("unmatched paren", "(((( echo");
        t("1MiB line", "echo " + "a".repeat(1 << 20));
        t("1MiB quoted", "echo '" + "a".repeat(1 << 20) + "'");
        t("10k (", "(".repeat(10000));
        t("10k $(", "$(".repeat(10000));
        t("10k $((", "$((".repeat(10000));
        t("10k ((", "((".repeat(10000));
        t("10k ${x:-", "${x:-".repeat(10000));
        t("10k \"$(", "\"$(".repeat(10000));
        t("10k `", "`".repeat(10000));
        t("10k {", "{ ".repeat(10000));
        t("10k if", "if ".repeat(10000));
        t("100k ;", "a;".repeat(100000));
        t("100k |", "a|".repeat(100000) + "b");
        t("100k &&", "a&&".repeat(100000) + "b");
        t("100k \\n", "a\n".repeat(100000));
        t("lone surrogates", "echo \uD800 \uDC00x '\uD800' \\\uD800");
        t("100k [", "echo " + "[".repeat(100000));
        t("100k [a", "echo " + "[a ".repeat(100000));
        t("heredocs", "cat <<E\n".repeat(10000) + "E\n".repeat(10000));
        t("$(( a) x", "$(( a) ".repeat(10000));
        t("nested $(( $(( ", "$(( ".repeat(200) + "1" + " ) )".repeat(200));
        t("500k cont", "e\\\n".repeat(500000));
        t("1M }", "}".repeat(1 << 20));
        t("1M )", ")".repeat(1 << 20));
        t("1M ;;", ";;".repeat(1 << 19));
        t("bq nest", "echo `a \\`b \\\\\\`c\\\\\\` \\` `");
        t("case many", "case x in " + "a) b;; ".repeat(50000) + "esac");
        t("{a,b} 1MiB", "echo " + "{a,b}".repeat(200000));
        }
    }
}
