package dev.cmdgate.agent.cli.report;

import dev.cmdgate.agent.prompt.ScreenText;
import dev.cmdgate.core.decision.AuditFields;
import dev.cmdgate.core.rules.TrustRule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Writes the narrowest {@code trust} row an audit line allows (docs/rules-format.md, "Trust rows"): its
 * exact program and argument words, {@code cwd=} its directory, {@code caller=} the class of its recorded
 * caller (from any jar or directory, {@code @/*}, unless it is the JDK's: the line does not keep where it came from) and {@code output=} each file the JDK opened for its output — every word a literal glob, quoted
 * where the rules reader would otherwise take it for syntax. A character a terminal would not show as
 * itself (a control, an invisible or bidi character) is matched by {@code ?} rather than written into a
 * file someone will review on a screen; the row says so.
 */
final class TrustRowText {

    /** What {@code caller=} accepts (the rules parser's own check). */
    private static final Pattern JAVA_NAME = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*");
    static final String REASON = "REVIEW: say why this launch is trusted";

    /** A row, or why the line allows none; {@code notes} say where the row is wider than the line. */
    record Row(String text, String impossible, List<String> notes) {
    }

    private TrustRowText() {
    }

    static Row of(RecordedLine line) {
        List<String> argv = line.argv();
        List<String> notes = new ArrayList<>();
        String cwd = line.string(AuditFields.CWD);
        boolean absoluteCwd = cwd != null && cwd.startsWith("/");
        String program = argv.isEmpty() ? "" : argv.get(0);
        StringBuilder row = new StringBuilder("trust ");
        boolean[] widened = new boolean[1];
        if (program.indexOf('/') >= 0) {
            String path = program.startsWith("/") ? program : absoluteCwd ? cwd + "/" + program : null;
            if (path == null) {
                return new Row(null, "its program " + program + " is relative and the line records no absolute directory",
                        notes);
            }
            String normal = normalize(path);
            if (normal == null) {
                return new Row(null, "its program " + program + " is not a path", notes);
            }
            row.append(word(glob(normal, widened)));
        } else {
            if (program.isEmpty() || program.indexOf('*') >= 0 || program.indexOf('?') >= 0 || program.contains("${")
                    || !visible(program)) {
                return new Row(null, "its program name cannot be written as a trust row's (empty, a glob character, ${,"
                        + " or a character a terminal would not show)", notes);
            }
            row.append(word(program));
        }
        for (String a : argv.subList(Math.min(1, argv.size()), argv.size())) {
            row.append(' ').append(word(glob(a, widened)));
        }
        List<String> conditions = new ArrayList<>();
        if (absoluteCwd) {
            conditions.add(word("cwd=" + glob(cwd, widened)));
        } else {
            notes.add("any directory: the line records no absolute one");
        }
        String caller = line.callerClass();
        if (caller != null && JAVA_NAME.matcher(caller).matches() && TrustRule.Caller.jdkPackage(caller)) {
            conditions.add("caller=" + caller);
        } else if (caller != null && JAVA_NAME.matcher(caller).matches()) {
            // a bare caller= names the JDK's own code only; the line keeps the class, not where its code came from
            conditions.add("caller=" + caller + "@/*");
            notes.add("its caller's class from any jar or directory (@/*): the line does not record where the class's code"
                    + " came from; write its jar or classes directory in place of /*");
        } else if (line.string(AuditFields.CALLER) != null) {
            notes.add("any caller: the recorded caller names no class a row can name");
        }
        for (var r : line.objects(AuditFields.REDIRECTS)) {
            if (r.get("path") instanceof String p && p.startsWith("/")) {
                conditions.add(word("output=" + glob(p, widened)));
            }
        }
        if (!conditions.isEmpty()) {
            row.append(" if ").append(String.join(" ", conditions));
        }
        row.append(" -> \"").append(REASON).append('"');
        if (widened[0]) {
            notes.add("? stands for each character a terminal would not show as itself");
        }
        return new Row(row.toString(), null, notes);
    }

    /** {@code s} as a glob that matches exactly {@code s} (save the characters {@link #visible} rejects). */
    static String glob(String s, boolean[] widened) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            int n = Character.charCount(cp);
            if (!visible(s.substring(i, i + n))) {
                b.append(n == 2 ? "??" : "?");   // ? matches one UTF-16 unit
                widened[0] = true;
            } else if (cp == '*' || cp == '?' || cp == '\\') {
                b.append('\\').appendCodePoint(cp);
            } else if (cp == '{' && i > 0 && s.charAt(i - 1) == '$') {
                b.append("\\{");   // ${ would be read as a placeholder
            } else {
                b.appendCodePoint(cp);
            }
            i += n;
        }
        return b.toString();
    }

    /** Whether the console would show {@code s} as it is (nothing escaped or folded). */
    static boolean visible(String s) {
        return ScreenText.of(s).equals(s);
    }

    /** A word as the rules reader takes it: quoted when it holds a blank, starts like syntax, or is a marker. */
    static String word(String w) {
        boolean plain = !w.isEmpty() && w.indexOf(' ') < 0 && w.charAt(0) != '"' && w.charAt(0) != '#'
                && !w.equals("...") && !w.equals("if") && !w.equals("->");
        if (plain) {
            return w;
        }
        StringBuilder b = new StringBuilder(w.length() + 2).append('"');
        for (int i = 0; i < w.length(); i++) {
            char c = w.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\');
            }
            b.append(c);
        }
        return b.append('"').toString();
    }

    private static String normalize(String path) {
        try {
            return Path.of(path).normalize().toString();
        } catch (java.nio.file.InvalidPathException e) {
            return null;
        }
    }
}
