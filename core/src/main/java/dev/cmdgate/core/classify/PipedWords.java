package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.Section;
import java.util.ArrayList;
import java.util.List;

/**
 * The words one pipeline stage hands the next through the pipe, when the stage is a command whose output follows
 * from its words ({@code prints} rows: echo, printf; a finder's found paths, {@link FoundNames}): {@code echo /proc/$PPID/environ | xargs cat} gives cat the
 * operand {@code /proc/$PPID/environ}. The output is split where xargs splits it (blanks, newlines, NULs; quotes
 * aside, which can only join words); a word only known at run time stays as written, with its pattern, so the
 * command is judged as if the word were written after it.
 *
 * <p>Every pipeline stage after a simple command gets one, and almost none is an xargs-like wrapper that reads
 * them: so the stage only keeps the producer's words, and what they print is worked out when a wrapper first asks
 * ({@link #into}). That is the same answer as at the stage's start: the output is a function of the rules and the
 * words alone, and the one thing the script may change meanwhile (whether the producer's name is a function) is
 * read now.
 */
final class PipedWords {

    /** At most this many words are handed on; past it the rest is not followed (the as-written judgement stands). */
    static final int MAX_WORDS = 64;
    /** Stands for the i-th word of the producer in its output: characters no word of a command line holds. */
    private static final char MARK_START = '\u0001';
    private static final char MARK_END = '\u0002';

    private final Analysis analysis;
    /** The command whose output this is; null when the text is known instead ({@link #ofText}). */
    private final List<Arg> producer;
    private final int pipeline;
    private final int stage;
    /**
     * The standard input these words arrive on when not a pipe (a here-string, a literal here-document, a file the
     * script wrote, {@code < <(…)}): only a command given exactly that input reads them; null for a pipe.
     */
    private Analysis.Stdin via;
    /** Whether {@link #words} was worked out: it is null then when the output is not known from the words. */
    private boolean printed;
    private List<Arg> words;
    /** Whether {@link #text} was worked out: null then when the output is not all known. */
    private boolean textKnown;
    private String text;

    private PipedWords(Analysis analysis, List<Arg> producer, int pipeline, int stage) {
        this.analysis = analysis;
        this.producer = producer;
        this.pipeline = pipeline;
        this.stage = stage;
    }

    /**
     * Words whose text is known ({@code xargs cat <<'E'}, a file the script wrote): split as xargs splits it, each a
     * literal word. Null when the text is null.
     */
    static PipedWords ofText(Analysis a, String text, int pipeline, int stage) {
        if (text == null) {
            return null;
        }
        PipedWords w = new PipedWords(a, null, pipeline, stage);
        w.words = split(text, null);
        w.printed = true;
        w.text = text;
        w.textKnown = true;
        return w;
    }

    /** Words already split ({@link InputWords#hereString}). */
    static PipedWords ofWords(Analysis a, List<Arg> words, int pipeline, int stage) {
        PipedWords w = new PipedWords(a, null, pipeline, stage);
        w.words = List.copyOf(words);
        w.printed = true;
        return w;
    }

    /**
     * The same words, read by a command only when its standard input is {@code in} (a redirection of the command
     * itself, which takes the place of any pipe).
     */
    PipedWords arrivingOn(Analysis.Stdin in) {
        via = in;
        return this;
    }

    /**
     * The words the producer prints into stage {@code stage} of pipeline {@code pipeline}, worked out when first
     * used; null when the producer is not a program the rules may know the output of (a word only known at run
     * time, a path, a function of the script).
     */
    static PipedWords of(Analysis a, List<Arg> producer, int pipeline, int stage) {
        if (producer.isEmpty() || producer.get(0).dynamic) {
            return null;
        }
        String name = producer.get(0).text;
        return name.indexOf('/') < 0 && !a.isFunction(name) ? new PipedWords(a, producer, pipeline, stage) : null;
    }

    /**
     * What the producer's words print, split as xargs splits it; null when it prints something not known from its
     * words (a program with no {@code prints} row, a printf format only known at run time).
     */
    private List<Arg> words() {
        if (!printed) {
            words = printed(analysis, producer);
            printed = true;
        }
        return words;
    }

