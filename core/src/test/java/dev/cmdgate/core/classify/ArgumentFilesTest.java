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
 * Words naming files of more arguments ({@code argfiles} rows: {@code javac @args.txt}) are judged with the files'
 * words in their place, read from real files in the directory the command works in; when those words cannot be
 * told the command is unverifiable, never judged as if the file were empty.
 */
class ArgumentFilesTest {

    private static final String OWN = "changes cmdgate's own files";
    private static final String UNVERIFIABLE = "unverifiable arguments";

    @TempDir
    Path tmp;

    private Path work;
    private Path state;
    private CommandClassifier c;

    @BeforeEach
    void setUp() throws IOException {
        Path home = Files.createDirectories(tmp.resolve("home"));
        work = Files.createDirectories(tmp.resolve("work"));
        state = Files.createDirectories(tmp.resolve("srv/gate"));
        Files.writeString(state.resolve("audit.jsonl"), "");
        OwnFiles own = OwnFiles.builder(home.toString())
                .add(state.resolve("audit.jsonl"), OwnFiles.Kind.ROTATED, "the audit file")
                .add(state, OwnFiles.Kind.TREE, "the gate's state directory")
                .build();
        c = Classifiers.standard(null, own);
    }

    private Classification classify(String line) {
        return c.classifyArgv(List.of("sh", "-c", line.replace("STATE", state.toString())), Map.of(),
                LaunchSite.of(work.toString(), List::of));
    }

    private List<String> reasons(String line) {
        return classify(line).findings().stream().map(Finding::reason).toList();
    }

