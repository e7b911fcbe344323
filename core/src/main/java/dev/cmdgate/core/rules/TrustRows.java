package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads one row of a {@code [@trust]} section:
 * <pre>
 * trust PROGRAM [WORD | ...]... [if CONDITION...] -> "REASON"
 * </pre>
 * WORD is a glob per argument word (the first one is the program); an unquoted {@code ...} stands for
 * any number of words (none included); CONDITION is {@code cwd=GLOB} or {@code caller=PACKAGE} (several of one kind
 * are alternatives; the two kinds must both hold). {@code ${java.home}},
 * {@code ${user.dir}} and {@code ${user.home}} are replaced by the values the JVM reading the rules has
 * at start-up, with glob characters made literal. The words {@code ...}, {@code if} and {@code ->} are
 * markers only when unquoted, so a quoted {@code "if"} is an argument like any other.
 */
final class TrustRows {

    private TrustRows() {
    }

    /** This JVM's values of {@link TrustRule#PLACEHOLDERS} now (the agent passes those it read at start-up instead). */
    static Map<String, String> currentPlaceholders() {
        Map<String, String> m = new java.util.HashMap<>();
        for (String k : TrustRule.PLACEHOLDERS) {
            String v = System.getProperty(k);
            if (v != null) {
                m.put(k, v);
            }
        }
        return m;
    }

    static TrustRule parse(String raw, String origin, int line, Map<String, String> properties) {
        List<Boolean> quoted = new ArrayList<>();
        List<String> w = RuleLine.split(raw, quoted);
        if (w.isEmpty()) {
            return null;
        }
        if (!marker(w, quoted, 0, "trust")) {
            throw new IllegalArgumentException("only 'trust' rows belong in [@trust] (found '" + w.get(0) + "')");
        }
        int arrow = -1;
        for (int i = 1; i < w.size(); i++) {
            if (marker(w, quoted, i, "->")) {
                arrow = i;
                break;
            }
        }
        if (arrow < 0 || arrow != w.size() - 2 || !quoted.get(arrow + 1)) {
            throw new IllegalArgumentException("expected: trust PROGRAM [WORD | ...]... [if CONDITION...] -> \"reason\"");
        }
        int end = arrow;
        for (int i = 1; i < arrow; i++) {
            if (marker(w, quoted, i, "if")) {
                end = i;
                break;
            }
        }
        if (end < 2) {
            throw new IllegalArgumentException("a trust row names at least a program");
        }
        List<String> pattern = new ArrayList<>();
        for (int i = 1; i < end; i++) {
            if (marker(w, quoted, i, "...")) {
                if (i == 1) {
                    throw new IllegalArgumentException("the program comes first, not '...'");
                }
                if (pattern.get(pattern.size() - 1) != TrustRule.ANY_WORDS) {
                    pattern.add(TrustRule.ANY_WORDS);
                }
            } else {
                pattern.add(expand(w.get(i), properties));
            }
        }
        String program = pattern.get(0);
        if (program.isEmpty() || (program.indexOf('/') >= 0 && !program.startsWith("/"))) {
            throw new IllegalArgumentException("the program is a name or an absolute path glob, not '" + program + "'");
        }
        if (program.indexOf('/') < 0 && (program.indexOf('*') >= 0 || program.indexOf('?') >= 0)) {
            throw new IllegalArgumentException("a program name cannot be a glob ('" + program
                    + "'): trust names one program; write a row per program");
        }
        if (program.equals("*")) {
            throw new IllegalArgumentException("a trust row cannot trust every program");
        }
        List<String> cwds = new ArrayList<>();
        List<TrustRule.Caller> callers = new ArrayList<>();
        List<String> outputs = new ArrayList<>();
        for (int i = end + 1; i < arrow; i++) {
            String c = w.get(i);
            if (c.startsWith("cwd=") && c.length() > 4) {
                String cwd = expand(c.substring(4), properties);
                if (!cwd.startsWith("/")) {
                    throw new IllegalArgumentException("cwd= takes an absolute directory glob, not '" + cwd + "'");
                }
                cwds.add(cwd);
            } else if (c.startsWith("output=") && c.length() > 7) {
                String out = expand(c.substring(7), properties);
                if (!out.startsWith("/")) {
                    throw new IllegalArgumentException("output= takes an absolute file glob, not '" + out + "'");
                }
                outputs.add(out);
            } else if (c.startsWith("caller=") && c.length() > 7) {
                callers.add(caller(c.substring(7), properties));
            } else {
                throw new IllegalArgumentException("unknown trust condition '" + c + "' (expected cwd=GLOB, caller=PACKAGE or output=GLOB)");
            }
        }
        String reason = w.get(arrow + 1);
        if (reason.isBlank()) {
            throw new IllegalArgumentException("a trust row says why (the reason after ->)");
        }
        return new TrustRule(program, pattern.subList(1, pattern.size()), cwds, callers, outputs, reason, origin + ":" + line);
    }

