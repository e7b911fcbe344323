package dev.cmdgate.bench;

/**
 * Generators for the worst-case inputs: a very long command line, very deep nesting and
 * very many separators. Each is a shell line of a given size, so the benchmarks can show how time
 * grows with size (it must grow linearly).
 */
public final class WorstCases {

    private WorstCases() {
    }

    /**
     * One simple command of about {@code bytes} characters: {@code echo} followed by words in every
     * quoting style the lexer has to handle (plain, single, double, backslash, $'…').
     */
    public static String longLine(int bytes) {
        String[] words = {"plain-word", "'single quoted'", "\"double $HOME quoted\"", "back\\ slash", "$'ansi\\tc'", "x=y"};
        StringBuilder sb = new StringBuilder(bytes + 32).append("echo");
        for (int i = 0; ; i++) {
            String w = words[i % words.length];
            if (sb.length() + 1 + w.length() > bytes - 2) {
                break;
            }
            sb.append(' ').append(w);
        }
        sb.append(' ');
        while (sb.length() < bytes) {
            sb.append('z');   // a plain last word pads to the exact size
        }
        return sb.toString();
    }

    /**
     * An argv of about {@code bytes} characters in total (counting one separator per word): {@code ls -la}
     * and file names, the way an application passes a long file list without a shell. (Linux caps
     * one argument at 128 KiB but a whole argv at about 2 MiB, so this is a launch that can happen.)
     */
    public static java.util.List<String> longArgv(int bytes) {
        java.util.List<String> argv = new java.util.ArrayList<>(bytes / 10);
        argv.add("ls");
        argv.add("-la");
        int size = 6;
        for (int i = 0; size < bytes; i++) {
            String w = "src/f" + i + ".txt";
            if (size + w.length() + 1 > bytes) {
                w = "x".repeat(Math.max(1, bytes - size - 1));
            }
            argv.add(w);
            size += w.length() + 1;
        }
        return argv;
    }

    /** A single word of about {@code bytes} characters inside single quotes: {@code echo '…'}. */
    public static String longWord(int bytes) {
        StringBuilder sb = new StringBuilder(bytes + 8).append("echo '");
        while (sb.length() < bytes - 1) {
            sb.append((char) ('a' + sb.length() % 26));
        }
        return sb.append('\'').toString();
    }

    /** {@code depth} nested constructs of one kind around {@code true}. */
    public static String nesting(String kind, int depth) {
        String open;
        String close;
        switch (kind) {
            case "subshell" -> { open = "( "; close = " )"; }
            case "substitution" -> { open = "echo $("; close = ")"; }
            case "group" -> { open = "{ "; close = "; }"; }
            case "if" -> { open = "if true; then "; close = "; fi"; }
            default -> throw new IllegalArgumentException("nesting kind: subshell, substitution, group, if");
        }
        StringBuilder sb = new StringBuilder(depth * (open.length() + close.length()) + 4);
        sb.append(open.repeat(depth)).append("true").append(close.repeat(depth));
        return sb.toString();
    }

    /** {@code count} wrappers in front of {@code ls}: {@code env env … ls} or {@code nice nice … ls}. */
    public static String wrappers(String wrapper, int count) {
        return (wrapper + " ").repeat(count) + "ls";
    }

    /** {@code count} separators between {@code count + 1} short commands; the separators rotate. */
    public static String separators(String kind, int count) {
        String[] seps = switch (kind) {
            case "semicolon" -> new String[] {"; "};
            case "pipe" -> new String[] {" | "};
            case "mixed" -> new String[] {"; ", " && ", " || ", " | ", "\n", " & "};
            default -> throw new IllegalArgumentException("separator kind: semicolon, pipe, mixed");
        };
        String[] cmds = {"true", "ls -l", "echo a", "cat f"};
        StringBuilder sb = new StringBuilder(count * 8 + 8).append(cmds[0]);
        for (int i = 0; i < count; i++) {
            sb.append(seps[i % seps.length]).append(cmds[(i + 1) % cmds.length]);
        }
        return sb.toString();
    }
}
