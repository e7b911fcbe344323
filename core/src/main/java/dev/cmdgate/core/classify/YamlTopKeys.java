package dev.cmdgate.core.classify;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The top-level keys of a YAML configuration file, when it is plainly a block mapping: every line at the left margin
 * (but blanks, comments and one leading {@code ---}) is {@code KEY:} with a plain key, and every other line is
 * indented below one of them. Anything else — a document that is a string (a shared configuration's name), a flow
 * mapping, a quoted, complex or merge key, a tag or anchor at the top, a second document — is not read: null, and the
 * steering row that asked fails closed. What the values hold is for the {@code text} rows on the same files.
 */
final class YamlTopKeys {

    private static final Pattern KEY = Pattern.compile("([A-Za-z_][A-Za-z0-9_.-]*)[ \\t]*:(?:[ \\t].*)?");

    private YamlTopKeys() {
    }

    /** The keys, in order; null when the text is not plainly a block mapping. */
    static Set<String> of(String text) {
        Set<String> keys = new LinkedHashSet<>();
        boolean started = false;
        for (String line : text.split("\r?\n", -1)) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            boolean margin = !Character.isWhitespace(line.charAt(0));
            if (!margin) {
                if (keys.isEmpty() || line.charAt(0) == '\t') {
                    return null; // an indented first line, or a tab YAML does not allow for indentation
                }
                continue;
            }
            if (line.equals("---") && !started) {
                started = true;
                continue;
            }
            started = true;
            var m = KEY.matcher(line);
            if (!m.matches()) {
                return null;
            }
            keys.add(m.group(1));
        }
        return keys.isEmpty() ? null : keys;
    }

    /** Whether a file's name says it is YAML, or says nothing (a {@code .prettierrc} is YAML or JSON). */
    static boolean mayBeYaml(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return name.endsWith(".yml") || name.endsWith(".yaml") || dot <= 0;
    }
}