    private static List<Arg> printed(Analysis a, List<Arg> producer) {
        Section s = a.rules.program(producer.get(0).text);
        if (s != null && s.prints() == null && s.runs() != null && !s.runs().named().isEmpty()) {
            // find / -name .netrc | xargs cat: the paths of the files it finds, named as the tests say
            List<Arg> found = FoundNames.printed(a, producer);
            return found.isEmpty() ? null : found;
        }
        if (s == null || s.prints() == null || !s.prints().equals("echo") && !s.prints().equals("printf")) {
            return null;
        }
        List<Arg> marked = new ArrayList<>(producer.size());
        for (int i = 0; i < producer.size(); i++) {
            Arg w = producer.get(i);
            if (!w.dynamic) {
                marked.add(w);
            } else if (s.prints().equals("printf") && i <= format(producer)) {
                return null; // the format itself is only known at run time
            } else {
                marked.add(Arg.literal(MARK_START + Integer.toString(i) + MARK_END));
            }
        }
        String out = Printed.output(a, s, marked, Analysis.Stdin.NONE);
        return out == null ? null : split(out, producer);
    }

    /** The output split where xargs splits it, with the producer's run-time words (if any) put back. */
    private static List<Arg> split(String out, List<Arg> producer) {
        List<Arg> words = new ArrayList<>();
        for (String item : Chars.splitRuns(out, " \t\n\0", MAX_WORDS)) {
            if (!item.isEmpty()) {
                words.add(producer == null ? Arg.literal(item) : unmark(item, producer));
            }
        }
        if (XargsQuoting.quotes(out)) {
            // xargs's own quote and backslash removal: the words it reads by default, beside the plain split
            List<String> unquoted = XargsQuoting.split(out, MAX_WORDS);
            for (String item : unquoted == null ? List.<String>of() : unquoted) {
                words.add(producer == null ? Arg.literal(item) : unmark(item, producer));
            }
        }
        return words;
    }

    /** Where printf's format is: after an optional {@code --}. */
    private static int format(List<Arg> producer) {
        return producer.size() > 1 && producer.get(1).text.equals("--") && !producer.get(1).dynamic ? 2 : 1;
    }

    /** One output word with the producer's words only known at run time put back. */
    private static Arg unmark(String item, List<Arg> producer) {
        if (item.indexOf(MARK_START) < 0) {
            return Arg.literal(item);
        }
        StringBuilder b = new StringBuilder();
        Arg whole = null;
        int i = 0;
        while (i < item.length()) {
            char c = item.charAt(i);
            int end = c == MARK_START ? item.indexOf(MARK_END, i) : -1;
            if (end < 0) {
                b.append(c);
                i++;
                continue;
            }
            Arg w = producer.get(Integer.parseInt(item.substring(i + 1, end)));
            whole = i == 0 && end == item.length() - 1 ? w : null;
            b.append(w.text);
            i = end + 1;
        }
        // a word that is all one producer word keeps its pattern: echo /proc/$PPID/env* prints the names it matches
        return whole != null ? whole : new Arg(b.toString(), true, false, -1, -1);
    }

    /**
     * Whether the producer prints the environment's variables, values and all ({@code env}, {@code export -p}: a
     * {@code prints-env} row whose conditions hold), so that a filter reading them may pick out a secret.
     */
    boolean printsEnvironment() {
        if (printsEnvironment == null && producer == null) {
            printsEnvironment = false;
        }
        if (printsEnvironment == null) {
            boolean prints = printsEnv(producer);
            // env | sort | grep TOKEN: the lines of the environment pass on through the stages between (sort, tr,
            // grep -v PATH); an earlier stage that printed them still feeds the filter judged here
            for (int i = 0; !prints && i < upstream.size(); i++) {
                List<Arg> stage = new ArrayList<>();
                for (String w : upstream.get(i)) {
                    stage.add(Arg.literal(Producers.text(w)));
                }
                prints = !stage.isEmpty() && printsEnv(stage);
            }
            printsEnvironment = prints;
        }
        return printsEnvironment;
    }

    /** Whether a command prints the environment's variables by its {@code prints-env} row. */
    private boolean printsEnv(List<Arg> command) {
        Section s = analysis.rules.program(command.get(0).text);
        return s != null && s.printsEnv() != null && (s.printsEnv().isEmpty()
                || analysis.conditions.holds(s.printsEnv(), OptionParser.parse(s, command), new java.util.LinkedHashSet<>()));
    }

