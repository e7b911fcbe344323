package dev.cmdgate.core;


/** The five command classes, ordered lowest to highest risk. */
public enum CommandClass {
    READ("Read"),
    WRITE("Write"),
    NETWORK("Network"),
    INSTALL("Install"),
    DESTRUCTIVE("Destructive");

    private final String label;

    CommandClass(String label) {
        this.label = label;
    }

    /** The name used in JSON, messages and rules files: {@code Read}, {@code Write}, … */
    public String label() {
        return label;
    }

    public CommandClass max(CommandClass other) {
        return other.ordinal() > ordinal() ? other : this;
    }

    public boolean atLeast(CommandClass other) {
        return ordinal() >= other.ordinal();
    }

    /** Parses a label case-insensitively; throws IllegalArgumentException naming the accepted values. */
    public static CommandClass parse(String text) {
        for (CommandClass c : values()) {
            if (c.label.equalsIgnoreCase(text.trim())) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown command class '" + text
                + "' (expected Read, Write, Network, Install or Destructive)");
    }

    @Override
    public String toString() {
        return label;
    }

}
