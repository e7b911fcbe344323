package dev.cmdgate.agent.stdin;

import java.lang.ProcessBuilder.Redirect;
import java.util.List;
import java.util.Set;

/**
 * Which launches are shell sessions fed through their standard input: a shell (sh, bash, dash, zsh,
 * ksh, mksh, ash, {@code busybox sh}) named plainly or by a standard system path, given no script
 * ({@code -c}) and no script file, only options that do not run extra code from a file, and whose
 * standard input is a pipe from the application. {@code bash}, {@code sh}, {@code bash -s},
 * {@code bash -i}, {@code bash --norc --noprofile}, {@code zsh -f}, {@code bash -s arg1 arg2} are;
 * {@code bash -c …}, {@code bash script.sh}, {@code bash --rcfile f}, {@code ./bash}, a shell whose
 * standard input is inherited or read from a file, and any option this class does not know are not
 * (they are judged as they always were).
 */
public final class ShellSessions {

    private static final Set<String> SHELLS = Set.of("sh", "bash", "dash", "zsh", "ksh", "mksh", "ash");
    private static final Set<String> SYSTEM_DIRS = Set.of("/bin/", "/usr/bin/", "/usr/local/bin/", "/sbin/", "/usr/sbin/");
    /** Single-letter options (bash/POSIX set -o letters, -i, -s, -l, zsh -f) that neither give a script nor name a file. */
    private static final String SAFE_LETTERS = "abefhiklmnpqrstuvxBCEHPT";
    private static final Set<String> SAFE_LONG = Set.of("--login", "--noprofile", "--norc", "--posix", "--noediting",
            "--verbose", "--restricted", "--no-rcs", "--no-globalrcs");

    private ShellSessions() {
    }

    /** True when this launch is a script-less shell reading its commands from a pipe the application writes to. */
    public static boolean isSession(List<String> argv, Redirect[] redirects) {
        if (redirects != null && redirects.length > 0 && redirects[0] != null
                && redirects[0].type() != Redirect.Type.PIPE) {
            return false;   // inherited terminal or a file: cmdgate cannot see what the shell reads
        }
        int i = 0;
        if (argv.isEmpty()) {
            return false;
        }
        String program = programName(argv.get(0));
        if ("busybox".equals(program) && argv.size() > 1) {
            program = argv.get(1);
            i = 1;
        }
        if (program == null || !SHELLS.contains(program)) {
            return false;
        }
        boolean stdinMode = false;
        for (i = i + 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("--") || a.equals("-")) {
                return stdinMode || i == argv.size() - 1;
            }
            if (a.startsWith("--")) {
                if (!SAFE_LONG.contains(a)) {
                    return false;
                }
                continue;
            }
            if ((a.startsWith("-") || a.startsWith("+")) && a.length() > 1) {
                boolean takesArgument = false;
                for (int k = 1; k < a.length(); k++) {
                    char c = a.charAt(k);
                    if (c == 'o' || c == 'O') {
                        takesArgument = true;     // -o pipefail, +O extglob
                    } else if (SAFE_LETTERS.indexOf(c) < 0) {
                        return false;             // -c (a script) or something not known to be harmless
                    } else if (c == 's') {
                        stdinMode = true;
                    }
                }
                if (takesArgument) {
                    i++;
                }
                continue;
            }
            // an operand: the positional parameters after -s, otherwise a script file
            return stdinMode;
        }
        return true;
    }

    /** The shell's name when {@code arg0} names one plainly or in a standard system directory, else null. */
    static String programName(String arg0) {
        int slash = arg0.lastIndexOf('/');
        if (slash < 0) {
            return arg0;
        }
        String dir = arg0.substring(0, slash + 1);
        return SYSTEM_DIRS.contains(dir) ? arg0.substring(slash + 1) : null;
    }
}
