package dev.cmdgate.core.json;

/**
 * A value that writes itself as JSON, field by field, so {@link Json#write} needs no map of it first:
 * the one definition of a type's JSON fields, for every output that shows it.
 */
public interface JsonWritable {

    /** Appends this value as one JSON value. */
    void writeJson(StringBuilder out);
}
