package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.AppResult;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * Here-documents inside {@code $( … )} and {@code <( … )}, run by a real bash under readonly: bash 5.2 ends such a
 * document at a line that starts with its delimiter and has a ')' after it ({@code EOF )}, {@code EOF<TAB>)}), and
 * reads a document opened before a substitution after the newline outside it. Each script hides a {@code touch} of a
 * marker where a plain reading sees here-document text; each is refused and no marker exists. A here-document that
 * ends on its own line inside a substitution is still Read and runs. Everything happens in a fresh temporary
 * directory, HOME another.
 */
class HereDocSubstitutionIT {

    @TempDir
    Path tmp;

    @OnEachJdk
    void aCommandAHereDocumentSeemsToHideInASubstitutionIsJudged(Jdk jdk) {
        Path work = Dirs.mkdir(tmp, "work");
        Path home = Dirs.mkdir(tmp, "home");
        List<String> hidden = List.of("cmdsub_space", "cmdsub_two_spaces", "cmdsub_tab", "procsub_paren", "procsub_space",
                "doc_before_cmdsub", "doc_left_open");
        Spec spec = Spec.attempts()
                .add("cmdsub_space", "bash", "-c", "echo $(cat <<EOF\nhi\nEOF )\ntouch " + work.resolve("cmdsub_space") + "\nEOF\n)\n")
                .add("cmdsub_two_spaces", "bash", "-c",
                        "echo $(cat <<EOF\nhi\nEOF  )\ntouch " + work.resolve("cmdsub_two_spaces") + "\nEOF\n)\n")
                .add("cmdsub_tab", "bash", "-c", "echo $(cat <<EOF\nhi\nEOF\t)\ntouch " + work.resolve("cmdsub_tab") + "\nEOF\n)\n")
                .add("procsub_paren", "bash", "-c", "cat <(cat <<EOF\nhi\nEOF)\ntouch " + work.resolve("procsub_paren") + "\nEOF\n)\n")
                .add("procsub_space", "bash", "-c", "cat <(cat <<EOF\nhi\nEOF ))\ntouch " + work.resolve("procsub_space") + "\nEOF\n)\n")
                .add("doc_before_cmdsub", "bash", "-c", "cat <<EOF $(echo a\ntouch " + work.resolve("doc_before_cmdsub") + "\nEOF\n)\nx\nEOF\n")
                .add("doc_left_open", "bash", "-c", "echo $(cat <<EOF)\ntouch " + work.resolve("doc_left_open") + "\nEOF\n")
                .add("ended_on_its_own_line", "bash", "-c", "echo $(cat <<EOF\nread-ok\nEOF\n)\n")
                .add("control_touch", "touch", work.resolve("control").toString());

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly,prompt=deny").env("HOME", home.toString())
                .main(Commands.class).args(spec.args()).run();

        assertThat(run.exit()).as(run.describe()).isZero();
        SoftAssertions soft = new SoftAssertions();
        for (String name : hidden) {
            AppResult r = run.result(name);
            soft.assertThat(r.blocked()).as(name + ": " + r).isTrue();
            soft.assertThat(work.resolve(name)).as(name).doesNotExist();
        }
        soft.assertThat(run.result("control_touch").blocked()).as("touch alone is refused under readonly").isTrue();
        soft.assertThat(work.resolve("control")).doesNotExist();
        soft.assertThat(run.result("ended_on_its_own_line").ok()).as(run.describe()).isTrue();
        soft.assertAll();
    }
}
