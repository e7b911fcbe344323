package dev.cmdgate.core.shell;

import java.util.List;

/**
 * A here-document body. {@link #start()}/{@link #end()} span the body lines (excluding the delimiter
 * line). The body is read only after the command line that introduced it ends, so the parser
 * completes this node late; consumers only ever see completed instances.
 *
 * <ul>
 *   <li>{@link #delimiter()} — the delimiter after quote removal</li>
 *   <li>{@link #quoted()} — true when any part of the delimiter was quoted ({@code <<'EOF'},
 *       {@code <<"EOF"}, {@code <<\EOF}): the body is then taken literally, with no expansion</li>
 *   <li>{@link #stripTabs()} — true for {@code <<-}: leading tabs were removed from each line</li>
 *   <li>{@link #text()} — the body text (after tab stripping), each line ending with a newline</li>
 *   <li>{@link #body()} — the body as a word: for a quoted delimiter a single {@link SingleQuoted}
 *       part holding {@code text}; otherwise a single {@link DoubleQuoted} part whose nested parts
 *       expose parameter expansions, command substitutions and arithmetic</li>
 *   <li>{@link #terminated()} — false when the input ended before the delimiter line</li>
 * </ul>
 */
public final class HereDoc implements Node {

    private final String delimiter;
    private final boolean quoted;
    private final boolean stripTabs;
    private int start;
    private int end;
    private String text = "";
    private Word body;
    private boolean terminated;

    HereDoc(int start, String delimiter, boolean quoted, boolean stripTabs) {
        this.start = start;
        this.end = start;
        this.delimiter = delimiter;
        this.quoted = quoted;
        this.stripTabs = stripTabs;
        this.body = new Word(start, start, List.of());
    }

    /** Sets the body once it has been read (may be called again when the parser backtracks). */
    void complete(int start, int end, String text, Word body, boolean terminated) {
        this.start = start;
        this.end = end;
        this.text = text;
        this.body = body;
        this.terminated = terminated;
    }

    @Override
    public int start() {
        return start;
    }

    @Override
    public int end() {
        return end;
    }

    public String delimiter() {
        return delimiter;
    }

    public boolean quoted() {
        return quoted;
    }

    public boolean stripTabs() {
        return stripTabs;
    }

    public String text() {
        return text;
    }

    public Word body() {
        return body;
    }

    public boolean terminated() {
        return terminated;
    }

    @Override
    public List<Node> children() {
        return List.of(body);
    }

    @Override
    public String toString() {
        return "HereDoc[" + start + "," + end + ",delimiter=" + delimiter + ",quoted=" + quoted
                + ",stripTabs=" + stripTabs + ",terminated=" + terminated + ",body=" + body + "]";
    }
}
