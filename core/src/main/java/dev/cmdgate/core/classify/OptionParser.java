package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.OptionSpec;
import dev.cmdgate.core.rules.Section;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits arguments into options and operands the way getopt_long does, driven by a section's
 * option specs: bundles ({@code -rf}), long forms, {@code --opt=value}, unambiguous abbreviations,
 * values in the next argument, permutation (options after operands), {@code --}; sub-command
 * descent; the POSIX stop at the first operand for wrappers and dispatchers.
 */
final class OptionParser {

    private static final int MAX_SPLITS = 16;

    private OptionParser() {
    }

    /**
     * @param section the program's section, or null for an unknown program (generic GNU parsing)
     * @param words   the command words; words.get(0) is the program
     */
    static ParsedArgs parse(Section section, List<Arg> words) {
        ParsedArgs p = new ParsedArgs(words.size());
        for (int i = 1; i < words.size(); i++) {
            p.args.add(words.get(i));
        }
        if (section != null) {
            p.path.add(section);
        }
        List<Arg> args = p.args;
        Section s = section;
        boolean endOpts = false;
        int i = 0;
        while (i < args.size()) {
            Arg a = args.get(i);
            String t = a.text;
            if (a.globLead) {
                p.glob(a);
            }
            Section.ParseMode mode = s == null ? Section.ParseMode.GNU : s.mode();
            boolean plus = !endOpts && s != null && s.plusOptions() && t.length() > 1 && t.charAt(0) == '+'
                    && !a.dynamic;
            if (plus) {
                // sh +x, bash +o pipefail: a '+' bundle takes the same options (and values) as '-'
                int before = p.path.size();
                i = bundle(p, s, args, i, "-" + t.substring(1), 1);
                if (p.path.size() != before) {
                    s = p.section();
                }
                continue;
            }
            boolean optionLike = !endOpts && mode != Section.ParseMode.NONE && t.length() > 1 && t.charAt(0) == '-';
            if (!endOpts && mode != Section.ParseMode.NONE && t.equals("--")) {
                p.dashdash = true;
                p.dashdashAt = p.operands.size();
                endOpts = true;
                i++;
                continue;
            }
            if (!optionLike && i == 0 && s != null && s.firstBundle() && !t.isEmpty() && !a.dynamic) {
                // tar xzf archive: an old-style first argument is a bundle without the dash
                i = bundle(p, s, args, i, t, 0);
                continue;
            }
            if (optionLike) {
                // a long option, a single-dash word option (find -name, java -jar), or a bundle
                OptionSpec o;
                String value = null;
                List<String> items = t.startsWith("--") && s != null && !a.dynamic ? s.commaListItems(t) : null;
                if (items != null && !items.isEmpty()) {
                    // dpkg --force-confold,bad-verify: each item is an option of its own, judged as written alone
                    args.remove(i);
                    for (int k = items.size() - 1; k >= 0; k--) {
                        args.add(i, new Arg(items.get(k), false, false, a.start, a.end));
                    }
                    continue;
                }
                if (t.startsWith("--")) {
                    String body = t.substring(2);
                    int eq = body.indexOf('=');
                    String name = eq < 0 ? body : body.substring(0, eq);
                    value = eq < 0 ? null : body.substring(eq + 1);
                    o = s == null ? null : s.longOption(name);
                    if (o == null) {
                        p.options.add(new ParsedArgs.Use(null, "--" + name, value, a));
                        i++;
                        continue;
                    }
                } else {
                    o = s == null ? null : s.wordOption(t);
                    if (o == null && s != null) {
                        // a single-dash word option with an attached value: gcc -fplugin=x.so, java -javaagent:a.jar
                        // (the name may hold a separator itself: java -XX:HeapDumpPath=F, -XX:StartFlightRecording:k=v)
                        // (the first 8 separators: an option name holds one or two)
                        int sep = attachedValueAt(t, 2);
                        for (int tries = 0; sep >= 0 && o == null && tries < 8; tries++, sep = attachedValueAt(t, sep + 1)) {
                            OptionSpec w = s.wordOption(t.substring(0, sep));
                            if (w != null && w.arity() != OptionSpec.Arity.NONE) {
                                o = w;
                                value = t.substring(sep + 1);
                            }
                        }
                    }
                    if (o == null) {
                        int before = p.path.size();
                        int next = bundle(p, s, args, i, t, 1);
                        if (p.path.size() != before) {
                            s = p.section();
                        } else if (stopped(p)) {
                            endOpts = true;
                        }
                        i = next;
                        continue;
                    }
                }
                i++;
                Arg from = a;
                if (o.arity() == OptionSpec.Arity.REQUIRED && value == null && i < args.size()) {
                    from = args.get(i);
                    value = from.text;
                    i++;
                }
                i = Math.min(args.size(), i + o.extraValues()); // bwrap --bind SRC DEST
                Section next = use(p, s, o, value, from, args, i);
                if (next != s) {
                    s = next;
                } else if (o.stop()) {
                    endOpts = true;
                }
                continue;
            }
            // an operand
            if (s != null && p.operands.isEmpty() && s.hasSubs() && !endOpts) {
                Section sub = a.dynamic ? null : s.sub(t);
                if (sub == null && !a.dynamic) {
                    sub = s.subByPrefix(t); // nmcli c s: connection show
                }
                if (sub != null) {
                    s = sub;
                    p.path.add(sub);
                    p.subWords.add(a);
                    i++;
                    continue;
                }
            }
            if (s != null && mode == Section.ParseMode.POSIX && p.operands.size() >= s.posixAfter()) {
                p.restFrom = p.operands.size();
                for (; i < args.size(); i++) {
                    if (args.get(i).globLead) {
                        p.glob(args.get(i));
                    }
                    p.operands.add(args.get(i));
                }
                break;
            }
            if (s != null && !endOpts && !s.bsdValues().isEmpty() && !a.dynamic) {
                i = bsdWord(p, s.bsdValues(), args, i);
                continue;
            }
            p.operands.add(a);
            i++;
        }
        // nmcli device: no sub-command word is the program's default one (status); never after an operand
        for (int depth = 0; s != null && p.operands.isEmpty() && depth < 4; depth++) {
            Section d = s.defaultSub();
            if (d == null) {
                break;
            }
            s = d;
            p.path.add(d);
        }
        return p;
    }