    /**
     * {@code caller=PACKAGE} (code of the JDK's own modules, so PACKAGE must be one of theirs) or
     * {@code caller=PACKAGE@GLOB} (code loaded from a jar or directory whose absolute path matches GLOB).
     */
    private static TrustRule.Caller caller(String text, Map<String, String> properties) {
        int at = text.indexOf('@');
        String pkg = at < 0 ? text : text.substring(0, at);
        if (!pkg.matches("[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*")) {
            throw new IllegalArgumentException("caller= takes a package or class name, not '" + pkg + "'");
        }
        if (at >= 0) {
            String from = expand(text.substring(at + 1), properties);
            if (!from.startsWith("/")) {
                throw new IllegalArgumentException("caller=" + pkg + "@ takes an absolute glob of where the code is loaded from,"
                        + " not '" + from + "'");
            }
            return new TrustRule.Caller(pkg, from);
        }
        if (!TrustRule.Caller.jdkPackage(pkg)) {
            throw new IllegalArgumentException("caller=" + pkg + " is no package of the JDK's own modules: say where its code is"
                    + " loaded from, caller=" + pkg + "@/path/of/its/jars/* (any class can be given a name in any package)");
        }
        return new TrustRule.Caller(pkg, null);
    }

    /** The unquoted word {@code marker} at {@code i} (a quoted one is text, never syntax). */
    private static boolean marker(List<String> w, List<Boolean> quoted, int i, String marker) {
        return !quoted.get(i) && w.get(i).equals(marker);
    }

    /** Replaces the known {@code ${name}} placeholders, escaping glob characters in their values. */
    static String expand(String text, Map<String, String> properties) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            int open = text.indexOf("${", i);
            if (open < 0) {
                out.append(text, i, text.length());
                break;
            }
            int close = text.indexOf('}', open);
            if (close < 0) {
                throw new IllegalArgumentException("unterminated ${ in '" + text + "'");
            }
            String name = text.substring(open + 2, close);
            if (!TrustRule.PLACEHOLDERS.contains(name)) {
                StringBuilder known = new StringBuilder();
                for (String k : TrustRule.PLACEHOLDERS) {
                    known.append(known.length() == 0 ? "" : ", ").append("${").append(k).append('}');
                }
                throw new IllegalArgumentException("unknown placeholder ${" + name + "} (known: " + known + ")");
            }
            String value = properties.get(name);
            if (value == null || value.isEmpty()) {
                throw new IllegalArgumentException("${" + name + "} has no value in this JVM");
            }
            out.append(text, i, open);
            if (value.length() > 1 && value.endsWith("/")) {
                value = value.substring(0, value.length() - 1);
            }
            for (int k = 0; k < value.length(); k++) {
                char c = value.charAt(k);
                if (c == '*' || c == '?' || c == '\\') {
                    out.append('\\');
                }
                out.append(c);
            }
            i = close + 1;
        }
        return out.toString();
    }
}
