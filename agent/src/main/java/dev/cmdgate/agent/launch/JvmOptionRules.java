package dev.cmdgate.agent.launch;

import dev.cmdgate.core.classify.Chars;
import dev.cmdgate.core.rules.Glob;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The reviewed list {@code jvm-options} beside this class: which variables carry a JVM's options, and which JVM
 * options would start a JVM below a gated one without cmdgate or run code in it before cmdgate starts.
 *
 * @param variables the variables the JVM and the java launcher read options from
 * @param passed    the variables launch scripts pass on to java as options
 * @param natives   globs of the variables that load native code into every program (LD_PRELOAD …)
 * @param files     programs that give their JVM the options in a file of their project: name → the file's relative path
 * @param fileFrom  for those programs, what else names the project the file is looked for from: options whose
 *                  next word is a file or directory of the project ({@code -f}), and {@code $VARIABLES} naming it
 * @param reason    the reason of a finding that has no row of its own (a variable changed, a file unread)
 * @param rows      the option rows, in order: the first whose glob matches decides
 */
record JvmOptionRules(Set<String> variables, Set<String> passed, List<String> natives, java.util.Map<String, String> files,
        java.util.Map<String, List<String>> fileFrom, String reason, List<Row> rows) {

    static final String RESOURCE = "jvm-options";

    /** The word of a row that stands for {@code -javaagent:} naming cmdgate's own jar (by any path or link to it). */
    static final String OWN_AGENT = "${cmdgate.agent}";

    /**
     * One row: its globs, whether it holds {@link #OWN_AGENT}, its reason, or null for a {@code fine} row, and where it
     * is ({@code jvm-options:LINE}, a finding's {@code rule}).
     */
    record Row(List<String> globs, boolean ownAgent, String reason, String rule) {

        static Row of(List<String> words, String reason, int line) {
            List<String> globs = new ArrayList<>(words);
            boolean own = globs.remove(OWN_AGENT);
            return new Row(List.copyOf(globs), own, reason, RESOURCE + ":" + line);
        }
    }

    static JvmOptionRules load() {
        Set<String> variables = Set.of();
        Set<String> passed = Set.of();
        List<String> natives = List.of();
        java.util.Map<String, String> files = new java.util.HashMap<>();
        java.util.Map<String, List<String>> fileFrom = new java.util.HashMap<>();
        String reason = null;
        List<Row> rows = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        List<String> all = ResourceRows.of(RESOURCE, lines);
        for (int i = 0; i < all.size(); i++) {
            String row = all.get(i);
            String[] w = Chars.splitRuns(row, Chars.WHITESPACE, 0);
            switch (w[0]) {
                case "variables" -> variables = Set.copyOf(Arrays.asList(w).subList(1, w.length));
                case "passed" -> passed = Set.copyOf(Arrays.asList(w).subList(1, w.length));
                case "native" -> natives = List.copyOf(Arrays.asList(w).subList(1, w.length));
                case "file" -> {
                    int dashes = Arrays.asList(w).indexOf("--");
                    if (dashes < 2 || dashes != w.length - 2) {
                        throw bad(row);
                    }
                    for (String program : Arrays.asList(w).subList(1, dashes)) {
                        files.put(program, w[w.length - 1]);
                    }
                }
                case "file-from" -> {
                    int dashes = Arrays.asList(w).indexOf("--");
                    if (dashes < 2 || dashes == w.length - 1) {
                        throw bad(row);
                    }
                    for (String program : Arrays.asList(w).subList(1, dashes)) {
                        fileFrom.put(program, List.copyOf(Arrays.asList(w).subList(dashes + 1, w.length)));
                    }
                }
                case "reason" -> reason = quoted(row, row.indexOf('"'));
                case "fine" -> rows.add(Row.of(Arrays.asList(w).subList(1, w.length), null, lines.get(i)));
                case "unverifiable" -> {
                    int arrow = row.indexOf(" -> ");
                    if (arrow < 0) {
                        throw bad(row);
                    }
                    String[] globs = Chars.splitRuns(row.substring(0, arrow).trim(), Chars.WHITESPACE, 0);
                    rows.add(Row.of(Arrays.asList(globs).subList(1, globs.length), quoted(row, arrow + 4), lines.get(i)));
                }
                default -> throw bad(row);
            }
        }
        if (variables.isEmpty() || reason == null) {
            throw new IllegalStateException("cmdgate: " + RESOURCE + ": no variables or reason row");
        }
        return new JvmOptionRules(variables, passed, natives, java.util.Map.copyOf(files), java.util.Map.copyOf(fileFrom),
                reason, List.copyOf(rows));
    }

    /**
     * The row that decides this option (one word, as the JVM reads it), or null when none matches: its reason says
     * why the option makes the JVM ungateable, or is null for a {@code fine} row.
     *
     * @param ownJar  cmdgate's jar, or null (run from classes: no option names it)
     * @param realJar its real path, or null
     */
    Row row(String option, java.nio.file.Path ownJar, java.nio.file.Path realJar) {
        for (Row r : rows) {
            if (Glob.anyMatch(r.globs(), option) || r.ownAgent() && ChildJvms.agentOf(option, ownJar, realJar)) {
                return r;
            }
        }
        return null;
    }

    private static String quoted(String row, int from) {
        int open = row.indexOf('"', from);
        int close = row.lastIndexOf('"');
        if (open < 0 || close <= open) {
            throw bad(row);
        }
        return row.substring(open + 1, close);
    }

    private static IllegalStateException bad(String row) {
        return new IllegalStateException("cmdgate: " + RESOURCE + ": bad row '" + row + "'");
    }
}
