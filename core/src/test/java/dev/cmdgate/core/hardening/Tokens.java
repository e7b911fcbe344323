package dev.cmdgate.core.hardening;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.List;
import java.util.Random;

/** Shell-token vocabulary for structure-aware fuzzing and the seeded random generators. */
final class Tokens {

    static final List<String> SHELL = List.of(
            " ", " ", " ", "\t", "\n", ";", "&", "&&", "||", "|", "|&", "!", "(", ")", "{ ", " }", "$(", "`",
            "<(", ">(", "$((", "))", "((", "[[ ", " ]]", "'", "\"", "$'", "$\"", "\\", "\\\n", "#", "${", "}",
            "${x:-", "${x#", "${#x}", "$x", "$@", "$1", "$?", "$$", "${a[", "]", "=", "x=", "PATH=", "a=(", "<",
            ">", ">>", ">|", "&>", "&>>", "<>", "2>&1", ">&", "<&-", "2>", "<<", "<<-", "<<<", "EOF", "'EOF'",
            "\nEOF\n", "{a,b}", "{1..3}", "{a..c..2}", "*", "?", "[a-z]", "~", "~root", "if ", "then ", "else ",
            "elif ", "fi", "while ", "until ", "do ", "done", "for ", "in ", "case ", "esac", ";;", ";&", ";;&",
            "function ", "f()", "select ", "coproc ", "time ", "trap ", "eval ", "exec ", "rm", "-rf", "/",
            "sh", "-c", "bash", "echo", "cat", "git", "sudo", "env", "xargs", "find", "-exec", "\\;", "+",
            "curl", "| sh", "ssh", "\\x41", "\\u0041", "\\0", "\u0000", "\uD800", "é", "𝕏", "${!x}", "$[", "%",
            "@(", "+(", "!(", "*(", "?(", "let ", "declare ", "alias ", "-", "--", "--rec", "-{delete,print}");

    static final List<String> PROGRAMS = List.of("sh", "bash", "/bin/sh", "dash", "zsh", "busybox", "env",
            "sudo", "git", "find", "xargs", "ssh", "rm", "echo", "ls", "timeout", "nice", "watch", "script",
            "su", "python3", "node", "perl", "awk", "sed", "curl", "npm", "cmd", "", "/usr/bin/env", "./x");

    static final List<String> ARGS = List.of("-c", "-lc", "-ec", "-e", "-i", "-u", "--", "-rf", "-r", "-f",
            "--force", "--recursive", "-exec", ";", "+", "{}", "/", "~", "$HOME", "*", "x=y", "PATH=.", "-C",
            "-c", "alias.x=!sh", "push", "status", "--version", "-V", "10", "rm -rf ~", "echo hi", "$(id)",
            "-o", "/dev/null", "/dev/sda", "of=/dev/sda", "host", "install", "-g", "run");

    static final List<String> ENV_NAMES = List.of("LD_PRELOAD", "PATH", "BASH_ENV", "ENV", "HOME", "LANG",
            "GIT_SSH_COMMAND", "PAGER", "NODE_OPTIONS", "TERM", "PROMPT_COMMAND", "IFS", "X");

    private Tokens() {
    }

    /** Concatenates tokens and raw fragments chosen by the fuzzer. */
    static String assemble(FuzzedDataProvider data) {
        StringBuilder sb = new StringBuilder();
        int n = data.consumeInt(0, 200);
        for (int i = 0; i < n && data.remainingBytes() > 0; i++) {
            if (data.consumeInt(0, 4) == 0) {
                sb.append(data.consumeString(8));
            } else {
                sb.append(data.pickValue(SHELL));
            }
        }
        return sb.toString();
    }

    /** The same vocabulary for a plain seeded generator. */
    static String assemble(Random rnd, int maxTokens) {
        StringBuilder sb = new StringBuilder();
        int n = rnd.nextInt(maxTokens + 1);
        for (int i = 0; i < n; i++) {
            if (rnd.nextInt(5) == 0) {
                int len = rnd.nextInt(6);
                for (int j = 0; j < len; j++) {
                    sb.append((char) (rnd.nextInt(4) == 0 ? rnd.nextInt(0x10000) : 0x20 + rnd.nextInt(0x5f)));
                }
            } else {
                sb.append(SHELL.get(rnd.nextInt(SHELL.size())));
            }
        }
        return sb.toString();
    }
}
