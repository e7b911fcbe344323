package dev.cmdgate.it;

import dev.cmdgate.it.support.AppResult;
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
 * The gate's state directory in the project's parent ({@code tmp/state} beside the working directory {@code tmp/work}),
 * under {@code full}: ordinary commands that name {@code ..} — a search path, a copy or link into it, an archive made
 * from it, a configure prefix — run, while the forms that can write a gate file there are refused and leave the
 * rules and audit files as they were.
 */
class OwnFilesBesideTheProjectIT {

    private static final String FIRST = "P7Q8 first line\n";

    @TempDir
    Path tmp;

    @OnEachJdk
    void a_directory_above_the_gates_files_is_judged_by_what_is_written_inside_it(Jdk jdk) throws Exception {
        Assumptions.assumeThat(Files.isExecutable(Path.of("/usr/bin/gcc"))).as("gcc is not installed").isTrue();
        OwnFilesFixture f = new OwnFilesFixture(tmp, FIRST);
        Dirs.write(f.work.resolve("m.c"), "int main(){return 0;}\n");
        Dirs.write(f.work.resolve("x.txt"), "copied\n");
        Dirs.write(f.work.resolve("evil"), "P7Q8 replaced\n");
        Dirs.write(f.work.resolve("d/state/team.rules"), "P7Q8 replaced\n");
        Dirs.mkdir(f.work, "a");
        Dirs.mkdir(f.work.resolve("a"), "b");
        Path configure = Dirs.write(f.work.resolve("configure"), "#!/bin/sh\necho \"$1\" > configured.txt\n");
        configure.toFile().setExecutable(true);
        Spec spec = Spec.attempts()
                .add("gcc_search_paths", "sh", "-c", "gcc -I.. -L.. -c -o m.o m.c")
                .add("cp_into_parent", "sh", "-c", "cp x.txt ..")
                .add("link_up_from_a_subdirectory", "sh", "-c", "ln -s .. a/b/D")
                .add("tar_from_parent", "sh", "-c", "tar -C .. -czf a/w.tgz work/m.c")
                .add("configure_prefix", "sh", "-c", "./configure --prefix=..")
                .add("cp_onto_audit", "sh", "-c", "cp evil ../state/audit.jsonl")
                .add("cp_merge_into_parent", "sh", "-c", "cp -r d/. ..")
                .add("link_parent_here", "sh", "-c", "ln -s .. D && cp evil D/state/team.rules")
                .add("configure_prefix_on_rules", "sh", "-c", "./configure --prefix=../state/team.rules");
        Run run = f.run(jdk, spec);

        SoftAssertions soft = new SoftAssertions();
        f.assertRefused(soft, run, List.of("cp_onto_audit", "cp_merge_into_parent", "link_parent_here",
                "configure_prefix_on_rules"));
        soft.assertThat(Dirs.read(f.audit)).startsWith(FIRST);
        for (String name : List.of("gcc_search_paths", "cp_into_parent", "link_up_from_a_subdirectory",
                "tar_from_parent", "configure_prefix")) {
            AppResult r = run.result(name);
            soft.assertThat(r.status()).as(r.toString()).isEqualTo("ok");
        }
        soft.assertThat(f.work.resolve("m.o")).as("compiled with -I.. -L..").exists();
        soft.assertThat(tmp.resolve("x.txt")).as("copied into ..").exists();
        soft.assertThat(Files.isSymbolicLink(f.work.resolve("a/b/D"))).as("linked a/b/D -> ..").isTrue();
        soft.assertThat(f.work.resolve("a/w.tgz")).as("archived from ..").exists();
        soft.assertThat(f.work.resolve("configured.txt")).as("configured with --prefix=..").exists();
        soft.assertThat(f.work.resolve("D")).as("the refused link was not made").doesNotExist();
        soft.assertAll();
    }
}
