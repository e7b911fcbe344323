package dev.cmdgate.core.shell;

import java.util.ArrayList;
import java.util.List;

/** Brace expansion over the top-level parts of a word (see {@link BraceExpansion}). */
final class Braces {

    private static final int MAX_NESTING = 64;

    private final Word word;
    private final int cap;
    private final int len;
    private final char[] ch;
    private final boolean[] live;
    private final WordPart[] opaque;
    private final int[] start;
    private final int[] end;
    private final int[] match;
    private final boolean[] hasComma;
    private final int[] commaOwner;
    private long budget;
    private boolean over;

    /** A piece of a result: atoms [from, to), or generated text spanning atoms [from, to). */
    private record Seg(int from, int to, String gen) {
    }

    private Braces(Word word, int cap, int len) {
        this.word = word;
        this.cap = cap;
        this.len = len;
        this.ch = new char[len];
        this.live = new boolean[len];
        this.opaque = new WordPart[len];
        this.start = new int[len];
        this.end = new int[len];
        this.match = new int[len];
        this.hasComma = new boolean[len];
        this.commaOwner = new int[len];
        this.budget = Math.max(1_000_000L, 4L * len);
    }

    static BraceExpansion expand(Word word, int cap) {
        int len = 0;
        boolean brace = false;
        for (WordPart p : word.parts()) {
            if (p instanceof Literal l) {
                len += l.value().length();
                brace |= l.value().indexOf('{') >= 0;
            } else {
                len++;
            }
        }
        if (!brace) {
            return new BraceExpansion(List.of(word), false);
        }
        Braces b = new Braces(word, cap, len);
        b.atomize();
        if (!b.pair()) {
            return new BraceExpansion(List.of(word), false);
        }
        List<List<Seg>> results = b.expandRange(0, len, 0);
        List<Word> words = new ArrayList<>(results.size());
        boolean nullWords = false;
        for (List<Seg> r : results) {
            if (b.budget < 0 || words.size() >= cap) {
                b.over = true;
                break;
            }
            Word w = b.materialize(r);
            if (w.parts().isEmpty()) {
                // an empty alternative with nothing quoted around it ({,rm}, {a,}): bash removes the null word
                nullWords = true;
            } else {
                words.add(w);
            }
        }
        if (words.isEmpty() && !nullWords) {
            words.add(word);
        }
        return new BraceExpansion(words, b.over);
    }

    private void atomize() {
        int k = 0;
        for (WordPart p : word.parts()) {
            if (p instanceof Literal l) {
                String v = l.value();
                for (int i = 0; i < v.length(); i++) {
                    ch[k] = v.charAt(i);
                    live[k] = true;
                    int s = Math.min(l.start() + i, Math.max(l.start(), l.end() - 1));
                    start[k] = s;
                    end[k] = Math.min(s + 1, Math.max(l.end(), s + 1));
                    k++;
                }
            } else {
                opaque[k] = p;
                start[k] = p.start();
                end[k] = p.end();
                k++;
            }
        }
    }

    /** Matches braces; returns true when at least one valid group exists. */
    private boolean pair() {
        int[] stack = new int[16];
        int sp = 0;
        for (int i = 0; i < len; i++) {
            match[i] = -1;
            commaOwner[i] = -1;
            if (!live[i]) {
                continue;
            }
            char c = ch[i];
            if (c == '{') {
                if (sp == stack.length) {
                    stack = java.util.Arrays.copyOf(stack, sp * 2);
                }
                stack[sp++] = i;
            } else if (c == '}' && sp > 0) {
                match[stack[--sp]] = i;
            } else if (c == ',' && sp > 0) {
                hasComma[stack[sp - 1]] = true;
                commaOwner[i] = stack[sp - 1];
            }
        }
        boolean any = false;
        for (int i = 0; i < len; i++) {
            if (match[i] >= 0) {
                if (hasComma[i] || sequence(i, match[i]) != null) {
                    any = true;
                } else {
                    match[i] = -1;
                }
            }
        }
        return any;
    }

    private List<List<Seg>> expandRange(int from, int to, int depth) {
        List<List<Seg>> results = new ArrayList<>();
        results.add(new ArrayList<>());
        if (depth > MAX_NESTING) {
            over = true;
            return results;
        }
        int run = from;
        int i = from;
        while (i < to && !over) {
            if (live[i] && ch[i] == '{' && match[i] >= 0 && match[i] < to) {
                appendRun(results, run, i);
                List<List<Seg>> alts = alternatives(i, match[i], depth);
                List<List<Seg>> next = new ArrayList<>(Math.min(cap, results.size() * Math.max(1, alts.size())));
                outer:
                for (List<Seg> r : results) {
                    for (List<Seg> a : alts) {
                        if (next.size() >= cap) {
                            over = true;
                            break outer;
                        }
                        budget -= r.size() + a.size() + 1;
                        if (budget < 0) {
                            over = true;
                            break outer;
                        }
                        List<Seg> c = new ArrayList<>(r.size() + a.size() + 2);
                        c.addAll(r);
                        c.addAll(a);
                        next.add(c);
                    }
                }
                results = next.isEmpty() ? results : next;
                i = match[i] + 1;
                run = i;
            } else {
                i++;
            }
        }
        appendRun(results, run, Math.min(i, to));
        return results;
    }

    private void appendRun(List<List<Seg>> results, int from, int to) {
        if (from >= to) {
            return;
        }
        Seg seg = new Seg(from, to, null);
        for (List<Seg> r : results) {
            r.add(seg);
        }
        budget -= results.size();
        if (budget < 0) {
            over = true;
        }
    }

