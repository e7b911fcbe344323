package dev.cmdgate.it;

import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Blocked;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.Assumptions;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate's files named where no row says a file is written, under {@code full} (every Write allowed): a compiler's
 * or linker's output in a piece of a word ({@code -MFF}, {@code -Wl,-Map=F}, {@code -Wp,-MD,F}, {@code ld -Map=F}),
 * a response file no row describes ({@code objcopy @F}, {@code gcc -Wl,@F}), sqlite3's {@code writefile()} with a
 * computed name, its dot commands with escapes or from a file, and an argument file named through a variable or
 * rewritten earlier in the line. Each is really attempted in a forked JVM; the audit and rules files are as they
 * were, and the harmless forms still run.
 */
class OwnFilesInPartsIT {

    private static final String FIRST = "P5Q6 first line\n";

    @TempDir
    Path tmp;

    private static void assumeTools(String... names) {
        for (String n : names) {
            Assumptions.assumeThat(Files.isExecutable(Path.of("/usr/bin", n))).as(n + " is not installed").isTrue();
        }
    }

    @OnEachJdk
    void compiler_and_linker_outputs_in_pieces_of_words(Jdk jdk) throws Exception {
        assumeTools("gcc", "ld", "objcopy");
        OwnFilesFixture f = new OwnFilesFixture(tmp, FIRST);
        Dirs.write(f.work.resolve("m.c"), "int main(){return 0;}\n");
        Dirs.write(f.work.resolve("l.txt"), "-Map=../state/audit.jsonl\n");
        Dirs.write(f.work.resolve("o.txt"), "m.o ../state/audit.jsonl\n");
        Dirs.write(f.work.resolve("g.txt"), "-c -o ../state/audit.jsonl m.c\n");
        Spec spec = Spec.attempts()
                .add("mf_joined", "sh", "-c", "gcc -MD -MF../state/audit.jsonl -c -o m1.o m.c")
                .add("wl_map_eq", "sh", "-c", "gcc -Wl,-Map=../state/team.rules -o m1 m.c")
                .add("wl_map_comma", "sh", "-c", "gcc -Wl,-Map,../state/team.rules -o m1 m.c")
                .add("wp_md", "sh", "-c", "gcc -Wp,-MD,../state/audit.jsonl -c -o m1.o m.c")
                .add("compile", "sh", "-c", "gcc -c -o m.o m.c")
                .add("ld_map", "sh", "-c", "ld -Map=../state/audit.jsonl -o m2 m.o -e main")
                .add("ld_rsp", "sh", "-c", "ld @l.txt -o m2 m.o -e main")
                .add("wl_rsp", "sh", "-c", "gcc -Wl,@l.txt -o m3 m.c")
                .add("objcopy_rsp", "sh", "-c", "objcopy @o.txt")
                .add("triplet_rsp", "sh", "-c", "x86_64-linux-gnu-gcc-12 @g.txt")
                .add("harmless_map", "sh", "-c", "gcc -MD -MFm.d -Wl,-Map=m.map -o m4 m.c");
        Run run = f.run(jdk, spec);

        SoftAssertions soft = new SoftAssertions();
        f.assertRefused(soft, run, List.of("mf_joined", "wl_map_eq", "wl_map_comma", "wp_md", "ld_map", "ld_rsp"));
        for (String name : List.of("wl_rsp", "objcopy_rsp", "triplet_rsp")) {
            AppResult r = run.result(name);
            Blocked.assertBlocked(r);
            soft.assertThat(r.message()).as(r.toString()).contains("unverifiable arguments");
        }
        soft.assertThat(Dirs.read(f.audit)).startsWith(FIRST);
        f.assertGateLines(soft, 1, 9);
        soft.assertThat(run.result("compile").status()).as(run.result("compile").toString()).isEqualTo("ok");
        AppResult ok = run.result("harmless_map");
        soft.assertThat(ok.status()).as(ok.toString()).isEqualTo("ok");
        soft.assertThat(f.work.resolve("m.map")).as("the harmless link map was written").exists();
        soft.assertAll();
    }

