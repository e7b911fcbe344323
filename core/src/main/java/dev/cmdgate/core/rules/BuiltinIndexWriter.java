package dev.cmdgate.core.rules;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Build step (core's pom, {@code process-classes}): reads the built-in rules whole — so rules that do
 * not parse, or text that is not ASCII, fail the build — and writes the index a gated JVM looks programs up in
 * ({@link BuiltinIndex}) beside them.
 */
public final class BuiltinIndexWriter {

    private BuiltinIndexWriter() {
    }

    /** {@code BuiltinIndexWriter RULES_FILE INDEX_FILE}. */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: BuiltinIndexWriter RULES_FILE INDEX_FILE");
        }
        byte[] bytes = Files.readAllBytes(Path.of(args[0]));
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] < 0) {
                // a gated JVM reads the text as ASCII (BuiltinRules.text): it would not be this text there
                throw new IllegalArgumentException(args[0] + ": byte " + i + " is not ASCII; the built-in rules must be");
            }
        }
        String text = new String(bytes, StandardCharsets.US_ASCII);
        RuleSet whole = new RuleSet();
        new RulesParser(whole, RuleSet.BUILTIN_NAME, false).parse(text);
        RulesParser.checkComplete(whole);
        Path out = Path.of(args[1]);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.write(out, BuiltinIndex.write(text));
    }
}