    private List<List<Seg>> alternatives(int open, int close, int depth) {
        List<List<Seg>> alts = new ArrayList<>();
        if (!hasComma[open]) {
            List<String> seq = sequence(open, close);
            if (seq == null) {
                over = true;
                return alts;
            }
            for (String g : seq) {
                List<Seg> one = new ArrayList<>(1);
                one.add(new Seg(open, close + 1, g));
                alts.add(one);
            }
            return alts;
        }
        int segStart = open + 1;
        for (int j = open + 1; j <= close && !over; j++) {
            if (j == close || (live[j] && ch[j] == ',' && commaOwner[j] == open)) {
                alts.addAll(expandRange(segStart, j, depth + 1));
                if (alts.size() > cap) {
                    over = true;
                }
                segStart = j + 1;
            }
        }
        return alts;
    }

    /**
     * The words of a sequence expression <code>{x..y[..incr]}</code> between open and close, or null
     * when the content is not one. Marks over-cap (and returns an empty list) when it would exceed the
     * cap.
     */
    private List<String> sequence(int open, int close) {
        int n = close - open - 1;
        if (n < 4 || n > 64) {
            return null;
        }
        StringBuilder sb = new StringBuilder(n);
        for (int i = open + 1; i < close; i++) {
            if (!live[i]) {
                return null;
            }
            sb.append(ch[i]);
        }
        String c = sb.toString();
        int d1 = c.indexOf("..");
        if (d1 <= 0) {
            return null;
        }
        int d2 = c.indexOf("..", d1 + 2);
        String a = c.substring(0, d1);
        String b = d2 < 0 ? c.substring(d1 + 2) : c.substring(d1 + 2, d2);
        String inc = d2 < 0 ? null : c.substring(d2 + 2);
        long step = 1;
        if (inc != null) {
            Long st = parseInt(inc);
            if (st == null) {
                return null;
            }
            step = Math.abs(st);
            if (step == 0) {
                step = 1;
            }
        }
        Long x = parseInt(a);
        Long y = parseInt(b);
        List<String> out = new ArrayList<>();
        if (x != null && y != null) {
            long count = Math.abs(y - x) / step + 1;
            if (Math.abs(y - x) < 0 || count > cap) {
                over = true;
                return out;
            }
            int width = 0;
            if (padded(a) || padded(b)) {
                width = Math.max(a.length(), b.length());
            }
            long dir = y >= x ? step : -step;
            long v = x;
            for (long k = 0; k < count; k++, v += dir) {
                out.add(pad(v, width));
            }
            return out;
        }
        if (a.length() == 1 && b.length() == 1 && Character.isLetter(a.charAt(0)) && Character.isLetter(b.charAt(0))
                && a.charAt(0) < 128 && b.charAt(0) < 128) {
            int from = a.charAt(0);
            int to = b.charAt(0);
            int dir = to >= from ? (int) Math.min(step, 128) : (int) -Math.min(step, 128);
            for (int v = from; dir > 0 ? v <= to : v >= to; v += dir) {
                out.add(String.valueOf((char) v));
            }
            return out;
        }
        return null;
    }

    private static boolean padded(String s) {
        int i = s.startsWith("-") ? 1 : 0;
        return s.length() - i > 1 && s.charAt(i) == '0';
    }

    private static String pad(long v, int width) {
        String s = Long.toString(Math.abs(v));
        StringBuilder sb = new StringBuilder();
        if (v < 0) {
            sb.append('-');
        }
        for (int i = s.length() + (v < 0 ? 1 : 0); i < width; i++) {
            sb.append('0');
        }
        return sb.append(s).toString();
    }

    private static Long parseInt(String s) {
        int i = 0;
        if (s.startsWith("-") || s.startsWith("+")) {
            i = 1;
        }
        if (s.length() == i || s.length() - i > 18) {
            return null;
        }
        for (int k = i; k < s.length(); k++) {
            if (s.charAt(k) < '0' || s.charAt(k) > '9') {
                return null;
            }
        }
        return Long.parseLong(s.startsWith("+") ? s.substring(1) : s);
    }

    private Word materialize(List<Seg> segs) {
        List<WordPart> parts = new ArrayList<>();
        StringBuilder lit = null;
        int litStart = 0;
        int litEnd = 0;
        for (Seg g : segs) {
            if (g.gen() != null && g.gen().equals("\\")) {
                // bash re-scans the generated text: a backslash from a letter range ({Z..b}) is a
                // quoting character that quote removal deletes, leaving a quoted (kept) empty word
                if (lit != null) {
                    parts.add(new Literal(litStart, Math.max(litStart, litEnd), lit.toString()));
                    lit = null;
                }
                parts.add(new Escaped(start[g.from()], end[g.to() - 1], ""));
                budget -= 1;
                continue;
            }
            if (g.gen() != null) {
                if (lit == null) {
                    lit = new StringBuilder();
                    litStart = start[g.from()];
                }
                lit.append(g.gen());
                litEnd = end[g.to() - 1];
                budget -= g.gen().length();
                continue;
            }
            for (int i = g.from(); i < g.to(); i++) {
                if (live[i]) {
                    if (lit == null) {
                        lit = new StringBuilder();
                        litStart = start[i];
                    }
                    lit.append(ch[i]);
                    litEnd = end[i];
                } else {
                    if (lit != null) {
                        parts.add(new Literal(litStart, Math.max(litStart, litEnd), lit.toString()));
                        lit = null;
                    }
                    parts.add(opaque[i]);
                }
            }
            budget -= g.to() - g.from();
        }
        if (lit != null) {
            parts.add(new Literal(litStart, Math.max(litStart, litEnd), lit.toString()));
        }
        if (budget < 0) {
            over = true;
        }
        return new Word(word.start(), word.end(), parts);
    }
}
