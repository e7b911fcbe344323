package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.LaunchSite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The gate's files named where no row says a file is written: a piece of a word ({@code -MFF}, {@code -Wl,-Map=F}),
 * a response file no row describes, a name an SQL statement computes or a file of statements holds, an argument
 * file named through a variable, and one a writer of names from content may have replaced. Relative names: the
 * launch works in {@code work}, the gate's files are in {@code ../srv/gate} (written {@code G} below).
 */
class OwnFilesInPartsTest {

    private static final String OWN = "changes cmdgate's own files";
    private static final String UNVERIFIABLE = "unverifiable arguments";

    @TempDir
    Path tmp;

    private Path work;
    private CommandClassifier c;

    @BeforeEach
    void setUp() throws IOException {
        Path home = Files.createDirectories(tmp.resolve("home"));
        work = Files.createDirectories(tmp.resolve("work"));
        Path state = Files.createDirectories(tmp.resolve("srv/gate"));
        Files.writeString(state.resolve("audit.jsonl"), "");
        Files.writeString(state.resolve("team.rules"), "");
        OwnFiles own = OwnFiles.builder(home.toString())
                .add(state.resolve("audit.jsonl"), OwnFiles.Kind.ROTATED, "the audit file")
                .add(state.resolve("team.rules"), OwnFiles.Kind.FILE, "the rules file")
                .build();
        c = Classifiers.standard(null, own);
    }

    private Classification classify(String line) {
        return c.classifyArgv(List.of("sh", "-c", line.replace("G/", "../srv/gate/")), Map.of(),
                LaunchSite.of(work.toString(), List::of));
    }

    private List<String> reasons(String line) {
        return classify(line).findings().stream().map(Finding::reason).toList();
    }

