package dev.cmdgate.core.rules;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where each program's rows are in the built-in rules text, so that a program's sections are read
 * when a command first names it instead of all ~9,000 lines at the first decision. One pass over
 * the text, no regular expressions; built once per JVM.
 *
 * <p>A block is a section header and the lines after it up to the next header. The blocks of the
 * {@code [@settings]} and of name-prefix programs ({@code [mkfs*]}) are read when a rule set is made; a
 * program's blocks — every block whose header has a path starting with its name, in file order — when it
 * is first looked up, and a language's {@code [@lang …]} blocks when a one-liner in it is first met.
 * Reading a program's blocks in file order gives it exactly the sections a full read gives it: a row only
 * ever changes the sections of its own header and reads the options of their parents, and
 * {@code BuiltinRulesSelfCheckTest} and {@code LazyBuiltinTest} compare the two.
 */
final class BuiltinIndex {

    /** Resource path of the index the build writes beside the built-in rules ({@link BuiltinIndexWriter}). */
    static final String RESOURCE = RuleSet.BUILTIN + ".index";
    private static final int MAGIC = 0x43474958; // "CGIX"
    private static final int VERSION = 2;   // 2: languages are listed too
    private static final int HEADER_INTS = 6;
    /**
     * How a language's sections begin ({@code [@lang NAME|NAME…]}); its blocks are listed under this plus its
     * name, which no program name can be (a header beginning with {@code @} is never a program's).
     */
    static final String LANGUAGE = "@lang ";

    final String text;
    /**
     * The index, as the build writes it (big-endian ints): magic, version, text length, block count B,
     * eager count E, name count M; int[B] block starts (char offsets of header lines), int[B] header line
     * numbers, int[E] eager blocks, int[M+1] name offsets into the name bytes, int[M+1] offsets into the
     * block lists; the block lists (ints); the names, UTF-8, sorted by unsigned byte order. Looked up in
     * place: nothing is decoded when the index is loaded.
     */
    private final byte[] form;
    private final int blocks;
    private final int names;
    private final int startsAt;
    private final int linesAt;
    private final int nameOffsAt;
    private final int listOffsAt;
    private final int listsAt;
    private final int namesAt;
    /** Blocks read when a rule set is made, in file order. */
    final int[] eager;

    private BuiltinIndex(String text, byte[] form) {
        if (form.length < HEADER_INTS * 4 || intAt(form, 0) != MAGIC || intAt(form, 4) != VERSION
                || intAt(form, 8) != text.length()) {
            throw new IllegalStateException("the built-in rules index " + RESOURCE + " does not belong to "
                    + RuleSet.BUILTIN_NAME + " (a jar built from mismatched parts)");
        }
        this.text = text;
        this.form = form;
        this.blocks = intAt(form, 12);
        int e = intAt(form, 16);
        this.names = intAt(form, 20);
        this.startsAt = HEADER_INTS * 4;
        this.linesAt = startsAt + 4 * blocks;
        int eagerAt = linesAt + 4 * blocks;
        this.nameOffsAt = eagerAt + 4 * e;
        this.listOffsAt = nameOffsAt + 4 * (names + 1);
        this.listsAt = listOffsAt + 4 * (names + 1);
        this.namesAt = listsAt + 4 * intAt(form, listOffsAt + 4 * names);
        if (namesAt + intAt(form, nameOffsAt + 4 * names) != form.length) {
            throw new IllegalStateException("the built-in rules index " + RESOURCE + " is damaged");
        }
        this.eager = new int[e];
        for (int i = 0; i < e; i++) {
            eager[i] = intAt(form, eagerAt + 4 * i);
        }
    }