    @OnEachJdk
    void sqlite_names_it_computes_escapes_and_files_of_statements(Jdk jdk) throws Exception {
        assumeTools("sqlite3");
        OwnFilesFixture f = new OwnFilesFixture(tmp, FIRST);
        Dirs.write(f.work.resolve("c.sql"), ".output ../state/audit.jsonl\nselect 'P01Q';\n");
        Dirs.write(f.work.resolve("ok.sql"), ".output out.txt\nselect 'fine';\n");
        Spec spec = Spec.attempts()
                .add("writefile_literal", "sqlite3", ":memory:", "select writefile('../state/audit.jsonl','P01Q')")
                .add("writefile_concat", "sqlite3", ":memory:", "select writefile('../state/aud'||'it.jsonl','P01Q')")
                .add("writefile_replace", "sqlite3", ":memory:",
                        "select writefile(replace('../state/team.rulesX','X',''),'P01Q')")
                .add("octal_escape", "sqlite3", ":memory:", ".output \"../state/aud\\151t.jsonl\"", "select 'P01Q'")
                .add("cmd_escape", "sqlite3", "-cmd", ".once \"../state/team.rule\\163\"", ":memory:", "select 'P01Q'")
                .add("dot_read", "sqlite3", ":memory:", ".read c.sql")
                .add("init_file", "sqlite3", "-init", "c.sql", ":memory:", ".quit")
                .add("stdin_file", "sh", "-c", "sqlite3 :memory: < c.sql")
                .add("harmless_read", "sqlite3", ":memory:", ".read ok.sql")
                .add("harmless_writefile", "sqlite3", ":memory:", "select writefile('w.txt','fine')");
        Run run = f.run(jdk, spec);

        SoftAssertions soft = new SoftAssertions();
        f.assertRefused(soft, run, List.of("writefile_literal", "writefile_concat", "writefile_replace", "octal_escape",
                "cmd_escape", "dot_read", "init_file", "stdin_file"));
        soft.assertThat(Dirs.read(f.audit)).startsWith(FIRST);
        f.assertGateLines(soft, 1, 10);
        for (String name : List.of("harmless_read", "harmless_writefile")) {
            soft.assertThat(run.result(name).status()).as(run.result(name).toString()).isEqualTo("ok");
        }
        soft.assertThat(f.work.resolve("out.txt")).as("the harmless file of statements ran").exists();
        soft.assertThat(f.work.resolve("w.txt")).as("writefile to a harmless name ran").exists();
        soft.assertAll();
    }

    @OnEachJdk
    void argument_files_through_variables_or_rewritten_in_the_line(Jdk jdk) throws Exception {
        OwnFilesFixture f = new OwnFilesFixture(tmp, FIRST);
        String javac = jdk.home().resolve("bin/javac").toString();
        Dirs.write(f.work.resolve("a.txt"), "-Xstdout ../state/audit.jsonl\n");
        Dirs.write(f.work.resolve("b.txt"), "-nowarn\n");
        Dirs.write(f.work.resolve("A.java"), "class A {}\n");
        Dirs.write(f.work.resolve("ok.txt"), "-d out\nA.java\n");
        Spec spec = Spec.attempts()
                .add("variable", "sh", "-c", "x=@a.txt; " + javac + " $x")
                .add("quoted_variable", "sh", "-c", "x=@a.txt; " + javac + " \"$x\"")
                .add("after_tar", "sh", "-c", "tar xf t.tar; " + javac + " @b.txt")
                .add("harmless_variable", "sh", "-c", "x=@ok.txt; " + javac + " $x");
        boolean sqlite = Files.isExecutable(Path.of("/usr/bin/sqlite3"));
        if (sqlite) {
            spec.add("after_writefile", "sh", "-c", "sqlite3 :memory: \"select writefile('b.txt','-Xstdout "
                    + "../state/audit.jsonl Nope.java')\"; " + javac + " @b.txt");
        }
        Run run = f.run(jdk, spec);

        SoftAssertions soft = new SoftAssertions();
        f.assertRefused(soft, run, List.of("variable", "quoted_variable"));
        for (String name : sqlite ? List.of("after_tar", "after_writefile") : List.of("after_tar")) {
            AppResult r = run.result(name);
            Blocked.assertBlocked(r);
            soft.assertThat(r.message()).as(r.toString()).contains("unverifiable arguments");
        }
        soft.assertThat(Dirs.read(f.audit)).startsWith(FIRST);
        soft.assertThat(Dirs.read(f.work.resolve("b.txt"))).isEqualTo("-nowarn\n");
        f.assertGateLines(soft, 1, 3);
        AppResult ok = run.result("harmless_variable");
        soft.assertThat(ok.status()).as(ok.toString()).isEqualTo("ok");
        soft.assertThat(f.work.resolve("out/A.class")).as("the harmless file compiled").exists();
        soft.assertAll();
    }
}