    private void file(String name, String text) throws IOException {
        Path p = work.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text.replace("STATE", state.toString()));
    }

    @Test
    void aGateFileNamedInsideIsOwnFilesAsOnTheLine() throws IOException {
        file("args.txt", "-Xstdout\nSTATE/audit.jsonl\nNope.java\n");
        assertThat(reasons("javac -Xstdout STATE/audit.jsonl Nope.java")).anyMatch(r -> r.startsWith(OWN));
        assertThat(reasons("javac @args.txt")).anyMatch(r -> r.startsWith(OWN));
        // quoted, commented, and an absolute name for the argument file
        file("q.txt", "# compiler output\n'-Xstdout' \"STATE/audit.jsonl\"\n");
        assertThat(reasons("javac @" + work.resolve("q.txt"))).anyMatch(r -> r.startsWith(OWN));
        file("d.txt", "-d STATE A.java");
        assertThat(reasons("javac @d.txt")).anyMatch(r -> r.startsWith(OWN));
    }

    @Test
    void aHarmlessFileKeepsTheClassTheLineWouldHave() throws IOException {
        file("args.txt", "-d out\n-cp lib/a.jar\nsrc/A.java src/B.java\n");
        Classification onLine = classify("javac -d out -cp lib/a.jar src/A.java src/B.java");
        Classification viaFile = classify("javac @args.txt");
        assertThat(viaFile.commandClass()).isEqualTo(onLine.commandClass()).isEqualTo(CommandClass.WRITE);
        assertThat(viaFile.level()).isEqualTo(onLine.level());
        // the JDK's escape: @@x is the word @x, no file read
        assertThat(classify("javac @@nothing.txt").commandClass()).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void javacsOptionsVariableIsMoreOfItsArguments() throws IOException {
        file("args.txt", "-Xstdout STATE/audit.jsonl");
        assertThat(reasons("JDK_JAVAC_OPTIONS='-Xstdout STATE/audit.jsonl' javac A.java")).anyMatch(r -> r.startsWith(OWN));
        assertThat(reasons("export JDK_JAVAC_OPTIONS=@args.txt; javac A.java")).anyMatch(r -> r.startsWith(OWN));
    }

    @Test
    void theJvmsOwnOutputFilesInsideJavasArgfile() throws IOException {
        file("jvm.txt", "-XX:ErrorFile=STATE/audit.jsonl -version");
        assertThat(reasons("java @jvm.txt")).anyMatch(r -> r.startsWith(OWN));
        // after the main class the words are the application's: the launcher reads no file there
        assertThat(classify("java -cp . Main @missing.txt \"$@\"").commandClass())
                .isEqualTo(classify("java -cp . Main").commandClass());
        file("ok.txt", "-Xmx64m -version");
        assertThat(classify("java @ok.txt").commandClass()).isEqualTo(classify("java -Xmx64m -version").commandClass());
    }

    @Test
    void gnuResponseFilesNestAndEscape() throws IOException {
        file("opts", "-c a.c @more");
        file("more", "-o\\ \"STATE/audit.jsonl\"");
        // -o\ x: a backslash keeps the blank, so the word is "-o STATE/…" — a name starting with a blank
        assertThat(classify("gcc @opts").commandClass()).isEqualTo(CommandClass.WRITE);
        file("more", "-o STATE/audit.jsonl");
        assertThat(reasons("gcc @opts")).anyMatch(r -> r.startsWith(OWN));
        assertThat(reasons("ld @more")).anyMatch(r -> r.startsWith(OWN));
    }

    @Test
    void theFileIsReadFromWhereTheCommandWorks() throws IOException {
        file("sub/args.txt", "-Xstdout STATE/audit.jsonl A.java");
        assertThat(reasons("cd sub && javac @args.txt")).anyMatch(r -> r.startsWith(OWN));
        assertThat(reasons("env -C sub javac @args.txt")).anyMatch(r -> r.startsWith(OWN));
        // not there from the launch's directory: where it is read from decides, and the line is not judged harmless
        assertThat(reasons("javac @args.txt")).anyMatch(r -> r.startsWith(UNVERIFIABLE));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "javac @missing.txt",
            "javac @dir",
            "javac @big.txt",
            "javac @hash.txt",
            "javac @$(echo args.txt)",
            "javac @\"$F\"",
            "javac @*.txt",
            "javac *.java",
            "gcc @$F",
            "java -cp . @$F Main",
    })
    void wordsThatCannotBeToldAreUnverifiable(String line) throws IOException {
        file("args.txt", "A.java");
        file("@evil.java", "-Xstdout STATE/audit.jsonl");
        file("hash.txt", "-Xstdout x#y A.java");
        Files.createDirectories(work.resolve("dir"));
        file("big.txt", "A.java ".repeat(60_000));
        Classification r = classify(line);
        assertThat(r.commandClass()).as(line).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(r.findings().stream().map(Finding::reason)).as(line).anyMatch(s -> s.startsWith(UNVERIFIABLE));
    }

    @Test
    void aPatternWhereNoNameStartsWithTheMarkIsReadAsWritten() throws IOException {
        file("A.java", "class A {}");
        assertThat(classify("javac *.java").commandClass()).isEqualTo(CommandClass.WRITE);
    }

    @Test
    void aFifoIsNeverRead() throws Exception {
        Path fifo = work.resolve("args.fifo");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(p.waitFor()).isZero();
        Classification r = classify("javac @args.fifo");
        assertThat(r.commandClass()).isEqualTo(CommandClass.DESTRUCTIVE);
        assertThat(r.findings().stream().map(Finding::reason)).anyMatch(s -> s.startsWith(UNVERIFIABLE));
    }

    @Test
    void whatTheScriptWritesIsWhatIsJudged() throws IOException {
        file("args.txt", "A.java");
        // printf's text is known: judged as the file will hold it, not as the disk holds it now
        assertThat(reasons("printf 'Nope.java\\n-Xstdout\\nSTATE/audit.jsonl\\n' > args.txt; javac @args.txt"))
                .anyMatch(r -> r.startsWith(OWN));
        // a format cmdgate does not follow (one starting with a dash): the text is not known
        assertThat(reasons("printf -- '-Xstdout\\nSTATE/audit.jsonl\\nNope.java\\n' > args.txt; javac @args.txt"))
                .anyMatch(r -> r.startsWith(UNVERIFIABLE));
        // written with contents not known, before or beside the command
        assertThat(reasons("cp /tmp/x args.txt && javac @args.txt")).anyMatch(r -> r.startsWith(UNVERIFIABLE));
        assertThat(reasons("javac @args.txt | tee args.txt")).anyMatch(r -> r.startsWith(UNVERIFIABLE));
        assertThat(reasons("cp /tmp/x $F; javac @args.txt")).anyMatch(r -> r.startsWith(UNVERIFIABLE));
    }
}
