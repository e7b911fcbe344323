package dev.cmdgate.core.json;

/**
 * The only exception {@link JsonParser} throws: the input is not one strict RFC 8259 JSON text.
 * The message is one line and names the position, e.g.
 * {@code "line 3, column 7 (offset 41): expected ',' or '}' after an object member"}.
 */
public final class JsonParseException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final int offset;
    private final int line;
    private final int column;
    private final String problem;

    JsonParseException(String problem, int offset, int line, int column) {
        super("line " + line + ", column " + column + " (offset " + offset + "): " + problem);
        this.problem = problem;
        this.offset = offset;
        this.line = line;
        this.column = column;
    }

    /** 0-based offset in UTF-16 code units of the input string where the problem was found. */
    public int offset() {
        return offset;
    }

    /** 1-based line number. */
    public int line() {
        return line;
    }

    /** 1-based column (UTF-16 code units). */
    public int column() {
        return column;
    }

    /** The problem without the position prefix. */
    public String problem() {
        return problem;
    }
}
