package dev.cmdgate.agent.natives;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.decision.Launch;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a call of a process-creating C function would run, read from Java arguments as JNA and jnr-ffi
 * pass them: a command string is {@code sh -c CMD}, an argv is that argv (with the program in argv[0]'s
 * place when they differ), and what cannot be read — pointers, file actions in native memory, fork — is
 * refused. The arguments passed on are a snapshot the caller can no longer change.
 */
class NativeCallTest {

    private static NativeCall read(String function, Object... args) {
        return NativeCall.read(function, JavaArgs.JNA.snapshot(args), JavaArgs.JNA);
    }

    private static Launch judged(NativeCall c) {
        assertThat(c).isInstanceOf(NativeCall.Judged.class);
        return ((NativeCall.Judged) c).launch();
    }

    @Test
    void system_and_popen_are_their_shell_line() {
        assertThat(judged(read("system", "touch /tmp/x")).argv()).containsExactly("sh", "-c", "touch /tmp/x");
        assertThat(judged(read("popen", "ls", "r")).shellLine()).isEqualTo("ls");
        assertThat(judged(read("system", (Object) null)).argv()).as("system(NULL) runs a shell too")
                .containsExactly("sh", "-c", "exit 0");
    }

    @Test
    void exec_functions_are_their_argv_with_the_program_that_really_runs() {
        assertThat(judged(read("execv", "/usr/bin/touch", new String[] {"touch", "f", null})).argv()).containsExactly("touch", "f");
        assertThat(judged(read("execv", "/bin/sh", new String[] {"ls", "-c", "rm -rf x", null})).argv())
                .as("a program that is not what argv[0] names is judged as itself").containsExactly("/bin/sh", "-c", "rm -rf x");
        Launch e = judged(read("execve", "/usr/bin/env", new String[] {"env", null}, new String[] {"CMDGATE_TEST_ONLY=1", null}));
        assertThat(e.environmentChanges()).containsEntry("CMDGATE_TEST_ONLY", "1");
        assertThat(judged(read("execl", "/usr/bin/touch", "touch", "f", null)).argv()).containsExactly("touch", "f");
        assertThat(judged(read("execlp", "touch", new Object[] {"touch", "g", null})).argv())
                .as("a Java varargs array holds the variadic arguments").containsExactly("touch", "g");
    }

    @Test
    void posix_spawn_is_decided_by_argv_but_refused_with_file_actions_in_native_memory() {
        Launch s = judged(read("posix_spawnp", null, "touch", null, null, new String[] {"touch", "f", null}, new String[] {null}));
        assertThat(s.argv()).containsExactly("touch", "f");
        NativeCall withActions = read("posix_spawnp", null, "touch", new Object(), null, new String[] {"touch", "f"}, null);
        assertThat(withActions).isInstanceOf(NativeCall.Unjudgeable.class);
        assertThat(((NativeCall.Unjudgeable) withActions).why()).contains("file actions");
    }

    @Test
    void what_cannot_be_read_is_refused_and_harmless_calls_are_not_processes() {
        assertThat(read("fork")).isInstanceOf(NativeCall.Unjudgeable.class);
        assertThat(read("system", new Object())).as("a pointer is not read").isInstanceOf(NativeCall.Unjudgeable.class);
        assertThat(read("fexecve", 3, new String[] {"x"}, new String[0])).isInstanceOf(NativeCall.Unjudgeable.class);
        assertThat(read("wordexp", "$(touch x)", null, 0)).isInstanceOf(NativeCall.Unjudgeable.class);
        assertThat(read("wordexp", "a b", null, ProcessFunctions.WRDE_NOCMD)).isInstanceOf(NativeCall.NotAProcess.class);
        if (System.getProperty("os.arch").equals("amd64")) {
            assertThat(read("syscall", 39L)).as("getpid").isInstanceOf(NativeCall.NotAProcess.class);
            assertThat(read("syscall", 59L)).as("execve").isInstanceOf(NativeCall.Unjudgeable.class);
        }
    }

    @Test
    void the_arguments_passed_on_are_a_snapshot_the_caller_cannot_change() {
        String[] argv = {"echo", "hi", null};
        Object[] given = {"/bin/echo", argv};
        NativeCall.Judged j = (NativeCall.Judged) read("execv", given);
        argv[1] = "changed";
        assertThat((String[]) j.args()[1]).containsExactly("echo", "hi", null);
        assertThat(j.launch().argv()).containsExactly("echo", "hi");
    }

    @Test
    void jnr_char_sequences_are_read_and_passed_on_as_strings() {
        StringBuilder mutable = new StringBuilder("touch f");
        Object[] snap = JavaArgs.JNR.snapshot(new Object[] {mutable});
        mutable.setLength(0);
        NativeCall c = NativeCall.read("system", snap, JavaArgs.JNR);
        assertThat(judged(c).argv()).containsExactly("sh", "-c", "touch f");
        assertThat(((NativeCall.Judged) c).args()[0]).isEqualTo("touch f");
    }
}