    private static int intAt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff);
    }

    private static volatile BuiltinIndex builtin;

    /** The index of the built-in rules text, as the build wrote it. */
    static BuiltinIndex builtin() {
        BuiltinIndex b = builtin;
        if (b == null) {
            synchronized (BuiltinIndex.class) {
                b = builtin;
                if (b == null) {
                    byte[] form;
                    try (java.io.InputStream in = RuleSet.class.getResourceAsStream(RESOURCE)) {
                        if (in == null) {
                            throw new IllegalStateException("the built-in rules index " + RESOURCE + " is missing from the jar");
                        }
                        form = BuiltinRules.readWhole(in);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    b = read(BuiltinRules.text(), form);
                    builtin = b;
                }
            }
        }
        return b;
    }

    /**
     * Indexes rules text (at build time: {@link BuiltinIndexWriter}; and in tests). A header that cannot
     * be read is an error naming its line, as a full read would report it.
     */
    static BuiltinIndex of(String text) {
        return new BuiltinIndex(text, write(text));
    }

    /** An index in its binary form, for rules text; fails when it was not written for that text. */
    static BuiltinIndex read(String text, byte[] form) {
        return new BuiltinIndex(text, form);
    }

    /** The binary form of the index of {@code text}. */
    static byte[] write(String text) {
        List<int[]> blocks = new ArrayList<>(); // {start, line}
        List<Integer> eager = new ArrayList<>();
        Map<String, List<Integer>> byProgram = new HashMap<>();
        int pos = 0;
        int n = text.length();
        int lineNo = 0;
        while (pos <= n) {
            int nl = text.indexOf('\n', pos);
            if (nl < 0) {
                nl = n;
            }
            lineNo++;
            int i = pos;
            while (i < nl && (text.charAt(i) == ' ' || text.charAt(i) == '\t' || text.charAt(i) == '\r')) {
                i++;
            }
            if (i < nl && text.charAt(i) == '[') {
                int id = blocks.size();
                blocks.add(new int[] {pos, lineNo});
                String raw = text.substring(pos, nl);
                int hash = raw.indexOf('#');
                String h = (hash >= 0 ? raw.substring(0, hash) : raw).trim();
                String inner = h.endsWith("]") ? h.substring(1, h.length() - 1).trim() : "";
                if (inner.startsWith(LANGUAGE)) {
                    // a language's blocks are read when a one-liner in it is first met, under "@lang NAME"
                    for (String name : inner.substring(LANGUAGE.length()).split("\\|")) {
                        if (!name.isBlank()) {
                            add(byProgram, LANGUAGE + name.trim(), id);
                        }
                    }
                } else if (inner.startsWith("@") || inner.isEmpty()) {
                    eager.add(id); // settings, trust — and anything malformed, which the full read reports
                } else {
                    boolean prefix = false;
                    for (String first : RuleLine.headerFirstWords(inner)) {
                        if (RuleLine.isPrefixName(first)) {
                            prefix = true; // name-prefix sections are read with the settings
                            continue;
                        }
                        add(byProgram, first, id);
                    }
                    if (prefix) {
                        eager.add(id);
                    }
                }
            }
            if (nl == n) {
                break;
            }
            pos = nl + 1;
        }
        List<byte[]> sorted = new ArrayList<>();
        Map<String, byte[]> utf8 = new HashMap<>();
        for (String name : byProgram.keySet()) {
            byte[] b = name.getBytes(StandardCharsets.UTF_8);
            utf8.put(name, b);
            sorted.add(b);
        }
        sorted.sort(BuiltinIndex::compareBytes);
        Map<byte[], String> names = new java.util.IdentityHashMap<>();
        for (Map.Entry<String, byte[]> e : utf8.entrySet()) {
            names.put(e.getValue(), e.getKey());
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream out = new java.io.DataOutputStream(bytes);
        try {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeInt(n);
            out.writeInt(blocks.size());
            out.writeInt(eager.size());
            out.writeInt(sorted.size());
            for (int[] b : blocks) {
                out.writeInt(b[0]);
            }
            for (int[] b : blocks) {
                out.writeInt(b[1]);
            }
            for (int e : eager) {
                out.writeInt(e);
            }
            int off = 0;
            for (byte[] b : sorted) {
                out.writeInt(off);
                off += b.length;
            }
            out.writeInt(off);
            off = 0;
            for (byte[] b : sorted) {
                out.writeInt(off);
                off += 1 + byProgram.get(names.get(b)).size();
            }
            out.writeInt(off);
            for (byte[] b : sorted) {
                List<Integer> ids = byProgram.get(names.get(b));
                out.writeInt(ids.size());
                for (int id : ids) {
                    out.writeInt(id);
                }
            }
            for (byte[] b : sorted) {
                out.write(b);
            }
            out.flush();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static void add(Map<String, List<Integer>> byName, String name, int block) {
        List<Integer> ids = byName.get(name);
        if (ids == null) {
            ids = new ArrayList<>();
            byName.put(name, ids);
        }
        if (ids.isEmpty() || ids.get(ids.size() - 1) != block) {
            ids.add(block);
        }
    }

    /** Unsigned lexicographic order of UTF-8 bytes (the order the names are written in). */
    static int compareBytes(byte[] a, byte[] b) {
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            int c = (a[i] & 0xff) - (b[i] & 0xff);
            if (c != 0) {
                return c;
            }
        }
        return a.length - b.length;
    }

    /** The name number of a program, or -1: a binary search on the bytes of the index. */
    private int find(String program) {
        byte[] key = program.getBytes(StandardCharsets.UTF_8);
        int lo = 0;
        int hi = names - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int from = namesAt + intAt(form, nameOffsAt + 4 * mid);
            int to = namesAt + intAt(form, nameOffsAt + 4 * mid + 4);
            int c = compareAt(from, to, key);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    private int compareAt(int from, int to, byte[] key) {
        int n = Math.min(to - from, key.length);
        for (int i = 0; i < n; i++) {
            int c = (form[from + i] & 0xff) - (key[i] & 0xff);
            if (c != 0) {
                return c;
            }
        }
        return (to - from) - key.length;
    }

    /** The blocks with a header path starting with this name, in file order, or null. */
    int[] blocksOf(String program) {
        int k = find(program);
        if (k < 0) {
            return null;
        }
        int at = listsAt + 4 * intAt(form, listOffsAt + 4 * k);
        int[] ids = new int[intAt(form, at)];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = intAt(form, at + 4 + 4 * i);
        }
        return ids;
    }

    /** Whether some header names a path starting with this name. */
    boolean knows(String program) {
        return find(program) >= 0;
    }

    /** Every program name the headers name. */
    List<String> programNames() {
        List<String> out = new ArrayList<>(names);
        for (String name : allNames()) {
            if (!name.startsWith(LANGUAGE)) {
                out.add(name);
            }
        }
        return out;
    }

    /** Every language a {@code [@lang …]} header names. */
    List<String> languageNames() {
        List<String> out = new ArrayList<>();
        for (String name : allNames()) {
            if (name.startsWith(LANGUAGE)) {
                out.add(name.substring(LANGUAGE.length()));
            }
        }
        return out;
    }

    private List<String> allNames() {
        List<String> out = new ArrayList<>(names);
        for (int k = 0; k < names; k++) {
            int from = namesAt + intAt(form, nameOffsAt + 4 * k);
            int to = namesAt + intAt(form, nameOffsAt + 4 * k + 4);
            out.add(new String(form, from, to - from, StandardCharsets.UTF_8));
        }
        return out;
    }

    /** The blocks of a language's {@code [@lang …]} sections, in file order, or null. */
    int[] languageBlocks(String language) {
        return blocksOf(LANGUAGE + language);
    }

    int start(int block) {
        return intAt(form, startsAt + 4 * block);
    }

    int end(int block) {
        return block + 1 < blocks ? start(block + 1) : text.length();
    }

    int line(int block) {
        return intAt(form, linesAt + 4 * block);
    }
}
