package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.ReadRule;
import dev.cmdgate.core.rules.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The files a command reads, as its sections' {@code reads} rows name them (with none, every operand not claimed
 * otherwise), each judged by {@link CredentialReads}; and the words the rows name, which the own-file checks take
 * for reads rather than writes.
 */
final class ReadRows {

    private final Analysis analysis;
    private final CredentialReads credentials;

    ReadRows(Analysis analysis, CredentialReads credentials) {
        this.analysis = analysis;
        this.credentials = credentials;
    }

    /**
     * The files the command reads: its sections' {@code reads} rows; with none (and no {@code reads none}), every
     * operand that is not code, a command to run, or a file a {@code writes} row named.
     */
    void reads(ParsedArgs p, Set<String> facts, Site site) {
        knownRead = new ArrayList<>(2);
        boolean declared = false;
        boolean wrapper = false;
        // operand i is read when read[i] > 0, recursively when it is 2 or more (3: following the links inside the
        // tree): rows overlap (grep reads its operands, and
        // with -r reads them recursively), and each operand is checked once
        byte[] read = null;
        for (Section s : p.path) {
            declared |= s.readsNone() || s.declaresReads();
            wrapper |= s.runs() != null;
            for (ReadRule r : s.reads()) {
                if (analysis.conditions.holds(r.conditions(), p, facts)) {
                    if (read == null) {
                        read = new byte[p.operands.size()];
                    }
                    readRule(r, p, read, site);
                }
            }
        }
        for (int i = 0, n = read == null ? 0 : read.length; i < n; i++) {
            if (read[i] > 0) {
                knownRead.add(p.operands.get(i).text);
                credentials.readPath(p.operands.get(i), read[i] >= 2, site);
            }
            if (read[i] == 3) {
                credentials.readTreeThroughLinks(p.operands.get(i), site);
            }
        }
        if (!declared && !wrapper) {
            readDefault(p, site);
        }
        unknownOptionValues(p, site);
    }

    /**
     * The value attached to a long option the rules do not know ({@code --files0-from=FILE}) may name a file the
     * program opens: it is read as one. (Given as the next word, the value is an operand and read as one.)
     */
    private void unknownOptionValues(ParsedArgs p, Site site) {
        for (int i = 0, n = p.options.size(); i < n; i++) {
            ParsedArgs.Use u = p.options.get(i);
            if (u.spec() == null && u.value() != null && !u.value().isEmpty()) {
                credentials.readPath(new Arg(u.value(), u.from().dynamic, false, -1, -1), false, site);
            }
        }
    }

    /**
     * The words the {@code reads} rows of {@code p}'s sections name (those whose conditions hold), without judging
     * them: what the program {@code p} was parsed for would only read.
     */
    List<String> wordsRead(ParsedArgs p) {
        List<String> out = new ArrayList<>(2);
        List<Arg> ops = p.operands;
        int n = ops.size();
        for (Section s : p.path) {
            for (ReadRule r : s.reads()) {
                if (!analysis.conditions.holds(r.conditions(), p, Set.of())) {
                    continue;
                }
                int from = 0;
                int to = 0;
                switch (r.target()) {
                    case OPERANDS -> to = n;
                    case FIRST -> to = Math.min(1, n);
                    case LAST -> {
                        from = Math.max(0, n - 1);
                        to = n;
                    }
                    case BUT_FIRST -> {
                        from = Math.min(1, n);
                        to = n;
                    }
                    case BUT_LAST -> to = Math.max(0, n - 1);
                    case OPT -> {
                        for (ParsedArgs.Use u : p.options) {
                            if (u.name().equals(r.name()) && u.value() != null && !u.from().unresolved()) {
                                out.add(u.value());
                            }
                        }
                    }
                    default -> {
                    }
                }
                for (int i = from; i < to; i++) {
                    if (!ops.get(i).unresolved()) {
                        out.add(ops.get(i).text);
                    }
                }
            }
        }
        return out;
    }

    /** The words the current command's {@code reads} rows name: files the rules know it reads. */
    private List<String> knownRead = List.of();

    /** {@link #knownRead}: the words the current command's {@code reads} rows name. */
    List<String> knownRead() {
        return knownRead;
    }

    /** A program the rules say nothing about reading: every operand not claimed as code or a written file. */
    void readDefault(ParsedArgs p, Site site) {
        for (Arg a : p.operands) {
            if (!analysis.isClaimed(a)) {
                credentials.readPath(a, false, site);
            }
        }
    }

    /**
     * Marks operands {@code [from, to)} read ({@code read} as in {@link #reads}; 3: recursively through the links
     * inside the tree).
     */
    private static void markRead(byte[] read, int from, int to, ReadRule r) {
        byte mark = (byte) (r.following() ? 3 : r.recursive() ? 2 : 1);
        for (int i = from; i < to; i++) {
            read[i] = (byte) Math.max(read[i], mark);
        }
    }

    private void readRule(ReadRule r, ParsedArgs p, byte[] read, Site site) {
        List<Arg> ops = p.operands;
        int n = ops.size();
        switch (r.target()) {
            case OPERANDS -> markRead(read, 0, n, r);
            case FIRST -> markRead(read, 0, Math.min(1, n), r);
            case LAST -> markRead(read, Math.max(0, n - 1), n, r);
            case BUT_FIRST -> markRead(read, Math.min(1, n), n, r);
            case BUT_LAST -> markRead(read, 0, Math.max(0, n - 1), r);
            case OPT, MENTIONS_OPT -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(r.name()) && u.value() != null) {
                        Arg v = new Arg(u.value(), u.from().dynamic, false, -1, -1);
                        knownRead.add(u.value());
                        if (r.target() == ReadRule.Target.OPT) {
                            credentials.readPath(v, r.recursive(), site);
                        } else {
                            readMentions(v, site);
                        }
                    }
                }
            }
            case KEY -> {
                String prefix = r.name() + "=";
                for (Arg a : ops) {
                    if (a.text.startsWith(prefix)) {
                        credentials.readPath(new Arg(a.text.substring(prefix.length()), a.dynamic, false, -1, -1), r.recursive(),
                                site);
                    }
                }
            }
            case AFTER -> {
                List<Arg> all = p.args;
                for (int i = 0; i + 1 < all.size(); i++) {
                    if (!all.get(i).dynamic && r.words().contains(all.get(i).text)) {
                        credentials.readPath(all.get(i + 1), r.recursive(), site);
                    }
                }
            }
            case MENTIONS_OPERANDS -> {
                for (Arg a : ops) {
                    readMentions(a, site);
                }
            }
            default -> {
            }
        }
    }

    /** Every path-like word inside a value that names files in the program's own syntax. */
    private void readMentions(Arg a, Site site) {
        List<String> words = PathWords.of(a.text);
        for (int k = 0; k < words.size() && k < 64; k++) {
            String w = words.get(k);
            credentials.credentialRead(w, a.dynamic && w.indexOf('$') >= 0, false, site);
        }
    }
}
