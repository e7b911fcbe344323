package dev.cmdgate.core.rules;

import java.util.List;

/**
 * An {@code argfiles PREFIX SYNTAX [nested]} row: a word starting with PREFIX ({@code javac @args.txt}) names a file
 * whose contents the program reads as more arguments, in place of the word; SYNTAX is how it splits the file; with
 * {@code nested}, a word in the file starting with PREFIX names a file in turn (GNU's response files; the JDK's
 * tools read none). For the JDK a doubled prefix is the word without one ({@code @@x} is {@code @x}); GNU has no
 * such escape.
 */
public record ArgfileRule(String prefix, ArgfileSyntax syntax, boolean nested) {

    static ArgfileRule parse(RuleLine row) {
        List<String> t = row.words;
        if (t.size() < 3 || t.size() > 4 || t.get(1).isEmpty() || t.size() == 4 && !t.get(3).equals("nested")) {
            throw new IllegalArgumentException("expected: argfiles PREFIX jdk|gnu [nested]");
        }
        ArgfileSyntax syntax = switch (t.get(2)) {
            case "jdk" -> ArgfileSyntax.JDK;
            case "gnu" -> ArgfileSyntax.GNU;
            default -> throw new IllegalArgumentException("unknown argument file syntax '" + t.get(2) + "' (jdk, gnu)");
        };
        return new ArgfileRule(t.get(1), syntax, t.size() == 4);
    }

    /** Whether the word names an argument file: it starts with the prefix (for the JDK, not with the prefix twice). */
    public boolean names(String word) {
        return word.length() > prefix.length() && word.startsWith(prefix) && !escaped(word);
    }

    /** Whether the word is the JDK's escape of a word starting with the prefix, which the tool gets without one. */
    public boolean escaped(String word) {
        return syntax == ArgfileSyntax.JDK && word.startsWith(prefix) && word.startsWith(prefix, prefix.length());
    }
}
