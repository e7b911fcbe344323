package dev.cmdgate.core.rules;

import java.util.List;

/**
 * An {@code argfiles PREFIX SYNTAX [nested] [until-operand]} row: a word starting with PREFIX ({@code javac
 * @args.txt}) names a file whose contents the program reads as more arguments, in place of the word; SYNTAX is how it
 * splits the file; with {@code nested}, a word in the file starting with PREFIX names a file in turn (GNU's response
 * files; the JDK's tools read none); with {@code until-operand}, the words after the first operand that names no
 * file are the program's to pass on, never read (the java launcher stops at the main class). For the JDK a doubled prefix is the word without one ({@code @@x} is {@code @x}); GNU has no
 * such escape.
 */
public record ArgfileRule(String prefix, ArgfileSyntax syntax, boolean nested, boolean untilOperand) {

    static ArgfileRule parse(RuleLine row) {
        List<String> t = row.words;
        boolean nested = false;
        boolean until = false;
        for (int i = 3; i < t.size(); i++) {
            switch (t.get(i)) {
                case "nested" -> nested = true;
                case "until-operand" -> until = true;
                default -> throw new IllegalArgumentException("expected: argfiles PREFIX jdk|gnu [nested] [until-operand]");
            }
        }
        if (t.size() < 3 || t.get(1).isEmpty()) {
            throw new IllegalArgumentException("expected: argfiles PREFIX jdk|gnu [nested] [until-operand]");
        }
        ArgfileSyntax syntax = switch (t.get(2)) {
            case "jdk" -> ArgfileSyntax.JDK;
            case "gnu" -> ArgfileSyntax.GNU;
            default -> throw new IllegalArgumentException("unknown argument file syntax '" + t.get(2) + "' (jdk, gnu)");
        };
        return new ArgfileRule(t.get(1), syntax, nested, until);
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