    /**
     * A dashless word of BSD options ({@code ps aux}, {@code ps k size}, {@code ps axo pid,user}): the word is an
     * operand up to its first letter that takes a value; that value, the rest of the word or else the next argument,
     * is no operand, so that a letter of it is never read as an option of its own.
     *
     * @return the next index
     */
    private static int bsdWord(ParsedArgs p, String valueLetters, List<Arg> args, int i) {
        Arg a = args.get(i);
        String t = a.text;
        for (int j = 0; j < t.length(); j++) {
            if (valueLetters.indexOf(t.charAt(j)) >= 0) {
                p.operands.add(j + 1 == t.length() ? a : new Arg(t.substring(0, j + 1), false, false, a.start, a.end));
                return j + 1 == t.length() && i + 1 < args.size() ? i + 2 : i + 1;
            }
        }
        p.operands.add(a);
        return i + 1;
    }

    /**
     * Records one option and applies its flags: a {@code split} value is parsed in its place
     * (inserted at {@code at}); a {@code sub} value may name a section to continue in.
     *
     * @return the section parsing continues in
     */
    private static Section use(ParsedArgs p, Section s, OptionSpec o, String value, Arg from, List<Arg> args, int at) {
        p.options.add(new ParsedArgs.Use(o, o.canonical(), value, from));
        if (o.split() && value != null && p.splits++ < MAX_SPLITS) {
            List<Arg> words = SplitString.split(value, from); // env -S: split as GNU env splits it
            if (words == null) {
                // env refuses the string and stops before it runs anything: nothing after it counts
                args.subList(Math.min(at, args.size()), args.size()).clear();
            } else {
                args.addAll(at, words);
            }
        }
        if (o.sub() && value != null) {
            Section sub = s.optSub(o.canonical(), value);
            if (sub != null) {
                p.path.add(sub);
                return sub;
            }
        }
        return s;
    }

    /** Where a word option's attached value may start ({@code -name=value}, {@code -name:value}) from {@code from}, or -1. */
    private static int attachedValueAt(String t, int from) {
        for (int i = from; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '=' || c == ':') {
                return i;
            }
        }
        return -1;
    }

    private static boolean stopped(ParsedArgs p) {
        if (p.options.isEmpty()) {
            return false;
        }
        OptionSpec last = p.options.get(p.options.size() - 1).spec();
        return last != null && last.stop();
    }

    /** Parses a bundle of short options starting at offset {@code from} of {@code t}; returns the next index. */
    private static int bundle(ParsedArgs p, Section s, List<Arg> args, int i, String t, int from) {
        Arg a = args.get(i);
        i++;
        for (int j = from; j < t.length(); j++) {
            char c = t.charAt(j);
            OptionSpec o = s == null ? null : s.shortOption(c);
            if (o == null) {
                p.options.add(new ParsedArgs.Use(null, "-" + c, null, a));
                continue;
            }
            if (o.arity() == OptionSpec.Arity.NONE) {
                p.options.add(new ParsedArgs.Use(o, o.canonical(), null, a));
                if (o.stop()) {
                    return i;
                }
                continue;
            }
            String rest = t.substring(j + 1);
            String value = null;
            Arg vfrom = a;
            if (!rest.isEmpty()) {
                // docker run -v=/:/host: a Go program's short option takes what follows its '='
                value = rest.length() > 1 && rest.charAt(0) == '=' && s.equalsValues() ? rest.substring(1) : rest;
            } else if (o.arity() == OptionSpec.Arity.REQUIRED && i < args.size()) {
                if (from == 0) {
                    // old-style tar bundle: values are taken from the following arguments in order
                    vfrom = args.get(i);
                    i++;
                    p.options.add(new ParsedArgs.Use(o, o.canonical(), vfrom.text, vfrom));
                    continue;
                }
                vfrom = args.get(i);
                value = vfrom.text;
                i++;
            }
            use(p, s, o, value, vfrom, args, i);
            return i;
        }
        return i;
    }

    /** Splits env -S's string into words: whitespace separated, with '…' "…" and \ quoting. */
    static List<Arg> split(String value, Arg from) {
        List<Arg> out = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        boolean in = false;
        char quote = 0;
        for (int k = 0; k < value.length(); k++) {
            char c = value.charAt(k);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && k + 1 < value.length()) {
                    b.append(value.charAt(++k));
                } else {
                    b.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                in = true;
            } else if (c == '\\' && k + 1 < value.length()) {
                b.append(value.charAt(++k));
                in = true;
            } else if (c == ' ' || c == '\t' || c == '\n') {
                if (in) {
                    out.add(new Arg(b.toString(), from.dynamic, false, from.start, from.end));
                    b.setLength(0);
                    in = false;
                }
            } else {
                b.append(c);
                in = true;
            }
        }
        if (in) {
            out.add(new Arg(b.toString(), from.dynamic, false, from.start, from.end));
        }
        return out;
    }
}