    /** {@link #printsEnvironment}, worked out when first asked; null before. */
    private Boolean printsEnvironment;

    /**
     * The commands whose output this is, as {@link Arg#producers} keep them: the producer and, when it read the stage
     * before it through the pipe, that stage's commands, and so on up the pipeline; empty when the text is known.
     */
    List<List<String>> producers() {
        if (producer == null) {
            return List.of();
        }
        if (upstream.isEmpty()) {
            return List.of(Producers.words(producer));
        }
        List<List<String>> out = new ArrayList<>(upstream);
        out.add(Producers.words(producer));
        return List.copyOf(out);
    }

    /** The commands before the producer in the pipeline, in order, as {@link #producers} gives them. */
    private List<List<String>> upstream = List.of();

    /** Records that the producer read its input from {@code earlier} (the words piped into it), or nothing if null. */
    void after(PipedWords earlier) {
        if (earlier == null || earlier.producer == null) {
            return;
        }
        List<List<String>> up = earlier.producers();
        upstream = up.size() < Producers.MAX_COMMANDS ? up : up.subList(up.size() - Producers.MAX_COMMANDS + 1, up.size());
    }

    /** Whether these are the words piped into the command judged in this context. */
    boolean feeds(Analysis.Ctx ctx) {
        return ctx.pipeline() == pipeline && ctx.stage() == stage
                && (via == null ? ctx.stdin().kind() == Analysis.StdinKind.PIPE : ctx.stdin() == via);
    }

    /**
     * The same words for the first stage of a pipeline inside a compound command that reads them ({@code echo P |
     * while read l; do …; done}, {@code echo P | { xargs cat; }}): null when the compound, judged in {@code ctx},
     * does not read them.
     */
    PipedWords inherited(Analysis.Ctx ctx, int innerPipeline) {
        if (!feeds(ctx)) {
            return null;
        }
        PipedWords w = new PipedWords(analysis, producer, innerPipeline, 0);
        w.via = via;
        w.printed = printed;
        w.words = words;
        w.textKnown = textKnown;
        w.text = text;
        w.upstream = upstream;
        return w;
    }

    /** The words themselves, worked out when first asked; null when they are not known. */
    List<Arg> list() {
        return words();
    }

    /**
     * The whole text that arrives, lines, blanks and NULs as they are, when every word of it is known (a literal
     * here-document, a file the script wrote, an echo or printf of literal words); null otherwise. {@code mapfile}
     * and {@code read -d} cut it where they do, not at blanks.
     */
    String text() {
        if (!textKnown) {
            textKnown = true;
            text = producer == null ? null : printedText(analysis, producer);
        }
        return text;
    }

    /** The same text, known ({@link InputWords}: a here-string's word and its newline). */
    PipedWords withText(String t) {
        text = t;
        textKnown = true;
        return this;
    }

    private static String printedText(Analysis a, List<Arg> producer) {
        Section s = a.rules.program(producer.get(0).text);
        if (s == null || s.prints() == null || !s.prints().equals("echo") && !s.prints().equals("printf")) {
            return null;
        }
        return Printed.output(a, s, producer, Analysis.Stdin.NONE); // null when a word is only known at run time
    }

    /**
     * The command an xargs-like wrapper runs with the words piped in where {@code $(stdin)} stands for them: appended
     * in its place, or put into a word {@code -I{}} made of it, once per piped word; null when what the producer
     * prints is not known from its words.
     */
    List<Arg> into(List<Arg> command) {
        return into(command, words());
    }

    /** {@link #into} with the given words (read from a file named by the wrapper); null when they are null. */
    static List<Arg> into(List<Arg> command, List<Arg> words) {
        if (words == null) {
            return null;
        }
        List<Arg> out = new ArrayList<>(command.size() + words.size());
        for (Arg w : command) {
            int at = w.dynamic ? w.text.indexOf("$(stdin)") : -1;
            if (at < 0) {
                out.add(w);
            } else if (w.text.equals("$(stdin)")) {
                out.addAll(words);
            } else {
                for (Arg p : words) {
                    out.add(new Arg(w.text.replace("$(stdin)", p.text), true, false, w.start, w.end));
                }
            }
        }
        return out;
    }
}
