package dev.cmdgate.core.classify;

import dev.cmdgate.core.shell.CommandSubstitution;
import dev.cmdgate.core.shell.DoubleQuoted;
import dev.cmdgate.core.shell.Node;
import dev.cmdgate.core.shell.ParameterExpansion;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.Redirect;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Word;
import dev.cmdgate.core.shell.WordPart;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The commands whose output a word holds: the simple commands of its command substitutions, at any depth of the
 * substitution ({@code kill $(ps ax | grep auditd)} holds what ps and grep print), each as its words — a literal
 * word as its value, any other as written with its expansions marked ({@link WordArgs#render}). The output itself is
 * only known at run time; what can be said is where it comes from: the process ids of the processes a command names
 * ({@code pgrep auditd}), a document another host sends ({@code curl URL}). {@code output-of=} conditions read them.
 */
final class Producers {

    /**
     * Begins a word only known at run time among a command's words, so that readers tell it from a literal word of
     * the same text ({@code awk '{print $1}'} is a literal program; {@code pgrep $NAME} is not). No word of a command
     * line holds the character.
     */
    static final char RUN_TIME = '\u0003';

    /** Whether a word of {@link #of} is known, not only at run time. */
    static boolean known(String word) {
        return word.isEmpty() || word.charAt(0) != RUN_TIME;
    }

    /** A word of {@link #of} as written, without its {@link #RUN_TIME} mark. */
    static String text(String word) {
        return known(word) ? word : word.substring(1);
    }

    /** At most this many commands are kept for one word; past it the rest are not looked at. */
    static final int MAX_COMMANDS = 16;

    private Producers() {
    }

    /** How deep a variable's value may lead through other variables' values ({@code a=$(…); b=$a; kill $b}). */
    private static final int MAX_DEPTH = 4;

    /** The commands whose output the word holds; empty when it holds no command substitution. */
    static List<List<String>> of(Word w) {
        return of(w, name -> null);
    }

    /**
     * The commands whose output the word holds, also through variables: {@code assigned} gives the text as written
     * that gave a variable its value only known at run time ({@code p=$(pgrep x); kill $p}), or null.
     */
    static List<List<String>> of(Word w, Function<String, String> assigned) {
        List<List<String>> out = new ArrayList<>(0);
        parts(w.parts(), out, assigned, 0);
        return out.isEmpty() ? List.of() : List.copyOf(out);
    }

    /** The words of one command, as the {@code producers} of an {@link Arg} keep them. */
    static List<String> words(List<Arg> command) {
        List<String> out = new ArrayList<>(command.size());
        for (Arg a : command) {
            out.add(a.dynamic ? RUN_TIME + a.text : a.text);
        }
        return List.copyOf(out);
    }

    private static void parts(List<WordPart> parts, List<List<String>> out, Function<String, String> assigned, int depth) {
        for (WordPart p : parts) {
            if (p instanceof DoubleQuoted d) {
                parts(d.parts(), out, assigned, depth);
            } else if (p instanceof CommandSubstitution cs) {
                commands(cs.script(), out);
            } else if (p instanceof ParameterExpansion pe && depth < MAX_DEPTH && !pe.length() && !pe.indirect()) {
                String text = assigned.apply(pe.name());
                if (text == null || text.indexOf('$') < 0 && text.indexOf('`') < 0) {
                    continue;   // no substitution nor expansion to look into (for f in *.md): the parse would find none
                }
                ParseResult r = ShellParser.parse(": " + text);
                if (r.script() == null) {
                    continue;
                }
                words(r.script(), out, assigned, depth + 1);
            }
        }
    }

    /** The words of the assignment's value, parsed again ({@code : VALUE}), each looked into. */
    private static void words(Node n, List<List<String>> out, Function<String, String> assigned, int depth) {
        if (n instanceof Word w) {
            parts(w.parts(), out, assigned, depth);
            return;
        }
        for (Node c : n.children()) {
            words(c, out, assigned, depth);
        }
    }

    private static String text(Word w) {
        String lit = w.literalValue();
        if (lit == null) {
            StringBuilder b = new StringBuilder().append(RUN_TIME);
            WordArgs.render(w.parts(), b);
            lit = b.toString();
        }
        return lit;
    }

    /** The files a command's input redirections ({@code < FILE}) open. */
    static List<Word> inputFiles(SimpleCommand sc) {
        List<Word> out = new ArrayList<>(0);
        for (Redirect r : sc.redirects()) {
            if (r.op() == Redirect.Op.IN && r.target() != null) {
                out.add(r.target());
            }
        }
        return out;
    }

    private static void commands(Node n, List<List<String>> out) {
        if (out.size() >= MAX_COMMANDS) {
            return;
        }
        if (n instanceof SimpleCommand sc && (!sc.words().isEmpty() || !inputFiles(sc).isEmpty())) {
            List<String> words = new ArrayList<>(sc.words().size() + 1);
            if (sc.words().isEmpty()) {
                words.add("cat");   // bash's $(< FILE) prints the file, as $(cat FILE) does
            }
            for (Word w : sc.words()) {
                words.add(text(w));
            }
            // what a command reads on its input is one of its words too: head -1 < /run/auditd.pid
            for (Word w : inputFiles(sc)) {
                words.add(text(w));
            }
            out.add(List.copyOf(words));
        }
        for (Node c : n.children()) {
            commands(c, out);
        }
    }
}
