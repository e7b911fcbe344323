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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The gate's state directory beside the project ({@code tmp/state} next to the launch's {@code tmp/work}), so that
 * {@code ..} is the directory holding it. A directory operand or option value is a threat only when the program
 * can write inside it at a name reaching a gate file: a search path ({@code gcc -I..}) is read, a copy into
 * {@code ..} makes an entry named after its source, a symbolic link's relative target is taken from the link's
 * directory, {@code --prefix=..} names where a later launch writes. Each line is judged twice: with the state
 * directory protected as a whole, and with only its files protected (as the agent does without a policy state).
 */
class OwnFilesBesideTheProjectTest {

    private static final String OWN = "changes cmdgate's own files";

    @TempDir
    Path tmp;

    private Path work;
    private CommandClassifier tree;
    private CommandClassifier files;

    @BeforeEach
    void setUp() throws IOException {
        Path home = Files.createDirectories(tmp.resolve("home"));
        work = Files.createDirectories(tmp.resolve("work"));
        Files.createDirectories(work.resolve("a/b"));
        Path state = Files.createDirectories(tmp.resolve("state"));
        Files.writeString(state.resolve("audit.jsonl"), "");
        Files.writeString(state.resolve("team.rules"), "");
        tree = Classifiers.standard(null, OwnFiles.builder(home.toString())
                .add(state, OwnFiles.Kind.TREE, "the state directory")
                .add(state.resolve("audit.jsonl"), OwnFiles.Kind.ROTATED, "the audit file")
                .add(state.resolve("team.rules"), OwnFiles.Kind.FILE, "the rules file")
                .build());
        files = Classifiers.standard(null, OwnFiles.builder(home.toString())
                .add(state.resolve("audit.jsonl"), OwnFiles.Kind.ROTATED, "the audit file")
                .add(state.resolve("team.rules"), OwnFiles.Kind.FILE, "the rules file")
                .build());
    }

    private Classification classify(CommandClassifier c, String line) {
        return c.classifyArgv(List.of("sh", "-c", line), Map.of(), LaunchSite.of(work.toString(), List::of));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            // search paths and headers: only read
            "gcc -I.. -c x.c",
            "gcc -I .. -c x.c",
            "cc -isystem .. -iquote .. -idirafter .. -c x.c",
            "gcc -L.. -Wl,-rpath,.. -o x x.c",
            "g++ -include ../common.h -c x.cc",
            // an archive made from files under -C
            "tar -C .. -czf a/w.tgz work/x",
            "tar -C .. -rf a/w.tar work/y",
            // a copy, move or install into the directory: an entry named after its source
            "cp x ..",
            "cp x ../",
            "cp -r d ..",
            "cp x y ..",
            "cp -- x ..",
            "cp -t .. x",
            "cp --target-directory=.. a/b/x",
            "cp x ../..",
            "mv x ..",
            "mv -t .. x",
            "install -m 644 x ..",
            "ln x ..",
            // a symbolic link's relative target is followed from the link's directory
            "ln -s .. a/b/D",
            "ln -sf .. a/b/D",
            "ln -s ../state/audit.jsonl a/x",
            "ln -s ../state -t a",
            // where a later launch installs: judged when that launch runs
            "./configure --prefix=..",
            "./configure --prefix ..",
            "./configure --prefix=.. --libdir=../lib64",
    })
    void aDirectoryAboveTheGatesFilesThatIsOnlyReadOrReceivesNamedEntriesIsNotOwnFiles(String line) {
        for (CommandClassifier c : List.of(tree, files)) {
            Classification r = classify(c, line);
            assertThat(r.findings()).as(line).extracting(Finding::reason).noneMatch(f -> f.startsWith(OWN));
            assertThat(r.commandClass()).as(line + " " + r.findings()).isEqualTo(CommandClass.WRITE);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            // a gate file itself, or a name inside the state directory
            "cp evil ../state/audit.jsonl",
            "cp evil ../state/team.rules",
            "cp -t ../state audit.jsonl",
            "cp audit.jsonl ../state",
            "mv audit.jsonl.1 ../state/",
            "gcc -MF../state/team.rules -c x.c",
            "gcc -Wl,-Map=../state/audit.jsonl x.c",
            "gcc -o ../state/audit.jsonl x.c",
            "./configure --prefix=../state/audit.jsonl",
            "./configure --cache-file=../state/team.rules",
            "./tool --log=../state/team.rules",
            "tar -C ../state -xf a.tar",
            // the directory's entries replaced whatever their names: a source whose name is not known, merged in
            "cp -rT d ..",
            "cp -r d/. ..",
            "cp -r ./. ..",
            "cp $f ..",
            "mv -T x ..",
            "rsync -a x/ ..",
            "rsync -a --delete x/ ..",
            "rm -rf ..",
            "tar -C .. -x -f a.tar",
            "tar -C .. -c --remove-files -f /tmp/w.tar work",
            // a link whose target, from where the link is made, holds the gate's files
            "ln -s .. D",
            "ln -s ../state/team.rules r",
            "ln -sr .. a/b/D",
            "ln .. a/b/D",
            "ln ../state/audit.jsonl h",
            // an unknown program given the directory: it may delete it
            "./tool ..",
            "./cp ../state/audit.jsonl x",
    })
    void aWriteThatCanReachAGateFileStaysOwnFiles(String line) {
        for (CommandClassifier c : List.of(tree, files)) {
            Classification r = classify(c, line);
            assertThat(r.findings()).as(line + " " + r.findings()).extracting(Finding::reason).anyMatch(f -> f.startsWith(OWN));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            // with the state directory protected as a whole, copying or moving something named like it into ..
            "cp state ..",
            "cp -r a/state ..",
            "mv state ../",
            "mv -t .. state",
            "install state ..",
            "./configure --prefix=../state",
            "gcc -o ../state/new x.c",
    })
    void anEntryNamedLikeTheProtectedDirectoryStaysOwnFiles(String line) {
        Classification r = classify(tree, line);
        assertThat(r.findings()).as(line + " " + r.findings()).extracting(Finding::reason).anyMatch(f -> f.startsWith(OWN));
    }
}
