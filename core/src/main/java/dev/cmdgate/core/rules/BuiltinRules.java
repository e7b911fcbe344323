package dev.cmdgate.core.rules;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The built-in rules: their text, read once from the jar, and reads of parts of it, found through
 * {@link BuiltinIndex}. A rule set is made from the settings and the name-prefix programs; a program's
 * sections are read when a command first names it, a language's when code in it is first met. A part is
 * read by the same {@link RulesParser} that reads a whole file, told which sections it keeps (an instance of
 * this class) and where they go: a program being read is published only once it is whole.
 */
final class BuiltinRules {

    private static volatile String text;

    /** The one program whose sections this read keeps, or null. */
    private final String program;
    /** The one language whose rows this read keeps, or null. */
    private final String language;
    /** This read keeps the name-prefix programs ({@code [mkfs*]}) and the settings: the blocks read when a rule set is made. */
    private final boolean eager;
    /** Where program sections go: the rule set's, or a program's sections being read before they are published. */
    final Map<String, Section> programsOut;
    /** Where languages go: a language being read before it is published. */
    final Map<String, Language> languagesOut;

    private BuiltinRules(String program, String language, boolean eager, Map<String, Section> programsOut,
                         Map<String, Language> languagesOut) {
        this.program = program;
        this.language = language;
        this.eager = eager;
        this.programsOut = programsOut;
        this.languagesOut = languagesOut;
    }

    /**
     * The built-in rules' text, read once from the jar. It is ASCII (the build refuses anything else), so its
     * bytes are copied into the string as they are: decoding them as UTF-8 would first scan all 325 KB in the
     * interpreter, on every gated JVM's first launch.
     */
    static String text() {
        String t = text;
        if (t == null) {
            try (InputStream in = RuleSet.class.getResourceAsStream(RuleSet.BUILTIN)) {
                if (in == null) {
                    throw new IllegalStateException("built-in rules missing");
                }
                t = new String(readWhole(in), StandardCharsets.ISO_8859_1);
                text = t;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return t;
    }

    /**
     * All of a stream, read into one array when the stream says how much it holds (a jar entry's stream does):
     * {@code readAllBytes} reads in small chunks and copies them into the result, three times the bytes for
     * the 325 KB of the built-in rules on every gated JVM's first launch.
     */
    static byte[] readWhole(InputStream in) throws IOException {
        byte[] b = new byte[Math.max(0, in.available())];
        int n = in.readNBytes(b, 0, b.length);
        int next = in.read();
        if (next < 0) {
            return n == b.length ? b : java.util.Arrays.copyOf(b, n);
        }
        java.io.ByteArrayOutputStream more = new java.io.ByteArrayOutputStream(n + 8192);
        more.write(b, 0, n);
        more.write(next);
        in.transferTo(more);
        return more.toByteArray();
    }

    /** The built-in rules read whole, every section at once (for tests and tools). */
    static RuleSet readAll() {
        RuleSet r = new RuleSet();
        new RulesParser(r, RuleSet.BUILTIN_NAME, false).parse(text());
        return r;
    }

    /** Reads into a new lazy rule set the blocks read when it is made: the settings and the name-prefix programs. */
    static void readEager(RuleSet rules, BuiltinIndex index) {
        new BuiltinRules(null, null, true, rules.programs, null).read(rules, index, index.eager);
    }

    /** Reads one program's sections (its blocks of the index); null when they name no section of it. */
    static Section readProgram(RuleSet rules, BuiltinIndex index, String name, int[] blocks) {
        Map<String, Section> out = new HashMap<>();
        new BuiltinRules(name, null, false, out, null).read(rules, index, blocks);
        return out.get(name);
    }

    /** Reads one language's {@code [@lang …]} blocks; null when they name no such language. */
    static Language readLanguage(RuleSet rules, BuiltinIndex index, String name, int[] blocks) {
        Map<String, Language> out = new HashMap<>();
        new BuiltinRules(null, name, false, rules.programs, out).read(rules, index, blocks);
        return out.get(name);
    }

    /** Parses the given blocks of an index, in order, each with its own line numbers. */
    private void read(RuleSet rules, BuiltinIndex index, int[] blocks) {
        RulesParser parser = new RulesParser(rules, this);
        for (int b : blocks) {
            int at = index.start(b);
            while (at < index.end(b) && index.text.charAt(at) != '[') {
                at++;
            }
            if (at >= index.end(b) || index.start(b) > 0 && index.text.charAt(index.start(b) - 1) != '\n') {
                throw new IllegalStateException("the built-in rules index does not match " + RuleSet.BUILTIN_NAME
                        + " at line " + index.line(b));
            }
            parser.parseRange(index.text, index.start(b), index.end(b), index.line(b));
        }
    }

    /** Whether this read keeps the sections of a header path starting with this name. */
    boolean keepsProgram(String first) {
        return program != null ? first.equals(program) : eager && RuleLine.isPrefixName(first);
    }

    /** Whether this read keeps the rows of this language. */
    boolean keepsLanguage(String name) {
        return name.equals(language);
    }

    /** Whether this is the read made when a rule set is made (its env-args rows are built-in ones: {@link RuleSet#builtinRowUnchanged}). */
    boolean eager() {
        return eager;
    }
}
