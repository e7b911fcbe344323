package dev.cmdgate.core.rules;

import java.util.List;
import java.util.Set;

/**
 * Reads one row of a {@code [@lang NAME]} section (docs/rules-format.md, "Languages") into its
 * {@link Language}: the lexer family, the verdict of any code in it, the calls that run, write, read or
 * delete, and the names that reach the network.
 */
final class LanguageRows {

    /** Lexer families a {@code syntax} row may name (each is a small lexer in the classifier). */
    static final Set<String> SYNTAXES = Set.of("python", "javascript", "java", "groovy", "perl", "ruby", "php", "lua",
            "r", "tcl", "applescript", "powershell", "julia", "lisp", "go");
    /** How a {@code call} row reads the call's arguments ({@link Language.Call#reading}). */
    static final Set<String> CALL_READINGS = Set.of("sh", "argv", "exec", "as", "code", "module", "open", "self",
            "write", "open-file", "read", "lookup", "table");

    private LanguageRows() {
    }

    static void read(Language l, RuleLine row) {
        List<String> t = row.words;
        switch (t.get(0)) {
            case "syntax" -> {
                if (t.size() != 2 || !SYNTAXES.contains(t.get(1))) {
                    throw new IllegalArgumentException("expected: syntax " + String.join("|", new java.util.TreeSet<>(SYNTAXES)));
                }
                l.syntax = t.get(1);
            }
            case "is" -> {
                if (t.size() != 4) {
                    throw new IllegalArgumentException("expected: is CLASS LEVEL \"reason\"");
                }
                l.verdict = row.verdict(t.get(1), t.get(2), t.get(3));
            }
            case "backticks" -> {
                if (t.size() != 2 || !t.get(1).equals("sh")) {
                    throw new IllegalArgumentException("expected: backticks sh");
                }
                l.backticks = "sh";
            }
            case "variable-calls" -> {
                if (t.size() != 1) {
                    throw new IllegalArgumentException("expected: variable-calls");
                }
                l.variableCalls = true;
            }
            case "call" -> l.add(call(row));
            case "pure" -> pure(l.purity, row);
            case "forks" -> {
                if (t.size() < 2) {
                    throw new IllegalArgumentException("expected: forks NAME...");
                }
                for (String n : t.subList(1, t.size())) {
                    l.forks.add(Language.lastSegment(n));
                }
            }
            case "uses" -> {
                int arrow = row.arrow(2);
                l.add(new Language.Use(List.copyOf(t.subList(1, arrow)), row.verdictAfter(arrow)));
            }
            default -> throw new IllegalArgumentException("unknown row '" + t.get(0) + "' in a [@lang] section");
        }
    }

    /**
     * {@code pure is CLASS LEVEL "reason"}, {@code pure names|attributes|modules|read-call|json-call|cwd-modules WORD...}:
     * what a program that only computes and prints may use (docs/pure-code.md).
     */
    private static void pure(Purity p, RuleLine row) {
        List<String> t = row.words;
        String kind = row.need(1);
        if (kind.equals("is")) {
            if (t.size() != 5) {
                throw new IllegalArgumentException("expected: pure is CLASS LEVEL \"reason\"");
            }
            p.verdict = row.verdict(t.get(2), t.get(3), t.get(4));
            return;
        }
        if (t.size() < 3) {
            throw new IllegalArgumentException("expected: pure " + kind + " WORD...");
        }
        List<String> words = t.subList(2, t.size());
        for (String w : words) {
            if (w.startsWith("__")) {
                throw new IllegalArgumentException("a pure row may not list a name starting with __: " + w);
            }
        }
        switch (kind) {
            case "names" -> p.names.addAll(words);
            case "attributes" -> p.attributes.addAll(words);
            case "modules" -> p.modules.addAll(words);
            case "namespaces" -> p.namespaces.addAll(words);
            case "read-call" -> p.readCalls.addAll(words);
            case "json-call" -> p.jsonCalls.addAll(words);
            case "cwd-modules" -> p.cwdModules.addAll(words);
            default -> throw new IllegalArgumentException("unknown pure row '" + kind
                    + "' (expected is, names, attributes, namespaces, modules, read-call, json-call, cwd-modules)");
        }
    }

    /** {@code call READING [from N] [as "WORDS"] [named=P,Q|named-only=P] [functions] NAME...}. */
    private static Language.Call call(RuleLine row) {
        List<String> t = row.words;
        String reading = row.need(1);
        if (!CALL_READINGS.contains(reading)) {
            throw new IllegalArgumentException("unknown call reading '" + reading + "' (expected one of "
                    + String.join(" ", new java.util.TreeSet<>(CALL_READINGS)) + ")");
        }
        int i = 2;
        int from = 1;
        List<String> template = List.of();
        if (i < t.size() && t.get(i).equals("from")) {
            from = Integer.parseInt(row.need(i + 1));
            if (from < 1) {
                throw new IllegalArgumentException("argument numbers start at 1");
            }
            i += 2;
        }
        if (reading.equals("as")) {
            template = List.copyOf(RuleLine.splitBlanks(row.need(i).trim()));
            i++;
        }
        // named=P,Q: the argument may also be given as a named parameter (PowerShell's -Path P);
        // named-only=P: only so (Invoke-WebRequest's -OutFile)
        List<String> named = List.of();
        boolean namedOnly = false;
        if (i < t.size() && (t.get(i).startsWith("named=") || t.get(i).startsWith("named-only="))) {
            namedOnly = t.get(i).startsWith("named-only=");
            named = List.of(t.get(i).substring(t.get(i).indexOf('=') + 1).toLowerCase(java.util.Locale.ROOT).split(","));
            i++;
        }
        // functions (lookup rows): a bare name as the argument is the function itself (R's do.call(rbind, x))
        boolean functions = reading.equals("lookup") && i < t.size() && t.get(i).equals("functions");
        if (functions) {
            i++;
        }
        if (i >= t.size()) {
            throw new IllegalArgumentException("call row names no call");
        }
        return new Language.Call(reading, from, template, List.copyOf(t.subList(i, t.size())), named, namedOnly,
                functions);
    }
}
