package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.Word;
import java.util.List;

/**
 * One argument word as the classifier sees it: its value after quote removal, with any expansion
 * the classifier cannot do kept as written ({@code $x}, {@code $(…)}).
 */
final class Arg {

    final String text;
    /** Contains an expansion whose value is unknown before run time. */
    final boolean dynamic;
    /** Pathname expansion may turn it into words starting with '-' (an unquoted glob at its start). */
    final boolean globLead;
    /**
     * The word as a pathname-expansion pattern ({@link ShellPattern}: its unquoted {@code * ? [} as written, each
     * expansion a {@code *}, the rest escaped) when it has an unquoted glob; null otherwise (most words).
     */
    final String pattern;
    /** Offsets in the analysed text, or -1 for argv words. */
    final int start;
    final int end;
    /**
     * The commands whose output the word holds, each as its words ({@link Producers}): a command substitution's
     * ({@code kill $(pgrep auditd)}), or the command that pipes into an xargs-like wrapper ({@code pgrep auditd |
     * xargs kill}); empty for nearly every word. {@code output-of=} conditions read them, so they are walked out of
     * {@link #source} only when one asks ({@link #producers()}).
     */
    private List<List<String>> producers;
    /** The parsed word whose command substitutions give {@link #producers}, or null when they are given. */
    private final Word source;
    /** {@link PathText#normalize} of the text, computed once: every condition of every row compares it. */
    private String normalized;

    Arg(String text, boolean dynamic, boolean globLead, int start, int end) {
        this(text, dynamic, globLead, start, end, null);
    }

    Arg(String text, boolean dynamic, boolean globLead, int start, int end, String pattern) {
        this(text, dynamic, globLead, start, end, pattern, List.of(), null);
    }

    /** A word as parsed: the commands whose output it holds are those of its command substitutions. */
    Arg(String text, boolean dynamic, boolean globLead, int start, int end, String pattern, Word source) {
        this(text, dynamic, globLead, start, end, pattern, null, source);
    }

    private Arg(String text, boolean dynamic, boolean globLead, int start, int end, String pattern,
            List<List<String>> producers, Word source) {
        this.text = text;
        this.pattern = pattern;
        this.dynamic = dynamic;
        this.globLead = globLead;
        this.start = start;
        this.end = end;
        this.producers = producers;
        this.source = source;
    }

    /** The same word holding the output of these commands. */
    Arg producedBy(List<List<String>> commands) {
        return commands.isEmpty() ? this : new Arg(text, dynamic, globLead, start, end, pattern, commands, null);
    }

    /** The commands whose output the word holds, each as its words; empty for nearly every word. */
    List<List<String>> producers() {
        List<List<String>> p = producers;
        if (p == null) {
            p = Producers.of(source);
            producers = p;
        }
        return p;
    }

    static Arg literal(String text) {
        return new Arg(text == null ? "" : text, false, false, -1, -1);
    }

    /**
     * True when the value is unknown before run time. $HOME (rendered {@code ${HOME}}) is the one
     * expansion taken as known: it resolves to ~.
     */
    boolean unresolved() {
        if (!dynamic) {
            return false;
        }
        String n = text.replace("${HOME}", "");
        return n.indexOf('$') >= 0 || n.indexOf('\u2026') >= 0 || n.indexOf('`') >= 0;
    }

    String normalized() {
        String n = normalized;
        if (n == null) {
            n = PathText.normalize(text);
            normalized = n;
        }
        return n;
    }

    @Override
    public String toString() {
        return text;
    }
}