    private void file(String name, String text) throws IOException {
        Path p = work.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text.replace("G/", "../srv/gate/"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "gcc -MD -MFG/audit.jsonl -c -o sub/m.o m.c",
            "gcc -Wl,-Map=G/team.rules -o sub/m m.c",
            "gcc -Wl,-Map,G/team.rules -o sub/m m.c",
            "gcc -Wp,-MD,G/audit.jsonl -c m.c",
            "ld -Map=G/audit.jsonl -o sub/m2 sub/m.o",
            "cd sub && gcc -MF../G/audit.jsonl -c ../m.c",
            "gcc -Wl,-Map=G/audit.jsonl.1 m.c",
            "sort -oG/audit.jsonl x",
            "./tool --log=G/team.rules",
    })
    void aGateFileInAPieceOfAWordIsOwnFiles(String line) {
        assertThat(reasons(line)).as(line).anyMatch(r -> r.startsWith(OWN));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "gcc -MD -MFm.d -c -o m.o m.c",
            "gcc -Wl,-Map=out.map -Wl,--gc-sections -o m m.c",
            "gcc -Iinclude -L../lib -DNAME=value -c m.c",
            "ld -Map=out.map -o m m.o",
    })
    void otherPiecesKeepTheirClass(String line) {
        assertThat(classify(line).commandClass()).as(line + " " + reasons(line)).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void responseFilesNoRowDescribes() throws IOException {
        file("l.txt", "-Map=G/audit.jsonl\n");
        file("o.txt", "sub/m.o G/audit.jsonl\n");
        file("g.txt", "-c -o G/audit.jsonl m.c\n");
        // ld and gcc read their own (argfiles rows): the words inside are judged as on the line
        assertThat(reasons("ld @l.txt -o m m.o")).anyMatch(r -> r.startsWith(OWN));
        assertThat(reasons("gcc -Xlinker @l.txt m.c")).anyMatch(r -> r.startsWith(OWN));
        // handed on to the linker, or read by a program without the row: the arguments cannot be told
        for (String line : List.of("gcc -Wl,@l.txt m.c", "objcopy @o.txt", "strip @o.txt", "as @g.txt",
                "x86_64-linux-gnu-gcc-12 @g.txt", "./mytool @o.txt")) {
            assertThat(reasons(line)).as(line).anyMatch(r -> r.startsWith(UNVERIFIABLE));
        }
        // a word naming no file is an ordinary word
        assertThat(reasons("objcopy @nothing.txt m.o")).noneMatch(r -> r.startsWith(UNVERIFIABLE));
        assertThat(reasons("npm install @types/node")).noneMatch(r -> r.startsWith(UNVERIFIABLE));
        // ... unless the script writes it first
        assertThat(reasons("echo x > n.txt; objcopy @n.txt")).anyMatch(r -> r.startsWith(UNVERIFIABLE));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "sqlite3 :memory: \"select writefile('G/audit.jsonl','x')\"",
            "sqlite3 :memory: \"select writefile('G/aud'||'it.jsonl','x')\"",
            "sqlite3 :memory: \"select writefile(char(46,46,47)||'srv/gate/audit.jsonl','x')\"",
            "sqlite3 :memory: \"select writefile(replace('G/team.rulesX','X',''),'x')\"",
            "sqlite3 :memory: \"select WriteFile (name, data) from t\"",
            "sqlite3 :memory: \"ATTACH 'G/aud'||'it.jsonl' AS a\"",
            "sqlite3 :memory: '.output \"G/aud\\151t.jsonl\"' \"select 1\"",
            "sqlite3 -cmd '.once \"G/team.rule\\163\"' :memory: \"select 1\"",
    })
    void sqliteNamesItComputesOrEscapes(String line) {
        assertThat(reasons(line)).as(line).anyMatch(r -> r.startsWith(OWN));
    }

    @Test
    void sqliteStatementsFromFiles() throws IOException {
        file("c.sql", ".output G/audit.jsonl\nselect 1;\n");
        file("ok.sql", "create table t(x);\n.output out.txt\nselect 1;\n");
        for (String line : List.of("sqlite3 :memory: \".read c.sql\"", "sqlite3 :memory: < c.sql",
                "sqlite3 -init c.sql :memory: .quit", "sqlite3 :memory: <<'EOF'\n.once G/team.rules\nselect 1;\nEOF")) {
            assertThat(reasons(line)).as(line).anyMatch(r -> r.startsWith(OWN));
        }
        for (String line : List.of("sqlite3 :memory: \".read missing.sql\"", "sqlite3 :memory: '.read $F'")) {
            assertThat(reasons(line)).as(line).anyMatch(r -> r.startsWith(UNVERIFIABLE));
        }
        for (String line : List.of("sqlite3 app.db \".read ok.sql\"", "sqlite3 app.db < ok.sql",
                "sqlite3 app.db \"select writefile('out.bin', x) from t\"")) {
            assertThat(classify(line).commandClass()).as(line).isEqualTo(CommandClass.WRITE);
        }
        // a statement that only reads, no file of statements: the reading stands (with -safe: without it a view may
        // call edit())
        assertThat(classify("sqlite3 -safe app.db 'select 1'").commandClass()).isEqualTo(CommandClass.READ);
        assertThat(classify("sqlite3 app.db 'select 1'").commandClass()).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void anArgumentFileThroughAVariableIsRead() throws IOException {
        file("a.txt", "-Xstdout G/audit.jsonl\n");
        file("ok.txt", "-d out A.java\n");
        assertThat(reasons("x=@a.txt; javac $x")).anyMatch(r -> r.startsWith(OWN));
        assertThat(reasons("x=@a.txt; javac \"$x\"")).anyMatch(r -> r.startsWith(OWN));
        assertThat(reasons("x=a.txt; javac @$x")).anyMatch(r -> r.startsWith(OWN));
        assertThat(classify("x=@ok.txt; javac $x").commandClass()).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void namesFromContentMakeALaterArgumentFileUnknown() throws IOException {
        file("a.txt", "-nowarn\n");
        for (String line : List.of("tar xf t.tar; javac @a.txt", "unzip -o t.zip && javac @a.txt",
                "sqlite3 :memory: \"select writefile('a.txt','-Xstdout x')\"; javac @a.txt",
                "sqlite3 :memory: \"select writefile(n, d) from t\"; javac @a.txt")) {
            assertThat(reasons(line)).as(line).anyMatch(r -> r.startsWith(UNVERIFIABLE));
        }
        // listing an archive writes nothing
        assertThat(reasons("tar tf t.tar; javac @a.txt")).noneMatch(r -> r.startsWith(UNVERIFIABLE));
    }
}
