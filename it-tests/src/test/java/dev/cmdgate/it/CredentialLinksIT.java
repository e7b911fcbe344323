package dev.cmdgate.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.it.apps.Commands;
import dev.cmdgate.it.support.Dirs;
import dev.cmdgate.it.support.ForkedJvm;
import dev.cmdgate.it.support.Jdk;
import dev.cmdgate.it.support.OnEachJdk;
import dev.cmdgate.it.support.Run;
import dev.cmdgate.it.support.Spec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gated JVM under readonly decides a launch through the symbolic links in its working directory: a read of a
 * credential store reached through one ({@code keys -> HOME/.aws}, a fake store in the test's own directory) is
 * refused, and the copy it would have made is absent; a read through an everyday link ({@code build -> target})
 * runs.
 */
class CredentialLinksIT {

    @TempDir
    Path tmp;

    @OnEachJdk
    void a_credential_store_read_through_a_link_is_refused_under_readonly(Jdk jdk) throws IOException {
        Path store = Dirs.mkdir(tmp, "home/.aws");
        Dirs.write(store.resolve("credentials"), "[default]\n");
        Path work = Dirs.mkdir(tmp, "work");
        Files.createSymbolicLink(work.resolve("keys"), store);
        Dirs.write(Dirs.mkdir(work, "target").resolve("notes.txt"), "notes\n");
        Files.createSymbolicLink(work.resolve("build"), Path.of("target"));

        Run run = ForkedJvm.on(jdk).in(work).withAgent("autonomy=readonly")
                .main(Commands.class).args(Spec.attempts()
                        .add("through_link", "sh", "-c", "cat keys/credentials > copied")
                        .add("cd_through_link", "sh", "-c", "cd keys && cat credentials > ../copied2")
                        .add("everyday_link", "cat", "build/notes.txt")
                        .args())
                .run();

        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(run.result("through_link").blocked()).as(run.describe()).isTrue();
        soft.assertThat(run.result("through_link").message()).as(run.describe()).contains("credential store");
        soft.assertThat(run.result("cd_through_link").blocked()).as(run.describe()).isTrue();
        soft.assertThat(work.resolve("copied")).as("the refused copy").doesNotExist();
        soft.assertThat(work.resolve("copied2")).as("the refused copy").doesNotExist();
        soft.assertThat(run.result("everyday_link").ok()).as(run.describe()).isTrue();
        if (run.result("everyday_link").ok()) {
            soft.assertThat(run.result("everyday_link").output()).isEqualTo("notes\n");
        }
        soft.assertAll();
        assertThat(run.exit()).as(run.describe()).isZero();
    }
}
