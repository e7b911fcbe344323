package dev.cmdgate.core.classify;

import dev.cmdgate.core.classify.CodeLexer.Kind;
import dev.cmdgate.core.classify.CodeLexer.Tok;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Puppet manifests ({@code puppet apply -e CODE}, the {@code puppet} reading): every resource declaration
 * {@code TYPE { TITLE: ATTR => VALUE, … }} reports the fact {@code puppet.TYPE} (lower case, for {@code when}
 * rows); a {@code file} resource writes its {@code path} (or its title), checked like any written file; an
 * {@code exec} resource runs its {@code command} (or its title) and its {@code onlyif}/{@code unless} tests as
 * shell lines. A value only known at run time (a variable, an interpolating string) is a written path or a
 * command only known at run time. Strings are lexed as in PHP-like languages ({@code '…'} raw, {@code "…${x}"}
 * interpolating, {@code #} comments); bounded by the lexer's single pass and 256 resources.
 */
final class PuppetReading {

    private static final int MAX_RESOURCES = 256;
    private static final Set<String> COMMANDS = Set.of("command", "onlyif", "unless");

    private PuppetReading() {
    }

    static void read(Analysis a, String code, Site site, Set<String> facts) {
        List<Tok> t = CodeLexer.lex(code, CodeLexer.PHP);
        int resources = 0;
        for (int k = 0; k + 1 < t.size(); k++) {
            if (t.get(k).kind() != Kind.IDENT || !t.get(k + 1).is(Kind.OPEN, "{") || (k > 0 && t.get(k - 1).is(Kind.OP, "-"))) {
                continue;
            }
            String type = t.get(k).text().toLowerCase(Locale.ROOT);
            if (type.equals("class") || type.equals("define") || type.equals("node") || type.equals("if")
                    || type.equals("else") || type.equals("unless") || type.equals("case")) {
                continue;
            }
            // TYPE { TITLE: attrs; TITLE: attrs }: the bodies up to the matching brace
            int depth = 0;
            int end = k + 1;
            for (; end < t.size(); end++) {
                if (t.get(end).kind() == Kind.OPEN) {
                    depth++;
                } else if (t.get(end).kind() == Kind.CLOSE && --depth == 0) {
                    break;
                }
            }
            int j = k + 2;
            while (j < end) {
                int colon = j;
                while (colon < end && !t.get(colon).is(Kind.OP, ":")) {
                    colon++;
                }
                if (colon >= end) {
                    break;
                }
                if (++resources > MAX_RESOURCES) {
                    a.raise(site, a.setting("too-deep"), "more than " + MAX_RESOURCES + " Puppet resources");
                    return;
                }
                facts.add("puppet." + type);
                List<Arg> titles = values(t, j, colon);
                Map<String, List<Arg>> attrs = new HashMap<>();
                int q = colon + 1;
                while (q < end && !t.get(q).is(Kind.END, ";")) {
                    if (t.get(q).kind() == Kind.IDENT && q + 1 < end && t.get(q + 1).is(Kind.OP, "=>")) {
                        int v = q + 2;
                        int w = v;
                        int d = 0;
                        while (w < end && !(d == 0 && (t.get(w).kind() == Kind.COMMA || t.get(w).is(Kind.END, ";")))) {
                            d += t.get(w).kind() == Kind.OPEN ? 1 : t.get(w).kind() == Kind.CLOSE ? -1 : 0;
                            w++;
                        }
                        attrs.putIfAbsent(t.get(q).text().toLowerCase(Locale.ROOT), values(t, v, w));
                        q = w;
                    }
                    q++;
                }
                resource(a, type, titles, attrs, site.below(type));
                j = q + 1;
            }
            k = end;
        }
    }

    private static void resource(Analysis a, String type, List<Arg> titles, Map<String, List<Arg>> attrs, Site site) {
        if (type.equals("file")) {
            for (Arg p : attrs.getOrDefault("path", titles)) {
                a.files.writePath(p, a.setting("redirect-file"), site);
            }
        } else if (type.equals("exec")) {
            List<Arg> cmds = new ArrayList<>(attrs.getOrDefault("command", titles));
            for (String k : COMMANDS) {
                if (!k.equals("command")) {
                    cmds.addAll(attrs.getOrDefault(k, List.of()));
                }
            }
            for (Arg c : cmds) {
                a.code.runCode("sh", c.text, c.unresolved(), site, new java.util.LinkedHashSet<>());
            }
        }
    }

    /** The string values between two tokens: one literal, a list of them; anything else is only known at run time. */
    private static List<Arg> values(List<Tok> t, int from, int to) {
        List<Arg> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            Tok x = t.get(i);
            if (x.kind() == Kind.STRING) {
                out.add(x.dynamic() ? new Arg("$(…)", true, false, -1, -1) : Arg.literal(x.text()));
            } else if (x.kind() == Kind.VAR || x.kind() == Kind.IDENT || x.kind() == Kind.COMMAND) {
                out.add(new Arg("$(…)", true, false, -1, -1));
            }
        }
        return out;
    }
}
